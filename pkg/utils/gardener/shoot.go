// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package gardener

import (
	"fmt"
	"time"

	"k8s.io/utils/clock"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	v1beta1constants "github.com/gep-78/gardener/pkg/apis/core/v1beta1/constants"
	"github.com/gep-78/gardener/pkg/apis/utils/timewindow"
)

// IsNowInEffectiveShootMaintenanceTimeWindow reports whether clock.Now() lies in the Shoot's
// effective maintenance window (both ends included).
func IsNowInEffectiveShootMaintenanceTimeWindow(shoot *gardencorev1beta1.Shoot, clock clock.Clock) bool {
	return EffectiveShootMaintenanceTimeWindow(shoot).Contains(clock.Now())
}

// EffectiveMaintenanceTimeWindow returns timeWindow with its end moved MaintenanceWindowCutOff
// earlier.
func EffectiveMaintenanceTimeWindow(timeWindow *timewindow.MaintenanceTimeWindow) *timewindow.MaintenanceTimeWindow {
	return timeWindow.WithEnd(timeWindow.End().Add(0, 0, -int(MaintenanceWindowCutOff/time.Second)))
}

// EffectiveShootMaintenanceTimeWindow returns the effective maintenance window of a Shoot, the whole
// day when it has none or one that cannot be parsed.
func EffectiveShootMaintenanceTimeWindow(shoot *gardencorev1beta1.Shoot) *timewindow.MaintenanceTimeWindow {
	if shoot.Spec.Maintenance == nil || shoot.Spec.Maintenance.TimeWindow == nil {
		return timewindow.AlwaysTimeWindow
	}
	w, err := timewindow.ParseMaintenanceTimeWindow(shoot.Spec.Maintenance.TimeWindow.Begin, shoot.Spec.Maintenance.TimeWindow.End)
	if err != nil {
		return timewindow.AlwaysTimeWindow
	}
	return EffectiveMaintenanceTimeWindow(w)
}

// ComputeTechnicalID returns status.technicalID, else shoot--<project>--<name>.
func ComputeTechnicalID(projectName string, shoot *gardencorev1beta1.Shoot) string {
	if shoot.Status.TechnicalID != "" {
		return shoot.Status.TechnicalID
	}
	return fmt.Sprintf("%s-%s--%s", v1beta1constants.TechnicalIDPrefix, projectName, shoot.Name)
}
