// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package v1beta1

import (
	"encoding/json"
	"strings"

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
	metav1.ObjectMeta `json:"metadata,omitempty" protobuf:"bytes,1,opt,name=metadata"`
	// Spec is what the provider environment offers.
	Spec CloudProfileSpec `json:"spec,omitempty" protobuf:"bytes,2,opt,name=spec"`
	// Status is the current classification of every version.
	// +optional
	Status CloudProfileStatus `json:"status,omitempty" protobuf:"bytes,3,opt,name=status"`
}

// +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object

// CloudProfileList is a list of CloudProfiles.
type CloudProfileList struct {
	metav1.TypeMeta `json:",inline"`
	// Standard list metadata.
	// +optional
	metav1.ListMeta `json:"metadata,omitempty" protobuf:"bytes,1,opt,name=metadata"`
	// Items is the list of CloudProfiles.
	Items []CloudProfile `json:"items" protobuf:"bytes,2,rep,name=items"`
}

// CloudProfileSpec is the specification of a CloudProfile.
type CloudProfileSpec struct {
	// CABundle is a PEM certificate bundle installed onto every machine of Shoots using this
	// profile.
	// +optional
	CABundle *string `json:"caBundle,omitempty" protobuf:"bytes,1,opt,name=caBundle"`
	// Kubernetes lists the offered Kubernetes versions.
	Kubernetes KubernetesSettings `json:"kubernetes" protobuf:"bytes,2,opt,name=kubernetes"`
	// MachineImages lists the offered machine images, keyed by name.
	// +patchMergeKey=name
	// +patchStrategy=merge
	MachineImages []MachineImage `json:"machineImages" patchStrategy:"merge" patchMergeKey:"name" protobuf:"bytes,3,rep,name=machineImages"`
	// MachineTypes lists the offered machine types, keyed by name.
	// +patchMergeKey=name
	// +patchStrategy=merge
	MachineTypes []MachineType `json:"machineTypes" patchStrategy:"merge" patchMergeKey:"name" protobuf:"bytes,4,rep,name=machineTypes"`
	// ProviderConfig is opaque, provider-specific configuration of the profile (for example the
	// provider's image identifiers). It is stored as sent.
	// +optional
	ProviderConfig *runtime.RawExtension `json:"providerConfig,omitempty" protobuf:"bytes,5,opt,name=providerConfig"`
	// Regions lists the offered regions, keyed by name.
	// +patchMergeKey=name
	// +patchStrategy=merge
	Regions []Region `json:"regions" patchStrategy:"merge" patchMergeKey:"name" protobuf:"bytes,6,rep,name=regions"`
	// SeedSelector restricts the Seeds that may host Shoots of this profile: by label and,
	// optionally, by provider type ('*' allows every type). Empty means every Seed of the same
	// provider type.
	// +optional
	SeedSelector *SeedSelector `json:"seedSelector,omitempty" protobuf:"bytes,7,opt,name=seedSelector"`
	// Type is the provider type, e.g. local or aws.
	Type string `json:"type" protobuf:"bytes,8,opt,name=type"`
	// VolumeTypes lists the offered volume types, keyed by name.
	// +patchMergeKey=name
	// +patchStrategy=merge
	// +optional
	VolumeTypes []VolumeType `json:"volumeTypes,omitempty" patchStrategy:"merge" patchMergeKey:"name" protobuf:"bytes,9,rep,name=volumeTypes"`
	// Bastion names the machine image and machine type of bastion hosts.
	// +optional
	Bastion *Bastion `json:"bastion,omitempty" protobuf:"bytes,10,opt,name=bastion"`
	// Limits holds operational limits of Shoots using this profile.
	// +optional
	Limits *Limits `json:"limits,omitempty" protobuf:"bytes,11,opt,name=limits"`
	// MachineCapabilities defines every capability (e.g. architecture) and its possible values,
	// most preferred value first. Machine types and image flavors may only use these.
	// +optional
	MachineCapabilities []CapabilityDefinition `json:"machineCapabilities,omitempty" protobuf:"bytes,12,rep,name=machineCapabilities"`
	// ControlPlane holds which control-plane features Shoots of this profile may configure.
	// +optional
	ControlPlane *CloudProfileControlPlane `json:"controlPlane,omitempty" protobuf:"bytes,13,opt,name=controlPlane"`
}

