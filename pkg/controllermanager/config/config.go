// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Package config holds the configuration of gardener-controller-manager's controllers. It is a
// plain Go struct filled from command-line flags by cmd/gardener-controller-manager/app; a
// controller added later gets its own field in ControllerConfiguration.
package config

import "time"

// ControllerManagerConfiguration is the configuration of gardener-controller-manager.
type ControllerManagerConfiguration struct {
	// Controllers holds the per-controller configuration.
	Controllers ControllerConfiguration
	// Metrics configures the garden-wide metrics.
	Metrics MetricsConfiguration
}

// MetricsConfiguration configures the garden-wide metrics of pkg/controllermanager/metrics.
type MetricsConfiguration struct {
	// ExtensionComponentExpirationHorizon is how far ahead the expiry gauges look
	// (gardener_extension_component_shoots_expiring, ..._without_upgrade_path).
	ExtensionComponentExpirationHorizon time.Duration
	// StableChannelSoakPeriod is the soak period of the stable release channel for the channel
	// gauges, the same value as the ExtensionProfile controller's.
	StableChannelSoakPeriod time.Duration
}

// ControllerConfiguration holds the configuration of every controller.
type ControllerConfiguration struct {
	// CloudProfile configures the CloudProfile status controller.
	CloudProfile CloudProfileControllerConfiguration
	// ExtensionProfile configures the ExtensionProfile status controller.
	ExtensionProfile ExtensionProfileControllerConfiguration
	// ShootMaintenance configures the shoot maintenance controller.
	ShootMaintenance ShootMaintenanceControllerConfiguration
}

// CloudProfileControllerConfiguration configures the CloudProfile controller.
type CloudProfileControllerConfiguration struct {
	// ConcurrentSyncs is the number of CloudProfiles reconciled in parallel. Zero or less means
	// controller-runtime's default (1).
	ConcurrentSyncs int
}

// ExtensionProfileControllerConfiguration configures the ExtensionProfile controller.
type ExtensionProfileControllerConfiguration struct {
	// ConcurrentSyncs is the number of ExtensionProfiles reconciled in parallel. Zero or less
	// means controller-runtime's default (1).
	ConcurrentSyncs int
	// StableChannelSoakPeriod is the soak period of the stable release channel (status.components[].channels).
	StableChannelSoakPeriod time.Duration
}

// ShootMaintenanceControllerConfiguration configures the shoot maintenance controller.
type ShootMaintenanceControllerConfiguration struct {
	// ConcurrentSyncs is the number of Shoots maintained in parallel. Zero or less means
	// controller-runtime's default (1).
	ConcurrentSyncs int
	// StableChannelSoakPeriod is the soak period of the stable release channel, the same value as
	// the ExtensionProfile controller's.
	StableChannelSoakPeriod time.Duration
}
