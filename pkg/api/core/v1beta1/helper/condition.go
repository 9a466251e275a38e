// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package helper

import (
	"cmp"
	"slices"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/clock"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
)

// GetCondition returns a pointer to the condition of the given type in conditions, or nil.
func GetCondition(conditions []gardencorev1beta1.Condition, conditionType gardencorev1beta1.ConditionType) *gardencorev1beta1.Condition {
	for i := range conditions {
		if conditions[i].Type == conditionType {
			return &conditions[i]
		}
	}
	return nil
}

// GetOrInitConditionWithClock returns a copy of the condition of the type, or a new Unknown one
// initialized at the clock's now.
func GetOrInitConditionWithClock(clock clock.Clock, conditions []gardencorev1beta1.Condition, conditionType gardencorev1beta1.ConditionType) gardencorev1beta1.Condition {
	if condition := GetCondition(conditions, conditionType); condition != nil {
		return *condition.DeepCopy()
	}
	now := metav1.NewTime(clock.Now())
	return gardencorev1beta1.Condition{
		Type:               conditionType,
		Status:             gardencorev1beta1.ConditionUnknown,
		Reason:             "ConditionInitialized",
		Message:            "The condition has been initialized but its semantic check has not been performed yet.",
		LastTransitionTime: now,
		LastUpdateTime:     now,
	}
}

// UpdatedConditionWithClock returns condition with the given status, reason, message and codes:
// lastTransitionTime moves on a status change, lastUpdateTime on any other change.
func UpdatedConditionWithClock(clock clock.Clock, condition gardencorev1beta1.Condition, status gardencorev1beta1.ConditionStatus, reason, message string, codes ...gardencorev1beta1.ErrorCode) gardencorev1beta1.Condition {
	now := metav1.NewTime(clock.Now())
	updated := *condition.DeepCopy()
	if updated.LastTransitionTime.IsZero() {
		updated.LastTransitionTime = now
	}
	if updated.LastUpdateTime.IsZero() {
		updated.LastUpdateTime = now
	}
	switch {
	case status != "":
		updated.Status = status
	case updated.Status == "":
		updated.Status = gardencorev1beta1.ConditionUnknown
	}
	updated.Reason, updated.Message, updated.Codes = cmp.Or(reason, "Unspecified"), cmp.Or(message, "No message given."), codes
	if len(codes) == 0 {
		updated.Codes = nil
	}
	if updated.Status != condition.Status {
		updated.LastTransitionTime = now
	}
	if updated.Reason != condition.Reason || updated.Message != condition.Message || !slices.Equal(updated.Codes, condition.Codes) {
		updated.LastUpdateTime = now
	}
	return updated
}

// MergeConditions returns oldConditions with every condition of newConditions put in place of the
// one of the same type, or appended when oldConditions has none; oldConditions is not modified.
func MergeConditions(oldConditions []gardencorev1beta1.Condition, newConditions ...gardencorev1beta1.Condition) []gardencorev1beta1.Condition {
	out := slices.Clone(oldConditions)
	for _, update := range newConditions {
		if existing := GetCondition(out, update.Type); existing != nil {
			*existing = update
			continue
		}
		out = append(out, update)
	}
	return out
}
