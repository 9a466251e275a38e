// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Package extension contains gardenlet's controller that writes the seed namespace and one seed
// Extension per enabled extension of the Shoots of its seed, with their resolved component versions.
package extension

import (
	"context"
	"reflect"
	"slices"

	apiequality "k8s.io/apimachinery/pkg/api/equality"
	"k8s.io/apimachinery/pkg/types"
	toolscache "k8s.io/client-go/tools/cache"
	"k8s.io/utils/clock"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/cache"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/cluster"
	"sigs.k8s.io/controller-runtime/pkg/controller"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	"sigs.k8s.io/controller-runtime/pkg/event"
	"sigs.k8s.io/controller-runtime/pkg/handler"
	logf "sigs.k8s.io/controller-runtime/pkg/log"
	"sigs.k8s.io/controller-runtime/pkg/manager"
	"sigs.k8s.io/controller-runtime/pkg/predicate"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
	"sigs.k8s.io/controller-runtime/pkg/source"

	"github.com/gep-78/gardener/pkg/api/indexer"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	extensionsv1alpha1 "github.com/gep-78/gardener/pkg/apis/extensions/v1alpha1"
)

// ControllerName is the name of this controller.
const ControllerName = "shoot-extension"

// AddToManager adds Reconciler to mgr, which runs against the seed; gardenCluster is the garden
// cluster, which the caller adds to mgr.
func (r *Reconciler) AddToManager(ctx context.Context, mgr manager.Manager, gardenCluster cluster.Cluster) error {
	if r.GardenClient == nil {
		r.GardenClient = gardenCluster.GetClient()
	}
	if r.SeedClient == nil {
		r.SeedClient = mgr.GetClient()
	}
	if r.Recorder == nil {
		r.Recorder = gardenCluster.GetEventRecorderFor(ControllerName + "-controller") //nolint:staticcheck // core/v1 events, as gardenlet records them
	}
	if r.Clock == nil {
		r.Clock = clock.RealClock{}
	}

	if err := indexer.AddShootPinnedExtensionTypes(ctx, gardenCluster.GetFieldIndexer()); err != nil {
		return err
	}
	if err := r.observeShoots(ctx, gardenCluster.GetCache()); err != nil {
		return err
	}

	return builder.ControllerManagedBy(mgr).
		Named(ControllerName).
		WithOptions(controller.Options{MaxConcurrentReconciles: max(r.Config.ConcurrentSyncs, 1)}).
		WatchesRawSource(source.Kind(gardenCluster.GetCache(), &gardencorev1beta1.Shoot{},
			&handler.TypedEnqueueRequestForObject[*gardencorev1beta1.Shoot]{},
			r.ShootPredicate(),
		)).
		WatchesRawSource(source.Kind(gardenCluster.GetCache(), &gardencorev1beta1.ExtensionProfile{},
			handler.TypedEnqueueRequestsFromMapFunc(r.MapExtensionProfileToShoots),
			ExtensionProfileSpecChangedPredicate(),
		)).
		WatchesRawSource(source.Kind(mgr.GetCache(), &extensionsv1alpha1.Extension{},
			handler.TypedEnqueueRequestsFromMapFunc(MapExtensionToShoot),
			ManagedExtensionPredicate(),
		)).
		WatchesRawSource(source.Kind(mgr.GetCache(), &extensionsv1alpha1.ContainerRuntime{},
			handler.TypedEnqueueRequestsFromMapFunc(MapContainerRuntimeToShoot),
			ManagedContainerRuntimePredicate(),
		)).
		Complete(r)
}

// observeShoots lets the garden cache's Shoot informer tell r.writes which writes it shows.
func (r *Reconciler) observeShoots(ctx context.Context, c cache.Cache) error {
	informer, err := c.GetInformer(ctx, &gardencorev1beta1.Shoot{}, cache.BlockUntilSynced(false))
	if err != nil {
		return err
	}
	_, err = informer.AddEventHandler(toolscache.ResourceEventHandlerFuncs{
		UpdateFunc: func(_, obj any) {
			if shoot, ok := obj.(*gardencorev1beta1.Shoot); ok {
				r.writes.observed(shoot)
			}
		},
		DeleteFunc: func(obj any) {
			if tombstone, ok := obj.(toolscache.DeletedFinalStateUnknown); ok {
				obj = tombstone.Obj
			}
			if shoot, ok := obj.(*gardencorev1beta1.Shoot); ok {
				r.writes.forget(client.ObjectKeyFromObject(shoot))
			}
		},
	})
	return err
}

// ShootPredicate lets through the Shoots of this seed (or with its finalizer) and their updates of
// spec, deletion timestamp or finalizers, except this controller's own first write.
func (r *Reconciler) ShootPredicate() predicate.TypedPredicate[*gardencorev1beta1.Shoot] {
	relevant := func(shoot *gardencorev1beta1.Shoot) bool {
		return r.responsibleFor(shoot) || controllerutil.ContainsFinalizer(shoot, FinalizerName)
	}
	return predicate.TypedFuncs[*gardencorev1beta1.Shoot]{
		CreateFunc:  func(e event.TypedCreateEvent[*gardencorev1beta1.Shoot]) bool { return relevant(e.Object) },
		DeleteFunc:  func(e event.TypedDeleteEvent[*gardencorev1beta1.Shoot]) bool { return relevant(e.Object) },
		GenericFunc: func(e event.TypedGenericEvent[*gardencorev1beta1.Shoot]) bool { return relevant(e.Object) },
		UpdateFunc: func(e event.TypedUpdateEvent[*gardencorev1beta1.Shoot]) bool {
			if !relevant(e.ObjectNew) && !relevant(e.ObjectOld) {
				return false
			}
			return !apiequality.Semantic.DeepEqual(e.ObjectOld.Spec, e.ObjectNew.Spec) ||
				(e.ObjectOld.DeletionTimestamp == nil) != (e.ObjectNew.DeletionTimestamp == nil) ||
				(!slices.Equal(e.ObjectOld.Finalizers, e.ObjectNew.Finalizers) && !onlyAddsFinalizer(e.ObjectOld.Finalizers, e.ObjectNew.Finalizers))
		},
	}
}

