// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package containerruntime_test

import (
	"context"
	"errors"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	. "github.com/onsi/gomega/gstruct"
	appsv1 "k8s.io/api/apps/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
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
	. "github.com/gep-78/gardener/pkg/runtime-gvisor/controller/containerruntime"
	"github.com/gep-78/gardener/pkg/runtime-gvisor/gvisor"
)

const namespace = "shoot--dev--sandbox"

// containerRuntime returns the ContainerRuntime gardenlet writes for pool with runsc at version.
func containerRuntime(pool, version, providerConfig string) *extensionsv1alpha1.ContainerRuntime {
	cr := &extensionsv1alpha1.ContainerRuntime{
		ObjectMeta: metav1.ObjectMeta{
			Name:        "gvisor-" + pool,
			Namespace:   namespace,
			Generation:  1,
			Annotations: map[string]string{"gardener.cloud/operation": "reconcile"},
		},
		Spec: extensionsv1alpha1.ContainerRuntimeSpec{
			DefaultSpec: extensionsv1alpha1.DefaultSpec{Type: "gvisor"},
			BinaryPath:  extensionsv1alpha1.ContainerDRuntimeContainersBinFolder,
			WorkerPool: extensionsv1alpha1.ContainerRuntimeWorkerPool{
				Name:     pool,
				Selector: metav1.LabelSelector{MatchLabels: map[string]string{"worker.gardener.cloud/pool": pool}},
			},
		},
	}
	if version != "" {
		component := extensionsv1alpha1.ExtensionComponent{Name: "runsc", Version: version}
		if providerConfig != "" {
			component.ProviderConfig = &runtime.RawExtension{Raw: []byte(providerConfig)}
		}
		cr.Spec.Components = []extensionsv1alpha1.ExtensionComponent{component}
	}
	return cr
}

