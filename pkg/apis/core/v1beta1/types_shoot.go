// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package v1beta1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/intstr"
)

// +genclient
// +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
// +kubebuilder:object:root=true

// Shoot is a Kubernetes cluster managed by Gardener. This project serves the subset of
// Gardener's Shoot that GEP-78 reads and writes, under Gardener's JSON field names.
type Shoot struct {
	metav1.TypeMeta `json:",inline"`
	// Standard object metadata.
	// +optional
	metav1.ObjectMeta `json:"metadata,omitempty" protobuf:"bytes,1,opt,name=metadata"`
	// Spec is the desired state of the cluster.
	// +optional
	Spec ShootSpec `json:"spec,omitempty" protobuf:"bytes,2,opt,name=spec"`
	// Status is the observed state of the cluster.
	// +optional
	Status ShootStatus `json:"status,omitempty" protobuf:"bytes,3,opt,name=status"`
}

// +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object

// ShootList is a list of Shoots.
type ShootList struct {
	metav1.TypeMeta `json:",inline"`
	// Standard list metadata.
	// +optional
	metav1.ListMeta `json:"metadata,omitempty" protobuf:"bytes,1,opt,name=metadata"`
	// Items is the list of Shoots.
	Items []Shoot `json:"items" protobuf:"bytes,2,rep,name=items"`
}

// ShootSpec is the subset of Gardener's ShootSpec that this project models.
type ShootSpec struct {
	// CloudProfileName is the name of the CloudProfile. Deprecated in Gardener in favour of CloudProfile.
	// +optional
	CloudProfileName *string `json:"cloudProfileName,omitempty" protobuf:"bytes,1,opt,name=cloudProfileName"`
	// CloudProfile references the CloudProfile.
	// +optional
	CloudProfile *CloudProfileReference `json:"cloudProfile,omitempty" protobuf:"bytes,2,opt,name=cloudProfile"`
	// CredentialsBindingName is the name of the CredentialsBinding with the infrastructure credentials.
	// +optional
	CredentialsBindingName *string `json:"credentialsBindingName,omitempty" protobuf:"bytes,3,opt,name=credentialsBindingName"`
	// SecretBindingName is the name of the SecretBinding with the infrastructure credentials.
	// +optional
	SecretBindingName *string `json:"secretBindingName,omitempty" protobuf:"bytes,4,opt,name=secretBindingName"`
	// Extensions configures extensions, including the GEP-78 component pins, keyed by type.
	// +patchMergeKey=type
	// +patchStrategy=merge
	// +listType=map
	// +listMapKey=type
	// +optional
	Extensions []Extension `json:"extensions,omitempty" patchStrategy:"merge" patchMergeKey:"type" protobuf:"bytes,5,rep,name=extensions"`
	// Kubernetes holds the Kubernetes version of the control plane.
	Kubernetes Kubernetes `json:"kubernetes" protobuf:"bytes,6,opt,name=kubernetes"`
	// Networking holds the cluster networking settings.
	// +optional
	Networking *Networking `json:"networking,omitempty" protobuf:"bytes,7,opt,name=networking"`
	// Maintenance holds the maintenance time window and auto-update settings.
	// +optional
	Maintenance *Maintenance `json:"maintenance,omitempty" protobuf:"bytes,8,opt,name=maintenance"`
	// Provider holds the provider type and the worker pools.
	Provider Provider `json:"provider" protobuf:"bytes,9,opt,name=provider"`
	// Purpose is the purpose of the cluster: evaluation, testing, development, production or infrastructure.
	// +optional
	Purpose *ShootPurpose `json:"purpose,omitempty" protobuf:"bytes,10,opt,name=purpose,casttype=ShootPurpose"`
	// Region is the provider region.
	Region string `json:"region" protobuf:"bytes,11,opt,name=region"`
	// SeedName is the name of the seed that hosts the control plane.
	// +optional
	SeedName *string `json:"seedName,omitempty" protobuf:"bytes,12,opt,name=seedName"`
}

