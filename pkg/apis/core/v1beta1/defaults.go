// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package v1beta1

import "k8s.io/utils/ptr"

// SetDefaults_ExtensionAutoUpdate defaults autoUpdate.enabled to true: an autoUpdate block that
// only names a strategy opts in (GEP-78 "Default policy": the default is not frozen).
func SetDefaults_ExtensionAutoUpdate(obj *ExtensionAutoUpdate) {
	if obj.Enabled == nil {
		obj.Enabled = ptr.To(true)
	}
}

// SetDefaults_ExtensionProfileSpec defaults extensionKind to Extension, the kind of every profile
// written before the field existed.
func SetDefaults_ExtensionProfileSpec(obj *ExtensionProfileSpec) {
	if obj.ExtensionKind == "" {
		obj.ExtensionKind = ExtensionKindExtension
	}
}
