// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package core

// Field selector paths of Shoots (kubectl get shoots --field-selector), with Gardener's names and
// spelling. Every one selects a single value; a list such as spec.extensions cannot be selected
// by field (Shoots carry the extensions.extensions.gardener.cloud/<type> label instead).
const (
	// ShootCloudProfileName selects Shoots by the deprecated spec.cloudProfileName.
	ShootCloudProfileName = "spec.cloudProfileName"
	// ShootCloudProfileRefName selects Shoots by spec.cloudProfile.name. The capital N is
	// Gardener's spelling of this selector.
	ShootCloudProfileRefName = "spec.cloudProfile.Name"
	// ShootCloudProfileRefKind selects Shoots by spec.cloudProfile.kind (Gardener's spelling).
	ShootCloudProfileRefKind = "spec.cloudProfile.Kind"
	// ShootSeedName selects Shoots by spec.seedName.
	ShootSeedName = "spec.seedName"
)

// Gardener also selects Shoots by status.seedName; the Shoot subset here has no status.seedName.
