// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package extensionprofileimpact

import (
	"context"
	"fmt"
	"testing"

	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apiserver/pkg/admission"
	"k8s.io/apiserver/pkg/warning"
	featuregatetesting "k8s.io/component-base/featuregate/testing"
	testclock "k8s.io/utils/clock/testing"
	"k8s.io/utils/ptr"

	"github.com/gep-78/gardener/pkg/api"
	"github.com/gep-78/gardener/pkg/apis/core"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	gardencoreinformers "github.com/gep-78/gardener/pkg/client/core/informers/externalversions"
	"github.com/gep-78/gardener/pkg/features"
	"github.com/gep-78/gardener/test/benchutil"
)

// affectedShoots is how many Shoots of every benchmark fleet pin the version the change expires.
const affectedShoots = 10

// BenchmarkValidate measures the impact preview of one ExtensionProfile update at 1k and 10k Shoots
// in the informer cache. affectedShoots of them pin falco 0.41.0 with the default (patch)
// auto-update on Kubernetes 1.31, so that every decision evaluates compatibility rules; all others
// pin 0.43.0, the highest version, with auto-update off.
//   - "expires a version pinned by 10 Shoots": 0.41.0 gets an expiration date ahead; ten
//     maintenance decisions (each force-upgrades to 0.41.2), a summary and ten named Shoots.
//   - "adds a version 10 Shoots auto-update to": a new 0.41.3; the Shoots of the versions below it
//     are decided with the old and the new profile (moveImpacts), a summary and ten named Shoots.
//   - "changes the default updateStrategy": minor instead of patch; the Shoots of every version
//     below the highest are decided twice, none moves (0.42.1 and 0.43.0 need Kubernetes 1.32).
//   - "no fleet effect": a providerConfig on 0.41.0; one comparison of the specs, no lookup.
//
// Each must cost the same at 1k and 10k Shoots: the preview reads only the Shoots pinning changed
// versions and the versions below them.
func BenchmarkValidate(b *testing.B) {
	features.RegisterFeatureGates()
	featuregatetesting.SetFeatureGateDuringTest(b, features.DefaultFeatureGate, features.ExtensionComponentVersions, true)
	for _, n := range []int{1000, 10000} {
		p := newBenchmarkPlugin(b, n)
		oldProfile := newProfile()
		expiring := newProfile()
		version(expiring, "0.41.0").Lifecycle = expiringAt(now.Add(7 * day))
		added := newProfile()
		added.Spec.Components[0].Versions = append(added.Spec.Components[0].Versions, gardencorev1beta1.ExtensionComponentVersion{Version: "0.41.3"})
		strategy := newProfile()
		strategy.Spec.UpdateStrategy = &gardencorev1beta1.ExtensionUpdateStrategy{Default: ptr.To(gardencorev1beta1.UpdateStrategyMinor)}
		unrelated := newProfile()
		version(unrelated, "0.41.0").ProviderConfig = &runtime.RawExtension{Raw: []byte(`{"a":1}`)}
		for _, c := range []struct {
			name     string
			profile  *gardencorev1beta1.ExtensionProfile
			warnings int
		}{
			{"expires a version pinned by 10 Shoots", expiring, 1 + affectedShoots},
			{"adds a version 10 Shoots auto-update to", added, 1 + affectedShoots},
			{"changes the default updateStrategy", strategy, 0},
			{"no fleet effect", unrelated, 0},
		} {
			attrs := admission.NewAttributesRecord(toInternal(b, c.profile), toInternal(b, oldProfile), core.Kind("ExtensionProfile").WithVersion("version"), "", extensionType,
				core.Resource("extensionprofiles").WithVersion("version"), "", admission.Update, nil, false, nil)
			r := &recorder{}
			if err := p.Validate(warning.WithWarningRecorder(context.Background(), r), attrs, nil); err != nil || len(r.warnings) != c.warnings {
				b.Fatalf("%s: unexpected result %v, warnings %q", c.name, err, r.warnings)
			}
			b.Run(fmt.Sprintf("%s/shoots=%d", c.name, n), func(b *testing.B) {
				b.ReportAllocs()
				start := benchutil.ProcessCPU()
				for b.Loop() {
					_ = p.Validate(warning.WithWarningRecorder(context.Background(), &recorder{}), attrs, nil)
				}
				benchutil.ReportCPU(b, start)
			})
		}
	}
}

func toInternal(b *testing.B, profile *gardencorev1beta1.ExtensionProfile) *core.ExtensionProfile {
	out := &core.ExtensionProfile{}
	if err := api.Scheme.Convert(profile, out, nil); err != nil {
		b.Fatal(err)
	}
	return out
}

func newBenchmarkPlugin(b *testing.B, n int) *extensionProfileImpact {
	p, err := newPlugin()
	if err != nil {
		b.Fatal(err)
	}
	p.SetClock(testclock.NewFakePassiveClock(now))
	p.AssignReadyFunc(func() bool { return true })
	factory := gardencoreinformers.NewSharedInformerFactory(nil, 0)
	p.SetCoreInformerFactory(factory)
	store := factory.Core().V1beta1().Shoots().Informer().GetStore()
	for i := range n {
		shoot := newShoot(fmt.Sprintf("shoot-%05d", i), "1.31.0", "0.43.0", autoUpdateOff)
		if i < affectedShoots {
			shoot = newShoot(fmt.Sprintf("shoot-%05d", i), "1.31.0", "0.41.0", nil)
		}
		if err := store.Add(shoot); err != nil {
			b.Fatal(err)
		}
	}
	return p
}
