// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package v1beta1

import (
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/intstr"
)

// Provider holds the provider settings of a Shoot.
type Provider struct {
	// Type is the provider type; immutable.
	Type string `json:"type" protobuf:"bytes,1,opt,name=type"`
	// ControlPlaneConfig is the provider's control-plane configuration.
	// +optional
	ControlPlaneConfig *runtime.RawExtension `json:"controlPlaneConfig,omitempty" protobuf:"bytes,2,opt,name=controlPlaneConfig"`
	// InfrastructureConfig is the provider's infrastructure configuration.
	// +optional
	InfrastructureConfig *runtime.RawExtension `json:"infrastructureConfig,omitempty" protobuf:"bytes,3,opt,name=infrastructureConfig"`
	// Workers are the worker pools, keyed by name.
	// +patchMergeKey=name
	// +patchStrategy=merge
	// +optional
	Workers []Worker `json:"workers,omitempty" patchMergeKey:"name" patchStrategy:"merge" protobuf:"bytes,4,rep,name=workers"`
	// WorkersSettings holds settings of all pools.
	// +optional
	WorkersSettings *WorkersSettings `json:"workersSettings,omitempty" protobuf:"bytes,5,opt,name=workersSettings"`
}

// Worker is a worker pool.
type Worker struct {
	// Annotations are put on every Node of the pool.
	// +optional
	Annotations map[string]string `json:"annotations,omitempty" protobuf:"bytes,1,rep,name=annotations"`
	// CABundle is a PEM bundle installed on every machine of the pool.
	// +optional
	CABundle *string `json:"caBundle,omitempty" protobuf:"bytes,2,opt,name=caBundle"`
	// CRI is the container runtime interface of the pool (default containerd).
	// +optional
	CRI *CRI `json:"cri,omitempty" protobuf:"bytes,3,opt,name=cri"`
	// Kubernetes holds the kubelet version and settings of the pool.
	// +optional
	Kubernetes *WorkerKubernetes `json:"kubernetes,omitempty" protobuf:"bytes,4,opt,name=kubernetes"`
	// Labels are put on every Node of the pool.
	// +optional
	Labels map[string]string `json:"labels,omitempty" protobuf:"bytes,5,rep,name=labels"`
	// Name is the pool name.
	Name string `json:"name" protobuf:"bytes,6,opt,name=name"`
	// Machine holds the machine type, image and architecture.
	Machine Machine `json:"machine" protobuf:"bytes,7,opt,name=machine"`
	// Maximum is the maximum number of machines, spread over the zones.
	Maximum int32 `json:"maximum" protobuf:"varint,8,opt,name=maximum"`
	// Minimum is the minimum number of machines, spread over the zones.
	Minimum int32 `json:"minimum" protobuf:"varint,9,opt,name=minimum"`
	// MaxSurge is how many machines may be created above the desired number during an update (default
	// 1).
	// +optional
	MaxSurge *intstr.IntOrString `json:"maxSurge,omitempty" protobuf:"bytes,10,opt,name=maxSurge"`
	// MaxUnavailable is how many machines may be unavailable during an update (default 0).
	// +optional
	MaxUnavailable *intstr.IntOrString `json:"maxUnavailable,omitempty" protobuf:"bytes,11,opt,name=maxUnavailable"`
	// ProviderConfig is the provider's configuration of the pool.
	// +optional
	ProviderConfig *runtime.RawExtension `json:"providerConfig,omitempty" protobuf:"bytes,12,opt,name=providerConfig"`
	// Taints are put on every Node of the pool.
	// +optional
	Taints []corev1.Taint `json:"taints,omitempty" protobuf:"bytes,13,rep,name=taints"`
	// Volume is the root volume of the machines.
	// +optional
	Volume *Volume `json:"volume,omitempty" protobuf:"bytes,14,opt,name=volume"`
	// DataVolumes are further volumes of the machines, keyed by name.
	// +optional
	DataVolumes []DataVolume `json:"dataVolumes,omitempty" protobuf:"bytes,15,rep,name=dataVolumes"`
	// KubeletDataVolumeName names the data volume that holds the kubelet's state.
	// +optional
	KubeletDataVolumeName *string `json:"kubeletDataVolumeName,omitempty" protobuf:"bytes,16,opt,name=kubeletDataVolumeName"`
	// Zones are the zones the pool is spread over.
	// +optional
	Zones []string `json:"zones,omitempty" protobuf:"bytes,17,rep,name=zones"`
	// SystemComponents holds whether the pool hosts system components.
	// +optional
	SystemComponents *WorkerSystemComponents `json:"systemComponents,omitempty" protobuf:"bytes,18,opt,name=systemComponents"`
	// MachineControllerManagerSettings holds machine-controller-manager settings of the pool.
	// +optional
	MachineControllerManagerSettings *MachineControllerManagerSettings `json:"machineControllerManager,omitempty" protobuf:"bytes,19,opt,name=machineControllerManager"`
	// Sysctls are kernel settings applied on every machine.
	// +optional
	Sysctls map[string]string `json:"sysctls,omitempty" protobuf:"bytes,20,rep,name=sysctls"`
	// ClusterAutoscaler holds cluster-autoscaler settings of the pool.
	// +optional
	ClusterAutoscaler *ClusterAutoscalerOptions `json:"clusterAutoscaler,omitempty" protobuf:"bytes,21,opt,name=clusterAutoscaler"`
	// Priority is the pool's weight for the priority expander.
	// +optional
	Priority *int32 `json:"priority,omitempty" protobuf:"varint,22,opt,name=priority"`
	// UpdateStrategy is AutoRollingUpdate (default), AutoInPlaceUpdate or ManualInPlaceUpdate.
	// +optional
	UpdateStrategy *MachineUpdateStrategy `json:"updateStrategy,omitempty" protobuf:"bytes,23,opt,name=updateStrategy,casttype=MachineUpdateStrategy"`
	// ControlPlane runs the control plane in this pool (self-hosted shoots); at most one pool.
	// +optional
	ControlPlane *WorkerControlPlane `json:"controlPlane,omitempty" protobuf:"bytes,24,opt,name=controlPlane"`
	// Extensions overrides the component versions of the Shoot's extensions for this pool, keyed
	// by type. A component the pool does not name keeps the Shoot-level version.
	// +patchMergeKey=type
	// +patchStrategy=merge
	// +listType=map
	// +listMapKey=type
	// +optional
	Extensions []WorkerExtension `json:"extensions,omitempty" patchStrategy:"merge" patchMergeKey:"type" protobuf:"bytes,25,rep,name=extensions"`
}

