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

// AddToManager adds Reconciler to the given manager. It also watches the Shoots whose pins change,
// so that a blocked deletion completes when the last pin goes; it runs with the feature gate off
// too.
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

// MapShootToExtensionProfiles maps a Shoot to the ExtensionProfiles being deleted that it pins.
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

// ShootPinsChangedPredicate lets through the Shoot events that change the pinned extension types or
// the deletion state of a Shoot with pins.
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
