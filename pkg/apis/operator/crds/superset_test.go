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

	"github.com/gep-78/gardener/pkg/apis/operator/crds"
	"github.com/gep-78/gardener/test/upstream"
)

var _ = Describe("operator ExtensionCRD compared with Gardener's", func() {
	var ours, theirs *apiextensionsv1.CustomResourceDefinition

	BeforeEach(func() {
		ours, theirs = &apiextensionsv1.CustomResourceDefinition{}, &apiextensionsv1.CustomResourceDefinition{}
		Expect(yaml.UnmarshalStrict(crds.ExtensionCRD(), ours)).To(Succeed())
		Expect(yaml.UnmarshalStrict(upstream.MustRead(upstream.OperatorExtensionCRD), theirs)).To(Succeed())
	})

	It("serves the same resource", func() {
		Expect(ours.Name).To(Equal(crds.ExtensionCRDName))
		Expect(ours.Name).To(Equal(theirs.Name))
		Expect(ours.Spec.Group).To(Equal(theirs.Spec.Group))
		Expect(ours.Spec.Scope).To(Equal(theirs.Spec.Scope))
		Expect(ours.Spec.Names).To(Equal(theirs.Spec.Names))
	})

	It("accepts and keeps every field of Gardener's schema (a superset), version by version", func() {
		Expect(theirs.Spec.Versions).NotTo(BeEmpty())
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
	})

	It("adds spec.extensionProfiles[] with the ExtensionProfile spec's shape on top", func() {
		Expect(theirs.Spec.Versions[0].Schema.OpenAPIV3Schema.Properties["spec"].Properties).NotTo(HaveKey("extensionProfiles"))
		profiles := ours.Spec.Versions[0].Schema.OpenAPIV3Schema.Properties["spec"].Properties["extensionProfiles"]
		Expect(profiles.XListType).To(HaveValue(Equal("map")))
		Expect(profiles.XListMapKeys).To(Equal([]string{"type"}))
		item := profiles.Items.Schema
		Expect(item.Required).To(ConsistOf("type", "spec"))
		spec := item.Properties["spec"]
		Expect(spec.Properties).To(HaveKey("updateStrategy"))
		versions := spec.Properties["components"].Items.Schema.Properties["versions"].Items.Schema
		Expect(versions.Properties).To(HaveKey("lifecycle"))
		Expect(versions.Properties).To(HaveKey("compatibility"))
		Expect(versions.Properties["providerConfig"].XPreserveUnknownFields).To(HaveValue(BeTrue()))
	})

	It("detects a missing field (the comparison can fail)", func() {
		schema := ours.Spec.Versions[0].Schema.OpenAPIV3Schema
		status := schema.Properties["status"]
		delete(status.Properties, "providerStatus")
		schema.Properties["status"] = status
		Expect(upstream.SupersetViolations(schema, theirs.Spec.Versions[0].Schema.OpenAPIV3Schema, "v1alpha1")).
			To(ContainElement("v1alpha1.status.providerStatus: missing"))
	})
})
