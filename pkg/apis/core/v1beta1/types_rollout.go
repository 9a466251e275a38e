// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package v1beta1

import (
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"
)

// RolloutPolicy stages the moves of Shoots to a new component version by Shoot purpose. At each
// level (version, component, profile, gardener-controller-manager's configuration) a field left
// unset is taken from the next, less specific level.
type RolloutPolicy struct {
	// Stages are opened in order. A Shoot belongs to the stage that lists its purpose (a Shoot
	// without purpose counts as evaluation); a purpose no stage lists belongs to the last stage.
	// +optional
	// +listType=map
	// +listMapKey=name
	Stages []RolloutStage `json:"stages,omitempty" protobuf:"bytes,1,rep,name=stages"`
	// SoakPeriod is the time between the opening of one stage and the opening of the next.
	// +optional
	SoakPeriod *metav1.Duration `json:"soakPeriod,omitempty" protobuf:"bytes,2,opt,name=soakPeriod"`
	// ObservationWindow is how long after a Shoot moved to the version a failure of the component
	// on that Shoot counts against the version.
	// +optional
	ObservationWindow *metav1.Duration `json:"observationWindow,omitempty" protobuf:"bytes,3,opt,name=observationWindow"`
	// FailureThreshold is when the rollout halts by itself.
	// +optional
	FailureThreshold *RolloutFailureThreshold `json:"failureThreshold,omitempty" protobuf:"bytes,4,opt,name=failureThreshold"`
}

// RolloutStage is one named group of Shoot purposes that a version reaches together.
type RolloutStage struct {
	// Name is the stage name, a DNS label, unique within the policy.
	Name string `json:"name" protobuf:"bytes,1,opt,name=name"`
	// Purposes lists the Shoot purposes of the stage; each purpose is in at most one stage.
	// +listType=set
	Purposes []ShootPurpose `json:"purposes" protobuf:"bytes,2,rep,name=purposes,casttype=ShootPurpose"`
}

// RolloutFailureThreshold halts a rollout once both limits are reached by the Shoots that moved
// to the version and failed within the observation window. A limit left unset is inherited.
type RolloutFailureThreshold struct {
	// Count is the number of failed Shoots, at least 1.
	// +optional
	Count *int32 `json:"count,omitempty" protobuf:"varint,1,opt,name=count"`
	// Percentage is the share of the moved Shoots that failed, 0 to 100.
	// +optional
	Percentage *int32 `json:"percentage,omitempty" protobuf:"varint,2,opt,name=percentage"`
}

// ComponentVersionRollout holds a version's rollout policy override and the operator's levers.
// None of them changes the version's lifecycle.
type ComponentVersionRollout struct {
	// Policy overrides, field by field, the component's and the profile's rollout policy.
	// +optional
	Policy *RolloutPolicy `json:"policy,omitempty" protobuf:"bytes,1,opt,name=policy"`
	// Paused stops the rollout: auto-update and release channels move no further Shoot to the
	// version and no stage opens while it is true. Forced upgrades are not affected.
	// +optional
	Paused bool `json:"paused,omitempty" protobuf:"varint,2,opt,name=paused"`
	// HaltAcknowledgement is the operator's answer to a halt of the rollout that happened before
	// its time.
	// +optional
	HaltAcknowledgement *RolloutHaltAcknowledgement `json:"haltAcknowledgement,omitempty" protobuf:"bytes,3,opt,name=haltAcknowledgement"`
}

