// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package crds_test

import (
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"sigs.k8s.io/yaml"

	"github.com/gep-78/gardener/pkg/apis/extensions/crds"
	extensionsv1alpha1 "github.com/gep-78/gardener/pkg/apis/extensions/v1alpha1"
)

var _ = Describe("ExtensionCRD", func() {
	var crd *apiextensionsv1.CustomResourceDefinition

	BeforeEach(func() {
		crd = &apiextensionsv1.CustomResourceDefinition{}
		Expect(yaml.UnmarshalStrict(crds.ExtensionCRD(), crd)).To(Succeed())
	})

	It("embeds the Extension CRD of extensions.gardener.cloud/v1alpha1", func() {
		Expect(crd.Name).To(Equal(crds.ExtensionCRDName))
		Expect(crd.Spec.Group).To(Equal(extensionsv1alpha1.GroupName))
		Expect(crd.Spec.Names.Kind).To(Equal("Extension"))
		Expect(crd.Spec.Scope).To(Equal(apiextensionsv1.NamespaceScoped))
		Expect(crd.Spec.Versions).To(ContainElement(HaveField("Name", extensionsv1alpha1.SchemeGroupVersion.Version)))
	})

	It("carries the GEP-78 spec.components list keyed by name and worker pool", func() {
		spec := crd.Spec.Versions[0].Schema.OpenAPIV3Schema.Properties["spec"]
		components, ok := spec.Properties["components"]
		Expect(ok).To(BeTrue())
		Expect(components.XListType).To(HaveValue(Equal("map")))
		Expect(components.XListMapKeys).To(ConsistOf("name", "workerPool"))
		Expect(components.Items.Schema.Properties).To(HaveKey("providerConfig"))
		Expect(components.Items.Schema.Properties["workerPool"].Default.Raw).To(MatchJSON(`""`))
		Expect(components.Items.Schema.Required).To(ConsistOf("name", "version"))
	})

	It("returns a copy that callers may modify", func() {
		b := crds.ExtensionCRD()
		b[0] = 'X'
		Expect(crds.ExtensionCRD()[0]).NotTo(Equal(byte('X')))
	})
})
