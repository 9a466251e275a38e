// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package core

import (
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object

// CloudProfile describes what a provider environment offers to Shoots: Kubernetes versions,
// machine images, machine and volume types, regions and zones. It has the full shape of
// Gardener's core.gardener.cloud/v1beta1 CloudProfile; see docs/concepts/apiserver.md for which
// fields this project validates and uses.
type CloudProfile struct {
	metav1.TypeMeta
	// Standard object metadata.
	metav1.ObjectMeta
	// Spec is what the provider environment offers.
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
	// CABundle is a PEM certificate bundle installed onto every machine of Shoots using this
	// profile.
	CABundle *string
	// Kubernetes lists the offered Kubernetes versions.
	Kubernetes KubernetesSettings
	// MachineImages lists the offered machine images, keyed by name.
	MachineImages []MachineImage
	// MachineTypes lists the offered machine types, keyed by name.
	MachineTypes []MachineType
	// ProviderConfig is opaque, provider-specific configuration of the profile (for example the
	// provider's image identifiers). It is stored as sent.
	ProviderConfig *runtime.RawExtension
	// Regions lists the offered regions, keyed by name.
	Regions []Region
	// SeedSelector restricts the Seeds that may host Shoots of this profile: by label and,
	// optionally, by provider type ('*' allows every type). Empty means every Seed of the same
	// provider type.
	SeedSelector *SeedSelector
	// Type is the provider type, e.g. local or aws.
	Type string
	// VolumeTypes lists the offered volume types, keyed by name.
	VolumeTypes []VolumeType
	// Bastion names the machine image and machine type of bastion hosts.
	Bastion *Bastion
	// Limits holds operational limits of Shoots using this profile.
	Limits *Limits
	// MachineCapabilities defines every capability (e.g. architecture) and its possible values,
	// most preferred value first. Machine types and image flavors may only use these.
	MachineCapabilities []CapabilityDefinition
	// ControlPlane holds which control-plane features Shoots of this profile may configure.
	ControlPlane *CloudProfileControlPlane
}

// CloudProfileControlPlane holds the control-plane settings of a CloudProfile.
type CloudProfileControlPlane struct {
	// AllowZonePinning lets Shoots pin their control plane to seed zones
	// (spec.controlPlane.zones).
	AllowZonePinning bool
}

// SeedSelector selects the Seeds usable for Shoots of a profile.
type SeedSelector struct {
	// LabelSelector selects Seeds by label.
	metav1.LabelSelector
	// ProviderTypes lists the Seed provider types allowed; '*' allows every type.
	ProviderTypes []string
}

// KubernetesSettings lists the offered Kubernetes versions.
type KubernetesSettings struct {
	// Versions are the offered Kubernetes versions, keyed by version.
	Versions []ExpirableVersion
}

// ExpirableVersion is a version with a lifecycle (GEP-32).
type ExpirableVersion struct {
	// Version is the version string.
	Version string
	// ExpirationDate is the legacy expiry time. Deprecated: use Lifecycle; mutually exclusive with it.
	ExpirationDate *metav1.Time
	// Classification is the legacy classification. Deprecated: use Lifecycle; mutually exclusive with it.
	Classification *VersionClassification
	// Lifecycle is the list of lifecycle stages, in order (GEP-32). Without one (and without the
	// legacy fields) the version is supported.
	Lifecycle []LifecycleStage
}

// MachineImage is an offered operating-system image.
type MachineImage struct {
	// Name is the image name, e.g. gardenlinux.
	Name string
	// Versions are the offered versions of the image, keyed by version.
	Versions []MachineImageVersion
	// UpdateStrategy is the boundary of automatic updates: patch, minor or major. Defaults to major.
	UpdateStrategy *MachineImageUpdateStrategy
}

// MachineImageVersion is one version of a machine image.
type MachineImageVersion struct {
	ExpirableVersion
	// CRI lists the container runtimes the version supports. Defaults to containerd.
	CRI []CRI
	// Architectures lists the CPU architectures the version supports (amd64, arm64). Defaults to
	// amd64 when the profile defines no machineCapabilities.
	Architectures []string
	// KubeletVersionConstraint is a semantic version constraint (e.g. ">= 1.26") on the kubelet
	// versions the image version supports. Unset means every version.
	KubeletVersionConstraint *string
	// InPlaceUpdates says whether nodes can be updated to this version in place.
	InPlaceUpdates *InPlaceUpdates
	// CapabilityFlavors lists the capability combinations the version is built for; each entry
	// maps a capability name to its values.
	CapabilityFlavors []MachineImageFlavor
}

// CRI is a container runtime interface.
type CRI struct {
	// Name is the container runtime interface, e.g. containerd.
	Name CRIName
	// ContainerRuntimes lists additional container runtimes (e.g. gvisor) available with it.
	ContainerRuntimes []ContainerRuntime
}

// ContainerRuntime is an additional container runtime of a CRI.
type ContainerRuntime struct {
	// Type is the container runtime type, e.g. gvisor.
	Type string
	// ProviderConfig is opaque configuration of the runtime.
	ProviderConfig *runtime.RawExtension
	// Components pins the versions of the runtime's components in a Shoot's worker pool
	// (see the v1beta1 field). Not in a CloudProfile.
	Components []ExtensionComponent
}

// InPlaceUpdates holds the in-place update settings of a machine image version.
type InPlaceUpdates struct {
	// Supported says whether nodes can be updated to this version in place.
	Supported bool
	// MinVersionForUpdate is the lowest version from which an in-place update to this version works.
	MinVersionForUpdate *string
}

// MachineType is an offered machine type.
type MachineType struct {
	// CPU is the number of CPUs.
	CPU resource.Quantity
	// GPU is the number of GPUs.
	GPU resource.Quantity
	// Memory is the amount of memory.
	Memory resource.Quantity
	// Name is the machine type name.
	Name string
	// Storage is the root volume of the machine type, for providers without volume types.
	Storage *MachineTypeStorage
	// Usable says whether Shoots may use the type. Defaults to true.
	Usable *bool
	// Architecture is the CPU architecture. Defaults to amd64 when the profile defines no
	// machineCapabilities.
	Architecture *string
	// Capabilities maps capability names to the values the type offers.
	Capabilities Capabilities
	// MachineControllerManager holds machine-controller-manager defaults for this type.
	MachineControllerManager *CloudProfileMachineControllerManagerSettings
}

// CloudProfileMachineControllerManagerSettings holds machine-controller-manager settings a
// machine type can default.
type CloudProfileMachineControllerManagerSettings struct {
	// MachineCreationTimeout is how long a machine of this type may take to be created.
	MachineCreationTimeout *metav1.Duration
}

// MachineTypeStorage is the root volume of a machine type.
type MachineTypeStorage struct {
	// Class is the storage class, e.g. standard.
	Class string
	// StorageSize is the fixed size of the volume.
	StorageSize *resource.Quantity
	// Type is the storage type.
	Type string
	// MinSize is the smallest size a Shoot may request; it overrides volumeTypes[].minSize.
	MinSize *resource.Quantity
}

// Region is an offered region.
type Region struct {
	// Name is the region name.
	Name string
	// Zones lists the availability zones of the region, keyed by name.
	Zones []AvailabilityZone
	// Labels are operator-set key-value pairs about the region (e.g. reliability).
	Labels map[string]string
	// AccessRestrictions lists the access restrictions Shoots in this region may request.
	AccessRestrictions []AccessRestriction
}

// AccessRestriction names an access restriction.
type AccessRestriction struct {
	// Name is the access restriction name, e.g. eu-access-only.
	Name string
}

// AvailabilityZone is an availability zone of a region.
type AvailabilityZone struct {
	// Name is the zone name.
	Name string
	// UnavailableMachineTypes lists the machine types not offered in this zone.
	UnavailableMachineTypes []string
	// UnavailableVolumeTypes lists the volume types not offered in this zone.
	UnavailableVolumeTypes []string
}

// VolumeType is an offered volume type.
type VolumeType struct {
	// Class is the volume class, e.g. standard or premium.
	Class string
	// Name is the volume type name.
	Name string
	// Usable says whether Shoots may use the type. Defaults to true.
	Usable *bool
	// MinSize is the smallest size a Shoot may request.
	MinSize *resource.Quantity
}

// Bastion names the machine image and type of bastion hosts.
type Bastion struct {
	// MachineImage is the image of bastion hosts.
	MachineImage *BastionMachineImage
	// MachineType is the machine type of bastion hosts.
	MachineType *BastionMachineType
}

// BastionMachineImage names a machine image (and optionally a version) of the profile.
type BastionMachineImage struct {
	// Name is a machine image name of spec.machineImages.
	Name string
	// Version is a version of that image; unset means the newest supported one.
	Version *string
}

// BastionMachineType names a machine type of the profile.
type BastionMachineType struct {
	// Name is a machine type name of spec.machineTypes.
	Name string
}

// Limits holds operational limits of Shoots.
type Limits struct {
	// MaxNodesTotal is the largest number of nodes a Shoot may have.
	MaxNodesTotal *int32
}

// CapabilityDefinition defines one capability and its possible values, most preferred first.
type CapabilityDefinition struct {
	// Name is the capability name, e.g. architecture.
	Name string
	// Values are the possible values.
	Values CapabilityValues
}

// CapabilityValues are the values of one capability.
type CapabilityValues []string

// Capabilities maps capability names to values.
type Capabilities map[string]CapabilityValues

// MachineImageFlavor is one capability combination of a machine image version.
type MachineImageFlavor struct {
	// Capabilities maps capability names to values.
	Capabilities
}

// CloudProfileStatus holds the computed classification of every version.
type CloudProfileStatus struct {
	// Kubernetes holds the classification of every Kubernetes version.
	Kubernetes *KubernetesStatus
	// MachineImages holds the classification of every machine image version, keyed by
	// image name.
	MachineImages []MachineImageStatus
}

// KubernetesStatus holds the classification of every Kubernetes version.
type KubernetesStatus struct {
	// Versions lists one entry per spec version, in spec order.
	Versions []ExpirableVersionStatus
}

// MachineImageStatus holds the classification of every version of one machine image.
type MachineImageStatus struct {
	// Name is the machine image name.
	Name string
	// Versions lists one entry per spec version, in spec order.
	Versions []ExpirableVersionStatus
}
