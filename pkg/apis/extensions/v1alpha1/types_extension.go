// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package v1alpha1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
)

// +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
// +kubebuilder:resource:scope=Namespaced,path=extensions,singular=extension,shortName=ext
// +kubebuilder:subresource:status
// +kubebuilder:object:root=true
// +kubebuilder:printcolumn:name=Type,JSONPath=".spec.type",type=string,description="The type of the extension."
// +kubebuilder:printcolumn:name=Components,JSONPath=`.metadata.annotations.extensions\.gardener\.cloud/components`,type=string,description="Every component with its resolved version, name=version,... (GEP-78); gardenlet keeps this annotation equal to spec.components."
// +kubebuilder:printcolumn:name=Status,JSONPath=".status.lastOperation.state",type=string,description="The state of the last operation."
// +kubebuilder:printcolumn:name=Age,JSONPath=".metadata.creationTimestamp",type=date

// Extension is the seed-side resource of a generic extension. gardenlet creates one per enabled
// extension type of a Shoot in the shoot's seed namespace; an extension controller reconciles it.
type Extension struct {
	metav1.TypeMeta `json:",inline"`
	// Standard object metadata.
	// +optional
	metav1.ObjectMeta `json:"metadata,omitempty"`
	// Spec is the desired state of the extension.
	Spec ExtensionSpec `json:"spec"`
	// Status is the state reported by the extension controller.
	// +optional
	Status ExtensionStatus `json:"status"`
}

// +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object

// ExtensionList is a list of Extensions.
type ExtensionList struct {
	metav1.TypeMeta `json:",inline"`
	// Standard list metadata.
	// +optional
	metav1.ListMeta `json:"metadata,omitempty"`
	// Items is the list of Extensions.
	Items []Extension `json:"items"`
}

// ExtensionSpec is the desired state of an Extension.
type ExtensionSpec struct {
	// DefaultSpec holds the fields every extension resource has.
	DefaultSpec `json:",inline"`
	// Components holds the resolved version of every pinned component, with the providerConfig of
	// the matching ExtensionProfile version entry (GEP-78); a pool's override is one more entry
	// with its workerPool. Written by gardenlet only.
	// +optional
	// +listType=map
	// +listMapKey=name
	// +listMapKey=workerPool
	Components []ExtensionComponent `json:"components,omitempty"`
}

// ExtensionClass is the class of an extension resource: the cluster its controller serves.
type ExtensionClass string

const (
	// ExtensionClassGarden is the class of extensions for the garden cluster.
	ExtensionClassGarden ExtensionClass = "garden"
	// ExtensionClassSeed is the class of extensions for seed clusters.
	ExtensionClassSeed ExtensionClass = "seed"
	// ExtensionClassShoot is the class of extensions for shoot clusters; an unset class means it.
	ExtensionClassShoot ExtensionClass = "shoot"
)

// DefaultSpec holds the fields every extension resource has.
type DefaultSpec struct {
	// Type is the extension type.
	Type string `json:"type"`
	// Class is the class of the extension: shoot, seed or garden. Immutable once set.
	// +optional
	// +kubebuilder:validation:XValidation:rule="self == oldSelf",message="Value is immutable"
	Class *ExtensionClass `json:"class,omitempty"`
	// ProviderConfig is the extension's own opaque configuration, copied from the Shoot. GEP-78
	// leaves its meaning unchanged.
	// +optional
	// +kubebuilder:validation:XPreserveUnknownFields
	ProviderConfig *runtime.RawExtension `json:"providerConfig,omitempty"`
}

// ExtensionComponent is the resolved version of one component (GEP-78).
type ExtensionComponent struct {
	// Name is the component name as listed in the ExtensionProfile.
	Name string `json:"name"`
	// Version is the resolved version to deploy.
	Version string `json:"version"`
	// WorkerPool is the pool whose override this entry is; empty for the Shoot's version.
	// +optional
	// +kubebuilder:default=""
	WorkerPool string `json:"workerPool,omitempty"`
	// ProviderConfig is copied verbatim from the ExtensionProfile version entry; omitted when the
	// entry has none.
	// +optional
	// +kubebuilder:validation:XPreserveUnknownFields
	ProviderConfig *runtime.RawExtension `json:"providerConfig,omitempty"`
}

// ExtensionStatus is the state reported by the extension controller.
type ExtensionStatus struct {
	// DefaultStatus holds the fields every extension resource status has.
	DefaultStatus `json:",inline"`
}

// DefaultStatus holds the fields every extension resource status has.
type DefaultStatus struct {
	// Conditions are the health conditions of the extension.
	// +optional
	Conditions []gardencorev1beta1.Condition `json:"conditions,omitempty"`
	// LastError is the last error of an operation of the extension controller.
	// +optional
	LastError *gardencorev1beta1.LastError `json:"lastError,omitempty"`
	// LastOperation is the last operation of the extension controller.
	// +optional
	LastOperation *gardencorev1beta1.LastOperation `json:"lastOperation,omitempty"`
	// ObservedGeneration is the generation the controller last reconciled.
	// +optional
	ObservedGeneration int64 `json:"observedGeneration,omitempty"`
	// ProviderStatus is extension-specific status.
	// +optional
	// +kubebuilder:validation:XPreserveUnknownFields
	ProviderStatus *runtime.RawExtension `json:"providerStatus,omitempty"`
	// State is whatever data the extension controller needs to keep, e.g. to restore the
	// extension after a control-plane migration.
	// +optional
	// +kubebuilder:validation:XPreserveUnknownFields
	State *runtime.RawExtension `json:"state,omitempty"`
	// Resources are named references to resources that State refers to by name.
	// +optional
	Resources []gardencorev1beta1.NamedResourceReference `json:"resources,omitempty"`
}
