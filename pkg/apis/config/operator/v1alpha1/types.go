// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package v1alpha1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	componentbaseconfigv1alpha1 "k8s.io/component-base/config/v1alpha1"
)

// +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object

// OperatorConfiguration is the configuration of gardener-operator: the subset of Gardener's
// OperatorConfiguration (same group, version, kind and field names) that this operator reads,
// plus the ExtensionProfile controller. Fields it does not model are rejected when the file is
// loaded (strict decoding).
type OperatorConfiguration struct {
	metav1.TypeMeta `json:",inline"`
	// RuntimeClientConnection configures the client of the runtime cluster (operator Extensions,
	// the CRD, events). kubeconfig is the path of its kubeconfig (--kubeconfig takes precedence;
	// empty: $KUBECONFIG, else in-cluster, else ~/.kube/config); qps and burst default to 100 and
	// 130.
	RuntimeClientConnection componentbaseconfigv1alpha1.ClientConnectionConfiguration `json:"runtimeClientConnection"`
	// VirtualClientConnection configures the client of the garden cluster (ExtensionProfiles,
	// Shoots). kubeconfig is the path of its kubeconfig (--garden-kubeconfig takes precedence;
	// empty: the runtime cluster's, where upstream generates one for the virtual garden it
	// deploys); qps and burst default to 100 and 130.
	VirtualClientConnection componentbaseconfigv1alpha1.ClientConnectionConfiguration `json:"virtualClientConnection"`
	// Server configures the health probe and metrics endpoints (--health-probe-bind-address and
	// --metrics-bind-address take precedence).
	Server ServerConfiguration `json:"server"`
	// Controllers configures the controllers.
	Controllers ControllerConfiguration `json:"controllers"`
}

// ControllerConfiguration configures the controllers.
type ControllerConfiguration struct {
	// ExtensionProfile configures the controller that generates the garden's ExtensionProfiles from
	// the operator Extensions (GEP-78).
	ExtensionProfile ExtensionProfileControllerConfiguration `json:"extensionProfile"`
}

// ExtensionProfileControllerConfiguration configures the ExtensionProfile controller.
type ExtensionProfileControllerConfiguration struct {
	// ConcurrentSyncs is the number of operator Extensions reconciled in parallel
	// (--concurrent-syncs takes precedence). Defaults to 5, also when zero.
	// +optional
	ConcurrentSyncs *int `json:"concurrentSyncs,omitempty"`
}

// ServerConfiguration configures the endpoints of gardener-operator. It has no webhook server.
type ServerConfiguration struct {
	// HealthProbes is the endpoint of /healthz and /readyz; its port defaults to 2751. Nil after
	// defaulting (--health-probe-bind-address=0): no endpoint.
	// +optional
	HealthProbes *Server `json:"healthProbes,omitempty"`
	// Metrics is the endpoint of /metrics; its port defaults to 2752 when it is given. Nil: no
	// endpoint (the default; upstream defaults it to port 2752).
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
