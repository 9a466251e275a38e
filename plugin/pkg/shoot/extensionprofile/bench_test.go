// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package extensionprofile_test

import (
	"context"
	"testing"

	"k8s.io/apiserver/pkg/admission"
	featuregatetesting "k8s.io/component-base/featuregate/testing"
	testclock "k8s.io/utils/clock/testing"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/yaml"

	"github.com/gep-78/gardener/pkg/api"
	"github.com/gep-78/gardener/pkg/apis/core"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	gardencoreinformers "github.com/gep-78/gardener/pkg/client/core/informers/externalversions"
	"github.com/gep-78/gardener/pkg/features"
	. "github.com/gep-78/gardener/plugin/pkg/shoot/extensionprofile"
	"github.com/gep-78/gardener/test/examples"
)

// BenchmarkValidateUpdate measures one validating admission of a Shoot update that pins falco and
// traefik (shoot-accepted-falco-traefik.yaml) and raises a worker maximum: the cost every Shoot
// write pays with the feature gate on. The compatibility rules of both pinned versions are
// evaluated against the new Shoot; the compiled programs come from the plugin's cache.
func BenchmarkValidateUpdate(b *testing.B) {
	features.RegisterFeatureGates()
	featuregatetesting.SetFeatureGateDuringTest(b, features.DefaultFeatureGate, features.ExtensionComponentVersions, true)

	plugin, err := New()
	if err != nil {
		b.Fatal(err)
	}
	plugin.AssignReadyFunc(func() bool { return true })
	plugin.SetClock(testclock.NewFakePassiveClock(examples.ReferenceTime))
	factory := gardencoreinformers.NewSharedInformerFactory(nil, 0)
	plugin.SetCoreInformerFactory(factory)
	for _, name := range examples.Names("extensionprofile-") {
		profile := &gardencorev1beta1.ExtensionProfile{}
		examples.MustDecode(name, profile)
		profile.Generation = 1
		if err := factory.Core().V1beta1().ExtensionProfiles().Informer().GetStore().Add(profile); err != nil {
			b.Fatal(err)
		}
	}

	versioned := &gardencorev1beta1.Shoot{}
	if err := yaml.Unmarshal(examples.MustRead("shoot-accepted-falco-traefik.yaml"), versioned); err != nil {
		b.Fatal(err)
	}
	api.Scheme.Default(versioned)
	oldShoot := &core.Shoot{}
	if err := api.Scheme.Convert(versioned, oldShoot, nil); err != nil {
		b.Fatal(err)
	}
	newShoot := oldShoot.DeepCopy()
	newShoot.Spec.Provider.Workers[0].Maximum++
	newShoot.Spec.Extensions[0].Components[0].Version = ptr.To("0.44.1")

	attrs := admission.NewAttributesRecord(newShoot, oldShoot, core.Kind("Shoot").WithVersion("version"), newShoot.Namespace, newShoot.Name,
		core.Resource("shoots").WithVersion("version"), "", admission.Update, nil, false, nil)
	ctx := context.Background()
	if err := plugin.Validate(ctx, attrs, nil); err != nil {
		b.Fatal(err)
	}

	b.ReportAllocs()
	for b.Loop() {
		if err := plugin.Validate(ctx, attrs, nil); err != nil {
			b.Fatal(err)
		}
	}
}
