// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package extensionprofile

import (
	"context"
	"slices"

	"k8s.io/apimachinery/pkg/types"
	"k8s.io/utils/clock"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller"
	"sigs.k8s.io/controller-runtime/pkg/event"
	"sigs.k8s.io/controller-runtime/pkg/handler"
	logf "sigs.k8s.io/controller-runtime/pkg/log"
	"sigs.k8s.io/controller-runtime/pkg/manager"
	"sigs.k8s.io/controller-runtime/pkg/predicate"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	v1beta1helper "github.com/gep-78/gardener/pkg/api/core/v1beta1/helper"
	"github.com/gep-78/gardener/pkg/api/indexer"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
)

// ControllerName is the name of this controller.
const ControllerName = "extensionprofile"

// AddToManager fills in the defaults of the reconciler (Client and event Recorder from the
// manager, the real Clock), registers the indexer.ShootPinnedExtensionTypes field index on Shoots
// in the manager's cache, and registers the controller with the manager.
//
// The controller watches ExtensionProfiles without a predicate: every event, a status edit
// included, leads to a reconcile, so that a hand-edited status is rewritten. It also watches
// Shoots whose pinned extension types or deletion state change (ShootPinsChangedPredicate), and
// enqueues the profiles of those types that are being deleted (MapShootToExtensionProfiles), so a
// blocked deletion completes as soon as the last pin goes. It runs whether the
// ExtensionComponentVersions feature gate is on or off: the gate guards what acts on Shoots
// (component pins in admission, maintenance, gardenlet), whereas the status is informational and
// cheap, and is correct before the gate is switched on (GEP-78 "ExtensionProfile status"), and
// pins stored while the gate was on must not dangle when it is switched on again.
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

// MapShootToExtensionProfiles maps a Shoot to the ExtensionProfiles named like the extension types
// under which it pins component versions and that are being deleted. Profiles that are not being
// deleted are left out: their reconciliation does not depend on Shoots. Profiles that cannot be
// read are left out as well (logged); the requeue of a blocked deletion checks them again.
func (r *Reconciler) MapShootToExtensionProfiles(ctx context.Context, obj client.Object) []reconcile.Request {
	shoot, ok := obj.(*gardencorev1beta1.Shoot)
	if !ok {
		return nil
	}
	var requests []reconcile.Request
	for _, extensionType := range v1beta1helper.PinnedExtensionTypes(shoot.Spec.Extensions) {
		profile := &gardencorev1beta1.ExtensionProfile{}
		if err := r.Client.Get(ctx, types.NamespacedName{Name: extensionType}, profile); err != nil {
			if client.IgnoreNotFound(err) != nil {
				logf.FromContext(ctx).Error(err, "Could not read ExtensionProfile for the pins of a Shoot", "extensionProfile", extensionType, "shoot", client.ObjectKeyFromObject(shoot))
			}
			continue
		}
		if profile.DeletionTimestamp != nil {
			requests = append(requests, reconcile.Request{NamespacedName: types.NamespacedName{Name: extensionType}})
		}
	}
	return requests
}

// ShootPinsChangedPredicate lets through the Shoot events that can release a blocked deletion or
// block a pending one: creation and removal of Shoots with pins, and updates that change the
// pinned extension types (v1beta1helper.PinnedExtensionTypes) or whether the Shoot is being
// deleted, for Shoots with pins before or after. Generic events are dropped.
func ShootPinsChangedPredicate() predicate.Predicate {
	hasPins := func(obj client.Object) bool {
		shoot, ok := obj.(*gardencorev1beta1.Shoot)
		return ok && len(v1beta1helper.PinnedExtensionTypes(shoot.Spec.Extensions)) > 0
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
			if !ok {
				return false
			}
			oldTypes := v1beta1helper.PinnedExtensionTypes(oldShoot.Spec.Extensions)
			newTypes := v1beta1helper.PinnedExtensionTypes(newShoot.Spec.Extensions)
			if len(oldTypes) == 0 && len(newTypes) == 0 {
				return false
			}
			return !slices.Equal(oldTypes, newTypes) || (oldShoot.DeletionTimestamp == nil) != (newShoot.DeletionTimestamp == nil)
		},
		GenericFunc: func(event.GenericEvent) bool { return false },
	}
}
