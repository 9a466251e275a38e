// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package maintenance

import (
	"fmt"
	"slices"
	"strings"
	"time"

	corev1 "k8s.io/api/core/v1"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	gardenerutils "github.com/gep-78/gardener/pkg/utils/gardener"
)

// Operation is one maintenance run: the Shoot as read, the working copy every step changes, the
// profiles the steps read, and the results they record. Steps read nothing else and write nothing
// else; the reconciler loads the profiles before and writes the working copy after.
type Operation struct {
	// Now is the time the run evaluates classifications at.
	Now time.Time
	// Original is the Shoot as read (the entering state). Steps must not change it.
	Original *gardencorev1beta1.Shoot
	// Shoot is the working copy, changed by the steps in order: machine images, the Kubernetes
	// version, extension components.
	Shoot *gardencorev1beta1.Shoot
	// CloudProfile is the Shoot's CloudProfile; nil when it could not be found (CloudProfileErr).
	CloudProfile *gardencorev1beta1.CloudProfile
	// CloudProfileErr says why CloudProfile is nil.
	CloudProfileErr error
	// ExtensionProfiles are the ExtensionProfiles of the extension types the Shoot pins component
	// versions of, by name (== type). A type without an entry has no profile.
	ExtensionProfiles map[string]*gardencorev1beta1.ExtensionProfile
	// Results are the outcomes recorded by the steps, in the order they were recorded.
	Results []Result
}

// NewOperation returns an Operation on a deep copy of shoot, evaluated at now.
func NewOperation(shoot *gardencorev1beta1.Shoot, now time.Time) *Operation {
	return &Operation{
		Now:               now,
		Original:          shoot,
		Shoot:             shoot.DeepCopy(),
		ExtensionProfiles: map[string]*gardencorev1beta1.ExtensionProfile{},
	}
}

// ResultKind is what a Result is about.
type ResultKind string

const (
	// ResultKindKubernetes is the control plane Kubernetes version.
	ResultKindKubernetes ResultKind = "Kubernetes"
	// ResultKindWorkerKubernetes is the Kubernetes version of one worker pool.
	ResultKindWorkerKubernetes ResultKind = "WorkerKubernetes"
	// ResultKindMachineImage is the machine image version of one worker pool.
	ResultKindMachineImage ResultKind = "MachineImage"
	// ResultKindExtensionComponent is the version of one extension component (GEP-78).
	ResultKindExtensionComponent ResultKind = "ExtensionComponent"
)

// Event reasons of the Shoot events maintenance records.
const (
	// EventReasonKubernetesVersionMaintenance is the reason of control plane events.
	EventReasonKubernetesVersionMaintenance = "KubernetesVersionMaintenance"
	// EventReasonMachineImageVersionMaintenance is the reason of worker pool image events.
	EventReasonMachineImageVersionMaintenance = "MachineImageVersionMaintenance"
	// EventReasonExtensionComponentVersionMaintenance is the reason of component events (GEP-78).
	EventReasonExtensionComponentVersionMaintenance = "ExtensionComponentVersionMaintenance"
	// EventReasonMaintenanceFailed is the reason of the event when the maintained Shoot could not
	// be written.
	EventReasonMaintenanceFailed = "MaintenanceFailed"

	// eventAction is the action of every maintenance event.
	eventAction = "Maintain"
)

// Result is the outcome of maintaining one version: a change (Successful) or a failure. A version
// that needs no change leaves no Result.
type Result struct {
	// Kind is what was maintained.
	Kind ResultKind
	// WorkerPool is the pool name (machine images, worker pool Kubernetes versions).
	WorkerPool string
	// ImageName is the machine image name (machine images).
	ImageName string
	// ExtensionType and Component name the component (extension components).
	ExtensionType, Component string
	// From is the version before the run; To the version after it (equal to From on failure).
	From, To string
	// Reason says why an update was considered.
	Reason string
	// Forced is true when the update was forced (expired or missing version).
	Forced bool
	// Trigger is the component update trigger (extension components).
	Trigger gardenerutils.ComponentUpdateTrigger
	// Successful is true when the version was changed.
	Successful bool
	// Description describes the change, or the error.
	Description string
	// failureCategory classifies a failed component result for the metrics.
	failureCategory string
}