// CloudProfileReference references a CloudProfile or NamespacedCloudProfile.
type CloudProfileReference struct {
	// Kind is CloudProfile or NamespacedCloudProfile.
	// +optional
	Kind string `json:"kind,omitempty" protobuf:"bytes,1,opt,name=kind"`
	// Name is the profile name.
	Name string `json:"name" protobuf:"bytes,2,opt,name=name"`
}

// ShootPurpose is the purpose of a Shoot.
type ShootPurpose string

const (
	// ShootPurposeEvaluation is the purpose of evaluation clusters (the default).
	ShootPurposeEvaluation ShootPurpose = "evaluation"
	// ShootPurposeTesting is the purpose of testing clusters.
	ShootPurposeTesting ShootPurpose = "testing"
	// ShootPurposeDevelopment is the purpose of development clusters.
	ShootPurposeDevelopment ShootPurpose = "development"
	// ShootPurposeProduction is the purpose of production clusters.
	ShootPurposeProduction ShootPurpose = "production"
	// ShootPurposeInfrastructure is the purpose of infrastructure clusters.
	ShootPurposeInfrastructure ShootPurpose = "infrastructure"
)

// Extension configures one extension of a Shoot.
type Extension struct {
	// Type is the extension type. For GEP-78 it names the ExtensionProfile.
	Type string `json:"type" protobuf:"bytes,1,opt,name=type"`
	// ProviderConfig is the extension's own opaque configuration (unchanged by GEP-78).
	// +optional
	ProviderConfig *runtime.RawExtension `json:"providerConfig,omitempty" protobuf:"bytes,2,opt,name=providerConfig"`
	// Disabled disables an extension that is enabled globally.
	// +optional
	Disabled *bool `json:"disabled,omitempty" protobuf:"varint,3,opt,name=disabled"`
	// AutoUpdate is the default auto-update policy for every component of this extension that
	// sets none (GEP-78).
	// +optional
	AutoUpdate *ExtensionAutoUpdate `json:"autoUpdate,omitempty" protobuf:"bytes,4,opt,name=autoUpdate"`
	// Components pins component versions and overrides their auto-update policy (GEP-78), keyed
	// by name.
	// +patchMergeKey=name
	// +patchStrategy=merge
	// +listType=map
	// +listMapKey=name
	// +optional
	Components []ExtensionComponent `json:"components,omitempty" patchStrategy:"merge" patchMergeKey:"name" protobuf:"bytes,5,rep,name=components"`
}

// ExtensionAutoUpdate is the auto-update policy of extension components (GEP-78).
type ExtensionAutoUpdate struct {
	// Enabled turns automatic upgrades in the maintenance window on or off. Defaults to true.
	// Expired versions are upgraded regardless (GEP-5).
	// +optional
	Enabled *bool `json:"enabled,omitempty" protobuf:"varint,1,opt,name=enabled"`
	// UpdateStrategy is the boundary of automatic upgrades: patch, minor or major.
	// +optional
	UpdateStrategy *MachineImageUpdateStrategy `json:"updateStrategy,omitempty" protobuf:"bytes,2,opt,name=updateStrategy,casttype=MachineImageUpdateStrategy"`
	// Classifications are the classifications a version may have to be an auto-update target
	// (GEP-78 "Future Enhancements", auto-upgrade into preview, as gardener/gardener#13667 proposes
	// for machine images): supported, plus preview to follow preview versions within the update
	// strategy's boundary. Values: preview, supported; each at most once; supported is required.
	// A component's autoUpdate without it takes the extension's; without either it is [supported].
	// The forced upgrade of an expired or unlisted version never takes a preview version, and a
	// deprecated version is a target only for a deprecated pin, whatever this list says.
	// +optional
	// +listType=atomic
	Classifications []VersionClassification `json:"classifications,omitempty" protobuf:"bytes,3,rep,name=classifications,casttype=VersionClassification"`
}

