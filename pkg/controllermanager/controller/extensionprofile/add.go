// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package extensionprofile

import (
	"context"
	"slices"
	"strings"

	apiequality "k8s.io/apimachinery/pkg/api/equality"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/utils/clock"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller"
	"sigs.k8s.io/controller-runtime/pkg/event"
	"sigs.k8s.io/controller-runtime/pkg/handler"
	"sigs.k8s.io/controller-runtime/pkg/manager"
	"sigs.k8s.io/controller-runtime/pkg/predicate"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"github.com/gep-78/gardener/pkg/api/indexer"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	"github.com/gep-78/gardener/pkg/utils/gardener/rollout"
)

// ControllerName is the name of this controller.
const ControllerName = "extensionprofile"

// AddToManager adds Reconciler to the given manager. It also watches the Shoots with pins, so that
// rollouts count them and a blocked deletion completes when the last pin goes; it runs with the
// feature gate off too.
func (r *Reconciler) AddToManager(ctx context.Context, mgr manager.Manager) error {
	if r.Client == nil {
		r.Client = mgr.GetClient()
	}
	if r.Clock == nil {
		r.Clock = clock.RealClock{}
	}
	if r.Recorder == nil {
		r.Recorder = mgr.GetEventRecorder(ControllerName)
	}

	if err := indexer.AddShootPinnedExtensionTypes(ctx, mgr.GetFieldIndexer()); err != nil {
		return err
	}
	if err := indexer.AddShootPinnedComponentVersions(ctx, mgr.GetFieldIndexer()); err != nil {
		return err
	}
	if err := indexer.AddShootExtensionComponentMoves(ctx, mgr.GetFieldIndexer()); err != nil {
		return err
	}

	return builder.ControllerManagedBy(mgr).
		Named(ControllerName).
		For(&gardencorev1beta1.ExtensionProfile{}).
		Watches(&gardencorev1beta1.Shoot{},
			handler.EnqueueRequestsFromMapFunc(r.MapShootToExtensionProfiles),
			builder.WithPredicates(ShootPinsChangedPredicate()),
		).
		WithOptions(controller.Options{MaxConcurrentReconciles: ptr.Deref(r.Config.ConcurrentSyncs, 0)}).
		Complete(r)
}

// MapShootToExtensionProfiles maps a Shoot to the ExtensionProfiles it pins versions of, in
// spec.extensions[] or a pool: their rollouts count it, and a deletion it blocked may complete.
func (r *Reconciler) MapShootToExtensionProfiles(_ context.Context, obj client.Object) []reconcile.Request {
	shoot, ok := obj.(*gardencorev1beta1.Shoot)
	if !ok {
		return nil
	}
	var requests []reconcile.Request
	for _, extensionType := range indexer.ShootPinnedExtensionTypesIndexerFunc(shoot) {
		requests = append(requests, reconcile.Request{NamespacedName: types.NamespacedName{Name: extensionType}})
	}
	return requests
}

// ShootPinsChangedPredicate lets through the events of Shoots with pins that change the pinned
// versions, the deletion state, or what a rollout reads: status.extensionComponentMoves and the
// status.lastErrors of extensions and container runtimes.
func ShootPinsChangedPredicate() predicate.Predicate {
	hasPins := func(obj client.Object) bool {
		return len(indexer.ShootPinnedExtensionTypesIndexerFunc(obj)) > 0
	}
	return predicate.Funcs{
		CreateFunc: func(e event.CreateEvent) bool { return hasPins(e.Object) },
		DeleteFunc: func(e event.DeleteEvent) bool { return hasPins(e.Object) },
		UpdateFunc: func(e event.UpdateEvent) bool {
			oldShoot, ok := e.ObjectOld.(*gardencorev1beta1.Shoot)
			if !ok {
				return false
			}
			newShoot, ok := e.ObjectNew.(*gardencorev1beta1.Shoot)
			if !ok || (!hasPins(oldShoot) && !hasPins(newShoot)) {
				return false
			}
			return !slices.Equal(indexer.ShootPinnedComponentVersions(oldShoot), indexer.ShootPinnedComponentVersions(newShoot)) ||
				(oldShoot.DeletionTimestamp == nil) != (newShoot.DeletionTimestamp == nil) ||
				!apiequality.Semantic.DeepEqual(oldShoot.Status.ExtensionComponentMoves, newShoot.Status.ExtensionComponentMoves) ||
				!apiequality.Semantic.DeepEqual(extensionErrors(oldShoot), extensionErrors(newShoot))
		},
		GenericFunc: func(event.GenericEvent) bool { return false },
	}
}

// extensionErrors returns the status.lastErrors entries gardenlet writes for seed Extensions and
// ContainerRuntimes.
func extensionErrors(shoot *gardencorev1beta1.Shoot) []gardencorev1beta1.LastError {
	var out []gardencorev1beta1.LastError
	for _, e := range shoot.Status.LastErrors {
		if id := ptr.Deref(e.TaskID, ""); strings.HasPrefix(id, rollout.TaskIDPrefixExtension) || strings.HasPrefix(id, rollout.TaskIDPrefixContainerRuntime) {
			out = append(out, e)
		}
	}
	return out
}
