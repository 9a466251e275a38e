// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package extension_test

import (
	"context"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/runtime"
	testclock "k8s.io/utils/clock/testing"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/client"
	fakeclient "sigs.k8s.io/controller-runtime/pkg/client/fake"
	"sigs.k8s.io/controller-runtime/pkg/client/interceptor"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	extensionsv1alpha1 "github.com/gep-78/gardener/pkg/apis/extensions/v1alpha1"
	"github.com/gep-78/gardener/pkg/client/kubernetes"
	. "github.com/gep-78/gardener/pkg/shoot-falco-service/controller/extension"
	"github.com/gep-78/gardener/pkg/shoot-falco-service/falco"
)

// operation is the part of a lastOperation a test compares.
type operation struct {
	Type        gardencorev1beta1.LastOperationType
	State       gardencorev1beta1.LastOperationState
	Progress    int32
	Description string
}

var _ = Describe("Reconciler", func() {
	const namespace = "shoot--dev--falco-traefik-eval"

	var (
		ctx        context.Context
		c          client.Client
		fakeClock  *testclock.FakeClock
		reconciler *Reconciler
		ext        *extensionsv1alpha1.Extension
		reconciled *extensionsv1alpha1.Extension
		request    reconcile.Request
		// statusWrites records every lastOperation the reconciler wrote, in order.
		statusWrites []operation
	)

	BeforeEach(func() {
		ctx = context.Background()
		statusWrites = nil
		ext, reconciled = exampleExtensions()
		request = reconcile.Request{NamespacedName: client.ObjectKeyFromObject(ext)}
		fakeClock = testclock.NewFakeClock(time.Date(2026, 11, 29, 9, 14, 21, 0, time.UTC))
	})

	// start builds the fake seed with objs and the reconciler.
	start := func(objs ...client.Object) {
		c = fakeclient.NewClientBuilder().
			WithScheme(kubernetes.SeedScheme).
			WithStatusSubresource(&extensionsv1alpha1.Extension{}).
			WithObjects(objs...).
			WithInterceptorFuncs(interceptor.Funcs{
				SubResourcePatch: func(ctx context.Context, cl client.Client, subResource string, obj client.Object, patch client.Patch, opts ...client.SubResourcePatchOption) error {
					if e, ok := obj.(*extensionsv1alpha1.Extension); ok && e.Status.LastOperation != nil {
						last := e.Status.LastOperation
						statusWrites = append(statusWrites, operation{last.Type, last.State, last.Progress, last.Description})
					}
					return cl.SubResource(subResource).Patch(ctx, obj, patch, opts...)
				},
			}).
			Build()
		reconciler = &Reconciler{Client: c, Decoder: NewDecoder(), Clock: fakeClock}
	}

	getExtension := func() *extensionsv1alpha1.Extension {
		GinkgoHelper()
		obj := &extensionsv1alpha1.Extension{}
		Expect(c.Get(ctx, request.NamespacedName, obj)).To(Succeed())
		return obj
	}
	getDeployment := func() *appsv1.Deployment {
		GinkgoHelper()
		obj := &appsv1.Deployment{}
		Expect(c.Get(ctx, client.ObjectKey{Namespace: namespace, Name: falco.DeploymentName}, obj)).To(Succeed())
		return obj
	}
	getConfigMap := func() *corev1.ConfigMap {
		GinkgoHelper()
		obj := &corev1.ConfigMap{}
		Expect(c.Get(ctx, client.ObjectKey{Namespace: namespace, Name: falco.ConfigMapName}, obj)).To(Succeed())
		return obj
	}
	expectNoFalcoObjects := func() {
		GinkgoHelper()
		Expect(c.Get(ctx, client.ObjectKey{Namespace: namespace, Name: falco.DeploymentName}, &appsv1.Deployment{})).To(BeNotFoundError())
		Expect(c.Get(ctx, client.ObjectKey{Namespace: namespace, Name: falco.ConfigMapName}, &corev1.ConfigMap{})).To(BeNotFoundError())
	}
	reconcileOK := func() {
		GinkgoHelper()
		Expect(reconciler.Reconcile(ctx, request)).To(Equal(reconcile.Result{}))
	}
	// setComponent replaces the falco component as gardenlet would on a new pin, annotation included.
	setComponent := func(version, providerConfig string) {
		GinkgoHelper()
		obj := getExtension()
		obj.Spec.Components = []extensionsv1alpha1.ExtensionComponent{{Name: "falco", Version: version}}
		if providerConfig != "" {
			obj.Spec.Components[0].ProviderConfig = &runtime.RawExtension{Raw: []byte(providerConfig)}
		}
		obj.Annotations[AnnotationOperation] = OperationReconcile
		Expect(c.Update(ctx, obj)).To(Succeed())
	}

	Context("an Extension as gardenlet writes it (the shared example)", func() {
		BeforeEach(func() { start(ext) })

		It("deploys falco at the resolved version and reports the status of the second document", func() {
			reconcileOK()

			deployment := getDeployment()
			Expect(deployment.Spec.Template.Spec.Containers).To(HaveLen(1))
			Expect(deployment.Spec.Template.Spec.Containers[0].Image).To(Equal("falcosecurity/falco:0.44.1"))
			Expect(deployment.Labels).To(HaveKeyWithValue("app.kubernetes.io/version", "0.44.1"))
			Expect(deployment.Spec.Template.Labels).To(HaveKeyWithValue("app.kubernetes.io/version", "0.44.1"))
			Expect(deployment.Spec.Selector.MatchLabels).To(Equal(map[string]string{"app.kubernetes.io/name": "falco"}))
			Expect(deployment.Spec.Replicas).To(Equal(ptr.To[int32](0)))

			obj := getExtension()
			Expect(obj.Finalizers).To(Equal(reconciled.Finalizers))
			Expect(obj.Annotations).To(Equal(reconciled.Annotations), "the operation annotation is removed, the timestamp kept")
			Expect(obj.Spec).To(Equal(ext.Spec))
			Expect(obj.Status.ObservedGeneration).To(Equal(obj.Generation))
			last := obj.Status.LastOperation
			Expect(operation{last.Type, last.State, last.Progress, last.Description}).To(Equal(operation{
				reconciled.Status.LastOperation.Type, reconciled.Status.LastOperation.State,
				reconciled.Status.LastOperation.Progress, reconciled.Status.LastOperation.Description,
			}))
			Expect(last.LastUpdateTime.Time).To(BeTemporally("==", fakeClock.Now()))

			Expect(statusWrites).To(Equal([]operation{
				{gardencorev1beta1.LastOperationTypeReconcile, gardencorev1beta1.LastOperationStateProcessing, 0, "Reconciling Extension"},
				{gardencorev1beta1.LastOperationTypeReconcile, gardencorev1beta1.LastOperationStateSucceeded, 100, "Successfully reconciled Extension"},
			}))
		})

		It("reflects the component's providerConfig in the falco-config ConfigMap", func() {
			reconcileOK()
			Expect(getConfigMap().Data).To(Equal(map[string]string{"version": "0.44.1", "rulesVersion": "0.44.0", "containerPlugin": "true"}))
		})

		It("updates the Deployment image, labels and ConfigMap when the resolved version changes", func() {
			reconcileOK()
			checksumBefore := getDeployment().Spec.Template.Annotations[falco.AnnotationConfigChecksum]

			setComponent("0.42.1", `{"apiVersion":"falco.extensions.gardener.cloud/v1alpha1","kind":"FalcoComponentConfig","rulesVersion":"0.42.1","containerPlugin":true}`)
			reconcileOK()

			deployment := getDeployment()
			Expect(deployment.Spec.Template.Spec.Containers[0].Image).To(Equal("falcosecurity/falco:0.42.1"))
			Expect(deployment.Labels).To(HaveKeyWithValue("app.kubernetes.io/version", "0.42.1"))
			Expect(deployment.Spec.Template.Annotations[falco.AnnotationConfigChecksum]).NotTo(Equal(checksumBefore))
			Expect(getConfigMap().Data).To(Equal(map[string]string{"version": "0.42.1", "rulesVersion": "0.42.1", "containerPlugin": "true"}))

			obj := getExtension()
			Expect(obj.Status.ObservedGeneration).To(Equal(obj.Generation))
			Expect(obj.Status.LastOperation.State).To(Equal(gardencorev1beta1.LastOperationStateSucceeded))
			Expect(obj.Annotations).NotTo(HaveKey(AnnotationOperation))
		})

		It("reconciles again without an operation annotation to the same objects", func() {
			reconcileOK()
			deployment, configMap := getDeployment(), getConfigMap()
			reconcileOK()
			// The fake client bumps resourceVersion on every apply; the integration test checks
			// that a real API server keeps it.
			Expect(getDeployment().Spec).To(Equal(deployment.Spec))
			Expect(getConfigMap().Data).To(Equal(configMap.Data))
			Expect(getExtension().Status.LastOperation.State).To(Equal(gardencorev1beta1.LastOperationStateSucceeded))
		})

		DescribeTable("fails with lastOperation Error, deploys nothing and keeps the annotation",
			func(mutate func(*extensionsv1alpha1.Extension), message string) {
				obj := getExtension()
				mutate(obj)
				Expect(c.Update(ctx, obj)).To(Succeed())

				_, err := reconciler.Reconcile(ctx, request)
				Expect(err).To(MatchError(message), "an error makes the work queue retry with backoff")

				expectNoFalcoObjects()
				obj = getExtension()
				Expect(obj.Finalizers).To(ConsistOf(FinalizerName))
				Expect(obj.Annotations).To(HaveKeyWithValue(AnnotationOperation, OperationReconcile))
				Expect(obj.Status.ObservedGeneration).To(Equal(obj.Generation))
				Expect(statusWrites).To(Equal([]operation{
					{gardencorev1beta1.LastOperationTypeReconcile, gardencorev1beta1.LastOperationStateProcessing, 0, "Reconciling Extension"},
					{gardencorev1beta1.LastOperationTypeReconcile, gardencorev1beta1.LastOperationStateError, 50, message},
				}))

				Expect(obj.Status.LastError).NotTo(BeNil())
				Expect(obj.Status.LastError.Description).To(Equal(message))
				Expect(obj.Status.LastError.Codes).To(ConsistOf(gardencorev1beta1.ErrorConfigurationProblem))
				Expect(obj.Status.LastError.LastUpdateTime).NotTo(BeNil())

				By("retrying with the same outcome")
				_, err = reconciler.Reconcile(ctx, request)
				Expect(err).To(MatchError(message))
				expectNoFalcoObjects()
				Expect(getExtension().Status.LastOperation.State).To(Equal(gardencorev1beta1.LastOperationStateError))
				Expect(getExtension().Status.LastError).To(HaveField("Description", message))

				By("succeeding once the Extension is fixed, which clears lastError")
				setComponent("0.44.1", "")
				reconcileOK()
				Expect(getExtension().Status.LastOperation.State).To(Equal(gardencorev1beta1.LastOperationStateSucceeded))
				Expect(getExtension().Status.LastError).To(BeNil())
			},
			Entry("no spec.components (the Shoot pins no falco version)",
				func(obj *extensionsv1alpha1.Extension) { obj.Spec.Components = nil },
				`extension shoot-falco-service/shoot--dev--falco-traefik-eval has no resolved version for component "falco" in spec.components (pin one in Shoot.spec.extensions[].components[])`),
			Entry("only another component",
				func(obj *extensionsv1alpha1.Extension) { obj.Spec.Components[0].Name = "falcosidekick" },
				`extension shoot-falco-service/shoot--dev--falco-traefik-eval has no resolved version for component "falco" in spec.components (pin one in Shoot.spec.extensions[].components[])`),
			Entry("a providerConfig with an unknown field",
				func(obj *extensionsv1alpha1.Extension) {
					obj.Spec.Components[0].ProviderConfig = &runtime.RawExtension{Raw: []byte(`{"apiVersion":"falco.extensions.gardener.cloud/v1alpha1","kind":"FalcoComponentConfig","rulesVersion":"0.44.0","plugins":["container"]}`)}
				},
				`spec.components[0].providerConfig: cannot decode the providerConfig of component "falco": strict decoding error: unknown field "plugins"`),
			Entry("a simulated failure of the version, with its description and codes",
				func(obj *extensionsv1alpha1.Extension) {
					obj.Spec.Components[0].ProviderConfig = &runtime.RawExtension{Raw: []byte(`{"apiVersion":"falco.extensions.gardener.cloud/v1alpha1","kind":"FalcoComponentConfig","simulateFailure":{"description":"falco crashes on start","codes":["ERR_CONFIGURATION_PROBLEM"]}}`)}
				},
				`falco crashes on start`),
			Entry("a simulated failure without description",
				func(obj *extensionsv1alpha1.Extension) {
					obj.Spec.Components[0].ProviderConfig = &runtime.RawExtension{Raw: []byte(`{"apiVersion":"falco.extensions.gardener.cloud/v1alpha1","kind":"FalcoComponentConfig","simulateFailure":{"codes":["ERR_CONFIGURATION_PROBLEM"]}}`)}
				},
				`simulated failure of falco 0.44.1`),
		)

		It("keeps the deployed version when the component disappears later", func() {
			reconcileOK()
			obj := getExtension()
			obj.Spec.Components = nil
			Expect(c.Update(ctx, obj)).To(Succeed())

			_, err := reconciler.Reconcile(ctx, request)
			Expect(err).To(HaveOccurred())
			Expect(getDeployment().Spec.Template.Spec.Containers[0].Image).To(Equal("falcosecurity/falco:0.44.1"))
			Expect(getExtension().Status.LastOperation.State).To(Equal(gardencorev1beta1.LastOperationStateError))
		})

		It("deletes the falco objects and removes the finalizer when the Extension is deleted", func() {
			reconcileOK()
			getDeployment()
			statusWrites = nil

			Expect(c.Delete(ctx, getExtension())).To(Succeed())
			Expect(getExtension().DeletionTimestamp).NotTo(BeNil(), "the finalizer holds the object")
			reconcileOK()

			expectNoFalcoObjects()
			Expect(c.Get(ctx, request.NamespacedName, &extensionsv1alpha1.Extension{})).To(BeNotFoundError())
			Expect(statusWrites).To(Equal([]operation{
				{gardencorev1beta1.LastOperationTypeDelete, gardencorev1beta1.LastOperationStateProcessing, 0, "Deleting Extension"},
				{gardencorev1beta1.LastOperationTypeDelete, gardencorev1beta1.LastOperationStateSucceeded, 100, "Successfully deleted Extension"},
			}))
		})

		It("deletes an Extension whose falco objects were never deployed", func() {
			obj := getExtension()
			obj.Finalizers = []string{FinalizerName}
			Expect(c.Update(ctx, obj)).To(Succeed())
			Expect(c.Delete(ctx, obj)).To(Succeed())

			reconcileOK()
			Expect(c.Get(ctx, request.NamespacedName, &extensionsv1alpha1.Extension{})).To(BeNotFoundError())
		})
	})

	DescribeTable("writes the rules version and container plugin of the providerConfig into the ConfigMap",
		func(providerConfig string, want map[string]string) {
			ext.Spec.Components[0].Version = "0.41.3"
			ext.Spec.Components[0].ProviderConfig = nil
			if providerConfig != "" {
				ext.Spec.Components[0].ProviderConfig = &runtime.RawExtension{Raw: []byte(providerConfig)}
			}
			start(ext)
			reconcileOK()
			Expect(getConfigMap().Data).To(Equal(want))
			Expect(getDeployment().Spec.Template.Spec.Containers[0].Image).To(Equal("falcosecurity/falco:0.41.3"))
		},
		Entry("the profile entry of falco 0.41.3",
			`{"apiVersion":"falco.extensions.gardener.cloud/v1alpha1","kind":"FalcoComponentConfig","rulesVersion":"4.0.0","containerPlugin":true}`,
			map[string]string{"version": "0.41.3", "rulesVersion": "4.0.0", "containerPlugin": "true"}),
		Entry("container plugin off",
			`{"apiVersion":"falco.extensions.gardener.cloud/v1alpha1","kind":"FalcoComponentConfig","rulesVersion":"4.0.0","containerPlugin":false}`,
			map[string]string{"version": "0.41.3", "rulesVersion": "4.0.0", "containerPlugin": "false"}),
		Entry("no providerConfig: the rules of the falco version, no container plugin", "",
			map[string]string{"version": "0.41.3", "rulesVersion": "0.41.3", "containerPlugin": "false"}),
		Entry("a providerConfig without rulesVersion",
			`{"apiVersion":"falco.extensions.gardener.cloud/v1alpha1","kind":"FalcoComponentConfig","containerPlugin":true}`,
			map[string]string{"version": "0.41.3", "rulesVersion": "0.41.3", "containerPlugin": "true"}),
	)

	DescribeTable("leaves Extensions of other types and classes alone",
		func(extensionType string, class *extensionsv1alpha1.ExtensionClass) {
			ext.Spec.Type = extensionType
			ext.Spec.Class = class
			start(ext)

			reconcileOK()

			obj := getExtension()
			Expect(obj.Finalizers).To(BeEmpty())
			Expect(obj.Annotations).To(HaveKeyWithValue(AnnotationOperation, OperationReconcile))
			Expect(obj.Status).To(Equal(extensionsv1alpha1.ExtensionStatus{}))
			expectNoFalcoObjects()
			Expect(statusWrites).To(BeEmpty())
		},
		Entry("another type", "shoot-traefik", nil),
		Entry("class seed", "shoot-falco-service", ptr.To(extensionsv1alpha1.ExtensionClassSeed)),
		Entry("class garden", "shoot-falco-service", ptr.To(extensionsv1alpha1.ExtensionClassGarden)),
	)

	It("reconciles an Extension of class shoot", func() {
		ext.Spec.Class = ptr.To(extensionsv1alpha1.ExtensionClassShoot)
		start(ext)
		reconcileOK()
		Expect(getDeployment().Spec.Template.Spec.Containers[0].Image).To(Equal("falcosecurity/falco:0.44.1"))
	})

	It("stops when the Extension is gone", func() {
		start()
		reconcileOK()
		expectNoFalcoObjects()
	})
})

func BeNotFoundError() OmegaMatcher {
	return WithTransform(apierrors.IsNotFound, BeTrue())
}
