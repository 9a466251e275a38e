// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package v1alpha1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	componentbaseconfigv1alpha1 "k8s.io/component-base/config/v1alpha1"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
)

// +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object

// ControllerManagerConfiguration is the configuration of gardener-controller-manager: the subset
// of Gardener's ControllerManagerConfiguration (same group, version, kind and field names) that
// this controller manager reads, plus metrics. Fields it does not model are rejected when the
// file is loaded (strict decoding).
type ControllerManagerConfiguration struct {
	metav1.TypeMeta `json:",inline"`
	// GardenClientConnection configures the client of the garden cluster. kubeconfig is the path
	// of its kubeconfig (--kubeconfig takes precedence); qps and burst default to 50 and 100; an
	// empty contentType means protobuf for the kinds that serve it (core.gardener.cloud and the
	// Kubernetes built-ins) and JSON for the rest.
	GardenClientConnection componentbaseconfigv1alpha1.ClientConnectionConfiguration `json:"gardenClientConnection"`
	// Controllers configures the controllers.
	Controllers ControllerManagerControllerConfiguration `json:"controllers"`
	// LeaderElection configures the leader election of the replicas: a Lease in the garden
	// (resourceNamespace/resourceName, default garden/gardener-controller-manager-leader-election);
	// only the leader reconciles. leaderElect defaults to true, leaseDuration to 15s,
	// renewDeadline to 10s and retryPeriod to 2s; a replica that crashes holding the Lease is
	// taken over within leaseDuration.
	// +optional
	LeaderElection *componentbaseconfigv1alpha1.LeaderElectionConfiguration `json:"leaderElection,omitempty"`
	// Server configures the health probe and metrics endpoints (--health-probe-bind-address and
	// --metrics-bind-address take precedence).
	Server ServerConfiguration `json:"server"`
	// Metrics configures the garden-wide metrics that gardener-controller-manager serves.
	// +optional
	Metrics *MetricsConfiguration `json:"metrics,omitempty"`
}

// ServerConfiguration configures the endpoints of gardener-controller-manager.
type ServerConfiguration struct {
	// HealthProbes is the endpoint of /healthz and /readyz; its port defaults to 2718. Nil after
	// defaulting (--health-probe-bind-address=0): no endpoint.
	// +optional
	HealthProbes *Server `json:"healthProbes,omitempty"`
	// Metrics is the endpoint of /metrics; its port defaults to 2719 when it is given. Nil: no
	// endpoint (the default; upstream defaults it to port 2719).
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

// MetricsConfiguration configures the garden-wide metrics of gardener-controller-manager.
type MetricsConfiguration struct {
	// ExtensionComponentExpirationHorizon is how far ahead the expiry gauges of extension component
	// versions look (gardener_extension_component_shoots_expiring and
	// gardener_extension_component_shoots_without_upgrade_path count versions that expire within
	// it). Defaults to 720h (30 days).
	// +optional
	ExtensionComponentExpirationHorizon *metav1.Duration `json:"extensionComponentExpirationHorizon,omitempty"`
}

// ControllerManagerControllerConfiguration configures the controllers.
type ControllerManagerControllerConfiguration struct {
	// CloudProfile configures the CloudProfile status controller (GEP-32 classification) and the
	// NamespacedCloudProfile controller.
	// +optional
	CloudProfile *CloudProfileControllerConfiguration `json:"cloudProfile,omitempty"`
	// ExtensionProfile configures the ExtensionProfile status controller (GEP-78).
	// +optional
	ExtensionProfile *ExtensionProfileControllerConfiguration `json:"extensionProfile,omitempty"`
	// ShootMaintenance configures the shoot maintenance controller.
	ShootMaintenance ShootMaintenanceControllerConfiguration `json:"shootMaintenance"`
}

// CloudProfileControllerConfiguration configures the CloudProfile controller.
type CloudProfileControllerConfiguration struct {
	// ConcurrentSyncs is the number of CloudProfiles reconciled in parallel. Defaults to 5.
	// +optional
	ConcurrentSyncs *int `json:"concurrentSyncs,omitempty"`
}

// ExtensionProfileControllerConfiguration configures the ExtensionProfile controller, shaped and
// defaulted like the CloudProfile controller's.
type ExtensionProfileControllerConfiguration struct {
	// ConcurrentSyncs is the number of ExtensionProfiles reconciled in parallel. Defaults to 5.
	// +optional
	ConcurrentSyncs *int `json:"concurrentSyncs,omitempty"`
	// StableChannelSoakPeriod is how long a version must have been classified supported before
	// the stable release channel offers it (GEP-78 "Release channels"). The ExtensionProfile
	// status, shoot maintenance and the channel gauges use it; the ShootExtensionProfile admission
	// plugin has the same setting and must be given the same value. Defaults to 336h (14 days).
	// +optional
	StableChannelSoakPeriod *metav1.Duration `json:"stableChannelSoakPeriod,omitempty"`
	// Rollout is the rollout policy of every ExtensionProfile; a profile, component or version
	// overrides it field by field. Unset fields default to stage early (evaluation, testing,
	// development), then stage production (production, infrastructure), soakPeriod 72h,
	// observationWindow 24h and failureThreshold count 3, percentage 50.
	// +optional
	Rollout *gardencorev1beta1.RolloutPolicy `json:"rollout,omitempty"`
}

// ShootMaintenanceControllerConfiguration configures the shoot maintenance controller.
type ShootMaintenanceControllerConfiguration struct {
	// ConcurrentSyncs is the number of Shoots maintained in parallel. Defaults to 5.
	// +optional
	ConcurrentSyncs *int `json:"concurrentSyncs,omitempty"`
}

const (
	// ControllerManagerDefaultLockObjectNamespace is the default namespace of the leader election
	// Lease.
	ControllerManagerDefaultLockObjectNamespace = "garden"
	// ControllerManagerDefaultLockObjectName is the default name of the leader election Lease.
	ControllerManagerDefaultLockObjectName = "gardener-controller-manager-leader-election"
	// DefaultControllerConcurrentSyncs is the default concurrency of the controllers.
	DefaultControllerConcurrentSyncs = 5
)