// ExtensionComponent pins the version of one component of an extension (GEP-78).
type ExtensionComponent struct {
	// Name is the component name as listed in the ExtensionProfile.
	Name string `json:"name" protobuf:"bytes,1,opt,name=name"`
	// Version is the pinned version. A partial version (3, 3.1) is resolved at admission to the
	// highest matching supported version and stored.
	// +optional
	Version *string `json:"version,omitempty" protobuf:"bytes,2,opt,name=version"`
	// AutoUpdate overrides the extension-level auto-update policy for this component.
	// +optional
	AutoUpdate *ExtensionAutoUpdate `json:"autoUpdate,omitempty" protobuf:"bytes,3,opt,name=autoUpdate"`
}

// Kubernetes holds the Kubernetes settings of a Shoot.
type Kubernetes struct {
	// Version is the Kubernetes version of the control plane.
	// +optional
	Version string `json:"version,omitempty" protobuf:"bytes,1,opt,name=version"`
}

// Networking holds the networking settings of a Shoot.
type Networking struct {
	// Type is the network plugin type, e.g. calico.
	// +optional
	Type *string `json:"type,omitempty" protobuf:"bytes,1,opt,name=type"`
	// Nodes is the CIDR of the node network.
	// +optional
	Nodes *string `json:"nodes,omitempty" protobuf:"bytes,2,opt,name=nodes"`
	// Pods is the CIDR of the pod network.
	// +optional
	Pods *string `json:"pods,omitempty" protobuf:"bytes,3,opt,name=pods"`
	// Services is the CIDR of the service network.
	// +optional
	Services *string `json:"services,omitempty" protobuf:"bytes,4,opt,name=services"`
}

// Provider holds the provider settings of a Shoot.
type Provider struct {
	// Type is the provider type.
	Type string `json:"type" protobuf:"bytes,1,opt,name=type"`
	// Workers are the worker pools, keyed by name.
	// +patchMergeKey=name
	// +patchStrategy=merge
	// +listType=map
	// +listMapKey=name
	// +optional
	Workers []Worker `json:"workers,omitempty" patchStrategy:"merge" patchMergeKey:"name" protobuf:"bytes,2,rep,name=workers"`
}

// Worker is a worker pool.
type Worker struct {
	// Name is the pool name.
	Name string `json:"name" protobuf:"bytes,1,opt,name=name"`
	// Machine holds the machine type and image.
	Machine Machine `json:"machine" protobuf:"bytes,2,opt,name=machine"`
	// CRI is the container runtime of the pool.
	// +optional
	CRI *CRI `json:"cri,omitempty" protobuf:"bytes,3,opt,name=cri"`
	// Minimum is the minimum number of machines.
	Minimum int32 `json:"minimum" protobuf:"varint,4,opt,name=minimum"`
	// Maximum is the maximum number of machines.
	Maximum int32 `json:"maximum" protobuf:"varint,5,opt,name=maximum"`
	// MaxSurge is the number of machines created above the desired number during an update.
	// +optional
	MaxSurge *intstr.IntOrString `json:"maxSurge,omitempty" protobuf:"bytes,6,opt,name=maxSurge"`
	// MaxUnavailable is the number of machines that may be unavailable during an update.
	// +optional
	MaxUnavailable *intstr.IntOrString `json:"maxUnavailable,omitempty" protobuf:"bytes,7,opt,name=maxUnavailable"`
	// Zones are the availability zones of the pool.
	// +optional
	// +listType=atomic
	Zones []string `json:"zones,omitempty" protobuf:"bytes,8,rep,name=zones"`
}

// Machine holds the machine settings of a worker pool.
type Machine struct {
	// Type is the machine type.
	Type string `json:"type" protobuf:"bytes,1,opt,name=type"`
	// Image is the machine image. Defaulted by Gardener when omitted.
	// +optional
	Image *ShootMachineImage `json:"image,omitempty" protobuf:"bytes,2,opt,name=image"`
	// Architecture is the CPU architecture, e.g. amd64.
	// +optional
	Architecture *string `json:"architecture,omitempty" protobuf:"bytes,3,opt,name=architecture"`
}

