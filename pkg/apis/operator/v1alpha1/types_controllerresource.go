// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package v1alpha1

import (
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// ControllerResource is a kind (Extension, DNSRecord, ...) and a type (shoot-falco-service,
// aws-route53, ...) that an extension reconciles, in the shape of a ControllerRegistration's
// spec.resources[].
type ControllerResource struct {
	// Kind is the resource kind, for example Extension.
	Kind string `json:"kind"`
	// Type is the resource type, for example shoot-falco-service.
	Type string `json:"type"`
	// ReconcileTimeout is how long Gardener waits for a reconciliation (defaulted to 3m for kind
	// Extension).
	// +optional
	ReconcileTimeout *metav1.Duration `json:"reconcileTimeout,omitempty"`
	// Primary says whether this controller owns the lifecycle of the resource; one controller per
	// kind and type is primary. Defaults to true; immutable.
	// +optional
	Primary *bool `json:"primary,omitempty"`
	// Lifecycle orders the operations of an Extension relative to kube-apiserver.
	// +optional
	Lifecycle *ControllerResourceLifecycle `json:"lifecycle,omitempty"`
	// WorkerlessSupported says whether workerless Shoots are supported (kind Extension only).
	// +optional
	WorkerlessSupported *bool `json:"workerlessSupported,omitempty"`
	// AutoEnable lists the cluster types for which the resource is enabled without being asked for
	// (kind Extension only).
	// +optional
	AutoEnable []ClusterType `json:"autoEnable,omitempty"`
	// ClusterCompatibility lists the cluster types the resource works with; default shoot (kind
	// Extension only).
	// +optional
	ClusterCompatibility []ClusterType `json:"clusterCompatibility,omitempty"`
	// ContinuousEndpointUpdate asks for continuous updates of the self-hosted shoot's exposure
	// endpoints.
	// +optional
	ContinuousEndpointUpdate *bool `json:"continuousEndpointUpdate,omitempty"`
}

// ClusterType is a kind of cluster: shoot, seed or garden.
type ClusterType string

// ControllerResourceLifecycle holds when, relative to kube-apiserver, an Extension is
// reconciled, deleted and migrated.
type ControllerResourceLifecycle struct {
	// Reconcile is the strategy on reconciliation.
	// +optional
	Reconcile *ControllerResourceLifecycleStrategy `json:"reconcile,omitempty"`
	// Delete is the strategy on deletion.
	// +optional
	Delete *ControllerResourceLifecycleStrategy `json:"delete,omitempty"`
	// Migrate is the strategy on migration.
	// +optional
	Migrate *ControllerResourceLifecycleStrategy `json:"migrate,omitempty"`
}

// ControllerResourceLifecycleStrategy is BeforeKubeAPIServer or AfterKubeAPIServer.
type ControllerResourceLifecycleStrategy string

// ControllerDeploymentPolicy is OnDemand, Always or AlwaysExceptNoShoots.
type ControllerDeploymentPolicy string

// OCIRepository is where an OCI artifact is pulled from.
type OCIRepository struct {
	// Ref is the full artifact reference; it takes precedence over the other fields.
	// +optional
	Ref *string `json:"ref,omitempty"`
	// Repository is the OCI repository of the artifact.
	// +optional
	Repository *string `json:"repository,omitempty"`
	// Tag is the tag to pull.
	// +optional
	Tag *string `json:"tag,omitempty"`
	// Digest is the digest to pull, sha256:<hash>; it takes precedence over Tag.
	// +optional
	Digest *string `json:"digest,omitempty"`
	// PullSecretRef names a Secret of type kubernetes.io/dockerconfigjson in the garden namespace.
	// +optional
	PullSecretRef *corev1.LocalObjectReference `json:"pullSecretRef,omitempty"`
	// CABundleSecretRef names a Secret in the garden namespace whose key bundle.crt is the PEM CA
	// bundle of the registry; empty means the system's pool.
	// +optional
	CABundleSecretRef *corev1.LocalObjectReference `json:"caBundleSecretRef,omitempty"`
}
