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
	"github.com/gep-78/gardener/pkg/features"
	"github.com/gep-78/gardener/pkg/utils/gardener/componentversion"
)

// updateResult represents the result of a Kubernetes, machine image or (GEP-78) component version
// maintenance operation (Gardener's). It fails when a version must be updated and no suitable
// version is found; the update may still be rejected by the API server.
type updateResult struct {
	description  string
	reason       string
	isSuccessful bool
}

// Operation is one maintenance run: the Shoot as read, the working copy every step changes, the
// profiles the steps read, and the results in Gardener's model (updateResult per control plane,
// per pool and, for GEP-78, per component). Steps read nothing else and write nothing else; the
// reconciler loads the profiles before and writes the working copy after.
type Operation struct {
	// Now is the time the run evaluates classifications at.
	Now time.Time
	// ComponentVersions is the ExtensionComponentVersions feature gate, read once per run (in
	// NewOperation), so that all steps of a run see the same value.
	ComponentVersions bool
	// StableChannelSoakPeriod is the soak period of the stable release channel, for components
	// that follow a channel (the Reconciler's StableChannelSoakPeriod).
	StableChannelSoakPeriod time.Duration
	// Original is the Shoot as read (the entering state). Steps must not change it.
	Original *gardencorev1beta1.Shoot
	// Shoot is the working copy, changed by the steps in order: machine images, the Kubernetes
	// versions, extension components.
	Shoot *gardencorev1beta1.Shoot
	// CloudProfile is the Shoot's CloudProfile; nil when it could not be found (CloudProfileErr).
	CloudProfile *gardencorev1beta1.CloudProfile
	// CloudProfileErr says why CloudProfile is nil.
	CloudProfileErr error
	// ExtensionProfiles are the ExtensionProfiles of the extension types the Shoot pins component
	// versions of, by name (== type). A type without an entry has no profile.
	ExtensionProfiles map[string]*gardencorev1beta1.ExtensionProfile

	kubernetesControlPlaneUpdate *updateResult
	workerToKubernetesUpdate     map[string]updateResult
	workerToMachineImageUpdate   map[string]updateResult
	// componentUpdates holds the component results (GEP-78), in the order recorded.
	componentUpdates []componentUpdate
	// changes are the results' subjects, in the order they were recorded.
	changes []change
}

// NewOperation returns an Operation on a deep copy of shoot, evaluated at now.
func NewOperation(shoot *gardencorev1beta1.Shoot, now time.Time) *Operation {
	return &Operation{
		Now:                        now,
		ComponentVersions:          features.DefaultFeatureGate.Enabled(features.ExtensionComponentVersions),
		Original:                   shoot,
		Shoot:                      shoot.DeepCopy(),
		ExtensionProfiles:          map[string]*gardencorev1beta1.ExtensionProfile{},
		workerToKubernetesUpdate:   map[string]updateResult{},
		workerToMachineImageUpdate: map[string]updateResult{},
	}
}

// ResultKind is what a result is about.
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

// change is what a run keeps of a result beside its updateResult (GEP-78): its subject, the
// versions and whether the update was forced, for holding back voluntary host updates
// (ResolveHostComponentConflicts) and for the component metrics.
type change struct {
	kind ResultKind
	// name is the pool (pool results) or the componentKey (component results).
	name string
	// imageName is the machine image (machine image results).
	imageName string
	// from is the version before the run; to the version after it (from on failure).
	from, to string
	forced   bool
	// trigger is the component update trigger (component results).
	trigger componentversion.ComponentUpdateTrigger
	// failureCategory classifies a failed component result for the metrics.
	failureCategory string
	// kept marks a successful component result that changed nothing: the release channel gives a
	// lower version. It counts neither as an upgrade nor as a failure.
	kept bool
}

func (c change) isHost() bool { return c.kind != ResultKindExtensionComponent }

// componentUpdate is the result of one extension component (GEP-78).
type componentUpdate struct {
	extensionType, component string
	updateResult
}

func (c componentUpdate) subject() string {
	return fmt.Sprintf("Extension %q component %q", c.extensionType, c.component)
}