// CloudProfileControlPlane holds the control-plane settings of a CloudProfile.
type CloudProfileControlPlane struct {
	// AllowZonePinning lets Shoots pin their control plane to seed zones
	// (spec.controlPlane.zones).
	// +optional
	AllowZonePinning bool `json:"allowZonePinning,omitempty" protobuf:"varint,1,opt,name=allowZonePinning"`
}

// SeedSelector selects the Seeds usable for Shoots of a profile.
type SeedSelector struct {
	// LabelSelector selects Seeds by label.
	// +optional
	metav1.LabelSelector `json:",inline,omitempty" protobuf:"bytes,1,opt,name=labelSelector"`
	// ProviderTypes lists the Seed provider types allowed; '*' allows every type.
	// +optional
	ProviderTypes []string `json:"providerTypes,omitempty" protobuf:"bytes,2,rep,name=providerTypes"`
}

// KubernetesSettings lists the offered Kubernetes versions.
type KubernetesSettings struct {
	// Versions are the offered Kubernetes versions, keyed by version.
	// +patchMergeKey=version
	// +patchStrategy=merge
	// +optional
	Versions []ExpirableVersion `json:"versions,omitempty" patchStrategy:"merge" patchMergeKey:"version" protobuf:"bytes,1,rep,name=versions"`
}

// ExpirableVersion is a version with a lifecycle (GEP-32).
type ExpirableVersion struct {
	// Version is the version string.
	Version string `json:"version" protobuf:"bytes,1,opt,name=version"`
	// ExpirationDate is the legacy expiry time. Deprecated: use Lifecycle; mutually exclusive with it.
	// +optional
	ExpirationDate *metav1.Time `json:"expirationDate,omitempty" protobuf:"bytes,2,opt,name=expirationDate"`
	// Classification is the legacy classification. Deprecated: use Lifecycle; mutually exclusive with it.
	// +optional
	Classification *VersionClassification `json:"classification,omitempty" protobuf:"bytes,3,opt,name=classification,casttype=VersionClassification"`
	// Lifecycle is the list of lifecycle stages, in order (GEP-32). Without one (and without the
	// legacy fields) the version is supported.
	// +optional
	Lifecycle []LifecycleStage `json:"lifecycle,omitempty" protobuf:"bytes,4,rep,name=lifecycle"`
}

// MachineImage is an offered operating-system image.
type MachineImage struct {
	// Name is the image name, e.g. gardenlinux.
	Name string `json:"name" protobuf:"bytes,1,opt,name=name"`
	// Versions are the offered versions of the image, keyed by version.
	// +patchMergeKey=version
	// +patchStrategy=merge
	Versions []MachineImageVersion `json:"versions" patchStrategy:"merge" patchMergeKey:"version" protobuf:"bytes,2,rep,name=versions"`
	// UpdateStrategy is the boundary of automatic updates: patch, minor or major. Defaults to major.
	// +optional
	UpdateStrategy *MachineImageUpdateStrategy `json:"updateStrategy,omitempty" protobuf:"bytes,3,opt,name=updateStrategy,casttype=MachineImageUpdateStrategy"`
}

// MachineImageVersion is one version of a machine image.
type MachineImageVersion struct {
	ExpirableVersion `json:",inline" protobuf:"bytes,1,opt,name=expirableVersion"`
	// CRI lists the container runtimes the version supports. Defaults to containerd.
	// +optional
	CRI []CRI `json:"cri,omitempty" protobuf:"bytes,2,rep,name=cri"`
	// Architectures lists the CPU architectures the version supports (amd64, arm64). Defaults to
	// amd64 when the profile defines no machineCapabilities.
	// +optional
	Architectures []string `json:"architectures,omitempty" protobuf:"bytes,3,rep,name=architectures"`
	// KubeletVersionConstraint is a semantic version constraint (e.g. ">= 1.26") on the kubelet
	// versions the image version supports. Unset means every version.
	// +optional
	KubeletVersionConstraint *string `json:"kubeletVersionConstraint,omitempty" protobuf:"bytes,4,opt,name=kubeletVersionConstraint"`
	// InPlaceUpdates says whether nodes can be updated to this version in place.
	// +optional
	InPlaceUpdates *InPlaceUpdates `json:"inPlaceUpdates,omitempty" protobuf:"bytes,5,opt,name=inPlaceUpdates"`
	// CapabilityFlavors lists the capability combinations the version is built for; each entry
	// maps a capability name to its values.
	// +optional
	CapabilityFlavors []MachineImageFlavor `json:"capabilityFlavors,omitempty" protobuf:"bytes,6,rep,name=capabilityFlavors"`
}

