// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package extension

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strings"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/client"

	v1beta1helper "github.com/gep-78/gardener/pkg/api/core/v1beta1/helper"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	extensionsv1alpha1 "github.com/gep-78/gardener/pkg/apis/extensions/v1alpha1"
	"github.com/gep-78/gardener/pkg/utils/gardener/rollout"
)

const (
	// ConditionExtensionsReady is the Shoot condition that reflects the status.lastOperation of
	// the Shoot's seed Extensions and ContainerRuntimes and names the component versions they
	// were given.
	ConditionExtensionsReady gardencorev1beta1.ConditionType = "ExtensionsReady"
	// ReasonAllExtensionsReady: every Extension and ContainerRuntime reported success (or is
	// processing without error).
	ReasonAllExtensionsReady = "AllExtensionsReady"
	// ReasonNotAllExtensionsHealthy: an Extension or ContainerRuntime reported an error.
	ReasonNotAllExtensionsHealthy = "NotAllExtensionsHealthy"
)

// extensionHealth is what the Shoot shows of one seed Extension's or ContainerRuntime's status.
type extensionHealth struct {
	reported    bool
	failed      bool
	description string
	codes       string
}

// healthOf reads the health of an extension object's status: failed while lastError is set or
// lastOperation is in state Error or Failed (extension controllers keep lastError while they retry).
func healthOf(status extensionsv1alpha1.DefaultStatus) extensionHealth {
	op, lastErr := status.LastOperation, status.LastError
	h := extensionHealth{reported: op != nil}
	if lastErr != nil {
		h.failed, h.description = true, lastErr.Description
		for _, c := range lastErr.Codes {
			h.codes += string(c) + ","
		}
	} else if op != nil && (op.State == gardencorev1beta1.LastOperationStateError || op.State == gardencorev1beta1.LastOperationStateFailed) {
		h.failed, h.description = true, op.Description
	}
	return h
}

// recordExtensionStatus patches status.lastErrors and the ExtensionsReady condition of the Shoot to
// reflect its seed Extensions, the writes that failed and, unless runtimes is nil (the gate is
// off), its seed ContainerRuntimes, when they changed.
func (r *Reconciler) recordExtensionStatus(ctx context.Context, shoot *gardencorev1beta1.Shoot, extensions []extensionsv1alpha1.Extension, runtimes *extensionsv1alpha1.ContainerRuntimeList, failed map[string]error) error {
	var (
		kept    []gardencorev1beta1.LastError
		current = map[string]gardencorev1beta1.LastError{}
		wanted  = map[string]gardencorev1beta1.LastError{}
	)
	for _, e := range shoot.Status.LastErrors {
		taskID := ptr.Deref(e.TaskID, "")
		if strings.HasPrefix(taskID, TaskIDPrefixExtension) || runtimes != nil && strings.HasPrefix(taskID, rollout.TaskIDPrefixContainerRuntime) {
			current[taskID] = e
			continue
		}
		kept = append(kept, e)
	}

	var healthy, failing []string
	observe := func(kind, subject, taskID string, status extensionsv1alpha1.DefaultStatus) {
		h := healthOf(status)
		switch {
		case h.failed:
			failing = append(failing, fmt.Sprintf("%s: %s", subject, h.description))
			entry := gardencorev1beta1.LastError{Description: fmt.Sprintf("%s %s reports: %s", kind, subject, h.description)}
			if status.LastError != nil {
				entry.Codes = slices.Clone(status.LastError.Codes)
			}
			wanted[taskID] = entry
		case h.reported:
			healthy = append(healthy, subject)
		}
	}
	slices.SortFunc(extensions, func(a, b extensionsv1alpha1.Extension) int { return strings.Compare(a.Spec.Type, b.Spec.Type) })
	for i := range extensions {
		ext := &extensions[i]
		observe("Extension", rollout.ExtensionDescription(ext.Spec.Type, ext.Spec.Components), TaskIDPrefixExtension+ext.Spec.Type, ext.Status.DefaultStatus)
	}
	if runtimes != nil {
		slices.SortFunc(runtimes.Items, func(a, b extensionsv1alpha1.ContainerRuntime) int { return strings.Compare(a.Name, b.Name) })
		for i := range runtimes.Items {
			// A runtime being deleted belongs to a pool or type the Shoot no longer has.
			if cr := &runtimes.Items[i]; cr.DeletionTimestamp == nil {
				subject := rollout.ContainerRuntimeDescription(cr.Spec.Type, cr.Spec.WorkerPool.Name, cr.Spec.Components)
				observe("ContainerRuntime", subject, rollout.ContainerRuntimeTaskID(cr.Spec.Type, cr.Spec.WorkerPool.Name), cr.Status.DefaultStatus)
			}
		}
	}
	for name, err := range failed {
		wanted[TaskIDPrefixExtension+name] = gardencorev1beta1.LastError{Description: fmt.Sprintf("failed to write the seed Extension %s: %v", name, err)}
	}

	condition, conditionChanged := r.extensionsCondition(shoot, healthy, failing)
	if !conditionChanged && maps.EqualFunc(current, wanted, sameLastError) {
		return nil
	}

	patch := client.MergeFrom(shoot.DeepCopy())
	now := metav1.NewTime(r.Clock.Now())
	for _, taskID := range slices.Sorted(maps.Keys(wanted)) {
		entry := wanted[taskID]
		entry.TaskID, entry.LastUpdateTime = ptr.To(taskID), &now
		if old, ok := current[taskID]; ok && sameLastError(old, entry) {
			entry.LastUpdateTime = old.LastUpdateTime
		}
		kept = append(kept, entry)
	}
	before := shoot.ResourceVersion
	shoot.Status.LastErrors = kept
	if condition != nil {
		shoot.Status.Conditions = v1beta1helper.MergeConditions(shoot.Status.Conditions, *condition)
	}
	if err := r.GardenClient.Status().Patch(ctx, shoot, patch); err != nil {
		return fmt.Errorf("failed updating status.lastErrors and condition %s: %w", ConditionExtensionsReady, err)
	}
	r.writes.wrote(before, shoot)
	return nil
}

// extensionsCondition returns the ExtensionsReady condition for the Extensions that reported, and
// whether it differs from the Shoot's.
func (r *Reconciler) extensionsCondition(shoot *gardencorev1beta1.Shoot, healthy, failing []string) (*gardencorev1beta1.Condition, bool) {
	existing := v1beta1helper.GetCondition(shoot.Status.Conditions, ConditionExtensionsReady)
	if existing == nil && len(healthy)+len(failing) == 0 {
		return nil, false
	}
	var (
		status  = gardencorev1beta1.ConditionTrue
		reason  = ReasonAllExtensionsReady
		message = "All extensions are ready: " + strings.Join(healthy, ", ") + "."
	)
	switch {
	case len(failing) > 0:
		status, reason = gardencorev1beta1.ConditionFalse, ReasonNotAllExtensionsHealthy
		message = "Failing extensions: " + strings.Join(failing, "; ")
	case len(healthy) == 0:
		message = "No extension has reported yet."
	}
	if existing != nil && existing.Status == status && existing.Reason == reason && existing.Message == message {
		return nil, false
	}
	condition := v1beta1helper.GetOrInitConditionWithClock(r.Clock, shoot.Status.Conditions, ConditionExtensionsReady)
	condition = v1beta1helper.UpdatedConditionWithClock(r.Clock, condition, status, reason, message)
	return &condition, true
}

func sameLastError(a, b gardencorev1beta1.LastError) bool {
	return a.Description == b.Description && slices.Equal(a.Codes, b.Codes)
}
