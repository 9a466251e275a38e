// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package upstream_test

import (
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/yaml"

	"github.com/gep-78/gardener/pkg/apis/operator/crds"
	"github.com/gep-78/gardener/test/upstream"
)

var operatorExtensionsGVR = schema.GroupVersionResource{Group: "operator.gardener.cloud", Version: "v1alpha1", Resource: "extensions"}

var _ = Describe("this project's operator Extension CRD (pkg/apis/operator/crds)", Ordered, func() {
	BeforeAll(func() {
		installCRD(crds.ExtensionCRD())
	})

	It("takes the falco extension's operator Extension ("+upstream.FalcoOperatorExtension+") with kubectl apply, unchanged, and reads it back with every field", func() {
		manifest := upstream.MustRead(upstream.FalcoOperatorExtension)
		_, stderr, err := kubectl(manifest, "apply", "--validate=strict", "-f", "-")
		Expect(err).NotTo(HaveOccurred(), stderr)
		DeferCleanup(func() {
			Expect(dynamicClient.Resource(operatorExtensionsGVR).Delete(ctx, "extension-shoot-falco-service", metav1.DeleteOptions{})).To(Succeed())
		})

		got, err := dynamicClient.Resource(operatorExtensionsGVR).Get(ctx, "extension-shoot-falco-service", metav1.GetOptions{})
		Expect(err).NotTo(HaveOccurred())
		Expect(lostFields(toJSONMap(manifest), got.Object)).To(BeEmpty())
	})

	It("keeps an ExtensionProfile spec under spec.extensionProfiles[] with every field", func() {
		obj := toJSONMap(upstream.MustRead(upstream.FalcoOperatorExtension))
		obj["spec"].(map[string]any)["extensionProfiles"] = []any{map[string]any{
			"type": "shoot-falco-service",
			"spec": map[string]any{
				"updateStrategy": map[string]any{"default": "patch", "supported": []any{"patch", "minor"}},
				"components": []any{map[string]any{
					"name": "falco",
					"versions": []any{map[string]any{
						"version":        "0.44.1",
						"lifecycle":      []any{map[string]any{"classification": "supported", "startTime": "2026-01-01T00:00:00Z"}},
						"compatibility":  map[string]any{"validations": []any{map[string]any{"rule": "true", "message": "always"}}},
						"providerConfig": map[string]any{"rulesVersion": "4.0.0", "images": map[string]any{"falco": "falco:0.44.1"}},
					}},
				}},
			},
		}}
		manifest, err := yaml.Marshal(obj)
		Expect(err).NotTo(HaveOccurred())
		_, stderr, err := kubectl(manifest, "apply", "--validate=strict", "-f", "-")
		Expect(err).NotTo(HaveOccurred(), stderr)
		DeferCleanup(func() {
			Expect(dynamicClient.Resource(operatorExtensionsGVR).Delete(ctx, "extension-shoot-falco-service", metav1.DeleteOptions{})).To(Succeed())
		})

		got, err := dynamicClient.Resource(operatorExtensionsGVR).Get(ctx, "extension-shoot-falco-service", metav1.GetOptions{})
		Expect(err).NotTo(HaveOccurred())
		Expect(lostFields(obj, got.Object)).To(BeEmpty())
	})
})
