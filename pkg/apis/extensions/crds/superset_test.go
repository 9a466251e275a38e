// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package crds_test

import (
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/apimachinery/pkg/util/sets"
	"sigs.k8s.io/yaml"

	"github.com/gep-78/gardener/pkg/apis/extensions/crds"
	"github.com/gep-78/gardener/test/upstream"
)

var _ = Describe("ExtensionCRD compared with Gardener's", func() {
	var ours, theirs *apiextensionsv1.CustomResourceDefinition

	BeforeEach(func() {
		ours, theirs = &apiextensionsv1.CustomResourceDefinition{}, &apiextensionsv1.CustomResourceDefinition{}
		Expect(yaml.UnmarshalStrict(crds.ExtensionCRD(), ours)).To(Succeed())
		Expect(yaml.UnmarshalStrict(upstream.MustRead(upstream.ExtensionCRD), theirs)).To(Succeed())
	})

	It("serves the same resource", func() {
		Expect(ours.Name).To(Equal(theirs.Name))
		Expect(ours.Spec.Group).To(Equal(theirs.Spec.Group))
		Expect(ours.Spec.Scope).To(Equal(theirs.Spec.Scope))
		Expect(ours.Spec.Names.Plural).To(Equal(theirs.Spec.Names.Plural))
		Expect(ours.Spec.Names.Singular).To(Equal(theirs.Spec.Names.Singular))
		Expect(ours.Spec.Names.Kind).To(Equal(theirs.Spec.Names.Kind))
		Expect(ours.Spec.Names.ListKind).To(Equal(theirs.Spec.Names.ListKind))
		Expect(ours.Spec.Names.ShortNames).To(ContainElements(theirs.Spec.Names.ShortNames))
	})

	It("accepts and keeps every field of Gardener's schema (a superset), version by version", func() {
		expectSuperset(ours, theirs)
	})

	It("adds the GEP-78 spec.components on top", func() {
		Expect(theirs.Spec.Versions[0].Schema.OpenAPIV3Schema.Properties["spec"].Properties).NotTo(HaveKey("components"))
		Expect(ours.Spec.Versions[0].Schema.OpenAPIV3Schema.Properties["spec"].Properties).To(HaveKey("components"))
	})

	It("detects a missing field (the comparison can fail)", func() {
		status := ours.Spec.Versions[0].Schema.OpenAPIV3Schema.Properties["status"]
		delete(status.Properties, "lastError")
		ours.Spec.Versions[0].Schema.OpenAPIV3Schema.Properties["status"] = status
		Expect(upstream.SupersetViolations(ours.Spec.Versions[0].Schema.OpenAPIV3Schema, theirs.Spec.Versions[0].Schema.OpenAPIV3Schema, "v1alpha1")).
			To(ContainElement("v1alpha1.status.lastError: missing"))
	})
})

// expectSuperset expects every version of theirs (Gardener's CRD) to be served and stored by ours
// alike, with a schema that is a superset of theirs and every printer column of theirs.
func expectSuperset(ours, theirs *apiextensionsv1.CustomResourceDefinition) {
	GinkgoHelper()
	for _, version := range theirs.Spec.Versions {
		var mine *apiextensionsv1.CustomResourceDefinitionVersion
		for i := range ours.Spec.Versions {
			if ours.Spec.Versions[i].Name == version.Name {
				mine = &ours.Spec.Versions[i]
			}
		}
		Expect(mine).NotTo(BeNil(), "version %s", version.Name)
		Expect(mine.Served).To(Equal(version.Served))
		Expect(mine.Storage).To(Equal(version.Storage))
		Expect(mine.Subresources).To(Equal(version.Subresources))
		Expect(upstream.SupersetViolations(mine.Schema.OpenAPIV3Schema, version.Schema.OpenAPIV3Schema, version.Name)).To(BeEmpty())

		jsonPaths := sets.New[string]()
		for _, column := range mine.AdditionalPrinterColumns {
			jsonPaths.Insert(column.JSONPath)
		}
		for _, column := range version.AdditionalPrinterColumns {
			Expect(jsonPaths.Has(column.JSONPath)).To(BeTrue(), "printer column %s (%s)", column.Name, column.JSONPath)
		}
	}
}
