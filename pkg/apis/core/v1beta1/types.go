// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package v1beta1

import (
	"time"

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
	AccessRestriction `json:",inline" protobuf:"bytes,1,opt,name=accessRestriction"`
	// Options are the options of the restriction.
	// +optional
	Options map[string]string `json:"options,omitempty" protobuf:"bytes,2,rep,name=options"`
}

// Extension configures one extension of a Shoot.
type Extension struct {
	// Type is the extension type. For GEP-78 it names the ExtensionProfile.
	Type string `json:"type" protobuf:"bytes,1,opt,name=type"`
	// ProviderConfig is the extension's own opaque configuration (unchanged by GEP-78).
	// +optional
	ProviderConfig *runtime.RawExtension `json:"providerConfig,omitempty" protobuf:"bytes,2,opt,name=providerConfig"`
	// Disabled disables an extension that is enabled globally.
	// +optional
	Disabled *bool `json:"disabled,omitempty" protobuf:"varint,3,opt,name=disabled"`
	// AutoUpdate is the default auto-update policy for every component of this extension that
	// sets none (GEP-78).
	// +optional
	AutoUpdate *ExtensionAutoUpdate `json:"autoUpdate,omitempty" protobuf:"bytes,4,opt,name=autoUpdate"`
	// Components pins component versions and overrides their auto-update policy (GEP-78), keyed
	// by name.
	// +patchMergeKey=name
	// +patchStrategy=merge
	// +listType=map
	// +listMapKey=name
	// +optional
	Components []ExtensionComponent `json:"components,omitempty" patchStrategy:"merge" patchMergeKey:"name" protobuf:"bytes,5,rep,name=components"`
	// Channel is the release channel (rapid, regular or stable) that every component of this
	// extension follows unless the component sets its own channel or autoUpdate. Admission
	// resolves it to a version through the ExtensionProfile; maintenance moves the version to the
	// channel's current one in the window and never downgrades. Not together with autoUpdate.
	// +optional
	Channel *ReleaseChannel `json:"channel,omitempty" protobuf:"bytes,6,opt,name=channel,casttype=ReleaseChannel"`
}

// ReleaseChannel names a release channel of extension components, resolved through the
// ExtensionProfile at a point in time (GEP-78 "Release channels").
type ReleaseChannel string

const (
	// ReleaseChannelRapid follows the newest version classified preview or supported.
	ReleaseChannelRapid ReleaseChannel = "rapid"
	// ReleaseChannelRegular follows the newest version classified supported.
	ReleaseChannelRegular ReleaseChannel = "regular"
	// ReleaseChannelStable follows the newest version classified supported whose supported stage
	// began at least the soak period ago.
	ReleaseChannelStable ReleaseChannel = "stable"
)

// DefaultStableChannelSoakPeriod is the default soak period of the stable channel: 14 days, the
// default of gardener-controller-manager's controllers.extensionProfile.stableChannelSoakPeriod
// and of the ShootExtensionProfile admission plugin's stableChannelSoakPeriod. The channels
// themselves are defined in pkg/utils/gardener/componentversion (channels.go).
const DefaultStableChannelSoakPeriod = 14 * 24 * time.Hour

// ExtensionAutoUpdate is the auto-update policy of extension components (GEP-78).
type ExtensionAutoUpdate struct {
	// Enabled turns automatic upgrades in the maintenance window on or off. Defaults to true.
	// Expired versions are upgraded regardless (GEP-5).
	// +optional
	Enabled *bool `json:"enabled,omitempty" protobuf:"varint,1,opt,name=enabled"`
	// UpdateStrategy is the boundary of automatic upgrades: patch, minor or major.
	// +optional
	UpdateStrategy *MachineImageUpdateStrategy `json:"updateStrategy,omitempty" protobuf:"bytes,2,opt,name=updateStrategy,casttype=MachineImageUpdateStrategy"`
	// Classifications are the classifications a version may have to be an auto-update target
	// (GEP-78 "Future Enhancements", auto-upgrade into preview, as gardener/gardener#13667 proposes
	// for machine images): supported, plus preview to follow preview versions within the update
	// strategy's boundary. Values: preview, supported; each at most once; supported is required.
	// A component's autoUpdate without it takes the extension's; without either it is [supported].
	// The forced upgrade of an expired or unlisted version never takes a preview version, and a
	// deprecated version is a target only for a deprecated pin, whatever this list says.
	// +optional
	// +listType=atomic
	Classifications []VersionClassification `json:"classifications,omitempty" protobuf:"bytes,3,rep,name=classifications,casttype=VersionClassification"`
}

// ExtensionComponent pins the version of one component of an extension (GEP-78).
type ExtensionComponent struct {
	// Name is the component name as listed in the ExtensionProfile.
	Name string `json:"name" protobuf:"bytes,1,opt,name=name"`
	// Version is the pinned version. A partial version (3, 3.1) is resolved at admission to the
	// highest matching supported version and stored.
	// +optional
	Version *string `json:"version,omitempty" protobuf:"bytes,2,opt,name=version"`
	// AutoUpdate overrides the extension-level auto-update policy for this component.
	// +optional
	AutoUpdate *ExtensionAutoUpdate `json:"autoUpdate,omitempty" protobuf:"bytes,3,opt,name=autoUpdate"`
	// Channel is the release channel (rapid, regular or stable) this component follows; it takes
	// precedence over the extension-level channel and autoUpdate. Not together with autoUpdate.
	// +optional
	Channel *ReleaseChannel `json:"channel,omitempty" protobuf:"bytes,4,opt,name=channel,casttype=ReleaseChannel"`
}
