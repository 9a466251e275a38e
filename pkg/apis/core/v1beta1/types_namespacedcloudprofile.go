// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package v1beta1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// +genclient
// +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object

// NamespacedCloudProfile is a project's (namespace's) extension of a CloudProfile: it adds or
// overrides offerings of its parent for the Shoots of its namespace. gardener-controller-manager
// writes the merged result into status.cloudProfileSpec.
type NamespacedCloudProfile struct {
	metav1.TypeMeta `json:",inline"`
	// Standard object metadata.
	metav1.ObjectMeta `json:"metadata,omitempty" protobuf:"bytes,1,opt,name=metadata"`

	// Spec holds the additions and overrides.
	Spec NamespacedCloudProfileSpec `json:"spec,omitempty" protobuf:"bytes,2,opt,name=spec"`
	// Status holds the merged profile.
	Status NamespacedCloudProfileStatus `json:"status,omitempty" protobuf:"bytes,3,opt,name=status"`
}

// +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object

// NamespacedCloudProfileList is a list of NamespacedCloudProfiles.
type NamespacedCloudProfileList struct {
	metav1.TypeMeta `json:",inline"`
	// Standard list metadata.
	// +optional
	metav1.ListMeta `json:"metadata,omitempty" protobuf:"bytes,1,opt,name=metadata"`

	// Items is the list of NamespacedCloudProfiles.
	Items []NamespacedCloudProfile `json:"items" protobuf:"bytes,2,rep,name=items"`
}

// NamespacedCloudProfileSpec is the specification of a NamespacedCloudProfile. Every field but
// parent is optional.
type NamespacedCloudProfileSpec struct {
	// CABundle is appended to the parent's CA bundle.
	// +optional
	CABundle *string `json:"caBundle,omitempty" protobuf:"bytes,1,opt,name=caBundle"`
	// Kubernetes overrides the expiration date of Kubernetes versions of the parent.
	// +optional
	Kubernetes *KubernetesSettings `json:"kubernetes,omitempty" protobuf:"bytes,2,opt,name=kubernetes"`
	// MachineImages adds machine images and versions, or overrides the expiration date and update
	// strategy of the parent's.
	// +patchMergeKey=name
	// +patchStrategy=merge
	// +optional
	MachineImages []MachineImage `json:"machineImages,omitempty" patchMergeKey:"name" patchStrategy:"merge" protobuf:"bytes,3,rep,name=machineImages"`
	// MachineTypes adds machine types (or replaces a parent's of the same name).
	// +patchMergeKey=name
	// +patchStrategy=merge
	// +optional
	MachineTypes []MachineType `json:"machineTypes,omitempty" patchMergeKey:"name" patchStrategy:"merge" protobuf:"bytes,4,rep,name=machineTypes"`
	// VolumeTypes adds volume types (or replaces a parent's of the same name).
	// +patchMergeKey=name
	// +patchStrategy=merge
	// +optional
	VolumeTypes []VolumeType `json:"volumeTypes,omitempty" patchMergeKey:"name" patchStrategy:"merge" protobuf:"bytes,6,rep,name=volumeTypes"`
	// Parent is the CloudProfile this profile extends; immutable.
	Parent CloudProfileReference `json:"parent" protobuf:"bytes,7,opt,name=parent"`
	// ProviderConfig is opaque, provider-specific configuration of the profile.
	// +optional
	ProviderConfig *runtime.RawExtension `json:"providerConfig,omitempty" protobuf:"bytes,8,opt,name=providerConfig"`
	// Limits overrides the parent's limits.
	// +optional
	Limits *Limits `json:"limits,omitempty" protobuf:"bytes,9,opt,name=limits"`
}

// NamespacedCloudProfileStatus is the observed state of a NamespacedCloudProfile.
type NamespacedCloudProfileStatus struct {
	// CloudProfileSpec is the parent's spec with this profile's spec merged in.
	CloudProfileSpec CloudProfileSpec `json:"cloudProfileSpec,omitempty" protobuf:"bytes,1,opt,name=cloudProfileSpec"`
	// ObservedGeneration is the generation the merge was computed from.
	// +optional
	ObservedGeneration int64 `json:"observedGeneration,omitempty" protobuf:"varint,2,opt,name=observedGeneration"`
}
