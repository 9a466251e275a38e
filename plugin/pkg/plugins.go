// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Package pkg names gardener-apiserver's admission plugins and fixes their order.
package pkg

import (
	"k8s.io/apimachinery/pkg/util/sets"
	"k8s.io/apiserver/pkg/admission/plugin/namespace/lifecycle"
	mutatingwebhook "k8s.io/apiserver/pkg/admission/plugin/webhook/mutating"
	validatingwebhook "k8s.io/apiserver/pkg/admission/plugin/webhook/validating"
)

const (
	// PluginNameExtensionLabels maintains the extensions.extensions.gardener.cloud/<type> and
	// provider/networking type labels of Shoots (mutating), as in Gardener.
	PluginNameExtensionLabels = "ExtensionLabels"
	// PluginNameShootMutator defaults spec.kubernetes.version and worker machine images from the
	// CloudProfile and resolves partial versions (mutating), as Gardener's ShootMutator does.
	PluginNameShootMutator = "ShootMutator"
	// PluginNameShootValidator checks a Shoot against its CloudProfile: provider type, region,
	// Kubernetes version and machine images offered and not expired (validating), as Gardener's
	// ShootValidator does for the modelled fields.
	PluginNameShootValidator = "ShootValidator"
	// PluginNameNamespacedCloudProfileValidator checks a NamespacedCloudProfile against its parent
	// CloudProfile (validating), as Gardener's NamespacedCloudProfileValidator does.
	PluginNameNamespacedCloudProfileValidator = "NamespacedCloudProfileValidator"
	// PluginNameShootExtensionProfile resolves partial component versions (mutating) and validates
	// Shoot component pins against ExtensionProfiles (validating), GEP-78.
	PluginNameShootExtensionProfile = "ShootExtensionProfile"
	// PluginNameShootLegacyComponentVersion warns when a Shoot selects a component version through
	// a legacy providerConfig field (Falco's falcoVersion) of a type that has an ExtensionProfile
	// (validating, never rejects), GEP-78.
	PluginNameShootLegacyComponentVersion = "ShootLegacyComponentVersion"
	// PluginNameExtensionProfileInUse rejects removing a component version from an ExtensionProfile,
	// or deleting the profile, while a Shoot still pins it (validating), GEP-78.
	PluginNameExtensionProfileInUse = "ExtensionProfileInUse"
	// PluginNameExtensionProfileImpact returns the impact of an ExtensionProfile create or update
	// on the Shoots that pin its versions as warnings, dry-run requests included (validating, never
	// rejects), GEP-78.
	PluginNameExtensionProfileImpact = "ExtensionProfileImpact"
	// PluginNameShootMaintenanceMarkers refuses writes of the maintenance.gardener.cloud/ Shoot
	// annotations (the pending maintenance result) by anyone but gardener-controller-manager
	// (validating).
	PluginNameShootMaintenanceMarkers = "ShootMaintenanceMarkers"
	// PluginNameResourceVersion drops metadata.resourceVersion on creates and rejects a malformed
	// one on updates, of every resource (mutating).
	PluginNameResourceVersion = "ResourceVersion"
)

// AllOrderedPluginNames is the execution order of all admission plugins. Mutating plugins run in
// this order first, then validating plugins in this order.
func AllOrderedPluginNames() []string {
	return []string{
		lifecycle.PluginName,
		PluginNameResourceVersion,
		PluginNameExtensionLabels,
		PluginNameShootMutator,
		PluginNameShootValidator,
		PluginNameNamespacedCloudProfileValidator,
		PluginNameShootExtensionProfile,
		PluginNameShootLegacyComponentVersion,
		PluginNameExtensionProfileInUse,
		PluginNameExtensionProfileImpact,
		PluginNameShootMaintenanceMarkers,
		mutatingwebhook.PluginName,
		validatingwebhook.PluginName,
	}
}

// DefaultOnPlugins is the set of plugins enabled unless --disable-admission-plugins names them.
func DefaultOnPlugins() sets.Set[string] {
	return sets.New(
		lifecycle.PluginName,
		PluginNameResourceVersion,
		PluginNameExtensionLabels,
		PluginNameShootMutator,
		PluginNameShootValidator,
		PluginNameNamespacedCloudProfileValidator,
		PluginNameShootExtensionProfile,
		PluginNameShootLegacyComponentVersion,
		PluginNameExtensionProfileInUse,
		PluginNameExtensionProfileImpact,
		PluginNameShootMaintenanceMarkers,
		mutatingwebhook.PluginName,
		validatingwebhook.PluginName,
	)
}
