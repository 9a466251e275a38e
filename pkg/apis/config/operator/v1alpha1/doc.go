// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// +k8s:deepcopy-gen=package
// +k8s:defaulter-gen=TypeMeta
// +groupName=operator.config.gardener.cloud

// Package v1alpha1 is gardener-operator's component configuration (OperatorConfiguration,
// operator.config.gardener.cloud/v1alpha1), read from the file given with --config; the flags
// override it. It models the part of Gardener's OperatorConfiguration this operator uses (the
// client connections to the runtime and the garden cluster, the endpoints) with Gardener's field
// names, plus the ExtensionProfile controller. Load reads and defaults it, Validate checks it.
package v1alpha1