// CRI is a container runtime interface.
type CRI struct {
	// Name is the container runtime interface, e.g. containerd.
	Name CRIName `json:"name" protobuf:"bytes,1,opt,name=name,casttype=CRIName"`
	// ContainerRuntimes lists additional container runtimes (e.g. gvisor) available with it, keyed
	// by type, so that maintenance and the owner of a Shoot each own their fields of an entry.
	// +patchMergeKey=type
	// +patchStrategy=merge
	// +listType=map
	// +listMapKey=type
	// +optional
	ContainerRuntimes []ContainerRuntime `json:"containerRuntimes,omitempty" patchStrategy:"merge" patchMergeKey:"type" protobuf:"bytes,2,rep,name=containerRuntimes"`
}

// ContainerRuntime is an additional container runtime of a CRI.
type ContainerRuntime struct {
	// Type is the container runtime type, e.g. gvisor.
	Type string `json:"type" protobuf:"bytes,1,opt,name=type"`
	// ProviderConfig is opaque configuration of the runtime.
	// +optional
	ProviderConfig *runtime.RawExtension `json:"providerConfig,omitempty" protobuf:"bytes,2,opt,name=providerConfig"`
	// Components pins the versions of the runtime's components in a Shoot's worker pool, keyed by
	// name; the runtime's type names the ExtensionProfile. A CloudProfile sets none.
	// +patchMergeKey=name
	// +patchStrategy=merge
	// +listType=map
	// +listMapKey=name
	// +optional
	Components []ExtensionComponent `json:"components,omitempty" patchStrategy:"merge" patchMergeKey:"name" protobuf:"bytes,3,rep,name=components"`
}

// InPlaceUpdates holds the in-place update settings of a machine image version.
type InPlaceUpdates struct {
	// Supported says whether nodes can be updated to this version in place.
	Supported bool `json:"supported" protobuf:"varint,1,opt,name=supported"`
	// MinVersionForUpdate is the lowest version from which an in-place update to this version works.
	// +optional
	MinVersionForUpdate *string `json:"minVersionForUpdate,omitempty" protobuf:"bytes,2,opt,name=minVersionForUpdate"`
}

// MachineType is an offered machine type.
type MachineType struct {
	// CPU is the number of CPUs.
	CPU resource.Quantity `json:"cpu" protobuf:"bytes,1,opt,name=cpu"`
	// GPU is the number of GPUs.
	GPU resource.Quantity `json:"gpu" protobuf:"bytes,2,opt,name=gpu"`
	// Memory is the amount of memory.
	Memory resource.Quantity `json:"memory" protobuf:"bytes,3,opt,name=memory"`
	// Name is the machine type name.
	Name string `json:"name" protobuf:"bytes,4,opt,name=name"`
	// Storage is the root volume of the machine type, for providers without volume types.
	// +optional
	Storage *MachineTypeStorage `json:"storage,omitempty" protobuf:"bytes,5,opt,name=storage"`
	// Usable says whether Shoots may use the type. Defaults to true.
	// +optional
	Usable *bool `json:"usable,omitempty" protobuf:"varint,6,opt,name=usable"`
	// Architecture is the CPU architecture. Defaults to amd64 when the profile defines no
	// machineCapabilities.
	// +optional
	Architecture *string `json:"architecture,omitempty" protobuf:"bytes,7,opt,name=architecture"`
	// Capabilities maps capability names to the values the type offers.
	// +optional
	Capabilities Capabilities `json:"capabilities,omitempty" protobuf:"bytes,8,rep,name=capabilities,casttype=Capabilities"`
	// MachineControllerManager holds machine-controller-manager defaults for this type.
	// +optional
	MachineControllerManager *CloudProfileMachineControllerManagerSettings `json:"machineControllerManager,omitempty" protobuf:"bytes,9,opt,name=machineControllerManager"`
}

