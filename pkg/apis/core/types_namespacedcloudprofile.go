// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package core

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object

// NamespacedCloudProfile is a project's (namespace's) extension of a CloudProfile: it adds or
// overrides offerings of its parent for the Shoots of its namespace. gardener-controller-manager
// writes the merged result into status.cloudProfileSpec.
type NamespacedCloudProfile struct {
	metav1.TypeMeta
	// Standard object metadata.
	metav1.ObjectMeta
	// Spec holds the additions and overrides.
	Spec NamespacedCloudProfileSpec
	// Status holds the merged profile.
	Status NamespacedCloudProfileStatus
}

// +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object

// NamespacedCloudProfileList is a list of NamespacedCloudProfiles.
type NamespacedCloudProfileList struct {
	metav1.TypeMeta
	// Standard list metadata.
	metav1.ListMeta
	// Items is the list of NamespacedCloudProfiles.
	Items []NamespacedCloudProfile
}

// NamespacedCloudProfileSpec is the specification of a NamespacedCloudProfile. Every field but
// Parent is optional.
type NamespacedCloudProfileSpec struct {
	// CABundle is appended to the parent's CA bundle.
	CABundle *string
	// Kubernetes overrides the expiration date of Kubernetes versions of the parent.
	Kubernetes *KubernetesSettings
	// MachineImages adds machine images and versions, or overrides the expiration date and update
	// strategy of the parent's.
	MachineImages []MachineImage
	// MachineTypes adds machine types (or replaces a parent's of the same name).
	MachineTypes []MachineType
	// VolumeTypes adds volume types (or replaces a parent's of the same name).
	VolumeTypes []VolumeType
	// Parent is the CloudProfile this profile extends; immutable.
	Parent CloudProfileReference
	// ProviderConfig is opaque, provider-specific configuration of the profile.
	ProviderConfig *runtime.RawExtension
	// Limits overrides the parent's limits.
	Limits *Limits
}

// NamespacedCloudProfileStatus is the observed state of a NamespacedCloudProfile.
type NamespacedCloudProfileStatus struct {
	// CloudProfileSpec is the parent's spec with this profile's spec merged in.
	CloudProfileSpec CloudProfileSpec
	// ObservedGeneration is the generation the merge was computed from.
	ObservedGeneration int64
}
