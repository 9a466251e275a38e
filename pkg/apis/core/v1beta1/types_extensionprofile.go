// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package v1beta1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// +genclient
// +genclient:nonNamespaced
// +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
// +kubebuilder:object:root=true

// ExtensionProfile lists the component versions a landscape offers for one extension type
// (GEP-78). Its name equals the extension type (Shoot.spec.extensions[].type); a ContainerRuntime
// profile's is containerruntime-<type>.
type ExtensionProfile struct {
	metav1.TypeMeta `json:",inline"`
	// Standard object metadata. metadata.name is the extension type.
	// +optional
	metav1.ObjectMeta `json:"metadata,omitempty" protobuf:"bytes,1,opt,name=metadata"`
	// Spec lists the components, their versions and the auto-update policy.
	Spec ExtensionProfileSpec `json:"spec" protobuf:"bytes,2,opt,name=spec"`
	// Status holds the current classification of every version, computed by
	// gardener-controller-manager.
	// +optional
	Status ExtensionProfileStatus `json:"status,omitempty" protobuf:"bytes,3,opt,name=status"`
}

// +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object

// ExtensionProfileList is a list of ExtensionProfiles.
type ExtensionProfileList struct {
	metav1.TypeMeta `json:",inline"`
	// Standard list metadata.
	// +optional
	metav1.ListMeta `json:"metadata,omitempty" protobuf:"bytes,1,opt,name=metadata"`
	// Items is the list of ExtensionProfiles.
	Items []ExtensionProfile `json:"items" protobuf:"bytes,2,rep,name=items"`
}

// ExtensionProfileSpec is the specification of an ExtensionProfile.
type ExtensionProfileSpec struct {
	// UpdateStrategy is the auto-update policy of the extension type: the default strategy for
	// shoots that set none, and the strategies the extension supports. Components may override it.
	// +optional
	UpdateStrategy *ExtensionUpdateStrategy `json:"updateStrategy,omitempty" protobuf:"bytes,1,opt,name=updateStrategy"`
	// Components lists the independently versioned components the extension manages, keyed by name.
	// +patchMergeKey=name
	// +patchStrategy=merge
	// +listType=map
	// +listMapKey=name
	Components []ExtensionProfileComponent `json:"components" patchStrategy:"merge" patchMergeKey:"name" protobuf:"bytes,2,rep,name=components"`
	// Rollout stages the moves of Shoots to new versions of every component. Fields it leaves
	// unset come from gardener-controller-manager's configuration.
	// +optional
	Rollout *RolloutPolicy `json:"rollout,omitempty" protobuf:"bytes,3,opt,name=rollout"`
	// ExtensionKind is the kind of extension the profile versions: Extension (named after the
	// type) or ContainerRuntime (named containerruntime-<type>). Defaults to Extension; immutable.
	// +optional
	// +kubebuilder:default=Extension
	// +kubebuilder:validation:Enum=Extension;ContainerRuntime
	ExtensionKind ExtensionKind `json:"extensionKind,omitempty" protobuf:"bytes,4,opt,name=extensionKind,casttype=ExtensionKind"`
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
	// +optional
	Default *MachineImageUpdateStrategy `json:"default,omitempty" protobuf:"bytes,1,opt,name=default,casttype=MachineImageUpdateStrategy"`
	// Supported lists the strategies a shoot may request. It must contain Default.
	// +optional
	// +listType=atomic
	Supported []MachineImageUpdateStrategy `json:"supported,omitempty" protobuf:"bytes,2,rep,name=supported,casttype=MachineImageUpdateStrategy"`
}

// ExtensionProfileComponent is one named, independently versioned component of an extension.
type ExtensionProfileComponent struct {
	// Name is the component name, a DNS label, unique within the profile.
	Name string `json:"name" protobuf:"bytes,1,opt,name=name"`
	// UpdateStrategy overrides spec.updateStrategy for this component.
	// +optional
	UpdateStrategy *ExtensionUpdateStrategy `json:"updateStrategy,omitempty" protobuf:"bytes,2,opt,name=updateStrategy"`
	// Versions lists the offered versions of the component, keyed by version.
	// +patchMergeKey=version
	// +patchStrategy=merge
	// +listType=map
	// +listMapKey=version
	Versions []ExtensionComponentVersion `json:"versions" patchStrategy:"merge" patchMergeKey:"version" protobuf:"bytes,3,rep,name=versions"`
	// Rollout overrides, field by field, spec.rollout for this component.
	// +optional
	Rollout *RolloutPolicy `json:"rollout,omitempty" protobuf:"bytes,4,opt,name=rollout"`
	// PerWorkerPool allows a Shoot's pools to override the component's version
	// (workers[].extensions[]). Only for Extension-kind profiles: a runtime's components are per
	// pool by nature.
	// +optional
	PerWorkerPool bool `json:"perWorkerPool,omitempty" protobuf:"varint,5,opt,name=perWorkerPool"`
}

// ExtensionComponentVersion is one offered version of a component.
type ExtensionComponentVersion struct {
	// Version is a semantic version, unique within the component.
	Version string `json:"version" protobuf:"bytes,1,opt,name=version"`
	// Lifecycle is the list of lifecycle stages, in order (GEP-32). Without one the version is
	// supported.
	// +optional
	// +listType=atomic
	Lifecycle []LifecycleStage `json:"lifecycle,omitempty" protobuf:"bytes,2,rep,name=lifecycle"`
	// Compatibility holds CEL rules that a Shoot must satisfy to use this version.
	// +optional
	Compatibility *ComponentCompatibility `json:"compatibility,omitempty" protobuf:"bytes,3,opt,name=compatibility"`
	// ProviderConfig is opaque, extension-owned configuration for this version. gardenlet copies
	// it into the seed Extension's spec.components[].providerConfig.
	// +optional
	ProviderConfig *runtime.RawExtension `json:"providerConfig,omitempty" protobuf:"bytes,4,opt,name=providerConfig"`
	// Rollout holds the rollout policy override and the operator's levers for this version.
	// +optional
	Rollout *ComponentVersionRollout `json:"rollout,omitempty" protobuf:"bytes,5,opt,name=rollout"`
}