var _ = Describe("Reconciler", func() {
	var (
		ctx        = context.Background()
		c          client.Client
		fakeClock  *testclock.FakeClock
		reconciler *Reconciler
		applyErr   error
	)

	start := func(objs ...client.Object) {
		applyErr = nil
		c = fakeclient.NewClientBuilder().
			WithScheme(kubernetes.SeedScheme).
			WithStatusSubresource(&extensionsv1alpha1.ContainerRuntime{}).
			WithObjects(objs...).
			WithInterceptorFuncs(interceptor.Funcs{
				Apply: func(ctx context.Context, cl client.WithWatch, obj runtime.ApplyConfiguration, opts ...client.ApplyOption) error {
					if applyErr != nil {
						return applyErr
					}
					return cl.Apply(ctx, obj, opts...)
				},
			}).
			Build()
		fakeClock = testclock.NewFakeClock(time.Date(2026, 12, 5, 4, 30, 0, 0, time.UTC))
		reconciler = &Reconciler{Client: c, Decoder: NewDecoder(), Clock: fakeClock}
	}
	reconcileRuntime := func(name string) error {
		_, err := reconciler.Reconcile(ctx, reconcile.Request{NamespacedName: client.ObjectKey{Namespace: namespace, Name: name}})
		return err
	}
	get := func(name string) *extensionsv1alpha1.ContainerRuntime {
		GinkgoHelper()
		cr := &extensionsv1alpha1.ContainerRuntime{}
		Expect(c.Get(ctx, client.ObjectKey{Namespace: namespace, Name: name}, cr)).To(Succeed())
		return cr
	}
	daemonSet := func(name string) (*appsv1.DaemonSet, error) {
		ds := &appsv1.DaemonSet{}
		return ds, c.Get(ctx, client.ObjectKey{Namespace: namespace, Name: name}, ds)
	}

	It("installs each pool's runsc version with its own DaemonSet and reports success", func() {
		start(containerRuntime("sandbox", "20260101", ""), containerRuntime("sandbox-new", "20261101", `{"apiVersion":"gvisor.extensions.gardener.cloud/v1alpha1","kind":"RunscComponentConfig","platform":"kvm"}`))
		for pool, want := range map[string][2]string{"sandbox": {"20260101", "systrap"}, "sandbox-new": {"20261101", "kvm"}} {
			Expect(reconcileRuntime("gvisor-" + pool)).To(Succeed())
			ds, err := daemonSet("gvisor-" + pool)
			Expect(err).NotTo(HaveOccurred())
			Expect(ds.Labels).To(HaveKeyWithValue(gvisor.LabelVersion, want[0]))
			Expect(ds.Labels).To(HaveKeyWithValue(gvisor.LabelWorkerPool, pool))
			Expect(ds.Spec.Template.Spec.NodeSelector).To(Equal(map[string]string{"worker.gardener.cloud/pool": pool}))
			Expect(ds.Spec.Template.Spec.Containers[0].Image).To(Equal(gvisor.Image(want[0])))
			Expect(ds.Spec.Template.Spec.Containers[0].Args).To(ContainElement("--platform=" + want[1]))

			cr := get("gvisor-" + pool)
			Expect(cr.Finalizers).To(ConsistOf(FinalizerName))
			Expect(cr.Annotations).NotTo(HaveKey("gardener.cloud/operation"))
			Expect(cr.Status.ObservedGeneration).To(Equal(cr.Generation))
			Expect(cr.Status.LastError).To(BeNil())
			Expect(cr.Status.LastOperation).To(PointTo(MatchFields(IgnoreExtras, Fields{
				"Type":           Equal(gardencorev1beta1.LastOperationTypeReconcile),
				"State":          Equal(gardencorev1beta1.LastOperationStateSucceeded),
				"Progress":       BeEquivalentTo(100),
				"Description":    Equal(DescriptionReconciled),
				"LastUpdateTime": WithTransform(func(t metav1.Time) time.Time { return t.Time }, BeTemporally("==", fakeClock.Now())),
			})))
		}
	})

	It("moves a pool's DaemonSet to the version gardenlet writes after an upgrade", func() {
		start(containerRuntime("sandbox", "20260101", ""))
		Expect(reconcileRuntime("gvisor-sandbox")).To(Succeed())

		cr := get("gvisor-sandbox")
		cr.Spec.Components[0].Version = "20261101"
		cr.Annotations = map[string]string{"gardener.cloud/operation": "reconcile"}
		Expect(c.Update(ctx, cr)).To(Succeed())
		fakeClock.Step(time.Minute)
		Expect(reconcileRuntime("gvisor-sandbox")).To(Succeed())

		ds, err := daemonSet("gvisor-sandbox")
		Expect(err).NotTo(HaveOccurred())
		Expect(ds.Spec.Template.Spec.Containers[0].Image).To(Equal(gvisor.Image("20261101")))
		Expect(get("gvisor-sandbox").Status.ObservedGeneration).To(Equal(get("gvisor-sandbox").Generation))
	})

	DescribeTable("refuses a ContainerRuntime it cannot install, with lastError and nothing deployed",
		func(version, providerConfig, wantDescription string) {
			start(containerRuntime("sandbox", version, providerConfig))
			err := reconcileRuntime("gvisor-sandbox")
			Expect(err).To(MatchError(ContainSubstring(wantDescription)))

			_, err = daemonSet("gvisor-sandbox")
			Expect(err).To(BeNotFoundError())
			cr := get("gvisor-sandbox")
			Expect(cr.Annotations).To(HaveKeyWithValue("gardener.cloud/operation", "reconcile"))
			Expect(cr.Status.LastOperation.State).To(Equal(gardencorev1beta1.LastOperationStateError))
			Expect(cr.Status.LastOperation.Progress).To(BeEquivalentTo(50))
			Expect(cr.Status.LastError.Description).To(ContainSubstring(wantDescription))
			Expect(cr.Status.LastError.Codes).To(ConsistOf(gardencorev1beta1.ErrorConfigurationProblem))
		},
		Entry("no runsc component (the gate is off in gardenlet)", "", "",
			`container runtime gvisor/shoot--dev--sandbox of pool sandbox has no resolved version for component "runsc"`),
		Entry("an unknown field in the providerConfig", "20260101", `{"apiVersion":"gvisor.extensions.gardener.cloud/v1alpha1","kind":"RunscComponentConfig","debug":true}`,
			`spec.components[0].providerConfig: cannot decode the providerConfig of component "runsc"`),
		Entry("an unknown platform", "20260101", `{"apiVersion":"gvisor.extensions.gardener.cloud/v1alpha1","kind":"RunscComponentConfig","platform":"vm"}`,
			`spec.components[0].providerConfig.platform: Unsupported value: "vm"`),
		Entry("a version that fails on purpose", "20260101", `{"apiVersion":"gvisor.extensions.gardener.cloud/v1alpha1","kind":"RunscComponentConfig",`+
			`"simulateFailure":{"description":"runsc 20260101 crashes on start","codes":["ERR_CONFIGURATION_PROBLEM"]}}`,
			`runsc 20260101 crashes on start`),
		Entry("a version that fails on purpose, with the default description", "20260101", `{"apiVersion":"gvisor.extensions.gardener.cloud/v1alpha1","kind":"RunscComponentConfig",`+
			`"simulateFailure":{"codes":["ERR_CONFIGURATION_PROBLEM"]}}`,
			`simulated failure of runsc 20260101`),
	)

	It("records a failed apply without a configuration code and succeeds on the retry", func() {
		start(containerRuntime("sandbox", "20260101", ""))
		applyErr = errors.New("etcd is down")
		Expect(reconcileRuntime("gvisor-sandbox")).To(MatchError(ContainSubstring("etcd is down")))
		cr := get("gvisor-sandbox")
		Expect(cr.Status.LastOperation.State).To(Equal(gardencorev1beta1.LastOperationStateError))
		Expect(cr.Status.LastError.Codes).To(BeEmpty())

		applyErr = nil
		Expect(reconcileRuntime("gvisor-sandbox")).To(Succeed())
		cr = get("gvisor-sandbox")
		Expect(cr.Status.LastOperation.State).To(Equal(gardencorev1beta1.LastOperationStateSucceeded))
		Expect(cr.Status.LastError).To(BeNil())
	})

	It("writes no status when a reconcile changes nothing", func() {
		start(containerRuntime("sandbox", "20260101", ""))
		Expect(reconcileRuntime("gvisor-sandbox")).To(Succeed())
		before := get("gvisor-sandbox")
		fakeClock.Step(time.Hour)
		Expect(reconcileRuntime("gvisor-sandbox")).To(Succeed())
		Expect(get("gvisor-sandbox").ResourceVersion).To(Equal(before.ResourceVersion))
	})

	DescribeTable("leaves alone what it is not responsible for",
		func(mutate func(*extensionsv1alpha1.ContainerRuntime)) {
			cr := containerRuntime("sandbox", "20260101", "")
			mutate(cr)
			start(cr)
			Expect(reconcileRuntime("gvisor-sandbox")).To(Succeed())
			Expect(get("gvisor-sandbox").Finalizers).To(BeEmpty())
			_, err := daemonSet("gvisor-sandbox")
			Expect(err).To(BeNotFoundError())
		},
		Entry("another runtime type", func(cr *extensionsv1alpha1.ContainerRuntime) { cr.Spec.Type = "kata" }),
		Entry("class seed", func(cr *extensionsv1alpha1.ContainerRuntime) {
			cr.Spec.Class = ptr.To(extensionsv1alpha1.ExtensionClass("seed"))
		}),
	)

	It("ignores a ContainerRuntime that is gone", func() {
		start()
		Expect(reconcileRuntime("gvisor-sandbox")).To(Succeed())
	})

	It("deletes the pool's DaemonSet and removes the finalizer on deletion", func() {
		start(containerRuntime("sandbox", "20260101", ""))
		Expect(reconcileRuntime("gvisor-sandbox")).To(Succeed())
		Expect(c.Delete(ctx, get("gvisor-sandbox"))).To(Succeed())
		Expect(reconcileRuntime("gvisor-sandbox")).To(Succeed())

		_, err := daemonSet("gvisor-sandbox")
		Expect(err).To(BeNotFoundError())
		Expect(c.Get(ctx, client.ObjectKey{Namespace: namespace, Name: "gvisor-sandbox"}, &extensionsv1alpha1.ContainerRuntime{})).To(BeNotFoundError())
	})
})

func BeNotFoundError() OmegaMatcher {
	return WithTransform(apierrors.IsNotFound, BeTrue())
}
