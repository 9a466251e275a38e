// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package upstream_test

import (
	"encoding/json"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/yaml"

	"github.com/gep-78/gardener/pkg/apis/extensions/crds"
	"github.com/gep-78/gardener/test/upstream"
)

var extensionsGVR = schema.GroupVersionResource{Group: "extensions.gardener.cloud", Version: "v1alpha1", Resource: "extensions"}

// fullExtension is a seed Extension with every field of Gardener's CRD set, spec and status, as
// Gardener's extension library writes them.
const fullExtension = `apiVersion: extensions.gardener.cloud/v1alpha1
kind: Extension
metadata:
  name: shoot-falco-service
  namespace: shoot--dev--crd
spec:
  type: shoot-falco-service
  class: shoot
  providerConfig:
    apiVersion: falco.extensions.gardener.cloud/v1alpha1
    kind: FalcoServiceConfig
    autoUpdate: true
status:
  observedGeneration: 1
  providerStatus:
    apiVersion: falco.extensions.gardener.cloud/v1alpha1
    kind: FalcoStatus
    deployed: true
  state:
    certificates:
      ca: created
  resources:
  - name: falco-ca
    resourceRef:
      apiVersion: v1
      kind: Secret
      name: falco-ca
  lastError:
    description: quota exceeded
    taskID: deploy-falco
    codes: [ERR_INFRA_QUOTA_EXCEEDED]
    lastUpdateTime: "2026-12-01T10:00:00Z"
  lastOperation:
    description: Reconciling Extension
    lastUpdateTime: "2026-12-01T10:00:00Z"
    progress: 50
    state: Error
    type: Reconcile
  conditions:
  - type: ControlPlaneHealthy
    status: "False"
    lastTransitionTime: "2026-12-01T10:00:00Z"
    lastUpdateTime: "2026-12-01T10:00:00Z"
    reason: DeploymentUnhealthy
    message: falco is not ready
    codes: [ERR_CONFIGURATION_PROBLEM]
`

// installCRD applies a CRD with kubectl apply --server-side --force-conflicts and waits until
// it is established with the given schema.
func installCRD(manifest []byte) {
	_, stderr, err := kubectl(manifest, "apply", "--server-side", "--force-conflicts", "-f", "-")
	Expect(err).NotTo(HaveOccurred(), stderr)
	crd := &apiextensionsv1.CustomResourceDefinition{}
	Expect(yaml.Unmarshal(manifest, crd)).To(Succeed())
	_, stderr, err = kubectl(nil, "wait", "--for=condition=Established", "--timeout=30s", "crd/"+crd.Name)
	Expect(err).NotTo(HaveOccurred(), stderr)
}

// writeExtension creates the Extension (spec) and writes its status, then reads it back as JSON.
func writeExtension(manifest string) map[string]interface{} {
	obj := &unstructured.Unstructured{Object: toJSONMap([]byte(manifest))}
	client := dynamicClient.Resource(extensionsGVR).Namespace(obj.GetNamespace())
	_ = client.Delete(ctx, obj.GetName(), metav1.DeleteOptions{})
	Eventually(func() error {
		created, err := client.Create(ctx, obj.DeepCopy(), metav1.CreateOptions{FieldValidation: "Strict"})
		if err != nil {
			return err
		}
		obj.SetResourceVersion(created.GetResourceVersion())
		return nil
	}).Should(Succeed())
	_, err := client.UpdateStatus(ctx, obj, metav1.UpdateOptions{})
	Expect(err).NotTo(HaveOccurred())
	got, err := client.Get(ctx, obj.GetName(), metav1.GetOptions{})
	Expect(err).NotTo(HaveOccurred())
	return got.Object
}

var _ = Describe("Gardener's seed Extension CRD ("+upstream.ExtensionCRD+")", Ordered, func() {
	BeforeAll(func() {
		ensureNamespace("shoot--dev--crd")
		DeferCleanup(func() {
			Expect(kubeClient.CoreV1().Namespaces().Delete(ctx, "shoot--dev--crd", metav1.DeleteOptions{})).To(Succeed())
		})
	})

	It("is applied through kube-apiserver with strict field validation and reads back with every field it sets", func() {
		manifest := upstream.MustRead(upstream.ExtensionCRD)
		installCRD(manifest)
		raw, err := kubeClient.CoreV1().RESTClient().Get().AbsPath("/apis/apiextensions.k8s.io/v1/customresourcedefinitions/extensions.extensions.gardener.cloud").DoRaw(ctx)
		Expect(err).NotTo(HaveOccurred())
		var readBack map[string]interface{}
		Expect(json.Unmarshal(raw, &readBack)).To(Succeed())
		Expect(lostFields(toJSONMap(manifest), readBack)).To(BeEmpty())

		By("keeping an Extension written the way Gardener's extension library writes it")
		Expect(lostFields(toJSONMap([]byte(fullExtension)), writeExtension(fullExtension))).To(BeEmpty())
	})

	It("is replaced by this project's CRD, which keeps the same Extension and adds spec.components", func() {
		installCRD(crds.ExtensionCRD())
		obj := toJSONMap([]byte(fullExtension))
		obj["spec"].(map[string]interface{})["components"] = []interface{}{
			map[string]interface{}{"name": "falco", "version": "0.44.1", "providerConfig": map[string]interface{}{"rulesVersion": "4.0.0"}},
		}
		manifest, err := yaml.Marshal(obj)
		Expect(err).NotTo(HaveOccurred())
		Expect(lostFields(obj, writeExtension(string(manifest)))).To(BeEmpty())

		By("refusing to change spec.class")
		client := dynamicClient.Resource(extensionsGVR).Namespace("shoot--dev--crd")
		got, err := client.Get(ctx, "shoot-falco-service", metav1.GetOptions{})
		Expect(err).NotTo(HaveOccurred())
		Expect(unstructured.SetNestedField(got.Object, "seed", "spec", "class")).To(Succeed())
		_, err = client.Update(ctx, got, metav1.UpdateOptions{})
		Expect(err).To(MatchError(ContainSubstring("Value is immutable")))
	})
})
