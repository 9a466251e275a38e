// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package seedcontroller

import (
	"maps"

	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/event"
	"sigs.k8s.io/controller-runtime/pkg/predicate"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	v1beta1constants "github.com/gep-78/gardener/pkg/apis/core/v1beta1/constants"
	extensionsv1alpha1 "github.com/gep-78/gardener/pkg/apis/extensions/v1alpha1"
)

// Reconcile lets through the extension resources responsible selects: on create (the initial list
// after a restart included) and generic events those that need work (operation annotation
// gardener.cloud/operation=reconcile, a deletion timestamp, no or an unsuccessful lastOperation, an
// unobserved generation); on update a new generation, the start of the deletion, or an operation
// annotation that was (re)set. The controller's own status and annotation writes trigger nothing,
// nor does the final delete (a finalizer makes the deletion an update).
func Reconcile[T client.Object](responsible func(T) bool, status func(T) *extensionsv1alpha1.DefaultStatus) predicate.TypedPredicate[T] {
	needsWork := func(obj T) bool {
		s := status(obj)
		return hasOperationAnnotation(obj) || obj.GetDeletionTimestamp() != nil ||
			s.LastOperation == nil || s.LastOperation.State != gardencorev1beta1.LastOperationStateSucceeded ||
			s.ObservedGeneration != obj.GetGeneration()
	}
	return predicate.TypedFuncs[T]{
		CreateFunc: func(e event.TypedCreateEvent[T]) bool {
			return responsible(e.Object) && needsWork(e.Object)
		},
		GenericFunc: func(e event.TypedGenericEvent[T]) bool {
			return responsible(e.Object) && needsWork(e.Object)
		},
		UpdateFunc: func(e event.TypedUpdateEvent[T]) bool {
			return responsible(e.ObjectNew) && (e.ObjectOld.GetGeneration() != e.ObjectNew.GetGeneration() ||
				(e.ObjectOld.GetDeletionTimestamp() == nil && e.ObjectNew.GetDeletionTimestamp() != nil) ||
				(hasOperationAnnotation(e.ObjectNew) && !maps.Equal(e.ObjectOld.GetAnnotations(), e.ObjectNew.GetAnnotations())))
		},
		DeleteFunc: func(event.TypedDeleteEvent[T]) bool {
			return false
		},
	}
}

func hasOperationAnnotation(obj client.Object) bool {
	return obj.GetAnnotations()[v1beta1constants.GardenerOperation] == v1beta1constants.GardenerOperationReconcile
}
