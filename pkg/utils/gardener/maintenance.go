// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package gardener

import (
	"slices"
	"strings"
	"time"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
)

const (
	// AnnotationShootOperation is the operation annotation of a Shoot; its value is a list of
	// operations separated by ";".
	AnnotationShootOperation = "gardener.cloud/operation"
	// ShootOperationMaintain in AnnotationShootOperation asks for maintenance at once, outside
	// the time window. Maintenance removes it.
	ShootOperationMaintain = "maintain"

	// MaintenanceWindowCutOff is how much earlier than the configured end Gardener stops starting
	// maintenance, so that the operations it triggers still begin inside the window.
	MaintenanceWindowCutOff = 15 * time.Minute
)

// HasMaintainNowAnnotation reports whether the Shoot's operation annotation lists "maintain".
func HasMaintainNowAnnotation(shoot *gardencorev1beta1.Shoot) bool {
	return slices.Contains(strings.Split(shoot.Annotations[AnnotationShootOperation], ";"), ShootOperationMaintain)
}

// WithoutMaintainOperation returns a copy of annotations in which "maintain" is removed from the
// operation annotation; the annotation is dropped when nothing else remains. nil stays nil.
func WithoutMaintainOperation(annotations map[string]string) map[string]string {
	if annotations == nil {
		return nil
	}
	out := make(map[string]string, len(annotations))
	for k, v := range annotations {
		out[k] = v
	}
	value, ok := out[AnnotationShootOperation]
	if !ok {
		return out
	}
	var rest []string
	for _, op := range strings.Split(value, ";") {
		if op != ShootOperationMaintain && op != "" {
			rest = append(rest, op)
		}
	}
	if len(rest) == 0 {
		delete(out, AnnotationShootOperation)
	} else {
		out[AnnotationShootOperation] = strings.Join(rest, ";")
	}
	return out
}

// KubernetesAutoUpdateEnabled returns spec.maintenance.autoUpdate.kubernetesVersion, true when
// the Shoot sets no autoUpdate (Gardener's v1beta1 default).
func KubernetesAutoUpdateEnabled(shoot *gardencorev1beta1.Shoot) bool {
	if shoot.Spec.Maintenance == nil || shoot.Spec.Maintenance.AutoUpdate == nil {
		return true
	}
	return shoot.Spec.Maintenance.AutoUpdate.KubernetesVersion
}

// MachineImageAutoUpdateEnabled returns spec.maintenance.autoUpdate.machineImageVersion, true
// when unset (Gardener's v1beta1 default).
func MachineImageAutoUpdateEnabled(shoot *gardencorev1beta1.Shoot) bool {
	if shoot.Spec.Maintenance == nil || shoot.Spec.Maintenance.AutoUpdate == nil || shoot.Spec.Maintenance.AutoUpdate.MachineImageVersion == nil {
		return true
	}
	return *shoot.Spec.Maintenance.AutoUpdate.MachineImageVersion
}
