// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package apiserver_test

import (
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	"k8s.io/apimachinery/pkg/util/strategicpatch"
	openapinamer "k8s.io/apiserver/pkg/endpoints/openapi"
	genericapiserver "k8s.io/apiserver/pkg/server"
	"k8s.io/kube-openapi/pkg/validation/spec"

	"github.com/gep-78/gardener/pkg/api"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	. "github.com/gep-78/gardener/pkg/apiserver"
)

var _ = Describe("PatchMetaFor", func() {
	models := func() (map[string]*spec.Schema, error) {
		return ServedModels(genericapiserver.DefaultOpenAPIV3Config(GetOpenAPIDefinitions, openapinamer.NewDefinitionNamer(api.Scheme)))
	}

	// lookup follows path (a list field is followed by "[]") and returns the patch meta at its end.
	lookup := func(meta strategicpatch.LookupPatchMeta, path ...string) *strategicpatch.PatchMeta {
		var patchMeta strategicpatch.PatchMeta
		for i := 0; i < len(path); i++ {
			var err error
			if i+1 < len(path) && path[i+1] == "[]" {
				meta, patchMeta, err = meta.LookupPatchMetadataForSlice(path[i])
				i++
			} else {
				meta, patchMeta, err = meta.LookupPatchMetadataForStruct(path[i])
			}
			Expect(err).NotTo(HaveOccurred(), path[i])
		}
		return &patchMeta
	}

	DescribeTable("finds the served model of each kind: RawExtensions are replaced, keyed lists merged",
		func(kind string, path ...string) {
			meta, err := PatchMetaFor(models, gardencorev1beta1.SchemeGroupVersion.WithKind(kind))
			Expect(err).NotTo(HaveOccurred())
			Expect(lookup(meta, path...).GetPatchStrategies()).To(ConsistOf("replace"))
			Expect(lookup(meta, path[:len(path)-1]...).GetPatchStrategies()).NotTo(ContainElement("replace"))
		},
		Entry(nil, "Shoot", "spec", "provider", "workers", "[]", "providerConfig"),
		Entry(nil, "Shoot", "spec", "networking", "providerConfig"),
		Entry(nil, "CloudProfile", "spec", "providerConfig"),
		Entry(nil, "NamespacedCloudProfile", "status", "cloudProfileSpec", "providerConfig"),
		Entry(nil, "ExtensionProfile", "spec", "components", "[]", "versions", "[]", "providerConfig"),
	)

	It("merges keyed lists by their key", func() {
		meta, err := PatchMetaFor(models, gardencorev1beta1.SchemeGroupVersion.WithKind("Shoot"))
		Expect(err).NotTo(HaveOccurred())
		workers := lookup(meta, "spec", "provider", "workers", "[]")
		Expect(workers.GetPatchStrategies()).To(ConsistOf("merge"))
		Expect(workers.GetPatchMergeKey()).To(Equal("name"))
	})

	It("fails for a kind that is not served", func() {
		_, err := PatchMetaFor(models, gardencorev1beta1.SchemeGroupVersion.WithKind("Seed"))
		Expect(err).To(MatchError(ContainSubstring("no OpenAPI model")))
	})
})
