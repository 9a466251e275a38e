// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package v1alpha1

import (
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	componentbaseconfigv1alpha1 "k8s.io/component-base/config/v1alpha1"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	"github.com/gep-78/gardener/pkg/client/kubernetes"
)

const (
	// DefaultExtensionComponentExpirationHorizon is the default of
	// metrics.extensionComponentExpirationHorizon: 30 days.
	DefaultExtensionComponentExpirationHorizon = 30 * 24 * time.Hour
	// DefaultHealthProbePort is the default of server.healthProbes.port.
	DefaultHealthProbePort = 2718
	// DefaultMetricsPort is the default of server.metrics.port when server.metrics is given.
	DefaultMetricsPort = 2719
)

// SetDefaults_ControllerManagerConfiguration fills in the leader election and the metrics section.
func SetDefaults_ControllerManagerConfiguration(obj *ControllerManagerConfiguration) {
	if obj.LeaderElection == nil {
		obj.LeaderElection = &componentbaseconfigv1alpha1.LeaderElectionConfiguration{}
	}
	if obj.Metrics == nil {
		obj.Metrics = &MetricsConfiguration{}
	}
	if obj.Metrics.ExtensionComponentExpirationHorizon == nil {
		obj.Metrics.ExtensionComponentExpirationHorizon = &metav1.Duration{Duration: DefaultExtensionComponentExpirationHorizon}
	}
}

// SetDefaults_ControllerManagerControllerConfiguration fills in the controller sections left out
// of the file.
func SetDefaults_ControllerManagerControllerConfiguration(obj *ControllerManagerControllerConfiguration) {
	if obj.CloudProfile == nil {
		obj.CloudProfile = &CloudProfileControllerConfiguration{}
	}
	if obj.ExtensionProfile == nil {
		obj.ExtensionProfile = &ExtensionProfileControllerConfiguration{}
	}
}

// defaultConcurrentSyncs sets *syncs to DefaultControllerConcurrentSyncs when it is nil or zero.
func defaultConcurrentSyncs(syncs **int) {
	if *syncs == nil || **syncs == 0 {
		v := DefaultControllerConcurrentSyncs
		*syncs = &v
	}
}

// SetDefaults_CloudProfileControllerConfiguration defaults concurrentSyncs (also when zero).
func SetDefaults_CloudProfileControllerConfiguration(obj *CloudProfileControllerConfiguration) {
	defaultConcurrentSyncs(&obj.ConcurrentSyncs)
}

// SetDefaults_ExtensionProfileControllerConfiguration defaults concurrentSyncs (also when zero),
// stableChannelSoakPeriod and every unset field of rollout (gardencorev1beta1.DefaultRolloutPolicy).
func SetDefaults_ExtensionProfileControllerConfiguration(obj *ExtensionProfileControllerConfiguration) {
	defaultConcurrentSyncs(&obj.ConcurrentSyncs)
	if obj.StableChannelSoakPeriod == nil {
		obj.StableChannelSoakPeriod = &metav1.Duration{Duration: gardencorev1beta1.DefaultStableChannelSoakPeriod}
	}
	if obj.Rollout == nil {
		obj.Rollout = &gardencorev1beta1.RolloutPolicy{}
	}
	defaults, r := gardencorev1beta1.DefaultRolloutPolicy(), obj.Rollout
	if len(r.Stages) == 0 {
		r.Stages = defaults.Stages
	}
	if r.SoakPeriod == nil {
		r.SoakPeriod = defaults.SoakPeriod
	}
	if r.ObservationWindow == nil {
		r.ObservationWindow = defaults.ObservationWindow
	}
	if r.FailureThreshold == nil {
		r.FailureThreshold = &gardencorev1beta1.RolloutFailureThreshold{}
	}
	if r.FailureThreshold.Count == nil {
		r.FailureThreshold.Count = defaults.FailureThreshold.Count
	}
	if r.FailureThreshold.Percentage == nil {
		r.FailureThreshold.Percentage = defaults.FailureThreshold.Percentage
	}
}

// SetDefaults_ShootMaintenanceControllerConfiguration defaults concurrentSyncs (also when zero).
func SetDefaults_ShootMaintenanceControllerConfiguration(obj *ShootMaintenanceControllerConfiguration) {
	defaultConcurrentSyncs(&obj.ConcurrentSyncs)
}

// SetDefaults_ServerConfiguration defaults the health probe endpoint to port 2718 and the port of
// a given metrics endpoint to 2719.
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
// gardener-controller-manager: a Lease, component-base's recommended durations (leaderElect true,
// 15s, 10s, 2s), in ControllerManagerDefaultLockObjectNamespace/ControllerManagerDefaultLockObjectName.
func SetDefaults_LeaderElectionConfiguration(obj *componentbaseconfigv1alpha1.LeaderElectionConfiguration) {
	if obj.ResourceLock == "" {
		obj.ResourceLock = kubernetes.ResourceLockLeases
	}
	componentbaseconfigv1alpha1.RecommendedDefaultLeaderElectionConfiguration(obj)
	if obj.ResourceNamespace == "" {
		obj.ResourceNamespace = ControllerManagerDefaultLockObjectNamespace
	}
	if obj.ResourceName == "" {
		obj.ResourceName = ControllerManagerDefaultLockObjectName
	}
}

// SetDefaults_ClientConnectionConfiguration defaults qps to 50 and burst to 100, Gardener's
// defaults for gardener-controller-manager's garden client connection
// (kubernetes.SetDefaultsClientConnection).
func SetDefaults_ClientConnectionConfiguration(obj *componentbaseconfigv1alpha1.ClientConnectionConfiguration) {
	kubernetes.SetDefaultsClientConnection(obj)
}
