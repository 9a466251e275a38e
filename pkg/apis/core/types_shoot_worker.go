// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package core

import (
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/intstr"
)

// Provider holds the provider settings of a Shoot.
type Provider struct {
	// Type is the provider type; immutable.
	Type string
	// ControlPlaneConfig is the provider's control-plane configuration.
	ControlPlaneConfig *runtime.RawExtension
	// InfrastructureConfig is the provider's infrastructure configuration.
	InfrastructureConfig *runtime.RawExtension
	// Workers are the worker pools, keyed by name.
	Workers []Worker
	// WorkersSettings holds settings of all pools.
	WorkersSettings *WorkersSettings
}

// Worker is a worker pool.
type Worker struct {
	// Annotations are put on every Node of the pool.
	Annotations map[string]string
	// CABundle is a PEM bundle installed on every machine of the pool.
	CABundle *string
	// CRI is the container runtime interface of the pool (default containerd).
	CRI *CRI
	// Kubernetes holds the kubelet version and settings of the pool.
	Kubernetes *WorkerKubernetes
	// Labels are put on every Node of the pool.
	Labels map[string]string
	// Name is the pool name.
	Name string
	// Machine holds the machine type, image and architecture.
	Machine Machine
	// Maximum is the maximum number of machines, spread over the zones.
	Maximum int32
	// Minimum is the minimum number of machines, spread over the zones.
	Minimum int32
	// MaxSurge is how many machines may be created above the desired number during an update (default
	// 1).
	MaxSurge *intstr.IntOrString
	// MaxUnavailable is how many machines may be unavailable during an update (default 0).
	MaxUnavailable *intstr.IntOrString
	// ProviderConfig is the provider's configuration of the pool.
	ProviderConfig *runtime.RawExtension
	// Taints are put on every Node of the pool.
	Taints []corev1.Taint
	// Volume is the root volume of the machines.
	Volume *Volume
	// DataVolumes are further volumes of the machines, keyed by name.
	DataVolumes []DataVolume
	// KubeletDataVolumeName names the data volume that holds the kubelet's state.
	KubeletDataVolumeName *string
	// Zones are the zones the pool is spread over.
	Zones []string
	// SystemComponents holds whether the pool hosts system components.
	SystemComponents *WorkerSystemComponents
	// MachineControllerManagerSettings holds machine-controller-manager settings of the pool.
	MachineControllerManagerSettings *MachineControllerManagerSettings
	// Sysctls are kernel settings applied on every machine.
	Sysctls map[string]string
	// ClusterAutoscaler holds cluster-autoscaler settings of the pool.
	ClusterAutoscaler *ClusterAutoscalerOptions
	// Priority is the pool's weight for the priority expander.
	Priority *int32
	// UpdateStrategy is AutoRollingUpdate (default), AutoInPlaceUpdate or ManualInPlaceUpdate.
	UpdateStrategy *MachineUpdateStrategy
	// ControlPlane runs the control plane in this pool (self-hosted shoots); at most one pool.
	ControlPlane *WorkerControlPlane
	// Extensions overrides component versions of the Shoot's extensions for this pool.
	Extensions []WorkerExtension
}

// WorkerExtension overrides the component versions of one of the Shoot's extensions in a pool.
type WorkerExtension struct {
	// Type is the type of an extension the Shoot enables in spec.extensions.
	Type string
	// Components pins component versions for this pool.
	Components []ExtensionComponent
}

// WorkerKubernetes holds the kubelet version and settings of a pool.
type WorkerKubernetes struct {
	// Kubelet replaces spec.kubernetes.kubelet for the pool.
	Kubelet *KubeletConfig
	// Version is the kubelet version of the pool (default the control plane's); a partial version is
	// defaulted from the CloudProfile.
	Version *string
}

// Machine holds the machine settings of a pool.
type Machine struct {
	// Type is the machine type.
	Type string
	// Image is the machine image; defaulted from the CloudProfile when omitted.
	Image *ShootMachineImage
	// Architecture is the CPU architecture, amd64 (default) or arm64.
	Architecture *string
}

// ShootMachineImage is the machine image of a pool.
type ShootMachineImage struct {
	// Name is the image name.
	Name string
	// ProviderConfig is the image's provider configuration.
	ProviderConfig *runtime.RawExtension
	// Version is the image version; a partial or empty version is defaulted from the CloudProfile.
	Version string
}

// Volume is the root volume of a pool's machines.
type Volume struct {
	// Name names the volume.
	Name *string
	// Type is the volume type.
	Type *string
	// VolumeSize is the size, a quantity (e.g. 50Gi).
	VolumeSize string
	// Encrypted encrypts the volume.
	Encrypted *bool
}

