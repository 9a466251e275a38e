// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package containerruntime_test

import (
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/event"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	extensionsv1alpha1 "github.com/gep-78/gardener/pkg/apis/extensions/v1alpha1"
	gvisorv1alpha1 "github.com/gep-78/gardener/pkg/runtime-gvisor/apis/gvisor/v1alpha1"
	. "github.com/gep-78/gardener/pkg/runtime-gvisor/controller/containerruntime"
)

// reconciled returns a ContainerRuntime as the controller leaves it: observed, succeeded, no annotation.
func reconciled() *extensionsv1alpha1.ContainerRuntime {
	cr := containerRuntime("sandbox", "20260101", "")
	cr.Annotations = nil
	cr.Status.ObservedGeneration = cr.Generation
	cr.Status.LastOperation = &gardencorev1beta1.LastOperation{State: gardencorev1beta1.LastOperationStateSucceeded}
	return cr
}

var _ = Describe("Predicate", func() {
	DescribeTable("create events",
		func(mutate func(*extensionsv1alpha1.ContainerRuntime), want bool) {
			cr := reconciled()
			mutate(cr)
			Expect(Predicate().Create(event.TypedCreateEvent[*extensionsv1alpha1.ContainerRuntime]{Object: cr})).To(Equal(want))
			Expect(Predicate().Generic(event.TypedGenericEvent[*extensionsv1alpha1.ContainerRuntime]{Object: cr})).To(Equal(want))
		},
		Entry("reconciled: nothing to do", func(*extensionsv1alpha1.ContainerRuntime) {}, false),
		Entry("operation annotation", func(cr *extensionsv1alpha1.ContainerRuntime) {
			cr.Annotations = map[string]string{"gardener.cloud/operation": "reconcile"}
		}, true),
		Entry("a failed last operation", func(cr *extensionsv1alpha1.ContainerRuntime) {
			cr.Status.LastOperation.State = gardencorev1beta1.LastOperationStateError
		}, true),
		Entry("no last operation", func(cr *extensionsv1alpha1.ContainerRuntime) { cr.Status.LastOperation = nil }, true),
		Entry("an unobserved generation", func(cr *extensionsv1alpha1.ContainerRuntime) { cr.Generation = 2 }, true),
		Entry("deletion", func(cr *extensionsv1alpha1.ContainerRuntime) { cr.DeletionTimestamp = &metav1.Time{} }, true),
		Entry("another type, even with work", func(cr *extensionsv1alpha1.ContainerRuntime) {
			cr.Spec.Type = "kata"
			cr.Status.LastOperation = nil
		}, false),
	)

	DescribeTable("update events",
		func(mutate func(*extensionsv1alpha1.ContainerRuntime), want bool) {
			old := reconciled()
			updated := old.DeepCopy()
			mutate(updated)
			Expect(Predicate().Update(event.TypedUpdateEvent[*extensionsv1alpha1.ContainerRuntime]{ObjectOld: old, ObjectNew: updated})).To(Equal(want))
		},
		Entry("the controller's own status write", func(cr *extensionsv1alpha1.ContainerRuntime) {
			cr.Status.LastOperation.Description = DescriptionReconciled
		}, false),
		Entry("a new generation (gardenlet wrote another version)", func(cr *extensionsv1alpha1.ContainerRuntime) { cr.Generation = 2 }, true),
		Entry("the operation annotation set", func(cr *extensionsv1alpha1.ContainerRuntime) {
			cr.Annotations = map[string]string{"gardener.cloud/operation": "reconcile"}
		}, true),
		Entry("another annotation set", func(cr *extensionsv1alpha1.ContainerRuntime) {
			cr.Annotations = map[string]string{"note": "x"}
		}, false),
		Entry("the deletion started", func(cr *extensionsv1alpha1.ContainerRuntime) { cr.DeletionTimestamp = &metav1.Time{} }, true),
		Entry("another type", func(cr *extensionsv1alpha1.ContainerRuntime) {
			cr.Spec.Type = "kata"
			cr.Generation = 2
		}, false),
	)

	It("ignores delete events (the finalizer makes the deletion an update)", func() {
		Expect(Predicate().Delete(event.TypedDeleteEvent[*extensionsv1alpha1.ContainerRuntime]{Object: reconciled()})).To(BeFalse())
	})
})

var _ = Describe("NewDecoder", func() {
	DescribeTable("decodes RunscComponentConfig strictly",
		func(data string, wantErr string) {
			cfg := &gvisorv1alpha1.RunscComponentConfig{}
			_, _, err := NewDecoder().Decode([]byte(data), nil, cfg)
			if wantErr == "" {
				Expect(err).NotTo(HaveOccurred())
				Expect(cfg.Platform).To(Equal("ptrace"))
				return
			}
			Expect(err).To(MatchError(ContainSubstring(wantErr)))
		},
		Entry("a known field", `{"apiVersion":"gvisor.extensions.gardener.cloud/v1alpha1","kind":"RunscComponentConfig","platform":"ptrace"}`, ""),
		Entry("an unknown field", `{"apiVersion":"gvisor.extensions.gardener.cloud/v1alpha1","kind":"RunscComponentConfig","platfrom":"ptrace"}`, `unknown field "platfrom"`),
		Entry("an unknown kind", `{"apiVersion":"gvisor.extensions.gardener.cloud/v1alpha1","kind":"KataConfig"}`, "no kind"),
	)
})
