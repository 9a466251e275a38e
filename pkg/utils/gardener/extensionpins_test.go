// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package gardener_test

import (
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	"k8s.io/utils/ptr"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	. "github.com/gep-78/gardener/pkg/utils/gardener"
)

var _ = Describe("Extension pins", func() {
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

	DescribeTable("#PinnedComponents",
		func(extensionType string, expected []ComponentPin) {
			Expect(PinnedComponents(extensions, extensionType)).To(Equal(expected))
		},
		Entry("only entries with a non-empty version", "shoot-traefik", []ComponentPin{{Component: "traefik", Version: "3.6.13"}}),
		Entry("a disabled extension's pins", "envoy-gateway", []ComponentPin{{Component: "proxy", Version: "1.2.0"}}),
		Entry("components without pins", "shoot-falco-service", nil),
		Entry("an extension without components", "shoot-dns-service", nil),
		Entry("a type the Shoot does not use", "unknown", nil),
	)

	DescribeTable("#PinnedExtensionTypes",
		func(extensions []gardencorev1beta1.Extension, expected []string) {
			Expect(PinnedExtensionTypes(extensions)).To(Equal(expected))
		},
		Entry("types with a pin, sorted", extensions, []string{"envoy-gateway", "shoot-traefik"}),
		Entry("a repeated type once", append(extensions, extensions[0]), []string{"envoy-gateway", "shoot-traefik"}),
		Entry("no extensions", nil, nil),
	)
})