// ComponentCompatibility holds the compatibility envelope of a component version (GEP-78).
type ComponentCompatibility struct {
	// Validations are CEL rules, ANDed, evaluated with the variable `shoot` bound to the Shoot.
	// +optional
	// +listType=atomic
	Validations []CompatibilityValidation `json:"validations,omitempty" protobuf:"bytes,1,rep,name=validations"`
}

// CompatibilityValidation is one CEL compatibility rule.
type CompatibilityValidation struct {
	// Rule is a CEL expression over `shoot` that must evaluate to true.
	Rule string `json:"rule" protobuf:"bytes,1,opt,name=rule"`
	// Message is shown to the user when the rule does not hold.
	// +optional
	Message string `json:"message,omitempty" protobuf:"bytes,2,opt,name=message"`
}

// ExtensionProfileStatus holds the computed classification of every version.
type ExtensionProfileStatus struct {
	// Components mirrors spec.components: one entry per component, in spec order.
	// +optional
	// +listType=map
	// +listMapKey=name
	Components []ExtensionProfileComponentStatus `json:"components,omitempty" protobuf:"bytes,1,rep,name=components"`
	// DefaultRolloutPolicy is the default rollout policy gardener-controller-manager applies
	// below the profile's own (its configuration completed with the built-in policy), with every
	// field set; the maintenance decision of every reader takes it when nothing in the spec
	// overrides a field.
	// +optional
	DefaultRolloutPolicy *RolloutPolicy `json:"defaultRolloutPolicy,omitempty" protobuf:"bytes,2,opt,name=defaultRolloutPolicy"`
	// StableChannelSoakPeriod is the stable release channel's soak period gardener-controller-manager
	// applies (controllers.extensionProfile.stableChannelSoakPeriod); readers that cannot read its
	// configuration resolve the stable channel with it.
	// +optional
	StableChannelSoakPeriod *metav1.Duration `json:"stableChannelSoakPeriod,omitempty" protobuf:"bytes,3,opt,name=stableChannelSoakPeriod"`
}

// ExtensionProfileComponentStatus holds the classification of every version of a component.
type ExtensionProfileComponentStatus struct {
	// Name is the component name.
	Name string `json:"name" protobuf:"bytes,1,opt,name=name"`
	// Versions lists one entry per spec version, in spec order.
	// +optional
	// +listType=map
	// +listMapKey=version
	Versions []ExtensionComponentVersionStatus `json:"versions,omitempty" protobuf:"bytes,2,rep,name=versions"`
	// Channels holds the current version of each release channel (rapid, regular, stable, in
	// that order) at the time of the last reconcile, as Shoots following the channel resolve it.
	// The stable channel uses gardener-controller-manager's soak period.
	// +optional
	// +listType=map
	// +listMapKey=channel
	Channels []ReleaseChannelStatus `json:"channels,omitempty" protobuf:"bytes,3,rep,name=channels"`
	// Rollouts holds the rollout state of the versions that auto-update or a release channel
	// targets, computed by gardener-controller-manager.
	// +optional
	// +listType=map
	// +listMapKey=version
	Rollouts []ComponentVersionRolloutStatus `json:"rollouts,omitempty" protobuf:"bytes,4,rep,name=rollouts"`
}

// ReleaseChannelStatus is the current version of one release channel of a component.
type ReleaseChannelStatus struct {
	// Channel is the release channel.
	Channel ReleaseChannel `json:"channel" protobuf:"bytes,1,opt,name=channel,casttype=ReleaseChannel"`
	// Version is the channel's current version; unset when no version qualifies.
	// +optional
	Version string `json:"version,omitempty" protobuf:"bytes,2,opt,name=version"`
}

// ExtensionComponentVersionStatus is the current classification of one component version and
// its next lifecycle transition, computed by gardener-controller-manager. The first two fields
// are those of a CloudProfile version status (GEP-32); NextTransition is new.
type ExtensionComponentVersionStatus struct {
	// Version is the version string as listed in the spec.
	Version string `json:"version" protobuf:"bytes,1,opt,name=version"`
	// Classification is the classification of the version at the time of the last reconcile.
	Classification VersionClassification `json:"classification" protobuf:"bytes,2,opt,name=classification,casttype=VersionClassification"`
	// NextTransition is the next change of the classification according to the version's
	// lifecycle: the earliest stage startTime after the last reconcile and the classification
	// from then on. Unset when the classification does not change any more.
	// +optional
	NextTransition *VersionTransition `json:"nextTransition,omitempty" protobuf:"bytes,3,opt,name=nextTransition"`
}

// VersionTransition is a future change of a version's classification.
type VersionTransition struct {
	// Classification is the classification from Time on.
	Classification VersionClassification `json:"classification" protobuf:"bytes,1,opt,name=classification,casttype=VersionClassification"`
	// Time is when the classification changes (the startTime of a lifecycle stage).
	Time metav1.Time `json:"time" protobuf:"bytes,2,opt,name=time"`
}
