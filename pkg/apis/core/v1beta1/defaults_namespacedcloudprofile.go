// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package v1beta1

// SetObjectDefaults_NamespacedCloudProfileSpec defaults only usable of added machine and volume
// types, as Gardener does. Machine images are not defaulted: an override of a parent's version
// carries only what it overrides (a defaulted cri or updateStrategy would read as an override),
// and the merged status takes its defaults from the parent.
func SetObjectDefaults_NamespacedCloudProfileSpec(in *NamespacedCloudProfileSpec) {
	for i := range in.MachineTypes {
		SetDefaults_MachineType(&in.MachineTypes[i])
	}
	for i := range in.VolumeTypes {
		SetDefaults_VolumeType(&in.VolumeTypes[i])
	}
}

// SetObjectDefaults_NamespacedCloudProfileStatus defaults nothing: the status is the merge
// gardener-controller-manager computes from defaulted objects.
func SetObjectDefaults_NamespacedCloudProfileStatus(_ *NamespacedCloudProfileStatus) {}
