// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package core

import (
	"k8s.io/apimachinery/pkg/runtime"
)

// IPFamily is an IP protocol version.
type IPFamily string

const (
	// IPFamilyIPv4 is the IPFamily "IPv4".
	IPFamilyIPv4 IPFamily = "IPv4"
	// IPFamilyIPv6 is the IPFamily "IPv6".
	IPFamilyIPv6 IPFamily = "IPv6"
)

// EncryptionProviderType is an etcd encryption provider.
type EncryptionProviderType string

const (
	// EncryptionProviderTypeAESCBC is the EncryptionProviderType "aescbc".
	EncryptionProviderTypeAESCBC EncryptionProviderType = "aescbc"
	// EncryptionProviderTypeAESGCM is the EncryptionProviderType "aesgcm".
	EncryptionProviderTypeAESGCM EncryptionProviderType = "aesgcm"
	// EncryptionProviderTypeSecretbox is the EncryptionProviderType "secretbox".
	EncryptionProviderTypeSecretbox EncryptionProviderType = "secretbox"
)

// AccessRestrictionWithOptions is an access restriction with its options.
type AccessRestrictionWithOptions struct {
	AccessRestriction
	// Options are the options of the restriction.
	Options map[string]string
}

// Extension configures one extension of a Shoot.
type Extension struct {
	// Type is the extension type. For GEP-78 it names the ExtensionProfile.
	Type string
	// ProviderConfig is the extension's own opaque configuration (unchanged by GEP-78).
	ProviderConfig *runtime.RawExtension
	// Disabled disables an extension that is enabled globally.
	Disabled *bool
	// AutoUpdate is the default auto-update policy for every component of this extension that
	// sets none (GEP-78).
	AutoUpdate *ExtensionAutoUpdate
	// Components pins component versions and overrides their auto-update policy (GEP-78).
	Components []ExtensionComponent
	// Channel is the release channel every component of this extension follows unless it sets
	// its own channel or autoUpdate (see the v1beta1 field).
	Channel *ReleaseChannel
}

// ReleaseChannel names a release channel of extension components: rapid, regular or stable.
type ReleaseChannel string

const (
	// ReleaseChannelRapid follows the newest preview or supported version.
	ReleaseChannelRapid ReleaseChannel = "rapid"
	// ReleaseChannelRegular follows the newest supported version.
	ReleaseChannelRegular ReleaseChannel = "regular"
	// ReleaseChannelStable follows the newest version supported for at least the soak period.
	ReleaseChannelStable ReleaseChannel = "stable"
)

// ExtensionAutoUpdate is the auto-update policy of extension components (GEP-78).
type ExtensionAutoUpdate struct {
	// Enabled turns automatic upgrades in the maintenance window on or off. Defaults to true.
	// Expired versions are upgraded regardless (GEP-5).
	Enabled *bool
	// UpdateStrategy is the boundary of automatic upgrades: patch, minor or major.
	UpdateStrategy *MachineImageUpdateStrategy
	// Classifications are the classifications a version may have to be an auto-update target:
	// supported, and preview to opt into preview versions (see the v1beta1 field).
	Classifications []VersionClassification
}

// ExtensionComponent pins the version of one component of an extension (GEP-78).
type ExtensionComponent struct {
	// Name is the component name as listed in the ExtensionProfile.
	Name string
	// Version is the pinned version. A partial version (3, 3.1) is resolved at admission to the
	// highest matching supported version and stored.
	Version *string
	// AutoUpdate overrides the extension-level auto-update policy for this component.
	AutoUpdate *ExtensionAutoUpdate
	// Channel is the release channel this component follows (see the v1beta1 field).
	Channel *ReleaseChannel
}