// ShootMachineImage is the machine image of a worker pool.
type ShootMachineImage struct {
	// Name is the image name.
	Name string `json:"name" protobuf:"bytes,1,opt,name=name"`
	// Version is the image version.
	// +optional
	Version *string `json:"version,omitempty" protobuf:"bytes,2,opt,name=version"`
}

// Maintenance holds the maintenance settings of a Shoot.
type Maintenance struct {
	// AutoUpdate holds the Kubernetes and machine-image auto-update switches.
	// +optional
	AutoUpdate *MaintenanceAutoUpdate `json:"autoUpdate,omitempty" protobuf:"bytes,1,opt,name=autoUpdate"`
	// TimeWindow is the daily maintenance window.
	// +optional
	TimeWindow *MaintenanceTimeWindow `json:"timeWindow,omitempty" protobuf:"bytes,2,opt,name=timeWindow"`
}

// MaintenanceAutoUpdate holds the Kubernetes and machine-image auto-update switches.
type MaintenanceAutoUpdate struct {
	// KubernetesVersion enables patch updates of the Kubernetes version.
	KubernetesVersion bool `json:"kubernetesVersion" protobuf:"varint,1,opt,name=kubernetesVersion"`
	// MachineImageVersion enables updates of machine image versions.
	// +optional
	MachineImageVersion *bool `json:"machineImageVersion,omitempty" protobuf:"varint,2,opt,name=machineImageVersion"`
}

// MaintenanceTimeWindow is a daily time window in the form HHMMSS+ZZZZ.
type MaintenanceTimeWindow struct {
	// Begin is the start of the window, e.g. 220000+0100.
	Begin string `json:"begin" protobuf:"bytes,1,opt,name=begin"`
	// End is the end of the window, e.g. 230000+0100.
	End string `json:"end" protobuf:"bytes,2,opt,name=end"`
}

// ShootStatus is the subset of Gardener's ShootStatus that this project models.
type ShootStatus struct {
	// LastMaintenance records the last maintenance operation.
	// +optional
	LastMaintenance *LastMaintenance `json:"lastMaintenance,omitempty" protobuf:"bytes,1,opt,name=lastMaintenance"`
	// TechnicalID is the name of the shoot's namespace in the seed (shoot--<project>--<name>).
	// +optional
	TechnicalID string `json:"technicalID,omitempty" protobuf:"bytes,2,opt,name=technicalID"`
	// LastErrors holds errors of the last operations on the Shoot that the owner can act on; here,
	// gardenlet's failures to write the Shoot's seed Extensions (task ID "extension/<type>").
	// +optional
	// +listType=atomic
	LastErrors []LastError `json:"lastErrors,omitempty" protobuf:"bytes,3,rep,name=lastErrors"`
}

// LastMaintenance records the last maintenance operation of a Shoot.
type LastMaintenance struct {
	// Description lists the changes made.
	Description string `json:"description" protobuf:"bytes,1,opt,name=description"`
	// TriggeredTime is when the maintenance was triggered.
	TriggeredTime metav1.Time `json:"triggeredTime" protobuf:"bytes,2,opt,name=triggeredTime"`
	// State is Processing, Succeeded or Failed.
	State LastOperationState `json:"state" protobuf:"bytes,3,opt,name=state,casttype=LastOperationState"`
	// FailureReason explains a failure.
	// +optional
	FailureReason *string `json:"failureReason,omitempty" protobuf:"bytes,4,opt,name=failureReason"`
}

// LastOperationState is the state of an operation.
type LastOperationState string

const (
	// LastOperationStateProcessing means the operation is running.
	LastOperationStateProcessing LastOperationState = "Processing"
	// LastOperationStateSucceeded means the operation succeeded.
	LastOperationStateSucceeded LastOperationState = "Succeeded"
	// LastOperationStateFailed means the operation failed.
	LastOperationStateFailed LastOperationState = "Failed"
	// LastOperationStateError means the operation failed and will be retried.
	LastOperationStateError LastOperationState = "Error"
)