// DataVolume is a further volume of a pool's machines.
type DataVolume struct {
	// Name names the volume.
	Name string
	// Type is the volume type.
	Type *string
	// VolumeSize is the size, a quantity (e.g. 50Gi).
	VolumeSize string
	// Encrypted encrypts the volume.
	Encrypted *bool
}

// CRIName is a container runtime interface.
type CRIName string

const (
	// CRINameContainerD is the CRIName "containerd".
	CRINameContainerD CRIName = "containerd"
)

// WorkerSystemComponents holds whether a pool hosts system components.
type WorkerSystemComponents struct {
	// Allow lets system components run in the pool (default true).
	Allow bool
}

// MachineControllerManagerSettings are machine-controller-manager settings of a pool.
type MachineControllerManagerSettings struct {
	// MachineDrainTimeout is the drain time after which a machine is deleted by force.
	MachineDrainTimeout *metav1.Duration
	// MachineHealthTimeout is the unhealthy time after which a machine is failed.
	MachineHealthTimeout *metav1.Duration
	// MachineCreationTimeout is the creation time after which a machine is failed.
	MachineCreationTimeout *metav1.Duration
	// MaxEvictRetries are the eviction retries per pod before a forced deletion.
	MaxEvictRetries *int32
	// NodeConditions are the node conditions that, true for machineHealthTimeout, fail a machine.
	NodeConditions []string
	// MachineInPlaceUpdateTimeout is the time after which an in-place update has failed.
	MachineInPlaceUpdateTimeout *metav1.Duration
	// DisableHealthTimeout never fails a machine for being unhealthy (for in-place updates).
	DisableHealthTimeout *bool
	// MachinePreserveTimeout is how long a failed machine is preserved.
	MachinePreserveTimeout *metav1.Duration
	// AutoPreserveFailedMachineMax caps the failed machines preserved automatically.
	AutoPreserveFailedMachineMax *int32
}

// ClusterAutoscalerOptions are cluster-autoscaler settings of a pool.
type ClusterAutoscalerOptions struct {
	// ScaleDownUtilizationThreshold is the utilization (0.0-1.0) below which a node may be removed.
	ScaleDownUtilizationThreshold *float64
	// ScaleDownGpuUtilizationThreshold is the GPU utilization (0.0-1.0) below which a node may be
	// removed.
	ScaleDownGpuUtilizationThreshold *float64
	// ScaleDownUnneededTime is how long a node must be unneeded to be removed.
	ScaleDownUnneededTime *metav1.Duration
	// ScaleDownUnreadyTime is how long an unready node must be unneeded to be removed.
	ScaleDownUnreadyTime *metav1.Duration
	// MaxNodeProvisionTime is the wait for a node to be provisioned.
	MaxNodeProvisionTime *metav1.Duration
}

// MachineUpdateStrategy is how the machines of a pool are updated.
type MachineUpdateStrategy string

const (
	// AutoRollingUpdate is the MachineUpdateStrategy "AutoRollingUpdate".
	AutoRollingUpdate MachineUpdateStrategy = "AutoRollingUpdate"
	// AutoInPlaceUpdate is the MachineUpdateStrategy "AutoInPlaceUpdate".
	AutoInPlaceUpdate MachineUpdateStrategy = "AutoInPlaceUpdate"
	// ManualInPlaceUpdate is the MachineUpdateStrategy "ManualInPlaceUpdate".
	ManualInPlaceUpdate MachineUpdateStrategy = "ManualInPlaceUpdate"
)

// WorkerControlPlane marks the pool that runs the control plane of a self-hosted Shoot.
type WorkerControlPlane struct {
	// Backup is the object store of etcd backups.
	Backup *Backup
	// Exposure is how the API server is exposed: extension, dns, or neither.
	Exposure *Exposure
}

// Exposure is how the API server of a self-hosted Shoot is exposed.
type Exposure struct {
	// Extension exposes it through an extension; excludes DNS.
	Extension *ExtensionExposure
	// DNS exposes it through DNS records; excludes Extension.
	DNS *DNSExposure
}

// ExtensionExposure is an exposure extension.
type ExtensionExposure struct {
	// Type is the extension type (default spec.provider.type).
	Type *string
	// ProviderConfig is the extension's configuration.
	ProviderConfig *runtime.RawExtension
}

// DNSExposure exposes the API server through DNS; it has no settings yet.
type DNSExposure struct {
}

// WorkersSettings holds settings of all pools.
type WorkersSettings struct {
	// SSHAccess holds whether SSH into the nodes is possible.
	SSHAccess *SSHAccess
}

// SSHAccess holds whether SSH into the nodes is possible.
type SSHAccess struct {
	// Enabled keeps sshd enabled on the nodes (default true).
	Enabled bool
}