// componentKey names a component in a change.
func componentKey(extensionType, component string) string { return extensionType + "/" + component }

func (o *Operation) componentIndex(key string) int {
	return slices.IndexFunc(o.componentUpdates, func(c componentUpdate) bool { return componentKey(c.extensionType, c.component) == key })
}

// record adds the result of c.
func (o *Operation) record(c change, result updateResult) {
	o.setResult(c, result)
	o.changes = append(o.changes, c)
}

func (o *Operation) setResult(c change, result updateResult) {
	switch c.kind {
	case ResultKindKubernetes:
		o.kubernetesControlPlaneUpdate = &result
	case ResultKindWorkerKubernetes:
		o.workerToKubernetesUpdate[c.name] = result
	case ResultKindMachineImage:
		o.workerToMachineImageUpdate[c.name] = result
	case ResultKindExtensionComponent:
		if i := o.componentIndex(c.name); i >= 0 {
			o.componentUpdates[i].updateResult = result
			return
		}
		extensionType, component, _ := strings.Cut(c.name, "/")
		o.componentUpdates = append(o.componentUpdates, componentUpdate{extensionType: extensionType, component: component, updateResult: result})
	}
}

func (o *Operation) result(c change) updateResult {
	switch c.kind {
	case ResultKindKubernetes:
		return *o.kubernetesControlPlaneUpdate
	case ResultKindWorkerKubernetes:
		return o.workerToKubernetesUpdate[c.name]
	case ResultKindMachineImage:
		return o.workerToMachineImageUpdate[c.name]
	}
	return o.componentUpdates[o.componentIndex(c.name)].updateResult
}

// drop removes the results whose change matches.
func (o *Operation) drop(matches func(change) bool) {
	o.changes = slices.DeleteFunc(o.changes, func(c change) bool {
		if !matches(c) {
			return false
		}
		switch c.kind {
		case ResultKindKubernetes:
			o.kubernetesControlPlaneUpdate = nil
		case ResultKindWorkerKubernetes:
			delete(o.workerToKubernetesUpdate, c.name)
		case ResultKindMachineImage:
			delete(o.workerToMachineImageUpdate, c.name)
		case ResultKindExtensionComponent:
			o.componentUpdates = slices.Delete(o.componentUpdates, o.componentIndex(c.name), o.componentIndex(c.name)+1)
		}
		return true
	})
}

// hasResults reports whether the run recorded any result.
func (o *Operation) hasResults() bool { return len(o.changes) > 0 }

// messages returns lastMaintenance.description and .failureReason of the run.
func (o *Operation) messages() (string, string) {
	return buildMaintenanceMessagesWithComponents(o.kubernetesControlPlaneUpdate, o.workerToKubernetesUpdate, o.workerToMachineImageUpdate, nil, o.componentUpdates, nil)
}

