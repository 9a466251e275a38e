// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package extensionprofile

import (
	"context"
	"slices"

	"k8s.io/apimachinery/pkg/types"
	"k8s.io/utils/clock"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/cluster"
	"sigs.k8s.io/controller-runtime/pkg/controller"
	"sigs.k8s.io/controller-runtime/pkg/event"
	"sigs.k8s.io/controller-runtime/pkg/handler"
	logf "sigs.k8s.io/controller-runtime/pkg/log"
	"sigs.k8s.io/controller-runtime/pkg/manager"
	"sigs.k8s.io/controller-runtime/pkg/predicate"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
	"sigs.k8s.io/controller-runtime/pkg/source"

	v1beta1helper "github.com/gep-78/gardener/pkg/api/core/v1beta1/helper"
	"github.com/gep-78/gardener/pkg/api/indexer"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	operatorv1alpha1 "github.com/gep-78/gardener/pkg/apis/operator/v1alpha1"
)

// ControllerName is the name of this controller.
const ControllerName = "extension-profile"

// AddToManager adds Reconciler to mgr. It also watches the garden's ExtensionProfiles, so that hand
// edits are reverted, and Shoots whose pins change, so that a refused removal is retried.
func (r *Reconciler) AddToManager(mgr manager.Manager, gardenCluster cluster.Cluster) error {
	if r.RuntimeClient == nil {
		r.RuntimeClient = mgr.GetClient()
	}
	if r.GardenClient == nil {
		r.GardenClient = gardenCluster.GetClient()
	}
	if r.Clock == nil {
		r.Clock = clock.RealClock{}
	}
	if r.Recorder == nil {
		r.Recorder = mgr.GetEventRecorder("gardener-operator-" + ControllerName)
	}
	if r.ConcurrentSyncs == 0 {
		r.ConcurrentSyncs = 1
	}

	return builder.ControllerManagedBy(mgr).
		Named(ControllerName).
		For(&operatorv1alpha1.Extension{}, builder.WithPredicates(predicate.Or(
			predicate.GenerationChangedPredicate{}, predicate.AnnotationChangedPredicate{}, predicate.LabelChangedPredicate{}))).
		WatchesRawSource(source.Kind[client.Object](gardenCluster.GetCache(), &gardencorev1beta1.ExtensionProfile{},
			handler.EnqueueRequestsFromMapFunc(r.MapExtensionProfileToExtensions))).
		WatchesRawSource(source.Kind[client.Object](gardenCluster.GetCache(), &gardencorev1beta1.Shoot{},
			handler.EnqueueRequestsFromMapFunc(r.MapShootToExtensions), ShootPinsChangedPredicate())).
		WithOptions(controller.Options{MaxConcurrentReconciles: r.ConcurrentSyncs}).
		Complete(r)
}

// MapExtensionProfileToExtensions maps a profile to the operator Extension of its
// operatorv1alpha1.LabelExtension label and to every operator Extension that lists its name in
// spec.extensionProfiles[].type.
func (r *Reconciler) MapExtensionProfileToExtensions(ctx context.Context, obj client.Object) []reconcile.Request {
	requests := r.extensionsOfTypes(ctx, []string{obj.GetName()})
	if owner, ok := obj.GetLabels()[operatorv1alpha1.LabelExtension]; ok {
		request := reconcile.Request{NamespacedName: types.NamespacedName{Name: owner}}
		if !slices.Contains(requests, request) {
			requests = append(requests, request)
		}
	}
	return requests
}

// MapShootToExtensions maps a Shoot to the operator Extensions that list a profile the Shoot pins
// component versions of, in spec.extensions[] or in a worker pool. The handler calls it with the
// old and the new Shoot of an update, so a pin that goes is mapped as well. A mapped Extension's
// refusal backoff starts over: its last refusal may predate the change.
func (r *Reconciler) MapShootToExtensions(ctx context.Context, obj client.Object) []reconcile.Request {
	requests := r.extensionsOfTypes(ctx, indexer.ShootPinnedExtensionTypesIndexerFunc(obj))
	for _, request := range requests {
		r.refusalBackoff().Forget(request.Name)
	}
	return requests
}

// shootPins returns the pinned entries of the Shoot's spec.extensions[] and of its worker pools.
func shootPins(shoot *gardencorev1beta1.Shoot) []v1beta1helper.ComponentPin {
	var pins []v1beta1helper.ComponentPin
	for _, pin := range v1beta1helper.ComponentPins(shoot.Spec.Extensions) {
		if pin.Pinned() {
			pins = append(pins, pin)
		}
	}
	for _, pin := range v1beta1helper.PoolComponentPins(shoot.Spec.Extensions, shoot.Spec.Provider.Workers) {
		if pin.Pinned() {
			pins = append(pins, pin.ComponentPin)
		}
	}
	return pins
}

func (r *Reconciler) extensionsOfTypes(ctx context.Context, extensionTypes []string) []reconcile.Request {
	if len(extensionTypes) == 0 {
		return nil
	}
	extensions := &operatorv1alpha1.ExtensionList{}
	if err := r.RuntimeClient.List(ctx, extensions); err != nil {
		logf.FromContext(ctx).Error(err, "Could not list operator Extensions")
		return nil
	}
	var requests []reconcile.Request
	for _, extension := range extensions.Items {
		for _, template := range extension.Spec.ExtensionProfiles {
			if slices.Contains(extensionTypes, template.Type) {
				requests = append(requests, reconcile.Request{NamespacedName: types.NamespacedName{Name: extension.Name}})
				break
			}
		}
	}
	return requests
}

// ShootPinsChangedPredicate lets through creations and deletions of Shoots with component pins
// and updates that change the pins (spec.extensions[] and the worker pools') or whether the Shoot
// is being deleted.
func ShootPinsChangedPredicate() predicate.Predicate {
	pins := func(obj client.Object) []v1beta1helper.ComponentPin {
		shoot, ok := obj.(*gardencorev1beta1.Shoot)
		if !ok {
			return nil
		}
		return shootPins(shoot)
	}
	return predicate.Funcs{
		CreateFunc: func(e event.CreateEvent) bool { return len(pins(e.Object)) > 0 },
		DeleteFunc: func(e event.DeleteEvent) bool { return len(pins(e.Object)) > 0 },
		UpdateFunc: func(e event.UpdateEvent) bool {
			oldPins, newPins := pins(e.ObjectOld), pins(e.ObjectNew)
			if len(oldPins) == 0 && len(newPins) == 0 {
				return false
			}
			return !slices.Equal(oldPins, newPins) || (e.ObjectOld.GetDeletionTimestamp() == nil) != (e.ObjectNew.GetDeletionTimestamp() == nil)
		},
		GenericFunc: func(event.GenericEvent) bool { return false },
	}
}
