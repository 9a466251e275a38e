// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package containerruntime_test

import (
	"context"
	"encoding/json"
	"time"

	"github.com/go-logr/logr"
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	testclock "k8s.io/utils/clock/testing"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/client/fake"

	extensionsv1alpha1 "github.com/gep-78/gardener/pkg/apis/extensions/v1alpha1"
	. "github.com/gep-78/gardener/pkg/component/extensions/containerruntime"
	"github.com/gep-78/gardener/pkg/component/extensions/extension"
)

const namespace = "shoot--dev--sandbox"

var (
	ctx       = context.Background()
	now       = time.Date(2026, 12, 5, 1, 2, 3, 0, time.UTC)
	nowString = "2026-12-05T01:02:03Z"
	managed   = map[string]string{extension.LabelManagedBy: extension.ManagedByGardenlet}
)

func containerRuntime(name, version string) *extensionsv1alpha1.ContainerRuntime {
	return &extensionsv1alpha1.ContainerRuntime{
		ObjectMeta: metav1.ObjectMeta{Name: name, Namespace: namespace, Labels: managed},
		Spec: extensionsv1alpha1.ContainerRuntimeSpec{
			DefaultSpec: extensionsv1alpha1.DefaultSpec{Type: "gvisor"},
			BinaryPath:  extensionsv1alpha1.ContainerDRuntimeContainersBinFolder,
			WorkerPool:  extensionsv1alpha1.ContainerRuntimeWorkerPool{Name: "a"},
			Components:  []extensionsv1alpha1.ExtensionComponent{{Name: "runsc", Version: version}},
		},
	}
}