// WorkerExtension overrides the component versions of one of the Shoot's extensions in a pool.
type WorkerExtension struct {
	// Type is the type of an extension the Shoot enables in spec.extensions.
	Type string `json:"type" protobuf:"bytes,1,opt,name=type"`
	// Components pins component versions for this pool, keyed by name; the entry shape is that
	// of spec.extensions[].components[].
	// +patchMergeKey=name
	// +patchStrategy=merge
	// +listType=map
	// +listMapKey=name
	// +optional
	Components []ExtensionComponent `json:"components,omitempty" patchStrategy:"merge" patchMergeKey:"name" protobuf:"bytes,2,rep,name=components"`
}

// WorkerKubernetes holds the kubelet version and settings of a pool.
type WorkerKubernetes struct {
	// Kubelet replaces spec.kubernetes.kubelet for the pool.
	// +optional
	Kubelet *KubeletConfig `json:"kubelet,omitempty" protobuf:"bytes,1,opt,name=kubelet"`
	// Version is the kubelet version of the pool (default the control plane's); a partial version is
	// defaulted from the CloudProfile.
	// +optional
	Version *string `json:"version,omitempty" protobuf:"bytes,2,opt,name=version"`
}

// Machine holds the machine settings of a pool.
type Machine struct {
	// Type is the machine type.
	Type string `json:"type" protobuf:"bytes,1,opt,name=type"`
	// Image is the machine image; defaulted from the CloudProfile when omitted.
	// +optional
	Image *ShootMachineImage `json:"image,omitempty" protobuf:"bytes,2,opt,name=image"`
	// Architecture is the CPU architecture, amd64 (default) or arm64.
	// +optional
	Architecture *string `json:"architecture,omitempty" protobuf:"bytes,3,opt,name=architecture"`
}

