// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package upstream_test

import (
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime/schema"

	"github.com/gep-78/gardener/pkg/apis/extensions/crds"
)

var containerRuntimesGVR = schema.GroupVersionResource{Group: "extensions.gardener.cloud", Version: "v1alpha1", Resource: "containerruntimes"}

// fullContainerRuntime is a seed ContainerRuntime with every field of Gardener's spec set, as
// gardenlet writes it for a pool, and the per-pool spec.components.
const fullContainerRuntime = `apiVersion: extensions.gardener.cloud/v1alpha1
kind: ContainerRuntime
metadata:
  name: sandbox-gvisor
  namespace: shoot--dev--cr
spec:
  type: gvisor
  class: shoot
  binaryPath: /var/bin/containerruntimes
  providerConfig:
    apiVersion: gvisor.os.extensions.gardener.cloud/v1alpha1
    kind: GVisorConfiguration
    configFlags:
      net-raw: "true"
  workerPool:
    name: sandbox
    selector:
      matchLabels:
        worker.gardener.cloud/pool: sandbox
      matchExpressions:
      - key: containerruntime.worker.gardener.cloud/gvisor
        operator: In
        values: ["true"]
  components:
  - name: runsc
    version: "20260101.0"
    providerConfig:
      platform: systrap
status:
  observedGeneration: 1
  lastOperation:
    description: Reconciling ContainerRuntime
    lastUpdateTime: "2026-12-01T10:00:00Z"
    progress: 100
    state: Succeeded
    type: Reconcile
`

var _ = Describe("The seed ContainerRuntime CRD", Ordered, func() {
	BeforeAll(func() {
		ensureNamespace("shoot--dev--cr")
		DeferCleanup(func() {
			Expect(kubeClient.CoreV1().Namespaces().Delete(ctx, "shoot--dev--cr", metav1.DeleteOptions{})).To(Succeed())
		})
		installCRD(crds.ContainerRuntimeCRD())
	})

	It("keeps a ContainerRuntime with Gardener's fields and spec.components, status included", func() {
		obj := &unstructured.Unstructured{Object: toJSONMap([]byte(fullContainerRuntime))}
		client := dynamicClient.Resource(containerRuntimesGVR).Namespace(obj.GetNamespace())
		var created *unstructured.Unstructured
		Eventually(func() (err error) {
			created, err = client.Create(ctx, obj.DeepCopy(), metav1.CreateOptions{FieldValidation: "Strict"})
			return err
		}).Should(Succeed())
		obj.SetResourceVersion(created.GetResourceVersion())
		_, err := client.UpdateStatus(ctx, obj, metav1.UpdateOptions{})
		Expect(err).NotTo(HaveOccurred())
		got, err := client.Get(ctx, obj.GetName(), metav1.GetOptions{})
		Expect(err).NotTo(HaveOccurred())
		Expect(lostFields(toJSONMap([]byte(fullContainerRuntime)), got.Object)).To(BeEmpty())

		By("refusing a component without a version")
		Expect(unstructured.SetNestedSlice(got.Object, []interface{}{map[string]interface{}{"name": "runsc"}}, "spec", "components")).To(Succeed())
		_, err = client.Update(ctx, got, metav1.UpdateOptions{})
		Expect(err).To(MatchError(ContainSubstring("spec.components[0].version: Required value")))
	})
})
