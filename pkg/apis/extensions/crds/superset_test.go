// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package crds_test

import (
	"fmt"
	"reflect"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/apimachinery/pkg/util/sets"
	"sigs.k8s.io/yaml"

	"github.com/gep-78/gardener/pkg/apis/extensions/crds"
	"github.com/gep-78/gardener/test/upstream"
)

// supersetViolations lists where ours does not accept and keep everything upstream does: a
// property upstream declares that ours lacks or types differently, a required field upstream
// does not require, a dropped preserve-unknown-fields or CEL rule, a different list or map type.
func supersetViolations(ours, theirs *apiextensionsv1.JSONSchemaProps, path string) []string {
	var out []string
	if ours == nil {
		return []string{path + ": missing"}
	}
	if ours.Type != theirs.Type {
		out = append(out, fmt.Sprintf("%s: type %q, upstream %q", path, ours.Type, theirs.Type))
	}
	if ours.Format != theirs.Format {
		out = append(out, fmt.Sprintf("%s: format %q, upstream %q", path, ours.Format, theirs.Format))
	}
	if isTrue(theirs.XPreserveUnknownFields) && !isTrue(ours.XPreserveUnknownFields) {
		out = append(out, path+": does not preserve unknown fields")
	}
	if !reflect.DeepEqual(theirs.XListType, ours.XListType) && theirs.XListType != nil {
		out = append(out, fmt.Sprintf("%s: list type %v, upstream %v", path, ours.XListType, *theirs.XListType))
	}
	if !reflect.DeepEqual(theirs.XMapType, ours.XMapType) {
		out = append(out, fmt.Sprintf("%s: map type %v, upstream %v", path, ours.XMapType, theirs.XMapType))
	}
	if extra := sets.New(ours.Required...).Difference(sets.New(theirs.Required...)); extra.Len() > 0 {
		out = append(out, fmt.Sprintf("%s: requires %v, upstream does not", path, sets.List(extra)))
	}
	for _, rule := range theirs.XValidations {
		found := false
		for _, r := range ours.XValidations {
			found = found || (r.Rule == rule.Rule && r.Message == rule.Message)
		}
		if !found {
			out = append(out, fmt.Sprintf("%s: lacks the rule %q", path, rule.Rule))
		}
	}
	for name, property := range theirs.Properties {
		var mine *apiextensionsv1.JSONSchemaProps
		if p, ok := ours.Properties[name]; ok {
			mine = &p
		}
		out = append(out, supersetViolations(mine, &property, path+"."+name)...)
	}
	if theirs.Items != nil && theirs.Items.Schema != nil {
		var mine *apiextensionsv1.JSONSchemaProps
		if ours.Items != nil {
			mine = ours.Items.Schema
		}
		out = append(out, supersetViolations(mine, theirs.Items.Schema, path+"[]")...)
	}
	return out
}

func isTrue(b *bool) bool { return b != nil && *b }

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
			Expect(supersetViolations(mine.Schema.OpenAPIV3Schema, version.Schema.OpenAPIV3Schema, version.Name)).To(BeEmpty())

			jsonPaths := sets.New[string]()
			for _, column := range mine.AdditionalPrinterColumns {
				jsonPaths.Insert(column.JSONPath)
			}
			for _, column := range version.AdditionalPrinterColumns {
				Expect(jsonPaths.Has(column.JSONPath)).To(BeTrue(), "printer column %s (%s)", column.Name, column.JSONPath)
			}
		}
	})

	It("adds the GEP-78 spec.components on top", func() {
		Expect(theirs.Spec.Versions[0].Schema.OpenAPIV3Schema.Properties["spec"].Properties).NotTo(HaveKey("components"))
		Expect(ours.Spec.Versions[0].Schema.OpenAPIV3Schema.Properties["spec"].Properties).To(HaveKey("components"))
	})

	It("detects a missing field (the comparison can fail)", func() {
		status := ours.Spec.Versions[0].Schema.OpenAPIV3Schema.Properties["status"]
		delete(status.Properties, "lastError")
		ours.Spec.Versions[0].Schema.OpenAPIV3Schema.Properties["status"] = status
		Expect(supersetViolations(ours.Spec.Versions[0].Schema.OpenAPIV3Schema, theirs.Spec.Versions[0].Schema.OpenAPIV3Schema, "v1alpha1")).
			To(ContainElement("v1alpha1.status.lastError: missing"))
	})
})
