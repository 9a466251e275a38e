// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package maintenance

import (
	"fmt"
	"slices"
	"strings"

	"github.com/go-logr/logr"
	corev1 "k8s.io/api/core/v1"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
)

// EventReasonExtensionComponentVersionMaintenance is the reason of component version events.
const EventReasonExtensionComponentVersionMaintenance = "ExtensionComponentVersionMaintenance"

// buildMaintenanceMessagesWithComponents is buildMaintenanceMessages with the component results
// after the credentials, in their order.
func buildMaintenanceMessagesWithComponents(kubernetesControlPlaneUpdate *updateResult, workerToKubernetesUpdate, workerToMachineImageUpdate, credentialsToRotationUpdate map[string]updateResult, componentUpdates []componentUpdate, operations []string) (string, string) {
	var (
		parts, failures []string
		successful      int
	)
	add := func(r updateResult, success, failure, failureReason string) {
		if r.isSuccessful {
			successful++
			parts = append(parts, success)
			return
		}
		parts = append(parts, failure)
		failures = append(failures, failureReason)
	}

	if r := kubernetesControlPlaneUpdate; r != nil {
		add(*r, fmt.Sprintf("Control Plane: %s. Reason: %s", r.description, r.reason),
			fmt.Sprintf("Control Plane: Kubernetes version update failed. Reason for update: %s", r.reason),
			fmt.Sprintf("Control Plane: Kubernetes maintenance failure due to: %s", r.description))
	}
	for _, worker := range sortedKeys(workerToKubernetesUpdate) {
		r := workerToKubernetesUpdate[worker]
		add(r, fmt.Sprintf("Worker pool %q: %s. Reason: %s", worker, r.description, r.reason),
			fmt.Sprintf("Worker pool %q: Kubernetes version maintenance failed. Reason for update: %s", worker, r.reason),
			fmt.Sprintf("Worker pool %q: Kubernetes maintenance failure due to: %s", worker, r.description))
	}
	for _, worker := range sortedKeys(workerToMachineImageUpdate) {
		r := workerToMachineImageUpdate[worker]
		add(r, fmt.Sprintf("Worker pool %q: %s. Reason: %s", worker, r.description, r.reason),
			fmt.Sprintf("Worker pool %q: machine image version maintenance failed. Reason for update: %s", worker, r.reason),
			fmt.Sprintf("Worker pool %q: %s", worker, r.description))
	}
	for _, credentials := range sortedKeys(credentialsToRotationUpdate) {
		r := credentialsToRotationUpdate[credentials]
		add(r, fmt.Sprintf("Credentials %q: %s. Reason: %s", credentials, r.description, r.reason),
			fmt.Sprintf("Credentials %q: Automatic rotation failed. Reason for update: %s", credentials, r.reason),
			fmt.Sprintf("Credentials %q: Automatic rotation failure due to: %s", credentials, r.description))
	}
	for _, c := range componentUpdates {
		add(c.updateResult, fmt.Sprintf("%s: %s. Reason: %s", c.subject(), c.description, c.reason),
			fmt.Sprintf("%s: component version maintenance failed. Reason for update: %s", c.subject(), c.reason),
			fmt.Sprintf("%s: %s", c.subject(), c.description))
	}
	parts = append(parts, operations...)

	prefix := "All maintenance operations successful."
	if len(failures) > 0 {
		prefix = fmt.Sprintf("(%d/%d) maintenance operations successful.", successful, successful+len(failures))
	}
	return strings.TrimRight(prefix+" "+strings.Join(parts, ", "), " "), strings.Join(failures, ", ")
}

func sortedKeys(m map[string]updateResult) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// recordExtensionComponentMaintenance records an event per component result of a written run
// and counts the metrics.
func (r *Reconciler) recordExtensionComponentMaintenance(log logr.Logger, shoot *gardencorev1beta1.Shoot, componentUpdates []componentUpdate) {
	for _, c := range componentUpdates {
		if c.isSuccessful {
			r.Recorder.Eventf(shoot, nil, corev1.EventTypeNormal, EventReasonExtensionComponentVersionMaintenance, gardencorev1beta1.EventActionReconcile,
				"%s: %s. Reason: %s.", c.subject(), c.description, c.reason)
			continue
		}
		r.Recorder.Eventf(shoot, nil, corev1.EventTypeWarning, EventReasonExtensionComponentVersionMaintenance, gardencorev1beta1.EventActionReconcile,
			"%s: Component version maintenance failed. Reason for update: %s. Error: %s", c.subject(), c.reason, c.description)
	}
	countComponentMaintenance(log, componentUpdates)
}
