// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package core

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object

// ExtensionProfile lists the component versions a landscape offers for one extension type
// (GEP-78). Its name equals the extension type (Shoot.spec.extensions[].type).
type ExtensionProfile struct {
	metav1.TypeMeta
	// Standard object metadata. metadata.name is the extension type.
	metav1.ObjectMeta
	// Spec lists the components, their versions and the auto-update policy.
	Spec ExtensionProfileSpec
	// Status holds the current classification of every version, computed by
	// gardener-controller-manager.
	Status ExtensionProfileStatus
}

// +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object

// ExtensionProfileList is a list of ExtensionProfiles.
type ExtensionProfileList struct {
	metav1.TypeMeta
	// Standard list metadata.
	metav1.ListMeta
	// Items is the list of ExtensionProfiles.
	Items []ExtensionProfile
}

// ExtensionProfileSpec is the specification of an ExtensionProfile.
type ExtensionProfileSpec struct {
	// UpdateStrategy is the auto-update policy of the extension type: the default strategy for
	// shoots that set none, and the strategies the extension supports. Components may override it.
	UpdateStrategy *ExtensionUpdateStrategy
	// Components lists the independently versioned components the extension manages.
	Components []ExtensionProfileComponent
	// Rollout stages the moves of Shoots to new versions of every component.
	Rollout *RolloutPolicy
	// ExtensionKind is the kind of extension the profile versions: Extension (named after the
	// type) or ContainerRuntime (named containerruntime-<type>). Immutable.
	ExtensionKind ExtensionKind
}

// ExtensionKind is the kind of extension resource whose components an ExtensionProfile versions.
type ExtensionKind string

const (
	// ExtensionKindExtension versions the components of an Extension (spec.extensions[] of a Shoot).
	ExtensionKindExtension ExtensionKind = "Extension"
	// ExtensionKindContainerRuntime versions the components of a ContainerRuntime
	// (spec.provider.workers[].cri.containerRuntimes[] of a Shoot).
	ExtensionKindContainerRuntime ExtensionKind = "ContainerRuntime"
)

// ExtensionUpdateStrategy is an auto-update policy (GEP-78).
type ExtensionUpdateStrategy struct {
	// Default is the strategy used when a shoot sets none: patch, minor or major.
	Default *MachineImageUpdateStrategy
	// Supported lists the strategies a shoot may request. It must contain Default.
	Supported []MachineImageUpdateStrategy
}

// ExtensionProfileComponent is one named, independently versioned component of an extension.
type ExtensionProfileComponent struct {
	// Name is the component name, a DNS label, unique within the profile.
	Name string
	// UpdateStrategy overrides spec.updateStrategy for this component.
	UpdateStrategy *ExtensionUpdateStrategy
	// Versions lists the offered versions of the component.
	Versions []ExtensionComponentVersion
	// Rollout overrides, field by field, spec.rollout for this component.
	Rollout *RolloutPolicy
	// PerWorkerPool allows a Shoot's pools to override the component's version.
	PerWorkerPool bool
}

// ExtensionComponentVersion is one offered version of a component.
type ExtensionComponentVersion struct {
	// Version is a semantic version, unique within the component.
	Version string
	// Lifecycle is the list of lifecycle stages, in order (GEP-32). Without one the version is
	// supported.
	Lifecycle []LifecycleStage
	// Compatibility holds CEL rules that a Shoot must satisfy to use this version.
	Compatibility *ComponentCompatibility
	// ProviderConfig is opaque, extension-owned configuration for this version. gardenlet copies
	// it into the seed Extension's spec.components[].providerConfig.
	ProviderConfig *runtime.RawExtension
	// Rollout holds the rollout policy override and the operator's levers for this version.
	Rollout *ComponentVersionRollout
}

// ComponentCompatibility holds the compatibility envelope of a component version (GEP-78).
type ComponentCompatibility struct {
	// Validations are CEL rules, ANDed, evaluated with the variable `shoot` bound to the Shoot.
	Validations []CompatibilityValidation
}

// CompatibilityValidation is one CEL compatibility rule.
type CompatibilityValidation struct {
	// Rule is a CEL expression over `shoot` that must evaluate to true.
	Rule string
	// Message is shown to the user when the rule does not hold.
	Message string
}

// ExtensionProfileStatus holds the computed classification of every version.
type ExtensionProfileStatus struct {
	// Components mirrors spec.components: one entry per component, in spec order.
	Components []ExtensionProfileComponentStatus
	// DefaultRolloutPolicy is the default rollout policy gardener-controller-manager applies
	// below the profile's own, with every field set.
	DefaultRolloutPolicy *RolloutPolicy
	// StableChannelSoakPeriod is the stable release channel's soak period gardener-controller-manager
	// applies.
	StableChannelSoakPeriod *metav1.Duration
}

// ExtensionProfileComponentStatus holds the classification of every version of a component.
type ExtensionProfileComponentStatus struct {
	// Name is the component name.
	Name string
	// Versions lists one entry per spec version, in spec order.
	Versions []ExtensionComponentVersionStatus
	// Channels holds the current version of each release channel.
	Channels []ReleaseChannelStatus
	// Rollouts holds the rollout state of the versions that auto-update or a channel targets.
	Rollouts []ComponentVersionRolloutStatus
}

// ReleaseChannelStatus is the current version of one release channel of a component.
type ReleaseChannelStatus struct {
	// Channel is the release channel.
	Channel ReleaseChannel
	// Version is the channel's current version; empty when the channel has none.
	Version string
}

// ExtensionComponentVersionStatus is the current classification of one component version and
// its next lifecycle transition.
type ExtensionComponentVersionStatus struct {
	// Version is the version string as listed in the spec.
	Version string
	// Classification is the classification of the version at the time of the last reconcile.
	Classification VersionClassification
	// NextTransition is the next change of the classification; nil when there is none.
	NextTransition *VersionTransition
}

// VersionTransition is a future change of a version's classification.
type VersionTransition struct {
	// Classification is the classification from Time on.
	Classification VersionClassification
	// Time is when the classification changes.
	Time metav1.Time
}
