// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package shootfalcoservice_test

import (
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/yaml"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	extensionsv1alpha1 "github.com/gep-78/gardener/pkg/apis/extensions/v1alpha1"
	"github.com/gep-78/gardener/pkg/shoot-falco-service/controller/extension"
	"github.com/gep-78/gardener/pkg/shoot-falco-service/falco"
	"github.com/gep-78/gardener/test/examples"
)

// operation is the part of a lastOperation the tests compare (not lastUpdateTime).
type operation struct {
	Type        gardencorev1beta1.LastOperationType
	State       gardencorev1beta1.LastOperationState
	Progress    int32
	Description string
}

func operationOf(ext *extensionsv1alpha1.Extension) operation {
	if ext.Status.LastOperation == nil {
		return operation{}
	}
	last := ext.Status.LastOperation
	return operation{last.Type, last.State, last.Progress, last.Description}
}

var _ = Describe("shoot-falco-service extension controller", func() {
	var written, reconciled *extensionsv1alpha1.Extension

	BeforeEach(func() {
		data, err := examples.Read("seed-extension-shoot-falco-service.yaml")
		Expect(err).NotTo(HaveOccurred())
		first, second, found := strings.Cut(string(data), "\n---\n")
		Expect(found).To(BeTrue())
		written, reconciled = &extensionsv1alpha1.Extension{}, &extensionsv1alpha1.Extension{}
		Expect(yaml.Unmarshal([]byte(first), written)).To(Succeed())
		Expect(yaml.Unmarshal([]byte(second), reconciled)).To(Succeed())
		// What gardenlet creates: no status, and the API server owns generation.
		written.Status = extensionsv1alpha1.ExtensionStatus{}
		written.Generation = 0
	})

	// createNamespace creates the shoot's seed namespace, as gardenlet does, and removes it after
	// the test.
	createNamespace := func(name string) {
		GinkgoHelper()
		namespace := &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: name}}
		Expect(testClient.Create(ctx, namespace)).To(Succeed())
		DeferCleanup(func() {
			Expect(client.IgnoreNotFound(testClient.Delete(ctx, namespace))).To(Succeed())
		})
	}
	get := func(obj client.Object) func() (client.Object, error) {
		return func() (client.Object, error) {
			err := testClient.Get(ctx, client.ObjectKeyFromObject(obj), obj)
			return obj, err
		}
	}
	deploymentIn := func(namespace string) *appsv1.Deployment {
		return &appsv1.Deployment{ObjectMeta: metav1.ObjectMeta{Namespace: namespace, Name: falco.DeploymentName}}
	}
	configMapIn := func(namespace string) *corev1.ConfigMap {
		return &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Namespace: namespace, Name: falco.ConfigMapName}}
	}
	image := func(deployment *appsv1.Deployment) string {
		if len(deployment.Spec.Template.Spec.Containers) == 0 {
			return ""
		}
		return deployment.Spec.Template.Spec.Containers[0].Image
	}
	// pin replaces the components as gardenlet does on a new resolved version: spec and the
	// operation annotation in one write.
	pin := func(ext *extensionsv1alpha1.Extension, components []extensionsv1alpha1.ExtensionComponent) {
		GinkgoHelper()
		patch := client.MergeFrom(ext.DeepCopy())
		ext.Spec.Components = components
		metav1.SetMetaDataAnnotation(&ext.ObjectMeta, extension.AnnotationOperation, extension.OperationReconcile)
		Expect(testClient.Patch(ctx, ext, patch)).To(Succeed())
	}

	It("reconciles the shared example to the second document, follows version changes and cleans up on deletion", func() {
		createNamespace(written.Namespace)
		ext := written.DeepCopy()

		By("Create the Extension exactly as gardenlet wrote it (first document, without status)")
		Expect(testClient.Create(ctx, ext)).To(Succeed())

		By("Wait for the status of the second document")
		Eventually(func(g Gomega) {
			g.Expect(testClient.Get(ctx, client.ObjectKeyFromObject(ext), ext)).To(Succeed())
			g.Expect(operationOf(ext)).To(Equal(operationOf(reconciled)))
			g.Expect(ext.Status.ObservedGeneration).To(Equal(ext.Generation))
			g.Expect(ext.Finalizers).To(Equal(reconciled.Finalizers))
			g.Expect(ext.Annotations).To(Equal(reconciled.Annotations))
		}).Should(Succeed())
		Expect(operationOf(reconciled)).To(Equal(operation{"Reconcile", "Succeeded", 100, "Successfully reconciled Extension"}))
		Expect(ext.Spec).To(Equal(reconciled.Spec))

		By("Check the deployed falco")
		deployment := deploymentIn(ext.Namespace)
		Expect(testClient.Get(ctx, client.ObjectKeyFromObject(deployment), deployment)).To(Succeed())
		Expect(image(deployment)).To(Equal("falcosecurity/falco:0.44.1"))
		Expect(deployment.Labels).To(HaveKeyWithValue("app.kubernetes.io/version", "0.44.1"))
		configMap := configMapIn(ext.Namespace)
		Expect(testClient.Get(ctx, client.ObjectKeyFromObject(configMap), configMap)).To(Succeed())
		Expect(configMap.Data).To(Equal(map[string]string{"version": "0.44.1", "rulesVersion": "0.44.0", "containerPlugin": "true"}))

		By("gardenlet redeploys the unchanged Extension: the controller reconciles and changes no object")
		deploymentVersion, configMapVersion := deployment.ResourceVersion, configMap.ResourceVersion
		lastUpdate := ext.Status.LastOperation.LastUpdateTime
		patch := client.MergeFrom(ext.DeepCopy())
		metav1.SetMetaDataAnnotation(&ext.ObjectMeta, extension.AnnotationOperation, extension.OperationReconcile)
		Expect(testClient.Patch(ctx, ext, patch)).To(Succeed())
		Eventually(get(ext)).Should(HaveField("ObjectMeta.Annotations", Not(HaveKey(extension.AnnotationOperation))))
		Expect(operationOf(ext)).To(Equal(operationOf(reconciled)))
		Expect(ext.Status.LastOperation.LastUpdateTime.Time).NotTo(BeTemporally("<", lastUpdate.Time))
		Expect(testClient.Get(ctx, client.ObjectKeyFromObject(deployment), deployment)).To(Succeed())
		Expect(deployment.ResourceVersion).To(Equal(deploymentVersion), "server-side apply of an unchanged Deployment is a no-op")
		Expect(testClient.Get(ctx, client.ObjectKeyFromObject(configMap), configMap)).To(Succeed())
		Expect(configMap.ResourceVersion).To(Equal(configMapVersion))

		By("gardenlet writes a new resolved version (maintenance moved falco to 0.42.1)")
		pin(ext, []extensionsv1alpha1.ExtensionComponent{{
			Name: "falco", Version: "0.42.1",
			ProviderConfig: &runtime.RawExtension{Raw: []byte(`{"apiVersion":"falco.extensions.gardener.cloud/v1alpha1","kind":"FalcoComponentConfig","rulesVersion":"0.42.1","containerPlugin":true}`)},
		}})
		Eventually(func(g Gomega) {
			g.Expect(testClient.Get(ctx, client.ObjectKeyFromObject(deployment), deployment)).To(Succeed())
			g.Expect(image(deployment)).To(Equal("falcosecurity/falco:0.42.1"))
			g.Expect(deployment.Labels).To(HaveKeyWithValue("app.kubernetes.io/version", "0.42.1"))
			g.Expect(testClient.Get(ctx, client.ObjectKeyFromObject(configMap), configMap)).To(Succeed())
			g.Expect(configMap.Data).To(HaveKeyWithValue("rulesVersion", "0.42.1"))
			g.Expect(testClient.Get(ctx, client.ObjectKeyFromObject(ext), ext)).To(Succeed())
			g.Expect(ext.Status.ObservedGeneration).To(Equal(ext.Generation))
			g.Expect(operationOf(ext).State).To(Equal(gardencorev1beta1.LastOperationStateSucceeded))
			g.Expect(ext.Annotations).NotTo(HaveKey(extension.AnnotationOperation))
		}).Should(Succeed())

		By("Delete the Extension as gardenlet does on shoot deletion")
		Expect(testClient.Delete(ctx, ext)).To(Succeed())
		Eventually(func() error { return testClient.Get(ctx, client.ObjectKeyFromObject(ext), ext) }).Should(Satisfy(apierrors.IsNotFound))
		Expect(testClient.Get(ctx, client.ObjectKeyFromObject(deployment), deployment)).To(Satisfy(apierrors.IsNotFound))
		Expect(testClient.Get(ctx, client.ObjectKeyFromObject(configMap), configMap)).To(Satisfy(apierrors.IsNotFound))
	})

	It("reports a missing falco component as Error, deploys nothing, and recovers once gardenlet writes a version", func() {
		ext := written.DeepCopy()
		ext.Namespace = "shoot--dev--no-pin"
		ext.Spec.Components = nil
		createNamespace(ext.Namespace)
		Expect(testClient.Create(ctx, ext)).To(Succeed())

		Eventually(get(ext)).Should(WithTransform(func(obj client.Object) operation {
			return operationOf(obj.(*extensionsv1alpha1.Extension))
		}, Equal(operation{"Reconcile", "Error", 50,
			`extension shoot-falco-service/shoot--dev--no-pin has no resolved version for component "falco" in spec.components (pin one in Shoot.spec.extensions[].components[])`})))
		Expect(ext.Annotations).To(HaveKeyWithValue(extension.AnnotationOperation, extension.OperationReconcile))
		Expect(ext.Status.LastError).NotTo(BeNil(), "the CRD keeps status.lastError")
		Expect(ext.Status.LastError.Codes).To(ConsistOf(gardencorev1beta1.ErrorConfigurationProblem))
		Consistently(func() error {
			return testClient.Get(ctx, client.ObjectKeyFromObject(deploymentIn(ext.Namespace)), &appsv1.Deployment{})
		}).Should(Satisfy(apierrors.IsNotFound))

		By("gardenlet writes the resolved version")
		pin(ext, written.Spec.Components)
		Eventually(func(g Gomega) {
			deployment := deploymentIn(ext.Namespace)
			g.Expect(testClient.Get(ctx, client.ObjectKeyFromObject(deployment), deployment)).To(Succeed())
			g.Expect(image(deployment)).To(Equal("falcosecurity/falco:0.44.1"))
			g.Expect(testClient.Get(ctx, client.ObjectKeyFromObject(ext), ext)).To(Succeed())
			g.Expect(operationOf(ext)).To(Equal(operationOf(reconciled)))
			g.Expect(ext.Status.LastError).To(BeNil())
		}).Should(Succeed())

		Expect(testClient.Delete(ctx, ext)).To(Succeed())
		Eventually(func() error { return testClient.Get(ctx, client.ObjectKeyFromObject(ext), ext) }).Should(Satisfy(apierrors.IsNotFound))
	})

	It("leaves Extensions of other types alone", func() {
		ext := written.DeepCopy()
		ext.Namespace = "shoot--dev--traefik"
		ext.Name = "shoot-traefik"
		ext.Spec.Type = "shoot-traefik"
		createNamespace(ext.Namespace)
		Expect(testClient.Create(ctx, ext)).To(Succeed())

		Consistently(func(g Gomega) {
			g.Expect(testClient.Get(ctx, client.ObjectKeyFromObject(ext), ext)).To(Succeed())
			g.Expect(ext.Status.LastOperation).To(BeNil())
			g.Expect(ext.Finalizers).To(BeEmpty())
			g.Expect(testClient.Get(ctx, client.ObjectKeyFromObject(deploymentIn(ext.Namespace)), &appsv1.Deployment{})).To(Satisfy(apierrors.IsNotFound))
		}).Should(Succeed())
		Expect(testClient.Delete(ctx, ext)).To(Succeed())
	})
})