// RolloutHaltAcknowledgement answers a halt.
type RolloutHaltAcknowledgement struct {
	// Action is Resume (the rollout continues; failures observed before Time no longer count) or
	// Withdraw (no Shoot is moved to the version any more, not even by a forced upgrade while
	// another compatible version exists).
	Action RolloutHaltAction `json:"action" protobuf:"bytes,1,opt,name=action,casttype=RolloutHaltAction"`
	// Time is when the operator decided; it answers halts that happened before it.
	Time metav1.Time `json:"time" protobuf:"bytes,2,opt,name=time"`
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
	Version string `json:"version" protobuf:"bytes,1,opt,name=version"`
	// State is the state of the rollout.
	State RolloutState `json:"state" protobuf:"bytes,2,opt,name=state,casttype=RolloutState"`
	// Stages lists the stages of the effective policy in order; a stage is open once openedAt
	// is set.
	// +optional
	// +listType=map
	// +listMapKey=name
	Stages []RolloutStageStatus `json:"stages,omitempty" protobuf:"bytes,3,rep,name=stages"`
	// NextStageTime is when the next stage opens unless the rollout is paused or halted first.
	// +optional
	NextStageTime *metav1.Time `json:"nextStageTime,omitempty" protobuf:"bytes,4,opt,name=nextStageTime"`
	// Moved is the number of Shoots that maintenance moved to the version.
	// +optional
	Moved int32 `json:"moved,omitempty" protobuf:"varint,5,opt,name=moved"`
	// Healthy is the number of moved Shoots whose component has not failed.
	// +optional
	Healthy int32 `json:"healthy,omitempty" protobuf:"varint,6,opt,name=healthy"`
	// Failed is the number of moved Shoots whose component failed within the observation window.
	// +optional
	Failed int32 `json:"failed,omitempty" protobuf:"varint,7,opt,name=failed"`
	// FailingShoots names up to 10 failed Shoots as namespace/name.
	// +optional
	// +listType=atomic
	FailingShoots []string `json:"failingShoots,omitempty" protobuf:"bytes,8,rep,name=failingShoots"`
	// Reason is a CamelCase reason for the state.
	// +optional
	Reason string `json:"reason,omitempty" protobuf:"bytes,9,opt,name=reason"`
	// Message explains the state to humans.
	// +optional
	Message string `json:"message,omitempty" protobuf:"bytes,10,opt,name=message"`
	// LastTransitionTime is when the state last changed.
	// +optional
	LastTransitionTime *metav1.Time `json:"lastTransitionTime,omitempty" protobuf:"bytes,11,opt,name=lastTransitionTime"`
}

// RolloutStageStatus is the state of one stage of a rollout.
type RolloutStageStatus struct {
	// Name is the stage name.
	Name string `json:"name" protobuf:"bytes,1,opt,name=name"`
	// OpenedAt is when the stage opened; unset while it is closed.
	// +optional
	OpenedAt *metav1.Time `json:"openedAt,omitempty" protobuf:"bytes,2,opt,name=openedAt"`
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

const (
	// DefaultRolloutSoakPeriod is the default time between the opening of two rollout stages.
	DefaultRolloutSoakPeriod = 72 * time.Hour
	// DefaultRolloutObservationWindow is the default time a moved Shoot's failure counts.
	DefaultRolloutObservationWindow = 24 * time.Hour
	// DefaultRolloutFailureCount is the default number of failed Shoots that halts a rollout.
	DefaultRolloutFailureCount int32 = 3
	// DefaultRolloutFailurePercentage is the default share of failed Shoots that halts a rollout.
	DefaultRolloutFailurePercentage int32 = 50
)

// DefaultRolloutPolicy returns the built-in rollout policy: stage early (evaluation, testing,
// development), then stage production (production, infrastructure) 72h later; failures count for
// 24h; 3 failed Shoots that are at least 50 % of the moved ones halt.
func DefaultRolloutPolicy() RolloutPolicy {
	return RolloutPolicy{
		Stages: []RolloutStage{
			{Name: "early", Purposes: []ShootPurpose{ShootPurposeEvaluation, ShootPurposeTesting, ShootPurposeDevelopment}},
			{Name: "production", Purposes: []ShootPurpose{ShootPurposeProduction, ShootPurposeInfrastructure}},
		},
		SoakPeriod:        &metav1.Duration{Duration: DefaultRolloutSoakPeriod},
		ObservationWindow: &metav1.Duration{Duration: DefaultRolloutObservationWindow},
		FailureThreshold: &RolloutFailureThreshold{
			Count:      ptr.To(DefaultRolloutFailureCount),
			Percentage: ptr.To(DefaultRolloutFailurePercentage),
		},
	}
}
