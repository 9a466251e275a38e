// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package v1beta1

import (
	"encoding/json"

	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// +genclient
// +genclient:nonNamespaced
// +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
// +kubebuilder:object:root=true

// CloudProfile describes what a provider environment offers to Shoots: Kubernetes versions,
// machine images, machine and volume types, regions and zones. It has the full shape of
// Gardener's core.gardener.cloud/v1beta1 CloudProfile; see docs/concepts/apiserver.md for which
// fields this project validates and uses.
type CloudProfile struct {
	metav1.TypeMeta `json:",inline"`
	// Standard object metadata.
	// +optional
	metav1.ObjectMeta `json:"metadata,omitempty"`
	// Spec is what the provider environment offers.
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
	// CABundle is a PEM certificate bundle installed onto every machine of Shoots using this
	// profile.
	// +optional
	CABundle *string `json:"caBundle,omitempty"`
	// Kubernetes lists the offered Kubernetes versions.
	Kubernetes KubernetesSettings `json:"kubernetes"`
	// MachineImages lists the offered machine images, keyed by name.
	// +patchMergeKey=name
	// +patchStrategy=merge
	// +listType=map
	// +listMapKey=name
	MachineImages []MachineImage `json:"machineImages" patchStrategy:"merge" patchMergeKey:"name"`
	// MachineTypes lists the offered machine types, keyed by name.
	// +patchMergeKey=name
	// +patchStrategy=merge
	// +listType=map
	// +listMapKey=name
	// +optional
	MachineTypes []MachineType `json:"machineTypes,omitempty" patchStrategy:"merge" patchMergeKey:"name"`
	// ProviderConfig is opaque, provider-specific configuration of the profile (for example the
	// provider's image identifiers). It is stored as sent.
	// +optional
	ProviderConfig *runtime.RawExtension `json:"providerConfig,omitempty"`
	// Regions lists the offered regions, keyed by name.
	// +patchMergeKey=name
	// +patchStrategy=merge
	// +listType=map
	// +listMapKey=name
	// +optional
	Regions []Region `json:"regions,omitempty" patchStrategy:"merge" patchMergeKey:"name"`
	// SeedSelector restricts the Seeds that may host Shoots of this profile: by label and,
	// optionally, by provider type ('*' allows every type). Empty means every Seed of the same
	// provider type.
	// +optional
	SeedSelector *SeedSelector `json:"seedSelector,omitempty"`
	// Type is the provider type, e.g. local or aws.
	Type string `json:"type"`
	// VolumeTypes lists the offered volume types, keyed by name.
	// +patchMergeKey=name
	// +patchStrategy=merge
	// +listType=map
	// +listMapKey=name
	// +optional
	VolumeTypes []VolumeType `json:"volumeTypes,omitempty" patchStrategy:"merge" patchMergeKey:"name"`
	// Bastion names the machine image and machine type of bastion hosts.
	// +optional
	Bastion *Bastion `json:"bastion,omitempty"`
	// Limits holds operational limits of Shoots using this profile.
	// +optional
	Limits *Limits `json:"limits,omitempty"`
	// MachineCapabilities defines every capability (e.g. architecture) and its possible values,
	// most preferred value first. Machine types and image flavors may only use these.
	// +optional
	// +listType=atomic
	MachineCapabilities []CapabilityDefinition `json:"machineCapabilities,omitempty"`
	// ControlPlane holds which control-plane features Shoots of this profile may configure.
	// +optional
	ControlPlane *CloudProfileControlPlane `json:"controlPlane,omitempty"`
}

// CloudProfileControlPlane holds the control-plane settings of a CloudProfile.
type CloudProfileControlPlane struct {
	// AllowZonePinning lets Shoots pin their control plane to seed zones
	// (spec.controlPlane.zones).
	// +optional
	AllowZonePinning bool `json:"allowZonePinning,omitempty"`
}

// SeedSelector selects the Seeds usable for Shoots of a profile.
type SeedSelector struct {
	// LabelSelector selects Seeds by label.
	// +optional
	metav1.LabelSelector `json:",inline"`
	// ProviderTypes lists the Seed provider types allowed; '*' allows every type.
	// +optional
	// +listType=atomic
	ProviderTypes []string `json:"providerTypes,omitempty"`
}

// KubernetesSettings lists the offered Kubernetes versions.
type KubernetesSettings struct {
	// Versions are the offered Kubernetes versions, keyed by version.
	// +patchMergeKey=version
	// +patchStrategy=merge
	// +listType=map
	// +listMapKey=version
	// +optional
	Versions []ExpirableVersion `json:"versions,omitempty" patchStrategy:"merge" patchMergeKey:"version"`
}

// ExpirableVersion is a version with a lifecycle (GEP-32).
type ExpirableVersion struct {
	// Version is the version string.
	Version string `json:"version"`
	// ExpirationDate is the legacy expiry time. Deprecated: use Lifecycle; mutually exclusive with it.
	// +optional
	ExpirationDate *metav1.Time `json:"expirationDate,omitempty"`
	// Classification is the legacy classification. Deprecated: use Lifecycle; mutually exclusive with it.
	// +optional
	Classification *VersionClassification `json:"classification,omitempty"`
	// Lifecycle is the list of lifecycle stages, in order (GEP-32). Without one (and without the
	// legacy fields) the version is supported.
	// +optional
	// +listType=atomic
	Lifecycle []LifecycleStage `json:"lifecycle,omitempty"`
}

// MachineImage is an offered operating-system image.
type MachineImage struct {
	// Name is the image name, e.g. gardenlinux.
	Name string `json:"name"`
	// Versions are the offered versions of the image, keyed by version.
	// +patchMergeKey=version
	// +patchStrategy=merge
	// +listType=map
	// +listMapKey=version
	Versions []MachineImageVersion `json:"versions" patchStrategy:"merge" patchMergeKey:"version"`
	// UpdateStrategy is the boundary of automatic updates: patch, minor or major. Defaults to major.
	// +optional
	UpdateStrategy *MachineImageUpdateStrategy `json:"updateStrategy,omitempty"`
}

// MachineImageVersion is one version of a machine image.
type MachineImageVersion struct {
	ExpirableVersion `json:",inline"`
	// CRI lists the container runtimes the version supports. Defaults to containerd.
	// +optional
	// +listType=atomic
	CRI []CRI `json:"cri,omitempty"`
	// Architectures lists the CPU architectures the version supports (amd64, arm64). Defaults to
	// amd64 when the profile defines no machineCapabilities.
	// +optional
	// +listType=atomic
	Architectures []string `json:"architectures,omitempty"`
	// KubeletVersionConstraint is a semantic version constraint (e.g. ">= 1.26") on the kubelet
	// versions the image version supports. Unset means every version.
	// +optional
	KubeletVersionConstraint *string `json:"kubeletVersionConstraint,omitempty"`
	// InPlaceUpdates says whether nodes can be updated to this version in place.
	// +optional
	InPlaceUpdates *InPlaceUpdates `json:"inPlaceUpdates,omitempty"`
	// CapabilityFlavors lists the capability combinations the version is built for; each entry
	// maps a capability name to its values.
	// +optional
	// +listType=atomic
	CapabilityFlavors []MachineImageFlavor `json:"capabilityFlavors,omitempty"`
}

// CRI is a container runtime interface.
type CRI struct {
	// Name is the container runtime interface, e.g. containerd.
	Name string `json:"name"`
	// ContainerRuntimes lists additional container runtimes (e.g. gvisor) available with it.
	// +optional
	// +listType=atomic
	ContainerRuntimes []ContainerRuntime `json:"containerRuntimes,omitempty"`
}

// ContainerRuntime is an additional container runtime of a CRI.
type ContainerRuntime struct {
	// Type is the container runtime type, e.g. gvisor.
	Type string `json:"type"`
	// ProviderConfig is opaque configuration of the runtime.
	// +optional
	ProviderConfig *runtime.RawExtension `json:"providerConfig,omitempty"`
}

// InPlaceUpdates holds the in-place update settings of a machine image version.
type InPlaceUpdates struct {
	// Supported says whether nodes can be updated to this version in place.
	Supported bool `json:"supported"`
	// MinVersionForUpdate is the lowest version from which an in-place update to this version works.
	// +optional
	MinVersionForUpdate *string `json:"minVersionForUpdate,omitempty"`
}

// MachineType is an offered machine type.
type MachineType struct {
	// CPU is the number of CPUs.
	CPU resource.Quantity `json:"cpu"`
	// GPU is the number of GPUs.
	GPU resource.Quantity `json:"gpu"`
	// Memory is the amount of memory.
	Memory resource.Quantity `json:"memory"`
	// Name is the machine type name.
	Name string `json:"name"`
	// Storage is the root volume of the machine type, for providers without volume types.
	// +optional
	Storage *MachineTypeStorage `json:"storage,omitempty"`
	// Usable says whether Shoots may use the type. Defaults to true.
	// +optional
	Usable *bool `json:"usable,omitempty"`
	// Architecture is the CPU architecture. Defaults to amd64 when the profile defines no
	// machineCapabilities.
	// +optional
	Architecture *string `json:"architecture,omitempty"`
	// Capabilities maps capability names to the values the type offers.
	// +optional
	Capabilities Capabilities `json:"capabilities,omitempty"`
	// MachineControllerManager holds machine-controller-manager defaults for this type.
	// +optional
	MachineControllerManager *CloudProfileMachineControllerManagerSettings `json:"machineControllerManager,omitempty"`
}

// CloudProfileMachineControllerManagerSettings holds machine-controller-manager settings a
// machine type can default.
type CloudProfileMachineControllerManagerSettings struct {
	// MachineCreationTimeout is how long a machine of this type may take to be created.
	// +optional
	MachineCreationTimeout *metav1.Duration `json:"machineCreationTimeout,omitempty"`
}

// MachineTypeStorage is the root volume of a machine type.
type MachineTypeStorage struct {
	// Class is the storage class, e.g. standard.
	Class string `json:"class"`
	// StorageSize is the fixed size of the volume.
	// +optional
	StorageSize *resource.Quantity `json:"size,omitempty"`
	// Type is the storage type.
	Type string `json:"type"`
	// MinSize is the smallest size a Shoot may request; it overrides volumeTypes[].minSize.
	// +optional
	MinSize *resource.Quantity `json:"minSize,omitempty"`
}

// Region is an offered region.
type Region struct {
	// Name is the region name.
	Name string `json:"name"`
	// Zones lists the availability zones of the region, keyed by name.
	// +patchMergeKey=name
	// +patchStrategy=merge
	// +listType=map
	// +listMapKey=name
	// +optional
	Zones []AvailabilityZone `json:"zones,omitempty" patchStrategy:"merge" patchMergeKey:"name"`
	// Labels are operator-set key-value pairs about the region (e.g. reliability).
	// +optional
	Labels map[string]string `json:"labels,omitempty"`
	// AccessRestrictions lists the access restrictions Shoots in this region may request.
	// +optional
	// +listType=map
	// +listMapKey=name
	AccessRestrictions []AccessRestriction `json:"accessRestrictions,omitempty"`
}

// AccessRestriction names an access restriction.
type AccessRestriction struct {
	// Name is the access restriction name, e.g. eu-access-only.
	Name string `json:"name"`
}

// AvailabilityZone is an availability zone of a region.
type AvailabilityZone struct {
	// Name is the zone name.
	Name string `json:"name"`
	// UnavailableMachineTypes lists the machine types not offered in this zone.
	// +optional
	// +listType=atomic
	UnavailableMachineTypes []string `json:"unavailableMachineTypes,omitempty"`
	// UnavailableVolumeTypes lists the volume types not offered in this zone.
	// +optional
	// +listType=atomic
	UnavailableVolumeTypes []string `json:"unavailableVolumeTypes,omitempty"`
}

// VolumeType is an offered volume type.
type VolumeType struct {
	// Class is the volume class, e.g. standard or premium.
	Class string `json:"class"`
	// Name is the volume type name.
	Name string `json:"name"`
	// Usable says whether Shoots may use the type. Defaults to true.
	// +optional
	Usable *bool `json:"usable,omitempty"`
	// MinSize is the smallest size a Shoot may request.
	// +optional
	MinSize *resource.Quantity `json:"minSize,omitempty"`
}

// Bastion names the machine image and type of bastion hosts.
type Bastion struct {
	// MachineImage is the image of bastion hosts.
	// +optional
	MachineImage *BastionMachineImage `json:"machineImage,omitempty"`
	// MachineType is the machine type of bastion hosts.
	// +optional
	MachineType *BastionMachineType `json:"machineType,omitempty"`
}

// BastionMachineImage names a machine image (and optionally a version) of the profile.
type BastionMachineImage struct {
	// Name is a machine image name of spec.machineImages.
	Name string `json:"name"`
	// Version is a version of that image; unset means the newest supported one.
	// +optional
	Version *string `json:"version,omitempty"`
}

// BastionMachineType names a machine type of the profile.
type BastionMachineType struct {
	// Name is a machine type name of spec.machineTypes.
	Name string `json:"name"`
}

// Limits holds operational limits of Shoots.
type Limits struct {
	// MaxNodesTotal is the largest number of nodes a Shoot may have.
	// +optional
	MaxNodesTotal *int32 `json:"maxNodesTotal,omitempty"`
}

// CapabilityDefinition defines one capability and its possible values, most preferred first.
type CapabilityDefinition struct {
	// Name is the capability name, e.g. architecture.
	Name string `json:"name"`
	// Values are the possible values.
	// +listType=atomic
	Values CapabilityValues `json:"values"`
}

// CapabilityValues are the values of one capability.
type CapabilityValues []string

// Capabilities maps capability names to values.
type Capabilities map[string]CapabilityValues

// MachineImageFlavor is one capability combination of a machine image version. In JSON it is
// the capability map itself (e.g. {"architecture": ["amd64"]}), as in Gardener.
type MachineImageFlavor struct {
	// Capabilities maps capability names to values.
	Capabilities `json:"-"`
}

// UnmarshalJSON reads a flavor from its capability map.
func (f *MachineImageFlavor) UnmarshalJSON(data []byte) error {
	return json.Unmarshal(data, &f.Capabilities)
}

// MarshalJSON writes a flavor as its capability map.
func (f MachineImageFlavor) MarshalJSON() ([]byte, error) {
	return json.Marshal(f.Capabilities)
}

// CloudProfileStatus holds the computed classification of every version.
type CloudProfileStatus struct {
	// Kubernetes holds the classification of every Kubernetes version.
	// +optional
	Kubernetes *KubernetesStatus `json:"kubernetes,omitempty"`
	// MachineImageVersions holds the classification of every machine image version, keyed by
	// image name.
	// +optional
	// +listType=map
	// +listMapKey=name
	MachineImageVersions []MachineImageVersionStatus `json:"machineImages,omitempty"`
}

// KubernetesStatus holds the classification of every Kubernetes version.
type KubernetesStatus struct {
	// Versions lists one entry per spec version, in spec order.
	// +optional
	// +listType=map
	// +listMapKey=version
	Versions []ExpirableVersionStatus `json:"versions,omitempty"`
}

// MachineImageVersionStatus holds the classification of every version of one machine image.
type MachineImageVersionStatus struct {
	// Name is the machine image name.
	Name string `json:"name"`
	// Versions lists one entry per spec version, in spec order.
	// +optional
	// +listType=map
	// +listMapKey=version
	Versions []ExpirableVersionStatus `json:"versions,omitempty"`
}
