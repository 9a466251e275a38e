// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package extension_test

import (
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	"k8s.io/apimachinery/pkg/runtime"

	extensionsv1alpha1 "github.com/gep-78/gardener/pkg/apis/extensions/v1alpha1"
	. "github.com/gep-78/gardener/pkg/component/extensions/extension"
)

func raw(json string) *runtime.RawExtension {
	return &runtime.RawExtension{Raw: []byte(json)}
}

var _ = Describe("ComponentChanges", func() {
	c := func(name, version, providerConfig string) extensionsv1alpha1.ExtensionComponent {
		component := extensionsv1alpha1.ExtensionComponent{Name: name, Version: version}
		if providerConfig != "" {
			component.ProviderConfig = raw(providerConfig)
		}
		return component
	}

	DescribeTable("describes what changed",
		func(old, updated []extensionsv1alpha1.ExtensionComponent, want []string) {
			Expect(ComponentChanges(old, updated)).To(Equal(want))
		},
		Entry("nothing", []extensionsv1alpha1.ExtensionComponent{c("falco", "0.44.1", `{"a":1,"b":2}`)},
			[]extensionsv1alpha1.ExtensionComponent{c("falco", "0.44.1", `{"b": 2, "a": 1}`)}, nil),
		Entry("a new version", []extensionsv1alpha1.ExtensionComponent{c("falco", "0.42.1", "")},
			[]extensionsv1alpha1.ExtensionComponent{c("falco", "0.44.1", "")}, []string{"falco 0.42.1 -> 0.44.1"}),
		Entry("an added component", nil,
			[]extensionsv1alpha1.ExtensionComponent{c("falco", "0.44.1", "")}, []string{"falco none -> 0.44.1"}),
		Entry("a removed component", []extensionsv1alpha1.ExtensionComponent{c("traefik", "3.6.13", "")},
			nil, []string{"traefik 3.6.13 -> none"}),
		Entry("a changed providerConfig", []extensionsv1alpha1.ExtensionComponent{c("falco", "0.44.1", `{"a":1}`)},
			[]extensionsv1alpha1.ExtensionComponent{c("falco", "0.44.1", `{"a":2}`)}, []string{"falco 0.44.1 (providerConfig changed)"}),
		Entry("a providerConfig that disappeared", []extensionsv1alpha1.ExtensionComponent{c("falco", "0.44.1", `{"a":1}`)},
			[]extensionsv1alpha1.ExtensionComponent{c("falco", "0.44.1", "")}, []string{"falco 0.44.1 (providerConfig changed)"}),
		Entry("several, updated order first", []extensionsv1alpha1.ExtensionComponent{c("x", "1.0.0", ""), c("y", "1.0.0", "")},
			[]extensionsv1alpha1.ExtensionComponent{c("z", "2.0.0", ""), c("y", "1.1.0", "")},
			[]string{"z none -> 2.0.0", "y 1.0.0 -> 1.1.0", "x 1.0.0 -> none"}),
	)
})
