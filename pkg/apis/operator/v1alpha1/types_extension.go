// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package v1alpha1

import (
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
)

// +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
// +kubebuilder:object:root=true
// +kubebuilder:resource:scope=Cluster,path=extensions,singular=extension,shortName=extop
// +kubebuilder:subresource:status
// +kubebuilder:printcolumn:name=Installed,JSONPath=`.status.conditions[?(@.type=="Installed")].status`,type=string,description="Whether the extension is reconciled."
// +kubebuilder:printcolumn:name=Required Runtime,JSONPath=`.status.conditions[?(@.type=="RequiredRuntime")].status`,type=string,description="Whether the runtime cluster needs the extension."
// +kubebuilder:printcolumn:name=Required Virtual,JSONPath=`.status.conditions[?(@.type=="RequiredVirtual")].status`,type=string,description="Whether the virtual garden needs the extension."
// +kubebuilder:printcolumn:name=Profiles,JSONPath=`.status.conditions[?(@.type=="ExtensionProfilesReconciled")].status`,type=string,description="Whether the garden's ExtensionProfiles match spec.extensionProfiles (GEP-78)."
// +kubebuilder:printcolumn:name=Age,JSONPath=".metadata.creationTimestamp",type=date,description="creation timestamp"

// Extension is the runtime-cluster registration of a Gardener extension: what it reconciles, how
// it is deployed and, with GEP-78, the component versions it offers to Shoots.
type Extension struct {
	metav1.TypeMeta `json:",inline"`
	// Standard object metadata.
	// +optional
	metav1.ObjectMeta `json:"metadata,omitempty"`
	// Spec is the specification of the extension.
	// +optional
	Spec ExtensionSpec `json:"spec,omitempty"`
	// Status is the state gardener-operator observed.
	// +optional
	Status ExtensionStatus `json:"status,omitempty"`
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

// ExtensionSpec is the specification of an Extension.
type ExtensionSpec struct {
	// Resources are the kinds and types the extension reconciles; gardener-operator derives the
	// ControllerRegistration from them.
	// +optional
	Resources []ControllerResource `json:"resources,omitempty"`
	// Deployment is how the extension and its admission controller are deployed; gardener-operator
	// derives the ControllerDeployment from it.
	// +optional
	Deployment *Deployment `json:"deployment,omitempty"`
	// ExtensionProfiles are the component versions the extension offers, one entry per extension
	// type, keyed by type. gardener-operator keeps the garden's ExtensionProfile named after each
	// type equal to the entry's spec (GEP-78). An addition of this repository.
	// +optional
	// +listType=map
	// +listMapKey=type
	ExtensionProfiles []ExtensionProfileTemplate `json:"extensionProfiles,omitempty"`
}

// ExtensionProfileTemplate is the garden ExtensionProfile of one extension type (GEP-78).
type ExtensionProfileTemplate struct {
	// Type is the extension type, the name of the generated ExtensionProfile. It must be the type
	// of a spec.resources[] entry of kind Extension.
	Type string `json:"type"`
	// Spec is the spec of the generated ExtensionProfile, in core.gardener.cloud/v1beta1's shape.
	Spec gardencorev1beta1.ExtensionProfileSpec `json:"spec"`
}

// Deployment is the deployment configuration of the extension and of its admission controller.
type Deployment struct {
	// ExtensionDeployment is the deployment of the extension controller.
	// +optional
	ExtensionDeployment *ExtensionDeploymentSpec `json:"extension,omitempty"`
	// AdmissionDeployment is the deployment of the extension's admission controller.
	// +optional
	AdmissionDeployment *AdmissionDeploymentSpec `json:"admission,omitempty"`
	// Resources are named references to Secrets and ConfigMaps of the garden namespace that the
	// Helm values may refer to.
	// +optional
	Resources []gardencorev1beta1.NamedResourceReference `json:"resources,omitempty"`
}

// ExtensionDeploymentSpec is the deployment of an extension controller: its ControllerDeployment
// in the virtual garden and, when needed, its deployment in the runtime cluster.
type ExtensionDeploymentSpec struct {
	// DeploymentSpec is where the chart comes from.
	DeploymentSpec `json:",inline"`
	// Values are the Helm values of the ControllerDeployment in the virtual garden.
	// +optional
	Values *apiextensionsv1.JSON `json:"values,omitempty"`
	// RuntimeClusterValues are the Helm values of the deployment in the runtime cluster.
	// +optional
	RuntimeClusterValues *apiextensionsv1.JSON `json:"runtimeClusterValues,omitempty"`
	// Policy is the ControllerDeployment policy: OnDemand (default), Always or AlwaysExceptNoShoots.
	// +optional
	Policy *ControllerDeploymentPolicy `json:"policy,omitempty"`
	// SeedSelector restricts the seeds the controller is deployed to; empty selects all.
	// +optional
	SeedSelector *metav1.LabelSelector `json:"seedSelector,omitempty"`
	// InjectGardenKubeconfig asks for a garden kubeconfig in the workload resources.
	// +optional
	InjectGardenKubeconfig *bool `json:"injectGardenKubeconfig,omitempty"`
}

// AdmissionDeploymentSpec is the deployment of an extension's admission controller.
type AdmissionDeploymentSpec struct {
	// RuntimeCluster is the chart deployed to the runtime cluster (the admission controller).
	// +optional
	RuntimeCluster *DeploymentSpec `json:"runtimeCluster,omitempty"`
	// VirtualCluster is the chart deployed to the virtual garden (for example its RBAC).
	// +optional
	VirtualCluster *DeploymentSpec `json:"virtualCluster,omitempty"`
	// Values are the Helm values of both charts.
	// +optional
	Values *apiextensionsv1.JSON `json:"values,omitempty"`
}

// DeploymentSpec is where a component's chart comes from.
type DeploymentSpec struct {
	// Helm is a Helm chart.
	// +optional
	Helm *ExtensionHelm `json:"helm,omitempty"`
}

// ExtensionHelm is a Helm chart source.
type ExtensionHelm struct {
	// OCIRepository is the OCI artifact of the chart.
	// +optional
	OCIRepository *OCIRepository `json:"ociRepository,omitempty"`
}

// ExtensionStatus is the observed state of an Extension.
type ExtensionStatus struct {
	// ObservedGeneration is the metadata.generation the conditions were computed for.
	// +optional
	ObservedGeneration int64 `json:"observedGeneration,omitempty"`
	// Conditions are the observations of the extension's state, keyed by type.
	// +patchMergeKey=type
	// +patchStrategy=merge
	// +optional
	Conditions []gardencorev1beta1.Condition `json:"conditions,omitempty" patchStrategy:"merge" patchMergeKey:"type"`
	// ProviderStatus is type-specific status.
	// +optional
	ProviderStatus *runtime.RawExtension `json:"providerStatus,omitempty"`
}

// Condition types of an Extension.
const (
	// ExtensionInstalled says whether the extension is reconciled (Gardener's; not written here).
	ExtensionInstalled gardencorev1beta1.ConditionType = "Installed"
	// ExtensionRequiredRuntime says whether the runtime cluster needs the extension (Gardener's).
	ExtensionRequiredRuntime gardencorev1beta1.ConditionType = "RequiredRuntime"
	// ExtensionRequiredVirtual says whether the virtual garden needs the extension (Gardener's).
	ExtensionRequiredVirtual gardencorev1beta1.ConditionType = "RequiredVirtual"
	// ExtensionHealthy says whether the extension is healthy (Gardener's).
	ExtensionHealthy gardencorev1beta1.ConditionType = "ExtensionHealthy"
	// ExtensionProfilesReconciled says whether the garden's ExtensionProfiles equal
	// spec.extensionProfiles and the profiles of removed entries are gone (GEP-78).
	ExtensionProfilesReconciled gardencorev1beta1.ConditionType = "ExtensionProfilesReconciled"
)
