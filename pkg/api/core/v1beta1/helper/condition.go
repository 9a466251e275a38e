// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package helper

import (
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

// GetOrInitConditionWithClock returns a copy of the condition of the given type in conditions or,
// without one, a new condition of that type with status Unknown, reason ConditionInitialized and
// both times at the clock's now.
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

// UpdatedConditionWithClock returns condition with the given status, reason, message and codes.
// lastUpdateTime moves to the clock's now when any of them changes, lastTransitionTime when the
// status changes; an unchanged condition is returned as it is.
func UpdatedConditionWithClock(clock clock.Clock, condition gardencorev1beta1.Condition, status gardencorev1beta1.ConditionStatus, reason, message string, codes ...gardencorev1beta1.ErrorCode) gardencorev1beta1.Condition {
	updated := *condition.DeepCopy()
	if len(codes) == 0 {
		codes = nil
	}
	if updated.Status == status && updated.Reason == reason && updated.Message == message && slices.Equal(updated.Codes, codes) {
		return updated
	}
	now := metav1.NewTime(clock.Now())
	if updated.Status != status {
		updated.LastTransitionTime = now
	}
	updated.Status, updated.Reason, updated.Message, updated.Codes = status, reason, message, codes
	updated.LastUpdateTime = now
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
