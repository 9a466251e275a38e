// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Package core holds the internal (hub) types of the core.gardener.cloud API group, which
// gardener-apiserver's strategies, validation and admission plugins work on.
//
// +k8s:deepcopy-gen=package
// +groupName=core.gardener.cloud
package core