var _ = Describe("ContainerRuntime", func() {
	var (
		c     client.Client
		clock *testclock.FakeClock
	)

	BeforeEach(func() {
		scheme := runtime.NewScheme()
		Expect(extensionsv1alpha1.AddToScheme(scheme)).To(Succeed())
		c = fake.NewClientBuilder().WithScheme(scheme).Build()
		clock = testclock.NewFakeClock(now)
	})

	// deployer deploys desired with their components as resolved ones (Values.Components).
	deployer := func(desired ...*extensionsv1alpha1.ContainerRuntime) Interface {
		components := map[string]map[string][]extensionsv1alpha1.ExtensionComponent{}
		for _, cr := range desired {
			if cr.Spec.Components != nil {
				components[cr.Spec.WorkerPool.Name] = map[string][]extensionsv1alpha1.ExtensionComponent{cr.Spec.Type: cr.Spec.Components}
			}
		}
		return New(logr.Discard(), c, &Values{Namespace: namespace, ContainerRuntimes: desired, Clock: clock, Components: components}, 0, 0, 0)
	}
	get := func(name string) *extensionsv1alpha1.ContainerRuntime {
		GinkgoHelper()
		cr := &extensionsv1alpha1.ContainerRuntime{}
		Expect(c.Get(ctx, client.ObjectKey{Namespace: namespace, Name: name}, cr)).To(Succeed())
		return cr
	}

	It("creates a ContainerRuntime with the reconcile and timestamp annotations", func() {
		Expect(deployer(containerRuntime("gvisor-a", "1")).Deploy(ctx)).To(Succeed())
		cr := get("gvisor-a")
		Expect(cr.Annotations).To(Equal(map[string]string{"gardener.cloud/operation": "reconcile", "gardener.cloud/timestamp": nowString}))
		Expect(cr.Spec.Components).To(Equal([]extensionsv1alpha1.ExtensionComponent{{Name: "runsc", Version: "1"}}))
	})

	DescribeTable("updates only what differs",
		func(change func(*extensionsv1alpha1.ContainerRuntime), wantWrite, wantAnnotation bool) {
			Expect(deployer(containerRuntime("gvisor-a", "1")).Deploy(ctx)).To(Succeed())
			before := get("gvisor-a")
			stored := before.DeepCopy()
			stored.Annotations = nil
			stored.Spec.ProviderConfig = &runtime.RawExtension{Raw: []byte(`{"a":1}`)}
			Expect(c.Update(ctx, stored)).To(Succeed())
			stored = get("gvisor-a")

			desired := containerRuntime("gvisor-a", "1")
			desired.Spec.ProviderConfig = &runtime.RawExtension{Raw: []byte(`{ "a": 1 }`)}
			change(desired)
			clock.Step(time.Hour)
			Expect(deployer(desired).Deploy(ctx)).To(Succeed())

			after := get("gvisor-a")
			Expect(after.ResourceVersion != stored.ResourceVersion).To(Equal(wantWrite))
			if !wantAnnotation {
				Expect(after.Annotations).To(BeEmpty())
				return
			}
			Expect(after.Annotations).To(HaveKeyWithValue("gardener.cloud/timestamp", "2026-12-05T02:02:03Z"))
			Expect(toJSON(after.Spec)).To(MatchJSON(toJSON(desired.Spec)))
		},
		Entry("nothing (providerConfig as a JSON value)", func(*extensionsv1alpha1.ContainerRuntime) {}, false, false),
		Entry("a component's version", func(cr *extensionsv1alpha1.ContainerRuntime) { cr.Spec.Components[0].Version = "2" }, true, true),
		Entry("a component's providerConfig", func(cr *extensionsv1alpha1.ContainerRuntime) {
			cr.Spec.Components[0].ProviderConfig = &runtime.RawExtension{Raw: []byte(`{"platform":"kvm"}`)}
		}, true, true),
		Entry("the pool's selector", func(cr *extensionsv1alpha1.ContainerRuntime) {
			cr.Spec.WorkerPool.Selector.MatchLabels = map[string]string{"worker.gardener.cloud/pool": "a"}
		}, true, true),
		Entry("a label only", func(cr *extensionsv1alpha1.ContainerRuntime) { cr.Labels = map[string]string{"x": "y"} }, true, false),
	)

	It("writes a pool's components from Values.Components, and keeps the stored ones of a pool without an entry", func() {
		stored := containerRuntime("gvisor-b", "0")
		stored.Spec.WorkerPool.Name = "b"
		Expect(c.Create(ctx, stored)).To(Succeed())
		desired := []*extensionsv1alpha1.ContainerRuntime{containerRuntime("gvisor-a", "0"), containerRuntime("gvisor-b", "")}
		desired[1].Spec.WorkerPool.Name = "b"
		d := New(logr.Discard(), c, &Values{Namespace: namespace, ContainerRuntimes: desired, Clock: clock}, 0, 0, 0)
		SetComponents(d, map[string]map[string][]extensionsv1alpha1.ExtensionComponent{"a": {"gvisor": {{Name: "runsc", Version: "1"}}}})
		Expect(d.Deploy(ctx)).To(Succeed())
		Expect(get("gvisor-a").Spec.Components).To(Equal([]extensionsv1alpha1.ExtensionComponent{{Name: "runsc", Version: "1"}}))
		Expect(get("gvisor-b").Spec.Components).To(Equal([]extensionsv1alpha1.ExtensionComponent{{Name: "runsc", Version: "0"}}))
	})

	It("does not write a ContainerRuntime that is being deleted", func() {
		cr := containerRuntime("gvisor-a", "1")
		cr.Finalizers = []string{"extensions.gardener.cloud/gvisor"}
		Expect(c.Create(ctx, cr)).To(Succeed())
		Expect(c.Delete(ctx, cr)).To(Succeed())
		Expect(deployer(containerRuntime("gvisor-a", "2")).Deploy(ctx)).To(MatchError(ContainSubstring("still being deleted")))
		Expect(get("gvisor-a").Spec.Components[0].Version).To(Equal("1"))
	})

	It("deletes stale managed ContainerRuntimes only, confirming the deletion first", func() {
		unmanaged := containerRuntime("kata-a", "1")
		unmanaged.Labels = nil
		stale := containerRuntime("gvisor-old", "1")
		stale.Finalizers = []string{"extensions.gardener.cloud/gvisor"}
		for _, cr := range []*extensionsv1alpha1.ContainerRuntime{containerRuntime("gvisor-a", "1"), stale, unmanaged} {
			Expect(c.Create(ctx, cr)).To(Succeed())
		}
		Expect(deployer(containerRuntime("gvisor-a", "1")).DeleteStaleResources(ctx)).To(Succeed())

		gone := get("gvisor-old")
		Expect(gone.DeletionTimestamp).NotTo(BeNil())
		Expect(gone.Annotations).To(HaveKeyWithValue("confirmation.gardener.cloud/deletion", "true"))
		Expect(get("gvisor-a").DeletionTimestamp).To(BeNil())
		Expect(get("kata-a").DeletionTimestamp).To(BeNil())
	})

	It("destroys every managed ContainerRuntime and reports the pending ones until they are gone", func() {
		cr := containerRuntime("gvisor-a", "1")
		cr.Finalizers = []string{"extensions.gardener.cloud/gvisor"}
		Expect(c.Create(ctx, cr)).To(Succeed())
		d := deployer()
		Expect(d.WaitCleanup(ctx)).To(MatchError(&extension.CleanupPendingError{Remaining: 1}))
		Expect(d.Destroy(ctx)).To(Succeed())
		Expect(get("gvisor-a").DeletionTimestamp).NotTo(BeNil())

		cr = get("gvisor-a")
		cr.Finalizers = nil
		Expect(c.Update(ctx, cr)).To(Succeed())
		Expect(d.WaitCleanup(ctx)).To(Succeed())
	})
})

func toJSON(obj any) string {
	GinkgoHelper()
	data, err := json.Marshal(obj)
	Expect(err).NotTo(HaveOccurred())
	return string(data)
}
