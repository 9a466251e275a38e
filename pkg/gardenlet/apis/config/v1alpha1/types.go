// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package v1alpha1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	componentbaseconfigv1alpha1 "k8s.io/component-base/config/v1alpha1"
)

// +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object

// GardenletConfiguration is the configuration of gardenlet: the subset of Gardener's
// GardenletConfiguration (same group, version, kind and field names) that this gardenlet reads.
// Fields it does not model are rejected when the file is loaded (strict decoding).
type GardenletConfiguration struct {
	metav1.TypeMeta `json:",inline"`
	// GardenClientConnection configures the client of the garden cluster (Shoots,
	// ExtensionProfiles, Events).
	// +optional
	GardenClientConnection *GardenClientConnection `json:"gardenClientConnection,omitempty"`
	// SeedClientConnection configures the client of the seed cluster (Namespaces, Extensions,
	// the Extension CRD).
	// +optional
	SeedClientConnection *SeedClientConnection `json:"seedClientConnection,omitempty"`
	// Controllers configures the controllers.
	// +optional
	Controllers *GardenletControllerConfiguration `json:"controllers,omitempty"`
	// LeaderElection configures the leader election of the replicas: a Lease in the seed cluster
	// (resourceNamespace/resourceName, default garden/gardenlet-leader-election); only the leader
	// reconciles. leaderElect defaults to true, leaseDuration to 15s, renewDeadline to 10s and
	// retryPeriod to 2s; a replica that crashes holding the Lease is taken over within
	// leaseDuration.
	// +optional
	LeaderElection *componentbaseconfigv1alpha1.LeaderElectionConfiguration `json:"leaderElection,omitempty"`
}

const (
	// GardenletDefaultLockObjectNamespace is the default namespace of the leader election Lease.
	GardenletDefaultLockObjectNamespace = "garden"
	// GardenletDefaultLockObjectName is the default name of the leader election Lease.
	GardenletDefaultLockObjectName = "gardenlet-leader-election"
)

// GardenClientConnection is the client connection to the garden cluster. kubeconfig is the path
// of its kubeconfig (--garden-kubeconfig takes precedence); qps and burst default to 50 and 100;
// an empty contentType means protobuf for the kinds that serve it (core.gardener.cloud and the
// Kubernetes built-ins) and JSON for the rest.
type GardenClientConnection struct {
	componentbaseconfigv1alpha1.ClientConnectionConfiguration `json:",inline"`
}

// SeedClientConnection is the client connection to the seed cluster, with the same fields and
// defaults as GardenClientConnection (--seed-kubeconfig takes precedence over kubeconfig). The
// seed's Extensions are a CRD and always travel as JSON.
type SeedClientConnection struct {
	componentbaseconfigv1alpha1.ClientConnectionConfiguration `json:",inline"`
}

// GardenletControllerConfiguration configures gardenlet's controllers.
type GardenletControllerConfiguration struct {
	// Shoot configures the shoot controller, which writes the seed Extensions of the Shoots.
	// +optional
	Shoot *ShootControllerConfiguration `json:"shoot,omitempty"`
}

// ShootControllerConfiguration configures the shoot controller.
type ShootControllerConfiguration struct {
	// ConcurrentSyncs is the number of Shoots reconciled in parallel. Defaults to 20
	// (DefaultControllerConcurrentSyncs).
	// +optional
	ConcurrentSyncs *int `json:"concurrentSyncs,omitempty"`
}
