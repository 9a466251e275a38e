// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package cloudprofile

import (
	"k8s.io/utils/clock"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/controller"
	"sigs.k8s.io/controller-runtime/pkg/manager"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
)

// ControllerName is the name of this controller.
const ControllerName = "cloudprofile"

// AddToManager adds Reconciler to the given manager. Every event, a status edit included, leads to a
// reconcile, so that a hand-edited status is rewritten.
func (r *Reconciler) AddToManager(mgr manager.Manager) error {
	if r.Client == nil {
		r.Client = mgr.GetClient()
	}
	if r.Clock == nil {
		r.Clock = clock.RealClock{}
	}

	return builder.ControllerManagedBy(mgr).
		Named(ControllerName).
		For(&gardencorev1beta1.CloudProfile{}).
		WithOptions(controller.Options{MaxConcurrentReconciles: ptr.Deref(r.Config.ConcurrentSyncs, 0)}).
		Complete(r)
}
