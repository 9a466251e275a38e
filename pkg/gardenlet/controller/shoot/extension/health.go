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
)

const (
	// ConditionExtensionsReady is the Shoot condition that reflects the status.lastOperation of
	// the Shoot's seed Extensions and names the component versions they were given.
	ConditionExtensionsReady gardencorev1beta1.ConditionType = "ExtensionsReady"
	// ReasonAllExtensionsReady: every Extension reported success (or is processing without error).
	ReasonAllExtensionsReady = "AllExtensionsReady"
	// ReasonNotAllExtensionsHealthy: an Extension reported an error.
	ReasonNotAllExtensionsHealthy = "NotAllExtensionsHealthy"
)

// extensionHealth is what the Shoot shows of one seed Extension's status.
type extensionHealth struct {
	reported    bool
	failed      bool
	description string
	codes       string
}

// healthOf reads the health of ext: failed while status.lastError is set or lastOperation is in
// state Error or Failed (extension controllers keep lastError while they retry).
func healthOf(ext *extensionsv1alpha1.Extension) extensionHealth {
	op, lastErr := ext.Status.LastOperation, ext.Status.LastError
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

// componentVersions formats spec.components of ext, e.g. "shoot-falco-service (falco 0.44.1)".
func componentVersions(ext *extensionsv1alpha1.Extension) string {
	var parts []string
	for _, c := range ext.Spec.Components {
		parts = append(parts, c.Name+" "+c.Version)
	}
	if len(parts) == 0 {
		return ext.Spec.Type
	}
	return fmt.Sprintf("%s (%s)", ext.Spec.Type, strings.Join(parts, ", "))
}

// recordExtensionStatus patches status.lastErrors and the ExtensionsReady condition of the Shoot to
// reflect its seed Extensions and the writes that failed, when they changed.
func (r *Reconciler) recordExtensionStatus(ctx context.Context, shoot *gardencorev1beta1.Shoot, extensions []extensionsv1alpha1.Extension, failed map[string]error) error {
	var (
		kept    []gardencorev1beta1.LastError
		current = map[string]gardencorev1beta1.LastError{}
		wanted  = map[string]gardencorev1beta1.LastError{}
	)
	for _, e := range shoot.Status.LastErrors {
		if e.TaskID != nil && strings.HasPrefix(*e.TaskID, TaskIDPrefixExtension) {
			current[*e.TaskID] = e
			continue
		}
		kept = append(kept, e)
	}

	var healthy, failing []string
	slices.SortFunc(extensions, func(a, b extensionsv1alpha1.Extension) int { return strings.Compare(a.Spec.Type, b.Spec.Type) })
	for i := range extensions {
		ext := &extensions[i]
		h := healthOf(ext)
		switch {
		case h.failed:
			failing = append(failing, fmt.Sprintf("%s: %s", componentVersions(ext), h.description))
			wanted[TaskIDPrefixExtension+ext.Spec.Type] = gardencorev1beta1.LastError{
				Description: fmt.Sprintf("Extension %s reports: %s", componentVersions(ext), h.description),
			}
			if ext.Status.LastError != nil {
				entry := wanted[TaskIDPrefixExtension+ext.Spec.Type]
				entry.Codes = slices.Clone(ext.Status.LastError.Codes)
				wanted[TaskIDPrefixExtension+ext.Spec.Type] = entry
			}
		case h.reported:
			healthy = append(healthy, componentVersions(ext))
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
