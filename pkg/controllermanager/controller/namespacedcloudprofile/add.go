// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package namespacedcloudprofile

import (
	"context"

	"github.com/go-logr/logr"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller"
	"sigs.k8s.io/controller-runtime/pkg/handler"
	"sigs.k8s.io/controller-runtime/pkg/manager"
	"sigs.k8s.io/controller-runtime/pkg/predicate"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
)

// ControllerName is the name of this controller.
const ControllerName = "namespacedcloudprofile"

// AddToManager adds Reconciler to the given manager.
func (r *Reconciler) AddToManager(mgr manager.Manager) error {
	if r.Client == nil {
		r.Client = mgr.GetClient()
	}

	return builder.ControllerManagedBy(mgr).
		Named(ControllerName).
		For(&gardencorev1beta1.NamespacedCloudProfile{}, builder.WithPredicates(predicate.GenerationChangedPredicate{})).
		WithOptions(controller.Options{MaxConcurrentReconciles: ptr.Deref(r.Config.ConcurrentSyncs, 0)}).
		Watches(&gardencorev1beta1.CloudProfile{},
			handler.EnqueueRequestsFromMapFunc(r.MapCloudProfileToNamespacedCloudProfile(mgr.GetLogger().WithValues("controller", ControllerName)))).
		Complete(r)
}

// MapCloudProfileToNamespacedCloudProfile maps a CloudProfile to a request for every
// NamespacedCloudProfile whose spec.parent names it.
func (r *Reconciler) MapCloudProfileToNamespacedCloudProfile(log logr.Logger) handler.MapFunc {
	return func(ctx context.Context, obj client.Object) []reconcile.Request {
		cloudProfile, ok := obj.(*gardencorev1beta1.CloudProfile)
		if !ok {
			return nil
		}
		list := &gardencorev1beta1.NamespacedCloudProfileList{}
		if err := r.Client.List(ctx, list); err != nil {
			log.Error(err, "Failed to list NamespacedCloudProfiles referencing this CloudProfile", "cloudProfileName", cloudProfile.Name)
			return nil
		}
		var requests []reconcile.Request
		for _, p := range list.Items {
			if p.Spec.Parent.Name == cloudProfile.Name {
				requests = append(requests, reconcile.Request{NamespacedName: client.ObjectKeyFromObject(&p)})
			}
		}
		return requests
	}
}
