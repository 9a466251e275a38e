// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Package containerruntime holds the controller of the example gVisor container runtime
// extension: it reconciles the seed ContainerRuntimes of type gvisor, one per worker pool, and
// installs runsc at the version gardenlet resolved for that pool, read through
// extensioncomponents.ResolveContainerRuntime.
package containerruntime

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
	v1beta1constants "github.com/gep-78/gardener/pkg/apis/core/v1beta1/constants"
	extensionsv1alpha1 "github.com/gep-78/gardener/pkg/apis/extensions/v1alpha1"
	gvisorv1alpha1 "github.com/gep-78/gardener/pkg/runtime-gvisor/apis/gvisor/v1alpha1"
)

// ControllerName is the name of this controller.
const ControllerName = "runtime-gvisor"

// AddToManager adds the controller to mgr, which runs against the seed cluster. Unset fields
// default to mgr's client, NewDecoder, the real clock and one concurrent reconcile. Only
// ContainerRuntimes are watched; the DaemonSets are applied and never read.
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
	return builder.ControllerManagedBy(mgr).
		Named(ControllerName).
		WithOptions(controller.Options{MaxConcurrentReconciles: max(r.MaxConcurrentReconciles, 1)}).
		WatchesRawSource(source.Kind(mgr.GetCache(), &extensionsv1alpha1.ContainerRuntime{},
			&handler.TypedEnqueueRequestForObject[*extensionsv1alpha1.ContainerRuntime]{},
			Predicate(),
		)).
		Complete(r)
}

// NewDecoder returns a strict decoder for gvisor.extensions.gardener.cloud/v1alpha1: unknown
// kinds, unknown fields and duplicate fields are errors.
func NewDecoder() runtime.Decoder {
	scheme := runtime.NewScheme()
	utilruntime.Must(gvisorv1alpha1.AddToScheme(scheme))
	return serializer.NewCodecFactory(scheme, serializer.EnableStrict).UniversalDeserializer()
}

// Predicate lets through the ContainerRuntimes this controller is Responsible for: on create and
// generic events those that need work (operation annotation, deletion, no or an unsuccessful
// lastOperation, an unobserved generation); on update a new generation, the start of the
// deletion, or an operation annotation that was (re)set. The controller's own writes trigger
// nothing.
func Predicate() predicate.TypedPredicate[*extensionsv1alpha1.ContainerRuntime] {
	return predicate.TypedFuncs[*extensionsv1alpha1.ContainerRuntime]{
		CreateFunc: func(e event.TypedCreateEvent[*extensionsv1alpha1.ContainerRuntime]) bool {
			return Responsible(e.Object) && needsWork(e.Object)
		},
		GenericFunc: func(e event.TypedGenericEvent[*extensionsv1alpha1.ContainerRuntime]) bool {
			return Responsible(e.Object) && needsWork(e.Object)
		},
		UpdateFunc: func(e event.TypedUpdateEvent[*extensionsv1alpha1.ContainerRuntime]) bool {
			return Responsible(e.ObjectNew) && (e.ObjectOld.Generation != e.ObjectNew.Generation ||
				(e.ObjectOld.DeletionTimestamp == nil && e.ObjectNew.DeletionTimestamp != nil) ||
				(hasOperationAnnotation(e.ObjectNew) && !maps.Equal(e.ObjectOld.Annotations, e.ObjectNew.Annotations)))
		},
		DeleteFunc: func(event.TypedDeleteEvent[*extensionsv1alpha1.ContainerRuntime]) bool {
			return false
		},
	}
}

func needsWork(cr *extensionsv1alpha1.ContainerRuntime) bool {
	last := cr.Status.LastOperation
	return hasOperationAnnotation(cr) || cr.DeletionTimestamp != nil ||
		last == nil || last.State != gardencorev1beta1.LastOperationStateSucceeded ||
		cr.Status.ObservedGeneration != cr.Generation
}

func hasOperationAnnotation(cr *extensionsv1alpha1.ContainerRuntime) bool {
	return cr.Annotations[v1beta1constants.GardenerOperation] == v1beta1constants.GardenerOperationReconcile
}
