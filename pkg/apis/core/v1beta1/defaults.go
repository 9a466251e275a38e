// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package v1beta1

import "k8s.io/utils/ptr"

// SetDefaults_MachineImage defaults the update strategy of a machine image to major, as Gardener does.
func SetDefaults_MachineImage(obj *MachineImage) {
	if obj.UpdateStrategy == nil {
		obj.UpdateStrategy = ptr.To(UpdateStrategyMajor)
	}
}

// SetDefaults_ExtensionAutoUpdate defaults autoUpdate.enabled to true: an autoUpdate block that
// only names a strategy opts in (GEP-78 "Default policy": the default is not frozen).
func SetDefaults_ExtensionAutoUpdate(obj *ExtensionAutoUpdate) {
	if obj.Enabled == nil {
		obj.Enabled = ptr.To(true)
	}
}
