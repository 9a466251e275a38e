// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package apiserver

// PatchMetaFor and ServedModels are exported for the tests.
var (
	PatchMetaFor = patchMetaFor
	ServedModels = servedModels
)
