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
	// PluginNameExtensionLabels is the name of the ExtensionLabels admission plugin.
	PluginNameExtensionLabels = "ExtensionLabels"
	// PluginNameShootMutator is the name of the ShootMutator admission plugin.
	PluginNameShootMutator = "ShootMutator"
	// PluginNameShootValidator is the name of the ShootValidator admission plugin.
	PluginNameShootValidator = "ShootValidator"
	// PluginNameNamespacedCloudProfileValidator is the name of the NamespacedCloudProfileValidator admission plugin.
	PluginNameNamespacedCloudProfileValidator = "NamespacedCloudProfileValidator"
	// PluginNameShootExtensionProfile is the name of the ShootExtensionProfile admission plugin.
	PluginNameShootExtensionProfile = "ShootExtensionProfile"
	// PluginNameShootLegacyComponentVersion is the name of the ShootLegacyComponentVersion admission plugin.
	PluginNameShootLegacyComponentVersion = "ShootLegacyComponentVersion"
	// PluginNameExtensionProfileInUse is the name of the ExtensionProfileInUse admission plugin.
	PluginNameExtensionProfileInUse = "ExtensionProfileInUse"
	// PluginNameExtensionProfileImpact is the name of the ExtensionProfileImpact admission plugin.
	PluginNameExtensionProfileImpact = "ExtensionProfileImpact"
	// PluginNameResourceVersion is the name of the ResourceVersion admission plugin.
	PluginNameResourceVersion = "ResourceVersion"
)

// AllOrderedPluginNames returns the names of all admission plugins in the order they run.
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
		mutatingwebhook.PluginName,
		validatingwebhook.PluginName,
	}
}

// DefaultOnPlugins returns the plugins enabled unless --disable-admission-plugins names them.
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
		mutatingwebhook.PluginName,
		validatingwebhook.PluginName,
	)
}
