// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package extensionprofile

import (
	"context"

	"k8s.io/utils/clock"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/controller"
	"sigs.k8s.io/controller-runtime/pkg/manager"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
)

// ControllerName is the name of this controller.
const ControllerName = "extensionprofile"

// AddToManager fills in the defaults of the reconciler (Client from the manager, the real
// Clock) and registers the controller with the manager.
//
// The controller watches ExtensionProfiles without a predicate: every event, a status edit
// included, leads to a reconcile, so that a hand-edited status is rewritten. It runs whether the
// ExtensionComponentVersions feature gate is on or off: the gate guards what acts on Shoots
// (component pins in admission, maintenance, gardenlet), whereas the status is informational and
// cheap, and is correct before the gate is switched on (GEP-78 "ExtensionProfile status").
func (r *Reconciler) AddToManager(_ context.Context, mgr manager.Manager) error {
	if r.Client == nil {
		r.Client = mgr.GetClient()
	}
	if r.Clock == nil {
		r.Clock = clock.RealClock{}
	}

	return builder.ControllerManagedBy(mgr).
		Named(ControllerName).
		For(&gardencorev1beta1.ExtensionProfile{}).
		WithOptions(controller.Options{MaxConcurrentReconciles: r.Config.ConcurrentSyncs}).
		Complete(r)
}
