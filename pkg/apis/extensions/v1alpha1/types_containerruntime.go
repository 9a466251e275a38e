// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package v1alpha1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
// +kubebuilder:resource:scope=Namespaced,path=containerruntimes,shortName=cr,singular=containerruntime
// +kubebuilder:subresource:status
// +kubebuilder:object:root=true
// +kubebuilder:printcolumn:name=Type,JSONPath=".spec.type",type=string,description="The container runtime type."
// +kubebuilder:printcolumn:name=Pool,JSONPath=".spec.workerPool.name",type=string,description="The worker pool the runtime is installed in."
// +kubebuilder:printcolumn:name=Status,JSONPath=".status.lastOperation.state",type=string,description="The state of the last operation."
// +kubebuilder:printcolumn:name=Age,JSONPath=".metadata.creationTimestamp",type=date

// ContainerRuntime is the seed-side resource of a container runtime in one worker pool of a
// Shoot. gardenlet creates one per pool and runtime type; an extension controller reconciles it.
type ContainerRuntime struct {
	metav1.TypeMeta `json:",inline"`
	// Standard object metadata.
	// +optional
	metav1.ObjectMeta `json:"metadata,omitempty"`
	// Spec is the desired state of the container runtime.
	Spec ContainerRuntimeSpec `json:"spec"`
	// Status is the state reported by the extension controller.
	// +optional
	Status ContainerRuntimeStatus `json:"status"`
}

// +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object

// ContainerRuntimeList is a list of ContainerRuntimes.
type ContainerRuntimeList struct {
	metav1.TypeMeta `json:",inline"`
	// Standard list metadata.
	// +optional
	metav1.ListMeta `json:"metadata,omitempty"`
	// Items is the list of ContainerRuntimes.
	Items []ContainerRuntime `json:"items"`
}

// ContainerDRuntimeContainersBinFolder is the node's directory containerd finds runtime binaries in.
const ContainerDRuntimeContainersBinFolder = "/var/bin/containerruntimes"

// ContainerRuntimeSpec is the desired state of a ContainerRuntime.
type ContainerRuntimeSpec struct {
	// DefaultSpec holds the fields every extension resource has.
	DefaultSpec `json:",inline"`
	// BinaryPath is the node's directory the runtime binary is installed into.
	BinaryPath string `json:"binaryPath"`
	// WorkerPool is the pool whose nodes run the runtime.
	WorkerPool ContainerRuntimeWorkerPool `json:"workerPool"`
	// Components holds the resolved version of every component of the runtime for this pool, with
	// the providerConfig of the matching ExtensionProfile version entry. Written by gardenlet only.
	// Every entry is the pool's own version, so its workerPool stays empty: the pool is
	// spec.workerPool.name.
	// +optional
	// +listType=map
	// +listMapKey=name
	// +kubebuilder:validation:XValidation:rule="self.all(c, !has(c.workerPool) || c.workerPool == '')",message="workerPool must be empty on every entry: the entries of a ContainerRuntime are the versions of its own worker pool, spec.workerPool.name"
	Components []ExtensionComponent `json:"components,omitempty"`
}

// ContainerRuntimeWorkerPool names a worker pool and selects its nodes.
type ContainerRuntimeWorkerPool struct {
	// Name is the name of the worker pool.
	Name string `json:"name"`
	// Selector selects the pool's nodes.
	Selector metav1.LabelSelector `json:"selector"`
}

// ContainerRuntimeStatus is the state reported by the extension controller.
type ContainerRuntimeStatus struct {
	// DefaultStatus holds the fields every extension resource status has.
	DefaultStatus `json:",inline"`
}
