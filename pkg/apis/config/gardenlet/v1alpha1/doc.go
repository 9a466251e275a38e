// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// +k8s:deepcopy-gen=package
// +k8s:defaulter-gen=TypeMeta
// +groupName=gardenlet.config.gardener.cloud

// Package v1alpha1 is gardenlet's component configuration (GardenletConfiguration,
// gardenlet.config.gardener.cloud/v1alpha1), read from the file given with --config. It models the
// part of Gardener's GardenletConfiguration this gardenlet uses: the client connections to the
// garden and the seed, the shoot controller, the leader election, the endpoints (server) and the
// seed's name (seedConfig.metadata.name), with Gardener's field names and defaults.
package v1alpha1