// ShootMachineImage is the machine image of a pool.
type ShootMachineImage struct {
	// Name is the image name.
	Name string `json:"name" protobuf:"bytes,1,opt,name=name"`
	// ProviderConfig is the image's provider configuration.
	// +optional
	ProviderConfig *runtime.RawExtension `json:"providerConfig,omitempty" protobuf:"bytes,2,opt,name=providerConfig"`
	// Version is the image version; a partial or missing version is defaulted from the CloudProfile.
	// +optional
	Version *string `json:"version,omitempty" protobuf:"bytes,3,opt,name=version"`
}

// Volume is the root volume of a pool's machines.
type Volume struct {
	// Name names the volume.
	// +optional
	Name *string `json:"name,omitempty" protobuf:"bytes,1,opt,name=name"`
	// Type is the volume type.
	// +optional
	Type *string `json:"type,omitempty" protobuf:"bytes,2,opt,name=type"`
	// VolumeSize is the size, a quantity (e.g. 50Gi).
	VolumeSize string `json:"size" protobuf:"bytes,3,opt,name=size"`
	// Encrypted encrypts the volume.
	// +optional
	Encrypted *bool `json:"encrypted,omitempty" protobuf:"varint,4,opt,name=encrypted"`
}

// DataVolume is a further volume of a pool's machines.
type DataVolume struct {
	// Name names the volume.
	Name string `json:"name" protobuf:"bytes,1,opt,name=name"`
	// Type is the volume type.
	// +optional
	Type *string `json:"type,omitempty" protobuf:"bytes,2,opt,name=type"`
	// VolumeSize is the size, a quantity (e.g. 50Gi).
	VolumeSize string `json:"size" protobuf:"bytes,3,opt,name=size"`
	// Encrypted encrypts the volume.
	// +optional
	Encrypted *bool `json:"encrypted,omitempty" protobuf:"varint,4,opt,name=encrypted"`
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
	Allow bool `json:"allow" protobuf:"bytes,1,name=allow"`
}

// MachineControllerManagerSettings are machine-controller-manager settings of a pool.
type MachineControllerManagerSettings struct {
	// MachineDrainTimeout is the drain time after which a machine is deleted by force.
	// +optional
	MachineDrainTimeout *metav1.Duration `json:"machineDrainTimeout,omitempty" protobuf:"bytes,1,name=machineDrainTimeout"`
	// MachineHealthTimeout is the unhealthy time after which a machine is failed.
	// +optional
	MachineHealthTimeout *metav1.Duration `json:"machineHealthTimeout,omitempty" protobuf:"bytes,2,name=machineHealthTimeout"`
	// MachineCreationTimeout is the creation time after which a machine is failed.
	// +optional
	MachineCreationTimeout *metav1.Duration `json:"machineCreationTimeout,omitempty" protobuf:"bytes,3,name=machineCreationTimeout"`
	// MaxEvictRetries are the eviction retries per pod before a forced deletion.
	// +optional
	MaxEvictRetries *int32 `json:"maxEvictRetries,omitempty" protobuf:"bytes,4,name=maxEvictRetries"`
	// NodeConditions are the node conditions that, true for machineHealthTimeout, fail a machine.
	// +optional
	NodeConditions []string `json:"nodeConditions,omitempty" protobuf:"bytes,5,name=nodeConditions"`
	// MachineInPlaceUpdateTimeout is the time after which an in-place update has failed.
	// +optional
	MachineInPlaceUpdateTimeout *metav1.Duration `json:"inPlaceUpdateTimeout,omitempty" protobuf:"bytes,6,opt,name=inPlaceUpdateTimeout"`
	// DisableHealthTimeout never fails a machine for being unhealthy (for in-place updates).
	// +optional
	DisableHealthTimeout *bool `json:"disableHealthTimeout,omitempty" protobuf:"varint,7,opt,name=disableHealthTimeout"`
	// MachinePreserveTimeout is how long a failed machine is preserved.
	// +optional
	MachinePreserveTimeout *metav1.Duration `json:"machinePreserveTimeout,omitempty" protobuf:"bytes,8,opt,name=machinePreserveTimeout"`
	// AutoPreserveFailedMachineMax caps the failed machines preserved automatically.
	// +optional
	AutoPreserveFailedMachineMax *int32 `json:"autoPreserveFailedMachineMax,omitempty" protobuf:"varint,9,opt,name=autoPreserveFailedMachineMax"`
}