// subject names what a result is about in messages.
func (r Result) subject() string {
	switch r.Kind {
	case ResultKindKubernetes:
		return "Control Plane"
	case ResultKindMachineImage, ResultKindWorkerKubernetes:
		return fmt.Sprintf("Worker pool %q", r.WorkerPool)
	}
	return fmt.Sprintf("Extension %q component %q", r.ExtensionType, r.Component)
}

// part is the text of a result in lastMaintenance.description (Gardener's wording for Kubernetes
// and machine images).
func (r Result) part() string {
	if r.Successful {
		return fmt.Sprintf("%s: %s. Reason: %s", r.subject(), r.Description, r.Reason)
	}
	switch r.Kind {
	case ResultKindKubernetes:
		return fmt.Sprintf("%s: Kubernetes version update failed. Reason for update: %s", r.subject(), r.Reason)
	case ResultKindWorkerKubernetes:
		return fmt.Sprintf("%s: Kubernetes version maintenance failed. Reason for update: %s", r.subject(), r.Reason)
	case ResultKindMachineImage:
		return fmt.Sprintf("%s: machine image version maintenance failed. Reason for update: %s", r.subject(), r.Reason)
	}
	return fmt.Sprintf("%s: component version maintenance failed. Reason for update: %s", r.subject(), r.Reason)
}

// failurePart is the text of a failed result in lastMaintenance.failureReason.
func (r Result) failurePart() string {
	if r.Kind == ResultKindKubernetes || r.Kind == ResultKindWorkerKubernetes {
		return fmt.Sprintf("%s: Kubernetes maintenance failure due to: %s", r.subject(), r.Description)
	}
	return fmt.Sprintf("%s: %s", r.subject(), r.Description)
}

// event returns the type, reason and message of the Shoot event of a result.
func (r Result) event() (eventType, reason, message string) {
	switch r.Kind {
	case ResultKindKubernetes, ResultKindWorkerKubernetes:
		reason = EventReasonKubernetesVersionMaintenance
	case ResultKindMachineImage:
		reason = EventReasonMachineImageVersionMaintenance
	default:
		reason = EventReasonExtensionComponentVersionMaintenance
	}
	if r.Successful {
		return corev1.EventTypeNormal, reason, r.part() + "."
	}
	what := map[ResultKind]string{
		ResultKindKubernetes:         "Kubernetes",
		ResultKindWorkerKubernetes:   "Kubernetes",
		ResultKindMachineImage:       "Machine image",
		ResultKindExtensionComponent: "Component",
	}[r.Kind]
	return corev1.EventTypeWarning, reason, fmt.Sprintf("%s: %s version maintenance failed. Reason for update: %s. Error: %s", r.subject(), what, r.Reason, r.Description)
}

// resultOrder orders results in lastMaintenance as Gardener does (control plane, worker pool
// Kubernetes versions, machine images), with extension components last.
var resultOrder = []ResultKind{ResultKindKubernetes, ResultKindWorkerKubernetes, ResultKindMachineImage, ResultKindExtensionComponent}

// Messages returns lastMaintenance.description and .failureReason for the results (Gardener's
// buildMaintenanceMessages): the parts joined with ", ", prefixed "All maintenance operations
// successful." when nothing failed and "(<ok>/<total>) maintenance operations successful."
// otherwise; failureReason joins the failure parts and is "" when nothing failed.
func Messages(results []Result) (description, failureReason string) {
	ordered := slices.Clone(results)
	slices.SortStableFunc(ordered, func(a, b Result) int {
		return slices.Index(resultOrder, a.Kind) - slices.Index(resultOrder, b.Kind)
	})
	var parts, failures []string
	successful := 0
	for _, r := range ordered {
		parts = append(parts, r.part())
		if r.Successful {
			successful++
		} else {
			failures = append(failures, r.failurePart())
		}
	}
	prefix := "All maintenance operations successful."
	if len(failures) > 0 {
		prefix = fmt.Sprintf("(%d/%d) maintenance operations successful.", successful, len(ordered))
	}
	return strings.TrimSpace(prefix + " " + strings.Join(parts, ", ")), strings.Join(failures, ", ")
}

// resetComponents restores the component pins of the working copy to the entering Shoot and
// drops the component results, so that the component step can run again.
func (o *Operation) resetComponents() {
	o.Shoot.Spec.Extensions = nil
	if o.Original.Spec.Extensions != nil {
		o.Shoot.Spec.Extensions = o.Original.DeepCopy().Spec.Extensions
	}
	o.Results = slices.DeleteFunc(o.Results, func(r Result) bool { return r.Kind == ResultKindExtensionComponent })
}
