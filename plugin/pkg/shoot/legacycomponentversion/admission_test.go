// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package legacycomponentversion

import (
	"context"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apiserver/pkg/admission"
	"k8s.io/apiserver/pkg/warning"
	featuregatetesting "k8s.io/component-base/featuregate/testing"
	"k8s.io/utils/ptr"

	"github.com/gep-78/gardener/pkg/apis/core"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	gardencoreinformers "github.com/gep-78/gardener/pkg/client/core/informers/externalversions"
	"github.com/gep-78/gardener/pkg/features"
	plugin "github.com/gep-78/gardener/plugin/pkg"
)

type recorder struct{ warnings []string }

func (r *recorder) AddWarning(_, text string) { r.warnings = append(r.warnings, text) }

var _ = Describe("ShootLegacyComponentVersion", func() {
	var (
		ctx      context.Context
		warnings *recorder
		factory  gardencoreinformers.SharedInformerFactory
		p        *shootLegacyComponentVersion
	)

	shoot := func(providerConfig string, components ...core.ExtensionComponent) *core.Shoot {
		return &core.Shoot{
			ObjectMeta: metav1.ObjectMeta{Namespace: "garden-dev", Name: "legacy"},
			Spec: core.ShootSpec{Extensions: []core.Extension{
				{Type: "shoot-traefik"},
				{Type: "shoot-falco-service", ProviderConfig: &runtime.RawExtension{Raw: []byte(providerConfig)}, Components: components},
			}},
		}
	}
	validate := func(s *core.Shoot, operation admission.Operation, subresource string) error {
		a := admission.NewAttributesRecord(s, nil, core.Kind("Shoot").WithVersion("version"), s.Namespace, s.Name,
			core.Resource("shoots").WithVersion("version"), subresource, operation, nil, false, nil)
		return p.Validate(ctx, a, nil)
	}
	const legacy = `{"apiVersion":"falco.extensions.gardener.cloud/v1alpha1","kind":"FalcoServiceConfig","falcoVersion":"0.42.1","autoUpdate":true}`

	BeforeEach(func() {
		featuregatetesting.SetFeatureGateDuringTest(GinkgoTB(), features.DefaultFeatureGate, features.ExtensionComponentVersions, true)
		warnings = &recorder{}
		ctx = warning.WithWarningRecorder(context.Background(), warnings)
		p = newPlugin()
		p.AssignReadyFunc(func() bool { return true })
		factory = gardencoreinformers.NewSharedInformerFactory(nil, 0)
		p.SetCoreInformerFactory(factory)
		Expect(p.ValidateInitialization()).To(Succeed())
		Expect(factory.Core().V1beta1().ExtensionProfiles().Informer().GetStore().Add(
			&gardencorev1beta1.ExtensionProfile{ObjectMeta: metav1.ObjectMeta{Name: "shoot-falco-service"}})).To(Succeed())
	})

	It("registers under its name and handles creates and updates", func() {
		plugins := admission.NewPlugins()
		Register(plugins)
		Expect(plugins.Registered()).To(ConsistOf(plugin.PluginNameShootLegacyComponentVersion))
		Expect(p.Handles(admission.Create)).To(BeTrue())
		Expect(p.Handles(admission.Update)).To(BeTrue())
		Expect(p.Handles(admission.Delete)).To(BeFalse())
		Expect(newPlugin().ValidateInitialization()).To(MatchError("missing ExtensionProfile lister"))
	})

	It("warns that the legacy field is deprecated and is what gets deployed while nothing is pinned", func() {
		Expect(validate(shoot(legacy), admission.Create, "")).To(Succeed())
		Expect(warnings.warnings).To(ConsistOf("spec.extensions[1].providerConfig.falcoVersion is deprecated: shoot-falco-service has an ExtensionProfile; pin spec.extensions[1].components[name=falco].version instead (until then the extension deploys falco 0.42.1 from providerConfig.falcoVersion)"))
	})

	It("says that a pin wins over the legacy field", func() {
		Expect(validate(shoot(legacy, core.ExtensionComponent{Name: "falco", Version: ptr.To("0.44.1")}), admission.Update, "")).To(Succeed())
		Expect(warnings.warnings).To(ConsistOf("spec.extensions[1].providerConfig.falcoVersion 0.42.1 is deprecated and ignored: spec.extensions[1].components pins falco 0.44.1, which wins; remove falcoVersion from the providerConfig"))
	})

	It("warns for each entry, in the order of spec.extensions, and a pin of another component does not win", func() {
		s := shoot(legacy, core.ExtensionComponent{Name: "falcosidekick", Version: ptr.To("2.31.1")})
		s.Spec.Extensions[0] = core.Extension{Type: "shoot-falco-service", ProviderConfig: &runtime.RawExtension{Raw: []byte(`{"falcoVersion":"0.41.0"}`)},
			Components: []core.ExtensionComponent{{Name: "falco"}}}
		Expect(p.Warnings(s)).To(Equal([]string{
			"spec.extensions[0].providerConfig.falcoVersion is deprecated: shoot-falco-service has an ExtensionProfile; pin spec.extensions[0].components[name=falco].version instead (until then the extension deploys falco 0.41.0 from providerConfig.falcoVersion)",
			"spec.extensions[1].providerConfig.falcoVersion is deprecated: shoot-falco-service has an ExtensionProfile; pin spec.extensions[1].components[name=falco].version instead (until then the extension deploys falco 0.42.1 from providerConfig.falcoVersion)",
		}))
	})

	It("rejects an object that is not a Shoot", func() {
		a := admission.NewAttributesRecord(&core.ExtensionProfile{}, nil, core.Kind("Shoot").WithVersion("version"), "garden-dev", "x",
			core.Resource("shoots").WithVersion("version"), "", admission.Create, nil, false, nil)
		Expect(p.Validate(ctx, a, nil)).To(MatchError(ContainSubstring("could not convert resource into Shoot object")))

		Expect(warnings.warnings).To(BeEmpty())
	})

	DescribeTable("says nothing",
		func(mutate func(*core.Shoot) *core.Shoot, operation admission.Operation, subresource string) {
			Expect(validate(mutate(shoot(legacy)), operation, subresource)).To(Succeed())
			Expect(warnings.warnings).To(BeEmpty())
		},
		Entry("for a type without an ExtensionProfile", func(s *core.Shoot) *core.Shoot {
			Expect(factory.Core().V1beta1().ExtensionProfiles().Informer().GetStore().Delete(
				&gardencorev1beta1.ExtensionProfile{ObjectMeta: metav1.ObjectMeta{Name: "shoot-falco-service"}})).To(Succeed())
			return s
		}, admission.Create, ""),
		Entry("without the field", func(s *core.Shoot) *core.Shoot {
			s.Spec.Extensions[1].ProviderConfig.Raw = []byte(`{"apiVersion":"falco.extensions.gardener.cloud/v1alpha1","kind":"FalcoServiceConfig"}`)
			return s
		}, admission.Create, ""),
		Entry("with a field that is no string (the extension's own validation tells)", func(s *core.Shoot) *core.Shoot {
			s.Spec.Extensions[1].ProviderConfig.Raw = []byte(`{"falcoVersion":42}`)
			return s
		}, admission.Create, ""),
		Entry("for a disabled extension", func(s *core.Shoot) *core.Shoot {
			s.Spec.Extensions[1].Disabled = ptr.To(true)
			return s
		}, admission.Update, ""),
		Entry("for the same field under another type", func(s *core.Shoot) *core.Shoot {
			s.Spec.Extensions[0].ProviderConfig = s.Spec.Extensions[1].ProviderConfig
			s.Spec.Extensions = s.Spec.Extensions[:1]
			return s
		}, admission.Create, ""),
		Entry("for a providerConfig that is no object", func(s *core.Shoot) *core.Shoot {
			s.Spec.Extensions[1].ProviderConfig.Raw = []byte(`["falcoVersion"]`)
			return s
		}, admission.Create, ""),
		Entry("for a subresource", func(s *core.Shoot) *core.Shoot { return s }, admission.Update, "status"),
		Entry("while the feature gate is off", func(s *core.Shoot) *core.Shoot {
			featuregatetesting.SetFeatureGateDuringTest(GinkgoTB(), features.DefaultFeatureGate, features.ExtensionComponentVersions, false)
			return s
		}, admission.Create, ""),
	)
})
