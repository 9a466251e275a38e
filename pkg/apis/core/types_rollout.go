// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package core

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// RolloutPolicy stages the moves of Shoots to a new component version by Shoot purpose. At each
// level (version, component, profile, gardener-controller-manager's configuration) a field left
// unset is taken from the next, less specific level.
type RolloutPolicy struct {
	// Stages are opened in order. A Shoot belongs to the stage that lists its purpose (a Shoot
	// without purpose counts as evaluation); a purpose no stage lists belongs to the last stage.
	Stages []RolloutStage
	// SoakPeriod is the time between the opening of one stage and the opening of the next.
	SoakPeriod *metav1.Duration
	// ObservationWindow is how long after a Shoot moved to the version a failure of the component
	// on that Shoot counts against the version.
	ObservationWindow *metav1.Duration
	// FailureThreshold is when the rollout halts by itself.
	FailureThreshold *RolloutFailureThreshold
}

// RolloutStage is one named group of Shoot purposes that a version reaches together.
type RolloutStage struct {
	// Name is the stage name, a DNS label, unique within the policy.
	Name string
	// Purposes lists the Shoot purposes of the stage; each purpose is in at most one stage.
	Purposes []ShootPurpose
}

// RolloutFailureThreshold halts a rollout once both limits are reached by the Shoots that moved
// to the version and failed within the observation window. A limit left unset is inherited.
type RolloutFailureThreshold struct {
	// Count is the number of failed Shoots, at least 1.
	Count *int32
	// Percentage is the share of the moved Shoots that failed, 0 to 100.
	Percentage *int32
}

// ComponentVersionRollout holds a version's rollout policy override and the operator's levers.
// None of them changes the version's lifecycle.
type ComponentVersionRollout struct {
	// Policy overrides, field by field, the component's and the profile's rollout policy.
	Policy *RolloutPolicy
	// Paused stops the rollout: auto-update and release channels move no further Shoot to the
	// version and no stage opens while it is true. Forced upgrades are not affected.
	Paused bool
	// HaltAcknowledgement is the operator's answer to a halt of the rollout that happened before
	// its time.
	HaltAcknowledgement *RolloutHaltAcknowledgement
}

// RolloutHaltAcknowledgement answers a halt.
type RolloutHaltAcknowledgement struct {
	// Action is Resume (the rollout continues; failures observed before Time no longer count) or
	// Withdraw (no Shoot is moved to the version any more, not even by a forced upgrade while
	// another compatible version exists).
	Action RolloutHaltAction
	// Time is when the operator decided; it answers halts that happened before it.
	Time metav1.Time
}

// RolloutHaltAction is the operator's answer to a halted rollout.
type RolloutHaltAction string

const (
	// RolloutHaltActionResume continues a halted rollout.
	RolloutHaltActionResume RolloutHaltAction = "Resume"
	// RolloutHaltActionWithdraw marks a version as not to be taken.
	RolloutHaltActionWithdraw RolloutHaltAction = "Withdraw"
)

// ComponentVersionRolloutStatus is the rollout state of one component version, computed by
// gardener-controller-manager.
type ComponentVersionRolloutStatus struct {
	// Version is the version string as listed in the spec.
	Version string
	// State is the state of the rollout.
	State RolloutState
	// Stages lists the stages of the effective policy in order; a stage is open once openedAt
	// is set.
	Stages []RolloutStageStatus
	// NextStageTime is when the next stage opens unless the rollout is paused or halted first.
	NextStageTime *metav1.Time
	// Moved is the number of Shoots that maintenance moved to the version.
	Moved int32
	// Healthy is the number of moved Shoots whose component has not failed.
	Healthy int32
	// Failed is the number of moved Shoots whose component failed within the observation window.
	Failed int32
	// FailingShoots names up to 10 failed Shoots as namespace/name.
	FailingShoots []string
	// Reason is a CamelCase reason for the state.
	Reason string
	// Message explains the state to humans.
	Message string
	// LastTransitionTime is when the state last changed.
	LastTransitionTime *metav1.Time
}

// RolloutStageStatus is the state of one stage of a rollout.
type RolloutStageStatus struct {
	// Name is the stage name.
	Name string
	// OpenedAt is when the stage opened; unset while it is closed.
	OpenedAt *metav1.Time
}

// RolloutState is the state of a version's rollout.
type RolloutState string

const (
	// RolloutStateProgressing means a stage is open and Shoots of it are moving.
	RolloutStateProgressing RolloutState = "Progressing"
	// RolloutStateSoaking means the open stages wait for the soak period before the next opens.
	RolloutStateSoaking RolloutState = "Soaking"
	// RolloutStatePaused means the operator paused the rollout.
	RolloutStatePaused RolloutState = "Paused"
	// RolloutStateHalted means the failure threshold was reached; nothing moves until the
	// operator acknowledges it.
	RolloutStateHalted RolloutState = "Halted"
	// RolloutStateWithdrawn means the operator withdrew the version after a halt.
	RolloutStateWithdrawn RolloutState = "Withdrawn"
	// RolloutStateComplete means every stage is open.
	RolloutStateComplete RolloutState = "Complete"
)
