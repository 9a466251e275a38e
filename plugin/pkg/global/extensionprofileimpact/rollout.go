// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package extensionprofileimpact

import (
	"fmt"
	"strings"
	"time"

	apiequality "k8s.io/apimachinery/pkg/api/equality"

	v1beta1helper "github.com/gep-78/gardener/pkg/api/core/v1beta1/helper"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
)

// rolloutWarnings returns a warning per version whose rollout the write changes (the policy of
// the profile, its component or the version, or the version's levers): the rollout's state after
// the write and which stage opens next, and when, as the status reports it. A write that makes a
// version supported at now whose Complete rollout then counts as none warns that it starts staged.
func rolloutWarnings(oldProfile, profile *gardencorev1beta1.ExtensionProfile, now time.Time) []string {
	var warnings []string
	for _, component := range profile.Spec.Components {
		for _, version := range component.Versions {
			if restagedBy(oldProfile, profile, component.Name, version, now) {
				policy := v1beta1helper.EffectiveRolloutPolicy(profile.Status.DefaultRolloutPolicy, profile.Spec, component.Name, version.Version)
				warnings = append(warnings, fmt.Sprintf("rollout of %s %s after this change: supported now, so its Complete rollout starts again staged; stage %s opens first, stages in order: %s",
					component.Name, version.Version, policy.Stages[0].Name, stageNames(policy)))
				continue
			}
			if oldProfile != nil && sameRollout(oldProfile, profile, component.Name, version.Version) {
				continue
			}
			if oldProfile == nil && version.Rollout == nil && component.Rollout == nil && profile.Spec.Rollout == nil {
				continue
			}
			warnings = append(warnings, rolloutWarning(profile, component.Name, version.Version))
		}
	}
	return warnings
}

// restagedBy reports whether the write makes version supported at now and its stored rollout
// then counts as none (v1beta1helper.CurrentRolloutStatus).
func restagedBy(oldProfile, profile *gardencorev1beta1.ExtensionProfile, component string, version gardencorev1beta1.ExtensionComponentVersion, now time.Time) bool {
	if v1beta1helper.CurrentClassification(version.Lifecycle, now) != gardencorev1beta1.ClassificationSupported ||
		v1beta1helper.FindComponentVersionRolloutStatus(profile.Status, component, version.Version) == nil ||
		v1beta1helper.CurrentRolloutStatus(profile.Status, component, version.Version, true) != nil {
		return false
	}
	if oldProfile != nil {
		if c := v1beta1helper.FindExtensionComponent(oldProfile.Spec, component); c != nil {
			if v := v1beta1helper.FindComponentVersion(c, version.Version); v != nil {
				return v1beta1helper.CurrentClassification(v.Lifecycle, now) != gardencorev1beta1.ClassificationSupported
			}
		}
	}
	return true
}

// sameRollout reports whether the effective policy and the levers of a version are the same in
// both profiles.
func sameRollout(oldProfile, profile *gardencorev1beta1.ExtensionProfile, component, version string) bool {
	levers := func(p *gardencorev1beta1.ExtensionProfile) *gardencorev1beta1.ComponentVersionRollout {
		if c := v1beta1helper.FindExtensionComponent(p.Spec, component); c != nil {
			if v := v1beta1helper.FindComponentVersion(c, version); v != nil && v.Rollout != nil {
				return &gardencorev1beta1.ComponentVersionRollout{Paused: v.Rollout.Paused, HaltAcknowledgement: v.Rollout.HaltAcknowledgement}
			}
		}
		return nil
	}
	return apiequality.Semantic.DeepEqual(levers(oldProfile), levers(profile)) && apiequality.Semantic.DeepEqual(
		v1beta1helper.EffectiveRolloutPolicy(oldProfile.Status.DefaultRolloutPolicy, oldProfile.Spec, component, version),
		v1beta1helper.EffectiveRolloutPolicy(oldProfile.Status.DefaultRolloutPolicy, profile.Spec, component, version))
}

// rolloutWarning renders the rollout of a version after the write, e.g. "rollout of falco 0.44.2
// after this change: Soaking, open stages early; stage production opens at 2026-12-08T00:00:00Z".
func rolloutWarning(profile *gardencorev1beta1.ExtensionProfile, component, version string) string {
	prefix := fmt.Sprintf("rollout of %s %s after this change: ", component, version)
	status := v1beta1helper.FindComponentVersionRolloutStatus(profile.Status, component, version)
	state := v1beta1helper.EffectiveRolloutState(profile, component, version)
	switch state {
	case gardencorev1beta1.RolloutStatePaused:
		return prefix + "Paused: no Shoot moves to it by auto-update or release channel and no stage opens until it is resumed"
	case gardencorev1beta1.RolloutStateWithdrawn:
		return prefix + "Withdrawn: no Shoot moves to it; forced upgrades take it only when no other version is compatible"
	case gardencorev1beta1.RolloutStateHalted:
		return prefix + "Halted: no Shoot moves to it until the halt is answered (haltAcknowledgement)"
	}
	policy := v1beta1helper.EffectiveRolloutPolicy(profile.Status.DefaultRolloutPolicy, profile.Spec, component, version)
	if status == nil {
		return prefix + fmt.Sprintf("no rollout yet; stage %s opens first, stages in order: %s", policy.Stages[0].Name, stageNames(policy))
	}
	var open []string
	next := ""
	for _, s := range status.Stages {
		if s.OpenedAt != nil {
			open = append(open, s.Name)
		} else if next == "" {
			next = s.Name
		}
	}
	text := prefix + string(state)
	if len(open) > 0 {
		text += ", open stages " + strings.Join(open, ", ")
	}
	switch {
	case next == "":
		return text + "; every stage is open"
	case status.NextStageTime != nil:
		return text + fmt.Sprintf("; stage %s opens at %s", next, formatTime(status.NextStageTime.Time))
	}
	return text + fmt.Sprintf("; stage %s opens next", next)
}

func stageNames(policy gardencorev1beta1.RolloutPolicy) string {
	names := make([]string, 0, len(policy.Stages))
	for _, s := range policy.Stages {
		names = append(names, s.Name)
	}
	return strings.Join(names, ", ")
}
