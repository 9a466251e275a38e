// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package helper_test

import (
	"github.com/Masterminds/semver/v3"
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	"k8s.io/utils/ptr"

	. "github.com/gep-78/gardener/pkg/api/core/v1beta1/helper"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
)

var _ = Describe("Shoot component pins", func() {
	component := func(name string, version *string) gardencorev1beta1.ExtensionComponent {
		return gardencorev1beta1.ExtensionComponent{Name: name, Version: version}
	}
	extensions := []gardencorev1beta1.Extension{
		{Type: "shoot-traefik", Components: []gardencorev1beta1.ExtensionComponent{
			component("traefik", ptr.To("3.6.13")), component("dashboard", nil), component("empty", ptr.To("")),
		}},
		{Type: "shoot-falco-service", Components: []gardencorev1beta1.ExtensionComponent{component("falco", nil)}},
		{Type: "envoy-gateway", Disabled: ptr.To(true), Components: []gardencorev1beta1.ExtensionComponent{component("proxy", ptr.To("1.2.0"))}},
		{Type: "shoot-dns-service"},
	}
	traefik := ComponentPin{ExtensionIndex: 0, ComponentIndex: 0, ExtensionType: "shoot-traefik", Component: "traefik", Version: "3.6.13"}
	proxy := ComponentPin{ExtensionIndex: 2, ComponentIndex: 0, ExtensionType: "envoy-gateway", Component: "proxy", Version: "1.2.0", Disabled: true}

	It("#ComponentPins returns every entry with its position, in spec order", func() {
		Expect(ComponentPins(extensions)).To(Equal([]ComponentPin{
			traefik,
			{ExtensionIndex: 0, ComponentIndex: 1, ExtensionType: "shoot-traefik", Component: "dashboard"},
			{ExtensionIndex: 0, ComponentIndex: 2, ExtensionType: "shoot-traefik", Component: "empty"},
			{ExtensionIndex: 1, ComponentIndex: 0, ExtensionType: "shoot-falco-service", Component: "falco"},
			proxy,
		}))
	})

	It("#ActiveComponentPins leaves out entries without a version and disabled extensions", func() {
		Expect(ActiveComponentPins(extensions)).To(Equal([]ComponentPin{traefik}))
	})

	DescribeTable("#PinnedComponents",
		func(extensionType string, expected []ComponentPin) {
			Expect(PinnedComponents(extensions, extensionType)).To(Equal(expected))
		},
		Entry("only entries with a non-empty version", "shoot-traefik", []ComponentPin{traefik}),
		Entry("a disabled extension's pins", "envoy-gateway", []ComponentPin{proxy}),
		Entry("components without pins", "shoot-falco-service", []ComponentPin{}),
		Entry("an extension without components", "shoot-dns-service", []ComponentPin{}),
		Entry("a type the Shoot does not use", "unknown", []ComponentPin{}),
	)

	DescribeTable("#PinnedExtensionTypes",
		func(extensions []gardencorev1beta1.Extension, expected []string) {
			Expect(PinnedExtensionTypes(extensions)).To(Equal(expected))
		},
		Entry("types with a pin, sorted", extensions, []string{"envoy-gateway", "shoot-traefik"}),
		Entry("a repeated type once", append(extensions, extensions[0]), []string{"envoy-gateway", "shoot-traefik"}),
		Entry("no extensions", nil, nil),
	)

	It("#FindComponentPin returns the first entry of a type and name", func() {
		pins := ComponentPins(append(extensions, gardencorev1beta1.Extension{Type: "shoot-traefik", Components: []gardencorev1beta1.ExtensionComponent{component("traefik", ptr.To("1.0.0"))}}))
		pin, found := FindComponentPin(pins, "shoot-traefik", "traefik")
		Expect(found).To(BeTrue())
		Expect(pin).To(Equal(traefik))
		_, found = FindComponentPin(pins, "shoot-traefik", "unknown")
		Expect(found).To(BeFalse())
	})
})

var _ = Describe("Worker pool kubelet versions", func() {
	controlPlane := semver.MustParse("1.35.2")

	It("#CalculateEffectiveKubernetesVersion returns the pool's version when set, else the control plane's", func() {
		Expect(CalculateEffectiveKubernetesVersion(controlPlane, nil)).To(BeIdenticalTo(controlPlane))
		Expect(CalculateEffectiveKubernetesVersion(controlPlane, &gardencorev1beta1.WorkerKubernetes{})).To(BeIdenticalTo(controlPlane))
		v, err := CalculateEffectiveKubernetesVersion(controlPlane, &gardencorev1beta1.WorkerKubernetes{Version: ptr.To("1.34.5")})
		Expect(err).NotTo(HaveOccurred())
		Expect(v.String()).To(Equal("1.34.5"))
		_, err = CalculateEffectiveKubernetesVersion(controlPlane, &gardencorev1beta1.WorkerKubernetes{Version: ptr.To("one")})
		Expect(err).To(HaveOccurred())
	})

	DescribeTable("#KubeletVersionSupported",
		func(constraint *string, kubelet string, supported bool) {
			version := gardencorev1beta1.MachineImageVersion{KubeletVersionConstraint: constraint}
			Expect(KubeletVersionSupported(version, semver.MustParse(kubelet))).To(Equal(supported))
		},
		Entry("no constraint admits every kubelet", nil, "1.20.0", true),
		Entry("a lower bound admits the bound", ptr.To(">= 1.36"), "1.36.0", true),
		Entry("a lower bound refuses a lower minor", ptr.To(">= 1.36"), "1.35.9", false),
		Entry("an upper bound refuses the bound", ptr.To("< 1.35"), "1.35.0", false),
		Entry("an unparsable constraint admits nothing", ptr.To(">= one"), "1.35.0", false),
	)
})
