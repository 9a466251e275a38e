// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Package constants holds well-known label keys of core.gardener.cloud objects, with Gardener's
// names and values.
package constants

const (
	// LabelExtensionExtensionTypePrefix prefixes the label that marks a Shoot which enables an
	// extension of a type: extensions.extensions.gardener.cloud/<type>=true. gardener-apiserver
	// maintains it (ExtensionLabels admission plugin).
	LabelExtensionExtensionTypePrefix = "extensions.extensions.gardener.cloud/"
	// LabelExtensionProviderTypePrefix prefixes the label that marks a Shoot of a provider type:
	// provider.extensions.gardener.cloud/<type>=true. gardener-apiserver maintains it
	// (ExtensionLabels admission plugin).
	LabelExtensionProviderTypePrefix = "provider.extensions.gardener.cloud/"
	// LabelExtensionNetworkingTypePrefix prefixes the label that marks a Shoot of a networking
	// type: networking.extensions.gardener.cloud/<type>=true. gardener-apiserver maintains it
	// (ExtensionLabels admission plugin).
	LabelExtensionNetworkingTypePrefix = "networking.extensions.gardener.cloud/"
)
