// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package crds_test

import (
	"context"
	"os"
	"path/filepath"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions"
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	structuralschema "k8s.io/apiextensions-apiserver/pkg/apiserver/schema"
	"k8s.io/apiextensions-apiserver/pkg/apiserver/schema/cel"
	celconfig "k8s.io/apiserver/pkg/apis/cel"
	"sigs.k8s.io/yaml"

	"github.com/gep-78/gardener/pkg/apis/extensions/crds"
	extensionsv1alpha1 "github.com/gep-78/gardener/pkg/apis/extensions/v1alpha1"
)

// gardenerContainerRuntimeCRD is the path of Gardener's seed ContainerRuntime CRD in a
// gardener/gardener checkout.
const gardenerContainerRuntimeCRD = "example/seed-crds/10-crd-extensions.gardener.cloud_containerruntimes.yaml"

var _ = Describe("ContainerRuntimeCRD", func() {
	var ours *apiextensionsv1.CustomResourceDefinition

	BeforeEach(func() {
		ours = &apiextensionsv1.CustomResourceDefinition{}
		Expect(yaml.UnmarshalStrict(crds.ContainerRuntimeCRD(), ours)).To(Succeed())
	})

	It("embeds the ContainerRuntime CRD of extensions.gardener.cloud/v1alpha1, with Gardener's fields", func() {
		Expect(ours.Name).To(Equal(crds.ContainerRuntimeCRDName))
		Expect(ours.Spec.Group).To(Equal(extensionsv1alpha1.GroupName))
		Expect(ours.Spec.Names.Kind).To(Equal("ContainerRuntime"))
		Expect(ours.Spec.Names.ShortNames).To(ContainElement("cr"))
		Expect(ours.Spec.Scope).To(Equal(apiextensionsv1.NamespaceScoped))
		Expect(ours.Spec.Versions).To(ConsistOf(HaveField("Name", extensionsv1alpha1.SchemeGroupVersion.Version)))

		spec := ours.Spec.Versions[0].Schema.OpenAPIV3Schema.Properties["spec"]
		Expect(spec.Properties).To(HaveKey("type"))
		Expect(spec.Properties).To(HaveKey("class"))
		Expect(spec.Properties).To(HaveKey("providerConfig"))
		Expect(spec.Properties).To(HaveKey("binaryPath"))
		Expect(spec.Properties["workerPool"].Properties).To(HaveKey("name"))
		Expect(spec.Properties["workerPool"].Properties).To(HaveKey("selector"))
		Expect(spec.Required).To(ConsistOf("type", "binaryPath", "workerPool"))
	})

	It("carries spec.components keyed by name, as the Extension CRD does", func() {
		extension := &apiextensionsv1.CustomResourceDefinition{}
		Expect(yaml.UnmarshalStrict(crds.ExtensionCRD(), extension)).To(Succeed())
		components := ours.Spec.Versions[0].Schema.OpenAPIV3Schema.Properties["spec"].Properties["components"]
		extensionComponents := extension.Spec.Versions[0].Schema.OpenAPIV3Schema.Properties["spec"].Properties["components"]
		Expect(components.XListMapKeys).To(ConsistOf("name"))
		// The same entries; the list's description differs, and the Extension's also holds the
		// pools' overrides, keyed by name and workerPool.
		components.Description, extensionComponents.Description = "", ""
		extensionComponents.XListMapKeys = components.XListMapKeys
		// Only a ContainerRuntime refuses a pool on an entry (see the next test).
		Expect(components.XValidations).To(HaveLen(1))
		components.XValidations = nil
		Expect(components).To(Equal(extensionComponents))
	})

	DescribeTable("refuses a workerPool on an entry: the entries are the versions of the ContainerRuntime's own pool",
		func(entry map[string]any, valid bool) {
			internal := &apiextensions.JSONSchemaProps{}
			Expect(apiextensionsv1.Convert_v1_JSONSchemaProps_To_apiextensions_JSONSchemaProps(ours.Spec.Versions[0].Schema.OpenAPIV3Schema, internal, nil)).To(Succeed())
			structural, err := structuralschema.NewStructural(internal)
			Expect(err).NotTo(HaveOccurred())
			obj := map[string]any{"spec": map[string]any{"type": "gvisor", "binaryPath": "/b", "workerPool": map[string]any{"name": "a", "selector": map[string]any{}},
				"components": []any{entry}}}
			errs, _ := cel.NewValidator(structural, true, celconfig.PerCallLimit).Validate(context.Background(), nil, structural, obj, nil, celconfig.RuntimeCELCostBudget)
			if valid {
				Expect(errs).To(BeEmpty())
				return
			}
			Expect(errs.ToAggregate()).To(MatchError(ContainSubstring("spec.components: Invalid value: workerPool must be empty on every entry: the entries of a ContainerRuntime are the versions of its own worker pool")))
		},
		Entry("none, as gardenlet writes it", map[string]any{"name": "runsc", "version": "1.0.0"}, true),
		Entry("empty, as the CRD defaults it", map[string]any{"name": "runsc", "version": "1.0.0", "workerPool": ""}, true),
		Entry("a pool", map[string]any{"name": "runsc", "version": "1.0.0", "workerPool": "a"}, false),
	)

	It("accepts and keeps every field of Gardener's CRD (a superset), read from GARDENER_CHECKOUT", func() {
		checkout := os.Getenv("GARDENER_CHECKOUT")
		if checkout == "" {
			Skip("GARDENER_CHECKOUT is not set: the comparison needs a gardener/gardener checkout at b312835d17")
		}
		data, err := os.ReadFile(filepath.Join(checkout, gardenerContainerRuntimeCRD))
		Expect(err).NotTo(HaveOccurred())
		theirs := &apiextensionsv1.CustomResourceDefinition{}
		Expect(yaml.UnmarshalStrict(data, theirs)).To(Succeed())

		Expect(ours.Name).To(Equal(theirs.Name))
		Expect(ours.Spec.Names.Plural).To(Equal(theirs.Spec.Names.Plural))
		Expect(ours.Spec.Names.Singular).To(Equal(theirs.Spec.Names.Singular))
		Expect(ours.Spec.Names.ListKind).To(Equal(theirs.Spec.Names.ListKind))
		Expect(ours.Spec.Names.ShortNames).To(ContainElements(theirs.Spec.Names.ShortNames))
		expectSuperset(ours, theirs)
		Expect(theirs.Spec.Versions[0].Schema.OpenAPIV3Schema.Properties["spec"].Properties).NotTo(HaveKey("components"))
	})
})