// Event reasons of the Shoot events maintenance records.
const (
	// EventReasonKubernetesVersionMaintenance is the reason of control plane and pool Kubernetes
	// events.
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

// events returns the Shoot events of the run, one per result, in Gardener's order (control
// plane, pools' Kubernetes versions, pools' machine images) and then the components, with
// Gardener's wording.
func (o *Operation) events() []pendingEvent {
	var events []pendingEvent
	if r := o.kubernetesControlPlaneUpdate; r != nil {
		if r.isSuccessful {
			events = append(events, pendingEvent{Type: corev1.EventTypeNormal, Reason: EventReasonKubernetesVersionMaintenance,
				Note: fmt.Sprintf("Control Plane: %s. Reason: %s.", r.description, r.reason)})
		} else {
			events = append(events, pendingEvent{Type: corev1.EventTypeWarning, Reason: EventReasonKubernetesVersionMaintenance,
				Note: fmt.Sprintf("Control Plane: Kubernetes version maintenance failed. Reason for update: %s. Error: %v", r.reason, r.description)})
		}
	}
	events = append(events, eventsForPools(o.workerToKubernetesUpdate, EventReasonKubernetesVersionMaintenance, "Kubernetes")...)
	events = append(events, eventsForPools(o.workerToMachineImageUpdate, EventReasonMachineImageVersionMaintenance, "Machine image")...)
	for _, r := range o.componentUpdates {
		if r.isSuccessful {
			events = append(events, pendingEvent{Type: corev1.EventTypeNormal, Reason: EventReasonExtensionComponentVersionMaintenance,
				Note: fmt.Sprintf("%s: %s. Reason: %s.", r.subject(), r.description, r.reason)})
			continue
		}
		events = append(events, pendingEvent{Type: corev1.EventTypeWarning, Reason: EventReasonExtensionComponentVersionMaintenance,
			Note: fmt.Sprintf("%s: Component version maintenance failed. Reason for update: %s. Error: %s", r.subject(), r.reason, r.description)})
	}
	return events
}

// eventsForPools returns the events of pool results (Gardener's recordMaintenanceEventsForPool).
func eventsForPools(workerToUpdateResult map[string]updateResult, reason, maintenanceType string) []pendingEvent {
	var events []pendingEvent
	for _, worker := range sortedKeys(workerToUpdateResult) {
		r := workerToUpdateResult[worker]
		if r.isSuccessful {
			events = append(events, pendingEvent{Type: corev1.EventTypeNormal, Reason: reason,
				Note: fmt.Sprintf("Worker pool %q: %v. Reason: %s.", worker, r.description, r.reason)})
			continue
		}
		events = append(events, pendingEvent{Type: corev1.EventTypeWarning, Reason: reason,
			Note: fmt.Sprintf("Worker pool %q: %s version maintenance failed. Reason for update: %s. Error: %v", worker, maintenanceType, r.reason, r.description)})
	}
	return events
}

// buildMaintenanceMessages builds lastMaintenance.description and .failureReason of the results
// (Gardener's). Pools are listed in name order (Gardener: map order).
func buildMaintenanceMessages(kubernetesControlPlaneUpdate *updateResult, workerToKubernetesUpdate, workerToMachineImageUpdate, credentialsToRotationUpdate map[string]updateResult, operations []string) (string, string) {
	return buildMaintenanceMessagesWithComponents(kubernetesControlPlaneUpdate, workerToKubernetesUpdate, workerToMachineImageUpdate, credentialsToRotationUpdate, nil, operations)
}

// buildMaintenanceMessagesWithComponents is buildMaintenanceMessages with the GEP-78 component
// results, in their order, after the credentials: `Extension "<type>" component "<name>": <desc>.
// Reason: <reason>`, or `...: component version maintenance failed. Reason for update: <reason>`
// with failure `Extension "<type>" component "<name>": <desc>`. The parts are joined with ", ",
// prefixed "All maintenance operations successful." when nothing failed and "(<ok>/<total>)
// maintenance operations successful." otherwise; failureReason joins the failure parts.
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
		r, subject := c.updateResult, c.subject()
		add(r, fmt.Sprintf("%s: %s. Reason: %s", subject, r.description, r.reason),
			fmt.Sprintf("%s: component version maintenance failed. Reason for update: %s", subject, r.reason),
			fmt.Sprintf("%s: %s", subject, r.description))
	}
	parts = append(parts, operations...)

	prefix := "All maintenance operations successful."
	if len(failures) > 0 {
		prefix = fmt.Sprintf("(%d/%d) maintenance operations successful.", successful, successful+len(failures))
	}
	return strings.TrimRight(prefix+" "+strings.Join(parts, ", "), " "), strings.Join(failures, ", ")
}

func sortedKeys(m map[string]updateResult) []string {
	return slices.Sorted(func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	})
}

// resetComponents restores the component pins of the working copy to the entering Shoot and
// drops the component results, so that the component step can run again.
func (o *Operation) resetComponents() {
	o.Shoot.Spec.Extensions = nil
	if o.Original.Spec.Extensions != nil {
		o.Shoot.Spec.Extensions = o.Original.DeepCopy().Spec.Extensions
	}
	o.drop(func(c change) bool { return c.kind == ResultKindExtensionComponent })
}
