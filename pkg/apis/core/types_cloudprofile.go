// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package core

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object

// CloudProfile lists the Kubernetes versions and machine images a landscape offers. This
// project serves the subset of Gardener's CloudProfile that version maintenance needs.
type CloudProfile struct {
	metav1.TypeMeta
	// Standard object metadata.
	metav1.ObjectMeta
	// Spec is the offered versions and their lifecycles.
	Spec CloudProfileSpec
	// Status is the current classification of every version.
	Status CloudProfileStatus
}

// +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object

// CloudProfileList is a list of CloudProfiles.
type CloudProfileList struct {
	metav1.TypeMeta
	// Standard list metadata.
	metav1.ListMeta
	// Items is the list of CloudProfiles.
	Items []CloudProfile
}

// CloudProfileSpec is the specification of a CloudProfile.
type CloudProfileSpec struct {
	// Type is the provider type (e.g. local, aws).
	Type string
	// Regions lists the regions of the provider.
	Regions []Region
	// Kubernetes lists the offered Kubernetes versions.
	Kubernetes KubernetesSettings
	// MachineImages lists the offered machine images.
	MachineImages []MachineImage
}

// Region is a region of the provider.
type Region struct {
	// Name is the region name.
	Name string
}

// KubernetesSettings lists the offered Kubernetes versions.
type KubernetesSettings struct {
	// Versions are the offered Kubernetes versions.
	Versions []ExpirableVersion
}

// ExpirableVersion is a version with a lifecycle (GEP-32).
type ExpirableVersion struct {
	// Version is the version string.
	Version string
	// ExpirationDate is the legacy expiry time. Deprecated: use Lifecycle.
	ExpirationDate *metav1.Time
	// Classification is the legacy classification. Deprecated: use Lifecycle.
	Classification *VersionClassification
	// Lifecycle is the list of lifecycle stages, in order (GEP-32). Without one (and without the
	// legacy fields) the version is supported.
	Lifecycle []LifecycleStage
}

// MachineImage is an offered operating-system image.
type MachineImage struct {
	// Name is the image name, e.g. gardenlinux.
	Name string
	// Versions are the offered versions of the image.
	Versions []MachineImageVersion
	// UpdateStrategy is the boundary of automatic updates: patch, minor or major. Defaults to major.
	UpdateStrategy *MachineImageUpdateStrategy
}

// MachineImageVersion is one version of a machine image.
type MachineImageVersion struct {
	ExpirableVersion
	// CRI lists the container runtimes the version supports.
	CRI []CRI
	// Architectures lists the CPU architectures the version supports.
	Architectures []string
}

// CRI is a container runtime interface.
type CRI struct {
	// Name is the container runtime, e.g. containerd.
	Name string
}

// CloudProfileStatus holds the computed classification of every version.
type CloudProfileStatus struct {
	// Kubernetes holds the classification of every Kubernetes version.
	Kubernetes *KubernetesStatus
	// MachineImageVersions holds the classification of every machine image version.
	MachineImageVersions []MachineImageVersionStatus
}

// KubernetesStatus holds the classification of every Kubernetes version.
type KubernetesStatus struct {
	// Versions lists one entry per spec version, in spec order.
	Versions []ExpirableVersionStatus
}

// MachineImageVersionStatus holds the classification of every version of one machine image.
type MachineImageVersionStatus struct {
	// Name is the machine image name.
	Name string
	// Versions lists one entry per spec version, in spec order.
	Versions []ExpirableVersionStatus
}
