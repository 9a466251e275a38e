// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package helper

import (
	"k8s.io/utils/ptr"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
)

// EffectiveRolloutPolicy returns the rollout policy of a component version: field by field, the
// version's, else the component's, else the profile's, else defaults', else
// gardencorev1beta1.DefaultRolloutPolicy. Every field of the result is set.
func EffectiveRolloutPolicy(defaults *gardencorev1beta1.RolloutPolicy, spec gardencorev1beta1.ExtensionProfileSpec, component, version string) gardencorev1beta1.RolloutPolicy {
	builtin := gardencorev1beta1.DefaultRolloutPolicy()
	levels := []*gardencorev1beta1.RolloutPolicy{spec.Rollout, defaults, &builtin}
	if c := FindExtensionComponent(spec, component); c != nil {
		levels = append([]*gardencorev1beta1.RolloutPolicy{c.Rollout}, levels...)
		if v := FindComponentVersion(c, version); v != nil && v.Rollout != nil {
			levels = append([]*gardencorev1beta1.RolloutPolicy{v.Rollout.Policy}, levels...)
		}
	}

	var out gardencorev1beta1.RolloutPolicy
	out.FailureThreshold = &gardencorev1beta1.RolloutFailureThreshold{}
	for _, p := range levels {
		if p == nil {
			continue
		}
		if out.Stages == nil && len(p.Stages) > 0 {
			out.Stages = p.Stages
		}
		if out.SoakPeriod == nil {
			out.SoakPeriod = p.SoakPeriod
		}
		if out.ObservationWindow == nil {
			out.ObservationWindow = p.ObservationWindow
		}
		if t := p.FailureThreshold; t != nil {
			if out.FailureThreshold.Count == nil {
				out.FailureThreshold.Count = t.Count
			}
			if out.FailureThreshold.Percentage == nil {
				out.FailureThreshold.Percentage = t.Percentage
			}
		}
	}
	return *out.DeepCopy()
}

// RolloutStageIndex returns the index of the stage of policy that a Shoot of purpose belongs to:
// nil counts as evaluation, a purpose no stage lists belongs to the last stage.
func RolloutStageIndex(policy gardencorev1beta1.RolloutPolicy, purpose *gardencorev1beta1.ShootPurpose) int {
	p := ptr.Deref(purpose, gardencorev1beta1.ShootPurposeEvaluation)
	for i, stage := range policy.Stages {
		for _, sp := range stage.Purposes {
			if sp == p {
				return i
			}
		}
	}
	return len(policy.Stages) - 1
}

// FindComponentVersionRolloutStatus returns the rollout status of a component version, or nil.
func FindComponentVersionRolloutStatus(status gardencorev1beta1.ExtensionProfileStatus, component, version string) *gardencorev1beta1.ComponentVersionRolloutStatus {
	for i := range status.Components {
		if status.Components[i].Name != component {
			continue
		}
		for j := range status.Components[i].Rollouts {
			if status.Components[i].Rollouts[j].Version == version {
				return &status.Components[i].Rollouts[j]
			}
		}
	}
	return nil
}

// CurrentRolloutStatus is FindComponentVersionRolloutStatus for a version that is supported (or
// not) at the time of the read. A Complete rollout that status recorded with the version classified
// otherwise (a preview's, which only the rapid channel took) is none: the promotion starts a staged
// rollout, and until the status says so only the first stage is open.
func CurrentRolloutStatus(status gardencorev1beta1.ExtensionProfileStatus, component, version string, supported bool) *gardencorev1beta1.ComponentVersionRolloutStatus {
	rollout := FindComponentVersionRolloutStatus(status, component, version)
	if rollout == nil || !supported || rollout.State != gardencorev1beta1.RolloutStateComplete {
		return rollout
	}
	for _, c := range status.Components {
		if c.Name != component {
			continue
		}
		for _, v := range c.Versions {
			if v.Version == version && v.Classification != gardencorev1beta1.ClassificationSupported {
				return nil
			}
		}
	}
	return rollout
}

// EffectiveRolloutState returns the state of the rollout of version of component: the status's, with the
// version's levers in the spec applied at once (a pause, or an acknowledgement of the halt in the
// status). "" means no rollout status yet.
func EffectiveRolloutState(profile *gardencorev1beta1.ExtensionProfile, component, version string) gardencorev1beta1.RolloutState {
	status := FindComponentVersionRolloutStatus(profile.Status, component, version)
	var state gardencorev1beta1.RolloutState
	if status != nil {
		state = status.State
	}
	var levers *gardencorev1beta1.ComponentVersionRollout
	if c := FindExtensionComponent(profile.Spec, component); c != nil {
		if v := FindComponentVersion(c, version); v != nil {
			levers = v.Rollout
		}
	}
	if levers == nil {
		return state
	}
	if ack := levers.HaltAcknowledgement; ack != nil && (state == gardencorev1beta1.RolloutStateHalted || state == gardencorev1beta1.RolloutStateWithdrawn) &&
		(status.LastTransitionTime == nil || ack.Time.After(status.LastTransitionTime.Time)) {
		state = gardencorev1beta1.RolloutStateProgressing
		if ack.Action == gardencorev1beta1.RolloutHaltActionWithdraw {
			state = gardencorev1beta1.RolloutStateWithdrawn
		}
	}
	if levers.Paused && state != gardencorev1beta1.RolloutStateWithdrawn {
		state = gardencorev1beta1.RolloutStatePaused
	}
	return state
}

// IsRolloutStageOpen tells whether stage (by name, at index in the effective policy) is open in
// status. Without a status, only the first stage is open.
func IsRolloutStageOpen(status *gardencorev1beta1.ComponentVersionRolloutStatus, index int, name string) bool {
	if status == nil {
		return index == 0
	}
	for _, s := range status.Stages {
		if s.Name == name {
			return s.OpenedAt != nil
		}
	}
	return false
}
