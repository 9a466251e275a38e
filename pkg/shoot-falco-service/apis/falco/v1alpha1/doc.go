// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Package v1alpha1 is the config API of the example shoot-falco-service extension in the group
// falco.extensions.gardener.cloud: FalcoComponentConfig, the shape of the providerConfig of the
// falco version entries of its ExtensionProfile (GEP-78 "Optional per-version providerConfig").
// gardener-apiserver and gardenlet treat that providerConfig as opaque; only this extension
// decodes it, strictly, from Extension.spec.components[].providerConfig.
//
// The types hold two scalar fields, so their deepcopy functions are written by hand
// (deepcopy.go); hack/update-codegen.sh generates only the packages under pkg/apis.
package v1alpha1
