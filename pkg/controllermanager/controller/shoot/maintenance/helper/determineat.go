// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package helper

import (
	"time"

	v1beta1helper "github.com/gep-78/gardener/pkg/api/core/v1beta1/helper"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
)

// DetermineMachineImageVersionAt returns the maintenance target of the pool's machine image
// version classified at now; "" when there is none and the version is not expired.
func DetermineMachineImageVersionAt(shootMachineImage *gardencorev1beta1.ShootMachineImage, machineImage *gardencorev1beta1.MachineImage, isExpired bool, now time.Time) (string, error) {
	return v1beta1helper.MachineImageTargetVersion(*machineImage, *shootMachineImage.Version, isExpired, now)
}
