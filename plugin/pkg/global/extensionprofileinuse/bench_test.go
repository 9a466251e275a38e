// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package extensionprofileinuse

import (
	"context"
	"fmt"
	"testing"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apiserver/pkg/admission"
	"k8s.io/utils/ptr"

	"github.com/gep-78/gardener/pkg/apis/core"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	gardencoreinformers "github.com/gep-78/gardener/pkg/client/core/informers/externalversions"
	"github.com/gep-78/gardener/test/benchutil"
)

// pinnedVersions is how many versions of the benchmark component the fleet pins, evenly.
const pinnedVersions = 10

// BenchmarkValidateUpdate measures the in-use check of one ExtensionProfile update at 1k, 10k and
// 50k Shoots in the informer cache. Every Shoot enables the profile's extension type; half of them
// pin component "agent" at one of pinnedVersions versions (1.<i%10>.0), the other half pin nothing.
//   - "removes a pinned version" removes 1.0.0, pinned by n/20 Shoots: rejected, naming three.
//   - "removes an unpinned version" removes 9.0.0, which no Shoot pins: allowed.
//
// The cost of the first grows with the Shoots that pin the removed version; the second does not
// depend on the fleet size.
func BenchmarkValidateUpdate(b *testing.B) {
	for _, n := range []int{1000, 10000, 50000} {
		p := newBenchmarkPlugin(b, n)
		oldProfile := benchmarkProfile()
		for _, c := range []struct {
			name    string
			removed string
			allowed bool
		}{
			{"removes a pinned version", "1.0.0", false},
			{"removes an unpinned version", "9.0.0", true},
		} {
			newProfile := oldProfile.DeepCopy()
			versions := newProfile.Spec.Components[0].Versions
			for i := range versions {
				if versions[i].Version == c.removed {
					newProfile.Spec.Components[0].Versions = append(versions[:i:i], versions[i+1:]...)
					break
				}
			}
			attrs := admission.NewAttributesRecord(newProfile, oldProfile, core.Kind("ExtensionProfile").WithVersion("version"), "", newProfile.Name,
				core.Resource("extensionprofiles").WithVersion("version"), "", admission.Update, nil, false, nil)
			if err := p.Validate(context.Background(), attrs, nil); (err == nil) != c.allowed {
				b.Fatalf("%s: unexpected result %v", c.name, err)
			}
			b.Run(fmt.Sprintf("%s/shoots=%d", c.name, n), func(b *testing.B) {
				b.ReportAllocs()
				start := benchutil.ProcessCPU()
				for b.Loop() {
					_ = p.Validate(context.Background(), attrs, nil)
				}
				benchutil.ReportCPU(b, start)
			})
		}
	}
}

func benchmarkProfile() *core.ExtensionProfile {
	profile := &core.ExtensionProfile{
		ObjectMeta: metav1.ObjectMeta{Name: "agent-ext", ResourceVersion: "1"},
		Spec:       core.ExtensionProfileSpec{Components: []core.ExtensionProfileComponent{{Name: "agent"}}},
	}
	for i := range pinnedVersions {
		profile.Spec.Components[0].Versions = append(profile.Spec.Components[0].Versions, core.ExtensionComponentVersion{Version: fmt.Sprintf("1.%d.0", i)})
	}
	profile.Spec.Components[0].Versions = append(profile.Spec.Components[0].Versions, core.ExtensionComponentVersion{Version: "9.0.0"})
	return profile
}

func newBenchmarkPlugin(b *testing.B, n int) *extensionProfileInUse {
	b.Helper()
	p, err := newPlugin()
	if err != nil {
		b.Fatal(err)
	}
	factory := gardencoreinformers.NewSharedInformerFactory(nil, 0)
	p.SetCoreInformerFactory(factory)
	p.AssignReadyFunc(func() bool { return true })
	if err := p.ValidateInitialization(); err != nil {
		b.Fatal(err)
	}
	store := factory.Core().V1beta1().Shoots().Informer().GetIndexer()
	for i := range n {
		extension := gardencorev1beta1.Extension{Type: "agent-ext"}
		if i%2 == 0 {
			extension.Components = []gardencorev1beta1.ExtensionComponent{{Name: "agent", Version: ptr.To(fmt.Sprintf("1.%d.0", (i/2)%pinnedVersions))}}
		}
		shoot := &gardencorev1beta1.Shoot{
			ObjectMeta: metav1.ObjectMeta{Namespace: fmt.Sprintf("garden-p%d", i%100), Name: fmt.Sprintf("shoot-%d", i)},
			Spec:       gardencorev1beta1.ShootSpec{Extensions: []gardencorev1beta1.Extension{extension}},
		}
		if err := store.Add(shoot); err != nil {
			b.Fatal(err)
		}
	}
	return p
}
