// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package v1alpha1

import (
	componentbaseconfigv1alpha1 "k8s.io/component-base/config/v1alpha1"
	"k8s.io/utils/ptr"

	"github.com/gep-78/gardener/pkg/client/kubernetes"
)

// DefaultControllerConcurrentSyncs is the default concurrency of gardenlet's controllers, as in
// Gardener (gardener/gardener pkg/apis/config/gardenlet/v1alpha1, DefaultControllerConcurrentSyncs,
// used by SetDefaults_ShootControllerConfiguration).
const DefaultControllerConcurrentSyncs = 20

const (
	// DefaultHealthProbePort is the default port of /healthz and /readyz.
	DefaultHealthProbePort = 2728
	// DefaultMetricsPort is the default port of /metrics when server.metrics is given.
	DefaultMetricsPort = 2729
	// DefaultSeedName is the default name of the seed: the seed of the local garden.
	DefaultSeedName = "local"
)

// SetDefaults_GardenletConfiguration fills in the sections left out of the file.
func SetDefaults_GardenletConfiguration(obj *GardenletConfiguration) {
	if obj.GardenClientConnection == nil {
		obj.GardenClientConnection = &GardenClientConnection{}
	}
	if obj.SeedClientConnection == nil {
		obj.SeedClientConnection = &SeedClientConnection{}
	}
	if obj.Controllers == nil {
		obj.Controllers = &GardenletControllerConfiguration{}
	}
	if obj.Controllers.Shoot == nil {
		obj.Controllers.Shoot = &ShootControllerConfiguration{}
	}
	if obj.LeaderElection == nil {
		obj.LeaderElection = &componentbaseconfigv1alpha1.LeaderElectionConfiguration{}
	}
	if obj.SeedConfig == nil {
		obj.SeedConfig = &SeedConfig{}
	}
	if obj.SeedConfig.Name == "" {
		obj.SeedConfig.Name = DefaultSeedName
	}
}

// SetDefaults_ServerConfiguration defaults the health probe endpoint to port 2728 and the port of
// a given metrics endpoint to 2729.
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

// SetDefaults_LeaderElectionConfiguration defaults the leader election as Gardener does for
// gardenlet: a Lease, component-base's recommended durations (leaderElect true, 15s, 10s, 2s), in
// GardenletDefaultLockObjectNamespace/GardenletDefaultLockObjectName.
func SetDefaults_LeaderElectionConfiguration(obj *componentbaseconfigv1alpha1.LeaderElectionConfiguration) {
	if obj.ResourceLock == "" {
		obj.ResourceLock = "leases"
	}
	componentbaseconfigv1alpha1.RecommendedDefaultLeaderElectionConfiguration(obj)
	if obj.ResourceNamespace == "" {
		obj.ResourceNamespace = GardenletDefaultLockObjectNamespace
	}
	if obj.ResourceName == "" {
		obj.ResourceName = GardenletDefaultLockObjectName
	}
}

// SetDefaults_ClientConnectionConfiguration defaults qps to 50 and burst to 100, Gardener's
// defaults for gardenlet's client connections (kubernetes.SetDefaultsClientConnection).
func SetDefaults_ClientConnectionConfiguration(obj *componentbaseconfigv1alpha1.ClientConnectionConfiguration) {
	kubernetes.SetDefaultsClientConnection(obj)
}

// SetDefaults_ShootControllerConfiguration defaults concurrentSyncs to
// DefaultControllerConcurrentSyncs.
func SetDefaults_ShootControllerConfiguration(obj *ShootControllerConfiguration) {
	if obj.ConcurrentSyncs == nil {
		obj.ConcurrentSyncs = ptr.To(DefaultControllerConcurrentSyncs)
	}
}
