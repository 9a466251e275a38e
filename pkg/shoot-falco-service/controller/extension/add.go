// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Package extension holds the controller of the example shoot-falco-service extension: it
// reconciles the seed Extensions of type shoot-falco-service and deploys falco at the version
// gardenlet resolved into spec.components[] (GEP-78), reading it through the extension-developer
// contract in extensions/pkg/util/extensioncomponents.
package extension

import (
	"maps"

	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/serializer"
	utilruntime "k8s.io/apimachinery/pkg/util/runtime"
	"k8s.io/utils/clock"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/controller"
	"sigs.k8s.io/controller-runtime/pkg/event"
	"sigs.k8s.io/controller-runtime/pkg/handler"
	"sigs.k8s.io/controller-runtime/pkg/manager"
	"sigs.k8s.io/controller-runtime/pkg/predicate"
	"sigs.k8s.io/controller-runtime/pkg/source"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	extensionsv1alpha1 "github.com/gep-78/gardener/pkg/apis/extensions/v1alpha1"
	falcov1alpha1 "github.com/gep-78/gardener/pkg/shoot-falco-service/apis/falco/v1alpha1"
)

// ControllerName is the name of this controller.
const ControllerName = "shoot-falco-service"

// AddToManager adds the controller to mgr, which runs against the seed cluster. Unset fields of
// the Reconciler default to: Client from mgr, Decoder from NewDecoder, the real Clock, the event
// Recorder from mgr, and one
// concurrent reconcile. The controller watches Extensions only (through mgr's cache); the falco
// objects are written with server-side apply and never read, so no informer is started for them.
func (r *Reconciler) AddToManager(mgr manager.Manager) error {
	if r.Client == nil {
		r.Client = mgr.GetClient()
	}
	if r.Decoder == nil {
		r.Decoder = NewDecoder()
	}
	if r.Clock == nil {
		r.Clock = clock.RealClock{}
	}
	if r.Recorder == nil {
		r.Recorder = mgr.GetEventRecorder(ControllerName)
	}

	return builder.ControllerManagedBy(mgr).
		Named(ControllerName).
		WithOptions(controller.Options{MaxConcurrentReconciles: max(r.Config.MaxConcurrentReconciles, 1)}).
		WatchesRawSource(source.Kind(mgr.GetCache(), &extensionsv1alpha1.Extension{},
			&handler.TypedEnqueueRequestForObject[*extensionsv1alpha1.Extension]{},
			Predicate(),
		)).
		Complete(r)
}

// NewDecoder returns a strict decoder for the extension's config API
// (falco.extensions.gardener.cloud/v1alpha1): unknown kinds, unknown fields and duplicate fields
// are errors. It neither converts nor defaults.
func NewDecoder() runtime.Decoder {
	scheme := runtime.NewScheme()
	utilruntime.Must(falcov1alpha1.AddToScheme(scheme))
	return serializer.NewCodecFactory(scheme, serializer.EnableStrict).UniversalDeserializer()
}

// Predicate lets through the Extensions this controller is Responsible for, like Gardener's
// extension library: on create (including the initial list after a restart) and generic events
// only those that ask for work — operation annotation gardener.cloud/operation=reconcile, a
// deletion timestamp, no or an unsuccessful lastOperation, or an unobserved generation; on update
// only a new generation, the start of the deletion, or an operation annotation that was (re)set.
// The controller's own status and annotation writes therefore trigger nothing; retries of failed
// reconciles come from the work queue's backoff.
func Predicate() predicate.TypedPredicate[*extensionsv1alpha1.Extension] {
	return predicate.TypedFuncs[*extensionsv1alpha1.Extension]{
		CreateFunc: func(e event.TypedCreateEvent[*extensionsv1alpha1.Extension]) bool {
			return Responsible(e.Object) && needsWork(e.Object)
		},
		GenericFunc: func(e event.TypedGenericEvent[*extensionsv1alpha1.Extension]) bool {
			return Responsible(e.Object) && needsWork(e.Object)
		},
		UpdateFunc: func(e event.TypedUpdateEvent[*extensionsv1alpha1.Extension]) bool {
			if !Responsible(e.ObjectNew) {
				return false
			}
			return e.ObjectOld.Generation != e.ObjectNew.Generation ||
				(e.ObjectOld.DeletionTimestamp == nil && e.ObjectNew.DeletionTimestamp != nil) ||
				(hasOperationAnnotation(e.ObjectNew) && !maps.Equal(e.ObjectOld.Annotations, e.ObjectNew.Annotations))
		},
		DeleteFunc: func(event.TypedDeleteEvent[*extensionsv1alpha1.Extension]) bool {
			// The finalizer makes the deletion an update; the final delete event needs no work.
			return false
		},
	}
}

func needsWork(ext *extensionsv1alpha1.Extension) bool {
	last := ext.Status.LastOperation
	return hasOperationAnnotation(ext) ||
		ext.DeletionTimestamp != nil ||
		last == nil || last.State != gardencorev1beta1.LastOperationStateSucceeded ||
		ext.Status.ObservedGeneration != ext.Generation
}

func hasOperationAnnotation(ext *extensionsv1alpha1.Extension) bool {
	return ext.Annotations[AnnotationOperation] == OperationReconcile
}
