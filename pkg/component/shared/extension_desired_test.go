// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package shared_test

import (
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	extensionsv1alpha1 "github.com/gep-78/gardener/pkg/apis/extensions/v1alpha1"
	"github.com/gep-78/gardener/pkg/component/extensions/extension"
	. "github.com/gep-78/gardener/pkg/component/shared"
)

const namespace = "shoot--dev--falco-traefik-eval"

var _ = Describe("DesiredExtensions", func() {
	Describe("the GEP-78 example (shoot-accepted-falco-traefik.yaml)", func() {
		var (
			extensions []*extensionsv1alpha1.Extension
			warnings   []ComponentWarning
		)

		BeforeEach(func() {
			extensions, warnings = DesiredExtensions(exampleShoot(), exampleProfiles(), namespace, true)
		})

		It("returns one Extension per extension type, in Shoot order, without warnings", func() {
			Expect(warnings).To(BeEmpty())
			Expect(extensions).To(HaveLen(3))
			for i, name := range []string{"shoot-falco-service", "shoot-traefik", "shoot-cert-service"} {
				Expect(extensions[i].Name).To(Equal(name))
				Expect(extensions[i].Namespace).To(Equal(namespace))
				Expect(extensions[i].Spec.Type).To(Equal(name))
				Expect(extensions[i].Spec.Class).To(BeNil())
				Expect(extensions[i].Labels).To(Equal(map[string]string{
					extension.LabelManagedBy:      extension.ManagedByGardenlet,
					extension.LabelShootNamespace: "garden-dev",
					extension.LabelShootName:      "falco-traefik-eval",
				}))
			}
		})

		It("yields exactly the spec of seed-extension-shoot-falco-service.yaml for shoot-falco-service", func() {
			example := exampleSeedExtension()
			Expect(extensions[0].Name).To(Equal(example.Name))
			Expect(extensions[0].Namespace).To(Equal(example.Namespace))
			Expect(toJSON(extensions[0].Spec)).To(MatchJSON(toJSON(example.Spec)))
		})

		It("resolves traefik 3.6.13 with the providerConfig of that profile entry", func() {
			Expect(extensions[1].Spec.Components).To(HaveLen(1))
			Expect(extensions[1].Spec.Components[0].Name).To(Equal("traefik"))
			Expect(extensions[1].Spec.Components[0].Version).To(Equal("3.6.13"))
			Expect(toJSON(extensions[1].Spec.Components[0].ProviderConfig)).To(MatchJSON(
				`{"apiVersion":"traefik.extensions.gardener.cloud/v1alpha1","kind":"TraefikComponentConfig","crdBundle":"v3.6.11"}`))
			Expect(toJSON(extensions[1].Spec.ProviderConfig)).To(MatchJSON(toJSON(exampleShoot().Spec.Extensions[1].ProviderConfig)))
		})

		It("writes no components for shoot-cert-service, which pins nothing", func() {
			Expect(extensions[2].Spec.Components).To(BeEmpty())
			Expect(extensions[2].Spec.ProviderConfig).To(BeNil())
		})

		It("copies the providerConfigs instead of sharing them", func() {
			shoot, profiles := exampleShoot(), exampleProfiles()
			extensions, _ := DesiredExtensions(shoot, profiles, namespace, true)
			extensions[0].Spec.ProviderConfig.Raw[0] = 'X'
			extensions[0].Spec.Components[0].ProviderConfig.Raw[0] = 'X'
			Expect(shoot.Spec.Extensions[0].ProviderConfig.Raw[0]).To(Equal(byte('{')))
			Expect(profiles["shoot-falco-service"].Spec.Components[0].Versions[4].ProviderConfig.Raw[0]).To(Equal(byte('{')))
		})
	})

	Describe("spec.components", func() {
		profile := &gardencorev1beta1.ExtensionProfile{
			ObjectMeta: metav1.ObjectMeta{Name: "ext"},
			Spec: gardencorev1beta1.ExtensionProfileSpec{Components: []gardencorev1beta1.ExtensionProfileComponent{
				{Name: "a", Versions: []gardencorev1beta1.ExtensionComponentVersion{
					{Version: "1.0.0", ProviderConfig: raw(`{"kind":"A","v":1}`)},
					{Version: "1.1.0"},
					{Version: "1.2.0", ProviderConfig: raw(`null`)},
				}},
				{Name: "b", Versions: []gardencorev1beta1.ExtensionComponentVersion{
					{Version: "2.0.0", ProviderConfig: raw(`{"kind":"B"}`)},
				}},
			}},
		}
		pin := func(name string, version *string) gardencorev1beta1.ExtensionComponent {
			return gardencorev1beta1.ExtensionComponent{Name: name, Version: version}
		}
		component := func(name, version, providerConfig string) extensionsv1alpha1.ExtensionComponent {
			c := extensionsv1alpha1.ExtensionComponent{Name: name, Version: version}
			if providerConfig != "" {
				c.ProviderConfig = raw(providerConfig)
			}
			return c
		}
		warning := func(name, version string, reason WarningReason) ComponentWarning {
			return ComponentWarning{ExtensionType: "ext", Component: name, Version: version, Reason: reason}
		}

		DescribeTable("resolution against the ExtensionProfile",
			func(gate, withProfile bool, pins []gardencorev1beta1.ExtensionComponent, wantComponents []extensionsv1alpha1.ExtensionComponent, wantWarnings []ComponentWarning) {
				shoot := &gardencorev1beta1.Shoot{
					ObjectMeta: metav1.ObjectMeta{Namespace: "garden-dev", Name: "s"},
					Spec:       gardencorev1beta1.ShootSpec{Extensions: []gardencorev1beta1.Extension{{Type: "ext", Components: pins}}},
				}
				profiles := map[string]*gardencorev1beta1.ExtensionProfile{}
				if withProfile {
					profiles["ext"] = profile
				}
				extensions, warnings := DesiredExtensions(shoot, profiles, "shoot--dev--s", gate)
				Expect(extensions).To(HaveLen(1))
				if wantComponents == nil {
					Expect(extensions[0].Spec.Components).To(BeNil())
				} else {
					Expect(toJSON(extensions[0].Spec.Components)).To(MatchJSON(toJSON(wantComponents)))
				}
				Expect(warnings).To(Equal(wantWarnings))
			},
			Entry("copies the providerConfig of the version entry", true, true,
				[]gardencorev1beta1.ExtensionComponent{pin("a", ptr.To("1.0.0"))},
				[]extensionsv1alpha1.ExtensionComponent{component("a", "1.0.0", `{"kind":"A","v":1}`)}, nil),
			Entry("omits providerConfig when the entry has none", true, true,
				[]gardencorev1beta1.ExtensionComponent{pin("a", ptr.To("1.1.0"))},
				[]extensionsv1alpha1.ExtensionComponent{component("a", "1.1.0", "")}, nil),
			Entry("treats a JSON null providerConfig as none", true, true,
				[]gardencorev1beta1.ExtensionComponent{pin("a", ptr.To("1.2.0"))},
				[]extensionsv1alpha1.ExtensionComponent{component("a", "1.2.0", "")}, nil),
			Entry("keeps the Shoot's component order, not the profile's", true, true,
				[]gardencorev1beta1.ExtensionComponent{pin("b", ptr.To("2.0.0")), pin("a", ptr.To("1.1.0"))},
				[]extensionsv1alpha1.ExtensionComponent{component("b", "2.0.0", `{"kind":"B"}`), component("a", "1.1.0", "")}, nil),
			Entry("skips component entries without a version", true, true,
				[]gardencorev1beta1.ExtensionComponent{pin("a", nil), pin("b", ptr.To(""))},
				nil, nil),
			Entry("writes the pin without providerConfig and warns when the version is not in the profile", true, true,
				[]gardencorev1beta1.ExtensionComponent{pin("a", ptr.To("0.9.0")), pin("b", ptr.To("2.0.0"))},
				[]extensionsv1alpha1.ExtensionComponent{component("a", "0.9.0", ""), component("b", "2.0.0", `{"kind":"B"}`)},
				[]ComponentWarning{warning("a", "0.9.0", WarningVersionNotFound)}),
			Entry("writes the pin without providerConfig and warns when the component is not in the profile", true, true,
				[]gardencorev1beta1.ExtensionComponent{pin("c", ptr.To("1.0.0"))},
				[]extensionsv1alpha1.ExtensionComponent{component("c", "1.0.0", "")},
				[]ComponentWarning{warning("c", "1.0.0", WarningComponentNotFound)}),
			Entry("writes the pins without providerConfig and warns when there is no profile", true, false,
				[]gardencorev1beta1.ExtensionComponent{pin("a", ptr.To("1.0.0")), pin("b", ptr.To("2.0.0"))},
				[]extensionsv1alpha1.ExtensionComponent{component("a", "1.0.0", ""), component("b", "2.0.0", "")},
				[]ComponentWarning{warning("a", "1.0.0", WarningProfileNotFound), warning("b", "2.0.0", WarningProfileNotFound)}),
			Entry("writes a partial version that admission never resolved as it is, with a warning", true, true,
				[]gardencorev1beta1.ExtensionComponent{pin("a", ptr.To("1.0"))},
				[]extensionsv1alpha1.ExtensionComponent{component("a", "1.0", "")},
				[]ComponentWarning{warning("a", "1.0", WarningVersionNotFound)}),
			Entry("keeps the first of two pins of one component and warns", true, true,
				[]gardencorev1beta1.ExtensionComponent{pin("a", ptr.To("1.0.0")), pin("a", ptr.To("1.1.0"))},
				[]extensionsv1alpha1.ExtensionComponent{component("a", "1.0.0", `{"kind":"A","v":1}`)},
				[]ComponentWarning{warning("a", "1.1.0", WarningDuplicateComponent)}),
			Entry("gate off: no components at all", false, true,
				[]gardencorev1beta1.ExtensionComponent{pin("a", ptr.To("1.0.0"))},
				nil, nil),
			Entry("gate off: no warnings either", false, false,
				[]gardencorev1beta1.ExtensionComponent{pin("a", ptr.To("9.9.9"))},
				nil, nil),
		)
	})

	Describe("the set of Extensions", func() {
		entry := func(typ string, disabled *bool) gardencorev1beta1.Extension {
			return gardencorev1beta1.Extension{Type: typ, Disabled: disabled, ProviderConfig: raw(`{"from":"` + typ + `"}`)}
		}

		DescribeTable("one per enabled spec.extensions[] entry",
			func(entries []gardencorev1beta1.Extension, wantNames []string, wantProviderConfigs []string) {
				shoot := &gardencorev1beta1.Shoot{
					ObjectMeta: metav1.ObjectMeta{Namespace: "garden", Name: "s"},
					Spec:       gardencorev1beta1.ShootSpec{Extensions: entries},
				}
				extensions, warnings := DesiredExtensions(shoot, nil, "shoot--garden--s", true)
				Expect(warnings).To(BeEmpty())
				names := make([]string, 0, len(extensions))
				for i, extension := range extensions {
					names = append(names, extension.Name)
					Expect(extension.Namespace).To(Equal("shoot--garden--s"))
					Expect(string(extension.Spec.ProviderConfig.Raw)).To(Equal(wantProviderConfigs[i]))
				}
				Expect(names).To(Equal(wantNames))
			},
			Entry("no extensions", nil, []string{}, nil),
			Entry("enabled extensions in Shoot order", []gardencorev1beta1.Extension{entry("b", nil), entry("a", ptr.To(false))},
				[]string{"b", "a"}, []string{`{"from":"b"}`, `{"from":"a"}`}),
			Entry("disabled: true is left out", []gardencorev1beta1.Extension{entry("a", ptr.To(true)), entry("b", nil)},
				[]string{"b"}, []string{`{"from":"b"}`}),
			Entry("a repeated type: the last entry wins", []gardencorev1beta1.Extension{
				entry("a", nil), entry("b", nil), {Type: "a", ProviderConfig: raw(`{"second":true}`)},
			}, []string{"b", "a"}, []string{`{"from":"b"}`, `{"second":true}`}),
			Entry("a repeated type disabled last is left out", []gardencorev1beta1.Extension{entry("a", nil), entry("a", ptr.To(true))},
				[]string{}, nil),
		)
	})
})

var _ = Describe("ComponentWarning", func() {
	DescribeTable("String",
		func(reason WarningReason, want string) {
			w := ComponentWarning{ExtensionType: "shoot-falco-service", Component: "falco", Version: "0.42.1", Reason: reason}
			Expect(w.String()).To(Equal(want))
		},
		Entry("no profile", WarningProfileNotFound,
			"shoot-falco-service: falco 0.42.1: there is no ExtensionProfile shoot-falco-service; the pinned version is deployed without providerConfig"),
		Entry("no component", WarningComponentNotFound,
			"shoot-falco-service: falco 0.42.1: ExtensionProfile shoot-falco-service has no component falco; the pinned version is deployed without providerConfig"),
		Entry("no version", WarningVersionNotFound,
			"shoot-falco-service: falco 0.42.1 is not listed in ExtensionProfile shoot-falco-service; the pinned version is deployed without providerConfig"),
		Entry("duplicate", WarningDuplicateComponent,
			"shoot-falco-service: falco 0.42.1: component falco is pinned more than once; only the first pin is deployed"),
	)
})
