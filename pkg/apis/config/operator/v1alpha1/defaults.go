// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package v1alpha1

import (
	componentbaseconfigv1alpha1 "k8s.io/component-base/config/v1alpha1"
)

const (
	// DefaultClientConnectionQPS and DefaultClientConnectionBurst are the defaults of qps and burst
	// of both client connections.
	DefaultClientConnectionQPS   = 100
	DefaultClientConnectionBurst = 130
	// DefaultHealthProbePort is the default of server.healthProbes.port.
	DefaultHealthProbePort = 2751
	// DefaultMetricsPort is the default of server.metrics.port when server.metrics is given.
	DefaultMetricsPort = 2752
	// DefaultControllerConcurrentSyncs is the default concurrency of the controllers.
	DefaultControllerConcurrentSyncs = 5
)

// SetDefaults_OperatorConfiguration defaults both client connections. (A
// SetDefaults_ClientConnectionConfiguration would clash with the controller-manager's in the one
// defaulter-gen run over pkg/apis.)
func SetDefaults_OperatorConfiguration(obj *OperatorConfiguration) {
	defaultClientConnection(&obj.RuntimeClientConnection)
	defaultClientConnection(&obj.VirtualClientConnection)
}

// defaultClientConnection defaults qps to 100 and burst to 130. An empty contentType means
// protobuf for the kinds that serve it and JSON for the rest (kubernetes.ApplyClientConnection).
func defaultClientConnection(obj *componentbaseconfigv1alpha1.ClientConnectionConfiguration) {
	if obj.QPS == 0 {
		obj.QPS = DefaultClientConnectionQPS
	}
	if obj.Burst == 0 {
		obj.Burst = DefaultClientConnectionBurst
	}
}

// SetDefaults_ServerConfiguration defaults the health probe endpoint to port 2751 and the port of
// a given metrics endpoint to 2752.
func SetDefaults_ServerConfiguration(obj *ServerConfiguration) {
	if obj.HealthProbes == nil {
		obj.HealthProbes = &Server{}
	}
	if obj.HealthProbes.Port == 0 {
		obj.HealthProbes.Port = DefaultHealthProbePort
	}
	if obj.Metrics != nil && obj.Metrics.Port == 0 {
		obj.Metrics.Port = DefaultMetricsPort
	}
}

// SetDefaults_ExtensionProfileControllerConfiguration defaults concurrentSyncs (also when zero).
func SetDefaults_ExtensionProfileControllerConfiguration(obj *ExtensionProfileControllerConfiguration) {
	if obj.ConcurrentSyncs == nil || *obj.ConcurrentSyncs == 0 {
		v := DefaultControllerConcurrentSyncs
		obj.ConcurrentSyncs = &v
	}
}
