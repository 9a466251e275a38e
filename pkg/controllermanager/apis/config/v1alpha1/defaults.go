// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package v1alpha1

import (
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	componentbaseconfigv1alpha1 "k8s.io/component-base/config/v1alpha1"

	v1beta1helper "github.com/gep-78/gardener/pkg/api/core/v1beta1/helper"
	"github.com/gep-78/gardener/pkg/client/kubernetes"
)

// DefaultControllerConcurrentSyncs is the default concurrency of the controllers, as in Gardener
// (gardener/gardener pkg/controllermanager/apis/config/v1alpha1/defaults.go: 5 for the
// CloudProfile and the shoot maintenance controller).
const DefaultControllerConcurrentSyncs = 5

// SetDefaults_ControllerManagerConfiguration fills in the controller sections left out of the file,
// zero concurrentSyncs, the leader election and the metrics section.
func SetDefaults_ControllerManagerConfiguration(obj *ControllerManagerConfiguration) {
	c := &obj.Controllers
	if c.CloudProfile == nil {
		c.CloudProfile = &CloudProfileControllerConfiguration{}
	}
	if c.CloudProfile.ConcurrentSyncs == 0 {
		c.CloudProfile.ConcurrentSyncs = DefaultControllerConcurrentSyncs
	}
	if c.ExtensionProfile == nil {
		c.ExtensionProfile = &ExtensionProfileControllerConfiguration{}
	}
	if c.ExtensionProfile.ConcurrentSyncs == 0 {
		c.ExtensionProfile.ConcurrentSyncs = DefaultControllerConcurrentSyncs
	}
	if c.ExtensionProfile.StableChannelSoakPeriod == nil {
		c.ExtensionProfile.StableChannelSoakPeriod = &metav1.Duration{Duration: v1beta1helper.DefaultStableChannelSoakPeriod}
	}
	if c.ShootMaintenance == nil {
		c.ShootMaintenance = &ShootMaintenanceControllerConfiguration{}
	}
	if c.ShootMaintenance.ConcurrentSyncs == 0 {
		c.ShootMaintenance.ConcurrentSyncs = DefaultControllerConcurrentSyncs
	}
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

// DefaultExtensionComponentExpirationHorizon is the default of
// metrics.extensionComponentExpirationHorizon: 30 days.
const DefaultExtensionComponentExpirationHorizon = 30 * 24 * time.Hour

// SetDefaults_ClientConnectionConfiguration defaults qps to 50 and burst to 100, Gardener's
// defaults for gardener-controller-manager's garden client connection
// (kubernetes.SetDefaultsClientConnection).
func SetDefaults_ClientConnectionConfiguration(obj *componentbaseconfigv1alpha1.ClientConnectionConfiguration) {
	kubernetes.SetDefaultsClientConnection(obj)
}
