// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package maintenance

import (
	"math/rand/v2"
	"os"

	"k8s.io/utils/clock"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/controller"
	"sigs.k8s.io/controller-runtime/pkg/event"
	"sigs.k8s.io/controller-runtime/pkg/manager"
	"sigs.k8s.io/controller-runtime/pkg/predicate"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	gardenerutils "github.com/gep-78/gardener/pkg/utils/gardener"
	"github.com/gep-78/gardener/pkg/utils/gardener/componentversion"
)

// ControllerName is the name of this controller.
const ControllerName = "shoot-maintenance"

// AddToManager fills in the defaults of the reconciler (Client and APIReader from the manager,
// the host name as ReportingInstance of the events, the real Clock, the CEL compatibility checker, math/rand for the requeue
// spread) and registers the controller with the manager. It watches Shoots with ShootPredicate,
// and ExtensionProfiles only to add and remove the series of the counters (metricsInitializer).
// The controller runs whether the ExtensionComponentVersions feature gate is on or off; the gate
// only switches the component step.
func (r *Reconciler) AddToManager(mgr manager.Manager) error {
	if r.Client == nil {
		r.Client = mgr.GetClient()
	}
	if r.APIReader == nil {
		r.APIReader = mgr.GetAPIReader()
	}
	if r.Clock == nil {
		r.Clock = clock.RealClock{}
	}
	if r.ReportingInstance == "" {
		if hostname, err := os.Hostname(); err == nil {
			r.ReportingInstance = "gardener-controller-manager-" + hostname
		}
	}
	if r.CompatibilityChecker == nil {
		r.CompatibilityChecker = componentversion.NewCELCompatibilityChecker()
	}
	if r.RandomInt63n == nil {
		r.RandomInt63n = rand.Int64N
	}

	return builder.ControllerManagedBy(mgr).
		Named(ControllerName).
		For(&gardencorev1beta1.Shoot{}, builder.WithPredicates(ShootPredicate())).
		Watches(&gardencorev1beta1.ExtensionProfile{}, metricsInitializer()).
		WithOptions(controller.Options{MaxConcurrentReconciles: ptr.Deref(r.Config.ConcurrentSyncs, 0)}).
		Complete(r)
}

// ShootPredicate lets through what can change when a Shoot is to be maintained (Gardener's
// ShootPredicate): create, delete and generic events, and updates that newly add the "maintain"
// operation or change spec.maintenance.timeWindow. Other updates, among them the maintenance
// write itself, are dropped; the reconciler requeues itself for the next window.
func ShootPredicate() predicate.Predicate {
	return predicate.Funcs{
		UpdateFunc: func(e event.UpdateEvent) bool {
			oldShoot, ok := e.ObjectOld.(*gardencorev1beta1.Shoot)
			if !ok {
				return false
			}
			newShoot, ok := e.ObjectNew.(*gardencorev1beta1.Shoot)
			if !ok {
				return false
			}
			if gardenerutils.HasMaintainNowAnnotation(newShoot) && !gardenerutils.HasMaintainNowAnnotation(oldShoot) {
				return true
			}
			return !sameTimeWindow(oldShoot, newShoot)
		},
	}
}

func sameTimeWindow(a, b *gardencorev1beta1.Shoot) bool {
	var wa, wb *gardencorev1beta1.MaintenanceTimeWindow
	if a.Spec.Maintenance != nil {
		wa = a.Spec.Maintenance.TimeWindow
	}
	if b.Spec.Maintenance != nil {
		wb = b.Spec.Maintenance.TimeWindow
	}
	if wa == nil || wb == nil {
		return wa == wb
	}
	return *wa == *wb
}
