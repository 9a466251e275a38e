// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package maintenance

import (
	"errors"

	apierrors "k8s.io/apimachinery/pkg/api/errors"

	"sigs.k8s.io/controller-runtime/pkg/client"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
)

// FieldManager is the field manager of the Shoot writes of maintenance. Admission recognises a
// maintenance write by it together with gardener-controller-manager's identity.
const FieldManager = "gardener-controller-manager-shoot-maintenance"

// withFieldManager returns c writing as FieldManager.
func withFieldManager(c client.Client) client.Client {
	return client.WithFieldOwner(c, FieldManager)
}

// maintenanceInterrupted reports whether shoot's last maintenance was left Processing by a crash
// or failed write between the status and the spec write; it is maintained again at once.
func maintenanceInterrupted(shoot *gardencorev1beta1.Shoot) bool {
	last := shoot.Status.LastMaintenance
	return last != nil && last.State == gardencorev1beta1.LastOperationStateProcessing
}

// ensureSpecUnchanged returns a conflict when shoot's spec, as the last write returned it, is
// newer than the one maintainedShoot was computed from.
func ensureSpecUnchanged(shoot, maintainedShoot *gardencorev1beta1.Shoot) error {
	if shoot.Generation == maintainedShoot.Generation {
		return nil
	}
	return apierrors.NewConflict(gardencorev1beta1.Resource("shoots"), shoot.Name, errSpecChanged)
}

var errSpecChanged = errors.New("the spec changed while the Shoot was maintained")
