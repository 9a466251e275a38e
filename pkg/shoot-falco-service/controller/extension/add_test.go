// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package extension_test

import (
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/event"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	extensionsv1alpha1 "github.com/gep-78/gardener/pkg/apis/extensions/v1alpha1"
	. "github.com/gep-78/gardener/pkg/shoot-falco-service/controller/extension"
)

var _ = Describe("Predicate", func() {
	// succeeded is the shared example after a successful reconcile: no operation annotation,
	// lastOperation Succeeded, observedGeneration == generation.
	succeeded := func() *extensionsv1alpha1.Extension {
		_, reconciled := exampleExtensions()
		return reconciled
	}
	// written is the shared example as gardenlet wrote it: annotation set, status stripped.
	written := func() *extensionsv1alpha1.Extension {
		ext, _ := exampleExtensions()
		return ext
	}

	DescribeTable("create events (also the initial list after a restart)",
		func(ext func() *extensionsv1alpha1.Extension, mutate func(*extensionsv1alpha1.Extension), want bool) {
			obj := ext()
			mutate(obj)
			Expect(Predicate().Create(event.TypedCreateEvent[*extensionsv1alpha1.Extension]{Object: obj})).To(Equal(want))
			Expect(Predicate().Generic(event.TypedGenericEvent[*extensionsv1alpha1.Extension]{Object: obj})).To(Equal(want))
		},
		Entry("new Extension with the operation annotation", written, func(*extensionsv1alpha1.Extension) {}, true),
		Entry("successfully reconciled Extension", succeeded, func(*extensionsv1alpha1.Extension) {}, false),
		Entry("reconciled, but a newer generation", succeeded, func(e *extensionsv1alpha1.Extension) { e.Generation++ }, true),
		Entry("last operation failed", succeeded, func(e *extensionsv1alpha1.Extension) {
			e.Status.LastOperation.State = gardencorev1beta1.LastOperationStateError
		}, true),
		Entry("being deleted", succeeded, func(e *extensionsv1alpha1.Extension) { e.DeletionTimestamp = &metav1.Time{} }, true),
		Entry("another type", written, func(e *extensionsv1alpha1.Extension) { e.Spec.Type = "shoot-traefik" }, false),
		Entry("class seed", written, func(e *extensionsv1alpha1.Extension) { e.Spec.Class = ptr.To(extensionsv1alpha1.ExtensionClassSeed) }, false),
		Entry("class shoot", written, func(e *extensionsv1alpha1.Extension) { e.Spec.Class = ptr.To(extensionsv1alpha1.ExtensionClassShoot) }, true),
	)

	DescribeTable("update events",
		func(mutate func(*extensionsv1alpha1.Extension), want bool) {
			oldObj := succeeded()
			newObj := oldObj.DeepCopy()
			mutate(newObj)
			Expect(Predicate().Update(event.TypedUpdateEvent[*extensionsv1alpha1.Extension]{ObjectOld: oldObj, ObjectNew: newObj})).To(Equal(want))
		},
		Entry("gardenlet sets the operation annotation", func(e *extensionsv1alpha1.Extension) {
			e.Annotations[AnnotationOperation] = OperationReconcile
		}, true),
		Entry("spec change (new generation)", func(e *extensionsv1alpha1.Extension) {
			e.Spec.Components[0].Version = "0.42.1"
			e.Generation++
		}, true),
		Entry("deletion starts", func(e *extensionsv1alpha1.Extension) { e.DeletionTimestamp = &metav1.Time{} }, true),
		Entry("the controller's status write", func(e *extensionsv1alpha1.Extension) {
			e.Status.LastOperation.State = gardencorev1beta1.LastOperationStateProcessing
		}, false),
		Entry("another type", func(e *extensionsv1alpha1.Extension) {
			e.Spec.Type = "shoot-traefik"
			e.Generation++
		}, false),
	)

	It("lets through a new timestamp while the operation annotation is still set", func() {
		oldObj := written()
		newObj := oldObj.DeepCopy()
		newObj.Annotations["gardener.cloud/timestamp"] = "2026-11-29T10:00:00Z"
		Expect(Predicate().Update(event.TypedUpdateEvent[*extensionsv1alpha1.Extension]{ObjectOld: oldObj, ObjectNew: newObj})).To(BeTrue())
	})

	It("drops the removal of the operation annotation", func() {
		oldObj := written()
		newObj := oldObj.DeepCopy()
		delete(newObj.Annotations, AnnotationOperation)
		Expect(Predicate().Update(event.TypedUpdateEvent[*extensionsv1alpha1.Extension]{ObjectOld: oldObj, ObjectNew: newObj})).To(BeFalse())
	})

	It("drops delete events", func() {
		Expect(Predicate().Delete(event.TypedDeleteEvent[*extensionsv1alpha1.Extension]{Object: written()})).To(BeFalse())
	})
})