// onlyAddsFinalizer says whether updated is old with FinalizerName added.
func onlyAddsFinalizer(old, updated []string) bool {
	if slices.Contains(old, FinalizerName) || !slices.Contains(updated, FinalizerName) {
		return false
	}
	return slices.Equal(old, slices.DeleteFunc(slices.Clone(updated), func(f string) bool { return f == FinalizerName }))
}

// ExtensionProfileSpecChangedPredicate drops ExtensionProfile updates that leave the spec (not
// metadata.generation) unchanged, such as gardener-controller-manager's status writes.
func ExtensionProfileSpecChangedPredicate() predicate.TypedPredicate[*gardencorev1beta1.ExtensionProfile] {
	return predicate.TypedFuncs[*gardencorev1beta1.ExtensionProfile]{
		UpdateFunc: func(e event.TypedUpdateEvent[*gardencorev1beta1.ExtensionProfile]) bool {
			return !apiequality.Semantic.DeepEqual(e.ObjectOld.Spec, e.ObjectNew.Spec)
		},
	}
}

// MapExtensionProfileToShoots maps an ExtensionProfile to the Shoots of this seed that pin a
// component version under its type (the profile's name), using the field index
// indexer.ShootPinnedExtensionTypes; the Extensions of other Shoots do not depend on the profile.
func (r *Reconciler) MapExtensionProfileToShoots(ctx context.Context, profile *gardencorev1beta1.ExtensionProfile) []reconcile.Request {
	shoots := &gardencorev1beta1.ShootList{}
	if err := r.GardenClient.List(ctx, shoots, client.MatchingFields{indexer.ShootPinnedExtensionTypes: profile.Name}); err != nil {
		logf.FromContext(ctx).Error(err, "Failed listing Shoots for ExtensionProfile", "extensionProfile", profile.Name)
		return nil
	}
	var requests []reconcile.Request
	for i := range shoots.Items {
		if shoot := &shoots.Items[i]; r.responsibleFor(shoot) {
			requests = append(requests, reconcile.Request{NamespacedName: client.ObjectKeyFromObject(shoot)})
		}
	}
	return requests
}

// MapExtensionToShoot maps a seed Extension to its Shoot through the labels LabelShootNamespace
// and LabelShootName, so that a manual change or deletion of the Extension is reverted.
func MapExtensionToShoot(_ context.Context, extension *extensionsv1alpha1.Extension) []reconcile.Request {
	return shootOf(extension)
}

// MapContainerRuntimeToShoot maps a seed ContainerRuntime to its Shoot, as MapExtensionToShoot
// does, so that its health reaches the Shoot.
func MapContainerRuntimeToShoot(_ context.Context, cr *extensionsv1alpha1.ContainerRuntime) []reconcile.Request {
	return shootOf(cr)
}

func shootOf(obj client.Object) []reconcile.Request {
	namespace, name := obj.GetLabels()[LabelShootNamespace], obj.GetLabels()[LabelShootName]
	if namespace == "" || name == "" {
		return nil
	}
	return []reconcile.Request{{NamespacedName: types.NamespacedName{Namespace: namespace, Name: name}}}
}

// ManagedExtensionPredicate lets through the deletions of managed Extensions and their updates of
// spec, labels or health; creates are this controller's own.
func ManagedExtensionPredicate() predicate.TypedPredicate[*extensionsv1alpha1.Extension] {
	return managedPredicate(func(e *extensionsv1alpha1.Extension) (any, extensionsv1alpha1.DefaultStatus) {
		return e.Spec, e.Status.DefaultStatus
	})
}

// ManagedContainerRuntimePredicate is ManagedExtensionPredicate for seed ContainerRuntimes.
func ManagedContainerRuntimePredicate() predicate.TypedPredicate[*extensionsv1alpha1.ContainerRuntime] {
	return managedPredicate(func(cr *extensionsv1alpha1.ContainerRuntime) (any, extensionsv1alpha1.DefaultStatus) {
		return cr.Spec, cr.Status.DefaultStatus
	})
}

func managedPredicate[T client.Object](specAndStatus func(T) (any, extensionsv1alpha1.DefaultStatus)) predicate.TypedPredicate[T] {
	managed := func(obj T) bool {
		return obj.GetLabels()[LabelManagedBy] == ManagedByGardenlet
	}
	return predicate.TypedFuncs[T]{
		CreateFunc:  func(event.TypedCreateEvent[T]) bool { return false },
		DeleteFunc:  func(e event.TypedDeleteEvent[T]) bool { return managed(e.Object) },
		GenericFunc: func(e event.TypedGenericEvent[T]) bool { return managed(e.Object) },
		UpdateFunc: func(e event.TypedUpdateEvent[T]) bool {
			if !managed(e.ObjectOld) && !managed(e.ObjectNew) {
				return false
			}
			oldSpec, oldStatus := specAndStatus(e.ObjectOld)
			newSpec, newStatus := specAndStatus(e.ObjectNew)
			return !apiequality.Semantic.DeepEqual(oldSpec, newSpec) ||
				!reflect.DeepEqual(e.ObjectOld.GetLabels(), e.ObjectNew.GetLabels()) ||
				healthOf(oldStatus) != healthOf(newStatus)
		},
	}
}
