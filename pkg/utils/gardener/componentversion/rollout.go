// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package componentversion

import (
	"fmt"
	"time"

	"k8s.io/utils/ptr"

	v1beta1helper "github.com/gep-78/gardener/pkg/api/core/v1beta1/helper"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
)

// rolloutBlock returns why version is no candidate at all: a withdrawn version never is, a halted
// one not for a forced update (which then takes another or holds). "" means it is a candidate.
func rolloutBlock(profile *gardencorev1beta1.ExtensionProfile, component, version string, forced bool) string {
	switch v1beta1helper.EffectiveRolloutState(profile, component, version) {
	case gardencorev1beta1.RolloutStateWithdrawn:
		return "withdrawn by the operator after its rollout halted"
	case gardencorev1beta1.RolloutStateHalted:
		if forced {
			return "its rollout is halted"
		}
	}
	return ""
}

// rolloutWait returns why a Shoot of purpose waits before auto-update or its channel moves it
// to version: the rollout is paused or halted, or has not opened the Shoot's stage of the
// effective policy (defaults as configured). Without rollout status only the first stage is open,
// as for a version supported at at whose Complete rollout predates its promotion
// (v1beta1helper.CurrentRolloutStatus). "" means the Shoot may move.
func rolloutWait(profile *gardencorev1beta1.ExtensionProfile, defaults *gardencorev1beta1.RolloutPolicy, component, version string, purpose *gardencorev1beta1.ShootPurpose, at time.Time) string {
	supported := false
	if c := v1beta1helper.FindExtensionComponent(profile.Spec, component); c != nil {
		if v := v1beta1helper.FindComponentVersion(c, version); v != nil {
			supported = v1beta1helper.CurrentClassification(v.Lifecycle, at) == gardencorev1beta1.ClassificationSupported
		}
	}
	status := v1beta1helper.CurrentRolloutStatus(profile.Status, component, version, supported)
	switch v1beta1helper.EffectiveRolloutState(profile, component, version) {
	case gardencorev1beta1.RolloutStatePaused:
		return fmt.Sprintf("the rollout of %s is paused", version)
	case gardencorev1beta1.RolloutStateHalted:
		reason := fmt.Sprintf("the rollout of %s is halted until an operator acknowledges it", version)
		if status != nil && status.Message != "" {
			reason += ": " + status.Message
		}
		return reason
	}

	if status != nil && allStagesOpen(status.Stages) {
		return ""
	}
	policy := v1beta1helper.EffectiveRolloutPolicy(defaults, profile.Spec, component, version)
	index := v1beta1helper.RolloutStageIndex(policy, purpose)
	if index < 0 || v1beta1helper.IsRolloutStageOpen(status, index, policy.Stages[index].Name) {
		return ""
	}
	reason := fmt.Sprintf("the rollout of %s has not opened stage %s (purpose %s) yet", version, policy.Stages[index].Name,
		ptr.Deref(purpose, gardencorev1beta1.ShootPurposeEvaluation))
	switch {
	case status == nil:
		reason += fmt.Sprintf("; until gardener-controller-manager reports the rollout, only stage %s is open", policy.Stages[0].Name)
	case status.NextStageTime != nil:
		next := policy.Stages[index].Name
		for i, s := range policy.Stages {
			if !v1beta1helper.IsRolloutStageOpen(status, i, s.Name) {
				next = s.Name
				break
			}
		}
		if next == policy.Stages[index].Name {
			reason += "; it opens at " + status.NextStageTime.UTC().Format(time.RFC3339)
		} else {
			reason += fmt.Sprintf("; stage %s opens first, at %s", next, status.NextStageTime.UTC().Format(time.RFC3339))
		}
	}
	return reason
}

// allStagesOpen reports whether stages lists at least one stage and all are open.
func allStagesOpen(stages []gardencorev1beta1.RolloutStageStatus) bool {
	for _, s := range stages {
		if s.OpenedAt == nil {
			return false
		}
	}
	return len(stages) > 0
}
