// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package seedcontroller_test

import (
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/event"

	. "github.com/gep-78/gardener/extensions/pkg/util/seedcontroller"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	extensionsv1alpha1 "github.com/gep-78/gardener/pkg/apis/extensions/v1alpha1"
)

// reconciled returns a ContainerRuntime as the controller leaves it: observed, succeeded, no annotation.
func reconciled() *extensionsv1alpha1.ContainerRuntime {
	cr := &extensionsv1alpha1.ContainerRuntime{ObjectMeta: metav1.ObjectMeta{Name: "gvisor-sandbox", Generation: 1}}
	cr.Spec.Type = "gvisor"
	cr.Status.ObservedGeneration = cr.Generation
	cr.Status.LastOperation = &gardencorev1beta1.LastOperation{State: gardencorev1beta1.LastOperationStateSucceeded}
	return cr
}

var _ = Describe("Reconcile", func() {
	responsible := func(cr *extensionsv1alpha1.ContainerRuntime) bool { return cr.Spec.Type == "gvisor" }
	status := func(cr *extensionsv1alpha1.ContainerRuntime) *extensionsv1alpha1.DefaultStatus {
		return &cr.Status.DefaultStatus
	}
	p := Reconcile(responsible, status)

	DescribeTable("create events",
		func(mutate func(*extensionsv1alpha1.ContainerRuntime), want bool) {
			cr := reconciled()
			mutate(cr)
			Expect(p.Create(event.TypedCreateEvent[*extensionsv1alpha1.ContainerRuntime]{Object: cr})).To(Equal(want))
			Expect(p.Generic(event.TypedGenericEvent[*extensionsv1alpha1.ContainerRuntime]{Object: cr})).To(Equal(want))
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
			Expect(p.Update(event.TypedUpdateEvent[*extensionsv1alpha1.ContainerRuntime]{ObjectOld: old, ObjectNew: updated})).To(Equal(want))
		},
		Entry("the controller's own status write", func(cr *extensionsv1alpha1.ContainerRuntime) {
			cr.Status.LastOperation.Description = "reconciled"
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
		Expect(p.Delete(event.TypedDeleteEvent[*extensionsv1alpha1.ContainerRuntime]{Object: reconciled()})).To(BeFalse())
	})
})