// ClusterAutoscalerOptions are cluster-autoscaler settings of a pool.
type ClusterAutoscalerOptions struct {
	// ScaleDownUtilizationThreshold is the utilization (0.0-1.0) below which a node may be removed.
	// +optional
	ScaleDownUtilizationThreshold *float64 `json:"scaleDownUtilizationThreshold,omitempty" protobuf:"fixed64,1,opt,name=scaleDownUtilizationThreshold"`
	// ScaleDownGpuUtilizationThreshold is the GPU utilization (0.0-1.0) below which a node may be
	// removed.
	// +optional
	ScaleDownGpuUtilizationThreshold *float64 `json:"scaleDownGpuUtilizationThreshold,omitempty" protobuf:"fixed64,2,opt,name=scaleDownGpuUtilizationThreshold"`
	// ScaleDownUnneededTime is how long a node must be unneeded to be removed.
	// +optional
	ScaleDownUnneededTime *metav1.Duration `json:"scaleDownUnneededTime,omitempty" protobuf:"bytes,3,opt,name=scaleDownUnneededTime"`
	// ScaleDownUnreadyTime is how long an unready node must be unneeded to be removed.
	// +optional
	ScaleDownUnreadyTime *metav1.Duration `json:"scaleDownUnreadyTime,omitempty" protobuf:"bytes,4,opt,name=scaleDownUnreadyTime"`
	// MaxNodeProvisionTime is the wait for a node to be provisioned.
	// +optional
	MaxNodeProvisionTime *metav1.Duration `json:"maxNodeProvisionTime,omitempty" protobuf:"bytes,5,opt,name=maxNodeProvisionTime"`
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
	// +optional
	Backup *Backup `json:"backup,omitempty" protobuf:"bytes,1,opt,name=backup"`
	// Exposure is how the API server is exposed: extension, dns, or neither.
	// +optional
	Exposure *Exposure `json:"exposure,omitempty" protobuf:"bytes,2,opt,name=exposure"`
}

// Exposure is how the API server of a self-hosted Shoot is exposed.
type Exposure struct {
	// Extension exposes it through an extension; excludes DNS.
	// +optional
	Extension *ExtensionExposure `json:"extension,omitempty" protobuf:"bytes,1,opt,name=extension"`
	// DNS exposes it through DNS records; excludes Extension.
	// +optional
	DNS *DNSExposure `json:"dns,omitempty" protobuf:"bytes,2,opt,name=dns"`
}

// ExtensionExposure is an exposure extension.
type ExtensionExposure struct {
	// Type is the extension type (default spec.provider.type).
	// +optional
	Type *string `json:"type,omitempty" protobuf:"bytes,1,opt,name=type"`
	// ProviderConfig is the extension's configuration.
	// +optional
	ProviderConfig *runtime.RawExtension `json:"providerConfig,omitempty" protobuf:"bytes,2,opt,name=providerConfig"`
}

// DNSExposure exposes the API server through DNS; it has no settings yet.
type DNSExposure struct {
}

// WorkersSettings holds settings of all pools.
type WorkersSettings struct {
	// SSHAccess holds whether SSH into the nodes is possible.
	// +optional
	SSHAccess *SSHAccess `json:"sshAccess,omitempty" protobuf:"bytes,1,opt,name=sshAccess"`
}

// SSHAccess holds whether SSH into the nodes is possible.
type SSHAccess struct {
	// Enabled keeps sshd enabled on the nodes (default true).
	Enabled bool `json:"enabled" protobuf:"varint,1,opt,name=enabled"`
}
