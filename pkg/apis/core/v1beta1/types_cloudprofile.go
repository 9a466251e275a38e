// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package v1beta1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// +genclient
// +genclient:nonNamespaced
// +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
// +kubebuilder:object:root=true

// CloudProfile lists the Kubernetes versions and machine images a landscape offers. This
// project serves the subset of Gardener's CloudProfile that version maintenance needs.
type CloudProfile struct {
	metav1.TypeMeta `json:",inline"`
	// Standard object metadata.
	// +optional
	metav1.ObjectMeta `json:"metadata,omitempty"`
	// Spec is the offered versions and their lifecycles.
	Spec CloudProfileSpec `json:"spec"`
	// Status is the current classification of every version.
	// +optional
	Status CloudProfileStatus `json:"status,omitempty"`
}

// +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object

// CloudProfileList is a list of CloudProfiles.
type CloudProfileList struct {
	metav1.TypeMeta `json:",inline"`
	// Standard list metadata.
	// +optional
	metav1.ListMeta `json:"metadata,omitempty"`
	// Items is the list of CloudProfiles.
	Items []CloudProfile `json:"items"`
}

// CloudProfileSpec is the specification of a CloudProfile.
type CloudProfileSpec struct {
	// Type is the provider type (e.g. local, aws).
	Type string `json:"type"`
	// Regions lists the regions of the provider.
	// +optional
	Regions []Region `json:"regions,omitempty"`
	// Kubernetes lists the offered Kubernetes versions.
	Kubernetes KubernetesSettings `json:"kubernetes"`
	// MachineImages lists the offered machine images.
	MachineImages []MachineImage `json:"machineImages"`
}

// Region is a region of the provider.
type Region struct {
	// Name is the region name.
	Name string `json:"name"`
}

// KubernetesSettings lists the offered Kubernetes versions.
type KubernetesSettings struct {
	// Versions are the offered Kubernetes versions.
	// +optional
	Versions []ExpirableVersion `json:"versions,omitempty"`
}

// ExpirableVersion is a version with a lifecycle (GEP-32).
type ExpirableVersion struct {
	// Version is the version string.
	Version string `json:"version"`
	// ExpirationDate is the legacy expiry time. Deprecated: use Lifecycle.
	// +optional
	ExpirationDate *metav1.Time `json:"expirationDate,omitempty"`
	// Classification is the legacy classification. Deprecated: use Lifecycle.
	// +optional
	Classification *VersionClassification `json:"classification,omitempty"`
	// Lifecycle is the list of lifecycle stages, in order (GEP-32). Without one (and without the
	// legacy fields) the version is supported.
	// +optional
	Lifecycle []LifecycleStage `json:"lifecycle,omitempty"`
}

// MachineImage is an offered operating-system image.
type MachineImage struct {
	// Name is the image name, e.g. gardenlinux.
	Name string `json:"name"`
	// Versions are the offered versions of the image.
	Versions []MachineImageVersion `json:"versions"`
	// UpdateStrategy is the boundary of automatic updates: patch, minor or major. Defaults to major.
	// +optional
	UpdateStrategy *MachineImageUpdateStrategy `json:"updateStrategy,omitempty"`
}

// MachineImageVersion is one version of a machine image.
type MachineImageVersion struct {
	ExpirableVersion `json:",inline"`
	// CRI lists the container runtimes the version supports.
	// +optional
	CRI []CRI `json:"cri,omitempty"`
	// Architectures lists the CPU architectures the version supports.
	// +optional
	Architectures []string `json:"architectures,omitempty"`
}

// CRI is a container runtime interface.
type CRI struct {
	// Name is the container runtime, e.g. containerd.
	Name string `json:"name"`
}

// CloudProfileStatus holds the computed classification of every version.
type CloudProfileStatus struct {
	// Kubernetes holds the classification of every Kubernetes version.
	// +optional
	Kubernetes *KubernetesStatus `json:"kubernetes,omitempty"`
	// MachineImageVersions holds the classification of every machine image version.
	// +optional
	MachineImageVersions []MachineImageVersionStatus `json:"machineImages,omitempty"`
}

// KubernetesStatus holds the classification of every Kubernetes version.
type KubernetesStatus struct {
	// Versions lists one entry per spec version, in spec order.
	// +optional
	Versions []ExpirableVersionStatus `json:"versions,omitempty"`
}

// MachineImageVersionStatus holds the classification of every version of one machine image.
type MachineImageVersionStatus struct {
	// Name is the machine image name.
	Name string `json:"name"`
	// Versions lists one entry per spec version, in spec order.
	// +optional
	Versions []ExpirableVersionStatus `json:"versions,omitempty"`
}
