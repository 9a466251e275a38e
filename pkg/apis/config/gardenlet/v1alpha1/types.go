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
	// Server configures the endpoints of gardenlet (--health-probe-bind-address and
	// --metrics-bind-address, given, take precedence).
	Server ServerConfiguration `json:"server"`
	// SeedConfig names the seed this gardenlet serves (--seed-name, given, takes precedence;
	// defaults to "local").
	// +optional
	SeedConfig *SeedConfig `json:"seedConfig,omitempty"`
}

// SeedConfig is the seed of this gardenlet. Of upstream's seed template only the metadata is
// modelled, with the same JSON (seedConfig.metadata.name); the seed's spec is not.
type SeedConfig struct {
	// ObjectMeta is the metadata of the seed; name is the seed's name.
	// +optional
	metav1.ObjectMeta `json:"metadata,omitempty"`
}

// ServerConfiguration configures the endpoints of gardenlet.
type ServerConfiguration struct {
	// HealthProbes is the endpoint of /healthz and /readyz; its port defaults to 2728. Nil after
	// defaulting (--health-probe-bind-address=0): no endpoint.
	// +optional
	HealthProbes *Server `json:"healthProbes,omitempty"`
	// Metrics is the endpoint of /metrics; its port defaults to 2729 when it is given. Nil: no
	// endpoint (the default; upstream defaults it to port 2729).
	// +optional
	Metrics *Server `json:"metrics,omitempty"`
}

// Server is an endpoint: the address and the port it binds to.
type Server struct {
	// BindAddress is the IP address to bind to; empty: every address.
	BindAddress string `json:"bindAddress"`
	// Port is the port to bind to.
	Port int `json:"port"`
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
	// AdoptUnscheduledShoots makes the controller also reconcile Shoots without spec.seedName,
	// standing in for gardener-scheduler in a garden with a single seed (--adopt-unscheduled-shoots,
	// given, takes precedence). Not in upstream.
	// +optional
	AdoptUnscheduledShoots bool `json:"adoptUnscheduledShoots,omitempty"`
}
