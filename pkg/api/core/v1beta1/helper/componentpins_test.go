// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package helper_test

import (
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
