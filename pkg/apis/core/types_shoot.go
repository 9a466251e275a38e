// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package core

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/intstr"
)

// +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object

// Shoot is a Kubernetes cluster managed by Gardener. This project serves the subset of
// Gardener's Shoot that GEP-78 reads and writes, under Gardener's JSON field names.
type Shoot struct {
	metav1.TypeMeta
	// Standard object metadata.
	metav1.ObjectMeta
	// Spec is the desired state of the cluster.
	Spec ShootSpec
	// Status is the observed state of the cluster.
	Status ShootStatus
}

// +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object

// ShootList is a list of Shoots.
type ShootList struct {
	metav1.TypeMeta
	// Standard list metadata.
	metav1.ListMeta
	// Items is the list of Shoots.
	Items []Shoot
}

// ShootSpec is the subset of Gardener's ShootSpec that this project models.
type ShootSpec struct {
	// CloudProfileName is the name of the CloudProfile. Deprecated in Gardener in favour of CloudProfile.
	CloudProfileName *string
	// CloudProfile references the CloudProfile.
	CloudProfile *CloudProfileReference
	// CredentialsBindingName is the name of the CredentialsBinding with the infrastructure credentials.
	CredentialsBindingName *string
	// SecretBindingName is the name of the SecretBinding with the infrastructure credentials.
	SecretBindingName *string
	// Extensions configures extensions, including the GEP-78 component pins.
	Extensions []Extension
	// Kubernetes holds the Kubernetes version of the control plane.
	Kubernetes Kubernetes
	// Networking holds the cluster networking settings.
	Networking *Networking
	// Maintenance holds the maintenance time window and auto-update settings.
	Maintenance *Maintenance
	// Provider holds the provider type and the worker pools.
	Provider Provider
	// Purpose is the purpose of the cluster: evaluation, testing, development, production or infrastructure.
	Purpose *ShootPurpose
	// Region is the provider region.
	Region string
	// SeedName is the name of the seed that hosts the control plane.
	SeedName *string
}

// CloudProfileReference references a CloudProfile or NamespacedCloudProfile.
type CloudProfileReference struct {
	// Kind is CloudProfile or NamespacedCloudProfile.
	Kind string
	// Name is the profile name.
	Name string
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
	Type string
	// ProviderConfig is the extension's own opaque configuration (unchanged by GEP-78).
	ProviderConfig *runtime.RawExtension
	// Disabled disables an extension that is enabled globally.
	Disabled *bool
	// AutoUpdate is the default auto-update policy for every component of this extension that
	// sets none (GEP-78).
	AutoUpdate *ExtensionAutoUpdate
	// Components pins component versions and overrides their auto-update policy (GEP-78).
	Components []ExtensionComponent
}

// ExtensionAutoUpdate is the auto-update policy of extension components (GEP-78).
type ExtensionAutoUpdate struct {
	// Enabled turns automatic upgrades in the maintenance window on or off. Defaults to true.
	// Expired versions are upgraded regardless (GEP-5).
	Enabled *bool
	// UpdateStrategy is the boundary of automatic upgrades: patch, minor or major.
	UpdateStrategy *MachineImageUpdateStrategy
	// Classifications are the classifications a version may have to be an auto-update target:
	// supported, and preview to opt into preview versions (see the v1beta1 field).
	Classifications []VersionClassification
}

// ExtensionComponent pins the version of one component of an extension (GEP-78).
type ExtensionComponent struct {
	// Name is the component name as listed in the ExtensionProfile.
	Name string
	// Version is the pinned version. A partial version (3, 3.1) is resolved at admission to the
	// highest matching supported version and stored.
	Version *string
	// AutoUpdate overrides the extension-level auto-update policy for this component.
	AutoUpdate *ExtensionAutoUpdate
}

// Kubernetes holds the Kubernetes settings of a Shoot.
type Kubernetes struct {
	// Version is the Kubernetes version of the control plane.
	Version string
}

// Networking holds the networking settings of a Shoot.
type Networking struct {
	// Type is the network plugin type, e.g. calico.
	Type *string
	// Nodes is the CIDR of the node network.
	Nodes *string
	// Pods is the CIDR of the pod network.
	Pods *string
	// Services is the CIDR of the service network.
	Services *string
}

// Provider holds the provider settings of a Shoot.
type Provider struct {
	// Type is the provider type.
	Type string
	// Workers are the worker pools.
	Workers []Worker
}

// Worker is a worker pool.
type Worker struct {
	// Name is the pool name.
	Name string
	// Machine holds the machine type and image.
	Machine Machine
	// CRI is the container runtime of the pool.
	CRI *CRI
	// Minimum is the minimum number of machines.
	Minimum int32
	// Maximum is the maximum number of machines.
	Maximum int32
	// MaxSurge is the number of machines created above the desired number during an update.
	MaxSurge *intstr.IntOrString
	// MaxUnavailable is the number of machines that may be unavailable during an update.
	MaxUnavailable *intstr.IntOrString
	// Zones are the availability zones of the pool.
	Zones []string
}

// Machine holds the machine settings of a worker pool.
type Machine struct {
	// Type is the machine type.
	Type string
	// Image is the machine image. Defaulted by Gardener when omitted.
	Image *ShootMachineImage
	// Architecture is the CPU architecture, e.g. amd64.
	Architecture *string
}

// ShootMachineImage is the machine image of a worker pool.
type ShootMachineImage struct {
	// Name is the image name.
	Name string
	// Version is the image version.
	Version *string
}

// Maintenance holds the maintenance settings of a Shoot.
type Maintenance struct {
	// AutoUpdate holds the Kubernetes and machine-image auto-update switches.
	AutoUpdate *MaintenanceAutoUpdate
	// TimeWindow is the daily maintenance window.
	TimeWindow *MaintenanceTimeWindow
}

// MaintenanceAutoUpdate holds the Kubernetes and machine-image auto-update switches.
type MaintenanceAutoUpdate struct {
	// KubernetesVersion enables patch updates of the Kubernetes version.
	KubernetesVersion bool
	// MachineImageVersion enables updates of machine image versions.
	MachineImageVersion *bool
}

// MaintenanceTimeWindow is a daily time window in the form HHMMSS+ZZZZ.
type MaintenanceTimeWindow struct {
	// Begin is the start of the window, e.g. 220000+0100.
	Begin string
	// End is the end of the window, e.g. 230000+0100.
	End string
}

// ShootStatus is the subset of Gardener's ShootStatus that this project models.
type ShootStatus struct {
	// LastMaintenance records the last maintenance operation.
	LastMaintenance *LastMaintenance
	// TechnicalID is the name of the shoot's namespace in the seed (shoot--<project>--<name>).
	TechnicalID string
	// LastErrors holds errors of the last operations on the Shoot that the owner can act on.
	LastErrors []LastError
}

// LastMaintenance records the last maintenance operation of a Shoot.
type LastMaintenance struct {
	// Description lists the changes made.
	Description string
	// TriggeredTime is when the maintenance was triggered.
	TriggeredTime metav1.Time
	// State is Processing, Succeeded or Failed.
	State LastOperationState
	// FailureReason explains a failure.
	FailureReason *string
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