// CloudProfileMachineControllerManagerSettings holds machine-controller-manager settings a
// machine type can default.
type CloudProfileMachineControllerManagerSettings struct {
	// MachineCreationTimeout is how long a machine of this type may take to be created.
	// +optional
	MachineCreationTimeout *metav1.Duration `json:"machineCreationTimeout,omitempty" protobuf:"bytes,1,opt,name=machineCreationTimeout"`
}

// MachineTypeStorage is the root volume of a machine type.
type MachineTypeStorage struct {
	// Class is the storage class, e.g. standard.
	Class string `json:"class" protobuf:"bytes,1,opt,name=class"`
	// StorageSize is the fixed size of the volume.
	// +optional
	StorageSize *resource.Quantity `json:"size,omitempty" protobuf:"bytes,2,opt,name=size"`
	// Type is the storage type.
	Type string `json:"type" protobuf:"bytes,3,opt,name=type"`
	// MinSize is the smallest size a Shoot may request; it overrides volumeTypes[].minSize.
	// +optional
	MinSize *resource.Quantity `json:"minSize,omitempty" protobuf:"bytes,4,opt,name=minSize"`
}

// Region is an offered region.
type Region struct {
	// Name is the region name.
	Name string `json:"name" protobuf:"bytes,1,opt,name=name"`
	// Zones lists the availability zones of the region, keyed by name.
	// +patchMergeKey=name
	// +patchStrategy=merge
	// +optional
	Zones []AvailabilityZone `json:"zones,omitempty" patchStrategy:"merge" patchMergeKey:"name" protobuf:"bytes,2,rep,name=zones"`
	// Labels are operator-set key-value pairs about the region (e.g. reliability).
	// +optional
	Labels map[string]string `json:"labels,omitempty" protobuf:"bytes,3,rep,name=labels"`
	// AccessRestrictions lists the access restrictions Shoots in this region may request.
	// +optional
	AccessRestrictions []AccessRestriction `json:"accessRestrictions,omitempty" protobuf:"bytes,4,rep,name=accessRestrictions"`
}

// AccessRestriction names an access restriction.
type AccessRestriction struct {
	// Name is the access restriction name, e.g. eu-access-only.
	Name string `json:"name" protobuf:"bytes,1,opt,name=name"`
}

// AvailabilityZone is an availability zone of a region.
type AvailabilityZone struct {
	// Name is the zone name.
	Name string `json:"name" protobuf:"bytes,1,opt,name=name"`
	// UnavailableMachineTypes lists the machine types not offered in this zone.
	// +optional
	UnavailableMachineTypes []string `json:"unavailableMachineTypes,omitempty" protobuf:"bytes,2,rep,name=unavailableMachineTypes"`
	// UnavailableVolumeTypes lists the volume types not offered in this zone.
	// +optional
	UnavailableVolumeTypes []string `json:"unavailableVolumeTypes,omitempty" protobuf:"bytes,3,rep,name=unavailableVolumeTypes"`
}

// VolumeType is an offered volume type.
type VolumeType struct {
	// Class is the volume class, e.g. standard or premium.
	Class string `json:"class" protobuf:"bytes,1,opt,name=class"`
	// Name is the volume type name.
	Name string `json:"name" protobuf:"bytes,2,opt,name=name"`
	// Usable says whether Shoots may use the type. Defaults to true.
	// +optional
	Usable *bool `json:"usable,omitempty" protobuf:"varint,3,opt,name=usable"`
	// MinSize is the smallest size a Shoot may request.
	// +optional
	MinSize *resource.Quantity `json:"minSize,omitempty" protobuf:"bytes,4,opt,name=minSize"`
}

// Bastion names the machine image and type of bastion hosts.
type Bastion struct {
	// MachineImage is the image of bastion hosts.
	// +optional
	MachineImage *BastionMachineImage `json:"machineImage,omitempty" protobuf:"bytes,1,opt,name=machineImage"`
	// MachineType is the machine type of bastion hosts.
	// +optional
	MachineType *BastionMachineType `json:"machineType,omitempty" protobuf:"bytes,2,opt,name=machineType"`
}

// BastionMachineImage names a machine image (and optionally a version) of the profile.
type BastionMachineImage struct {
	// Name is a machine image name of spec.machineImages.
	Name string `json:"name" protobuf:"bytes,1,opt,name=name"`
	// Version is a version of that image; unset means the newest supported one.
	// +optional
	Version *string `json:"version,omitempty" protobuf:"bytes,2,opt,name=version"`
}

// BastionMachineType names a machine type of the profile.
type BastionMachineType struct {
	// Name is a machine type name of spec.machineTypes.
	Name string `json:"name" protobuf:"bytes,1,opt,name=name"`
}

// Limits holds operational limits of Shoots.
type Limits struct {
	// MaxNodesTotal is the largest number of nodes a Shoot may have.
	// +optional
	MaxNodesTotal *int32 `json:"maxNodesTotal,omitempty" protobuf:"varint,1,opt,name=maxNodesTotal"`
}

// CapabilityDefinition defines one capability and its possible values, most preferred first.
type CapabilityDefinition struct {
	// Name is the capability name, e.g. architecture.
	Name string `json:"name" protobuf:"bytes,1,opt,name=name"`
	// Values are the possible values.
	Values CapabilityValues `json:"values" protobuf:"bytes,2,rep,name=values"`
}

// CapabilityValues are the values of one capability. The protobuf markers wrap it in a message
// (repeated items), as Kubernetes does for map values that are lists (authentication/v1
// ExtraValue); the JSON form stays a list.
// +protobuf.nullable=true
// +protobuf.options.(gogoproto.goproto_stringer)=false
type CapabilityValues []string

// String joins the values with commas; the protobuf message of CapabilityValues needs it.
func (v CapabilityValues) String() string {
	return strings.Join(v, ",")
}

// Capabilities maps capability names to values.
type Capabilities map[string]CapabilityValues

// GetCapabilitiesWithAppliedDefaults returns capabilities restricted to the defined capabilities,
// each missing one set to all values of its definition.
func GetCapabilitiesWithAppliedDefaults(capabilities Capabilities, capabilityDefinitions []CapabilityDefinition) Capabilities {
	result := make(Capabilities, len(capabilityDefinitions))
	for _, definition := range capabilityDefinitions {
		if values, ok := capabilities[definition.Name]; ok {
			result[definition.Name] = values
		} else {
			result[definition.Name] = definition.Values
		}
	}
	return result
}

// MachineImageFlavor is one capability combination of a machine image version. In JSON it is
// the capability map itself (e.g. {"architecture": ["amd64"]}), as in Gardener.
type MachineImageFlavor struct {
	// Capabilities maps capability names to values.
	Capabilities `json:"-" protobuf:"bytes,1,rep,name=capabilities,casttype=Capabilities"`
}

// UnmarshalJSON reads a flavor from its capability map.
func (f *MachineImageFlavor) UnmarshalJSON(data []byte) error {
	return json.Unmarshal(data, &f.Capabilities)
}

// MarshalJSON writes a flavor as its capability map.
func (f *MachineImageFlavor) MarshalJSON() ([]byte, error) {
	return json.Marshal(f.Capabilities)
}

// CloudProfileStatus holds the computed classification of every version.
type CloudProfileStatus struct {
	// Kubernetes holds the classification of every Kubernetes version.
	// +optional
	Kubernetes *KubernetesStatus `json:"kubernetes,omitempty" protobuf:"bytes,1,opt,name=kubernetes"`
	// MachineImages holds the classification of every machine image version, keyed by
	// image name.
	// +optional
	MachineImages []MachineImageStatus `json:"machineImages,omitempty" protobuf:"bytes,2,rep,name=machineImages"`
}

// KubernetesStatus holds the classification of every Kubernetes version.
type KubernetesStatus struct {
	// Versions lists one entry per spec version, in spec order.
	// +optional
	Versions []ExpirableVersionStatus `json:"versions,omitempty" protobuf:"bytes,1,rep,name=versions"`
}

// MachineImageStatus holds the classification of every version of one machine image.
type MachineImageStatus struct {
	// Name is the machine image name.
	Name string `json:"name" protobuf:"bytes,1,opt,name=name"`
	// Versions lists one entry per spec version, in spec order.
	// +optional
	Versions []ExpirableVersionStatus `json:"versions,omitempty" protobuf:"bytes,2,rep,name=versions"`
}
