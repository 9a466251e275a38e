// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package v1beta1

import "k8s.io/utils/ptr"

const (
	// ArchitectureAMD64 is the amd64 CPU architecture, the default of machine types and image
	// versions.
	ArchitectureAMD64 = "amd64"
	// ArchitectureARM64 is the arm64 CPU architecture.
	ArchitectureARM64 = "arm64"
)

// SetDefaults_CloudProfile defaults the architecture of every machine image version and machine
// type to amd64 when the profile defines no machineCapabilities, as Gardener does. With
// capabilities the architecture comes from the capability definitions instead.
func SetDefaults_CloudProfile(obj *CloudProfile) {
	if len(obj.Spec.MachineCapabilities) > 0 {
		return
	}
	for i := range obj.Spec.MachineImages {
		for j := range obj.Spec.MachineImages[i].Versions {
			v := &obj.Spec.MachineImages[i].Versions[j]
			if len(v.Architectures) == 0 {
				v.Architectures = []string{ArchitectureAMD64}
			}
		}
	}
	for i := range obj.Spec.MachineTypes {
		if obj.Spec.MachineTypes[i].Architecture == nil {
			obj.Spec.MachineTypes[i].Architecture = ptr.To(ArchitectureAMD64)
		}
	}
}

// SetDefaults_MachineImage defaults the update strategy of a machine image to major, as Gardener does.
func SetDefaults_MachineImage(obj *MachineImage) {
	if obj.UpdateStrategy == nil {
		obj.UpdateStrategy = ptr.To(UpdateStrategyMajor)
	}
}

// SetDefaults_MachineImageVersion defaults the container runtime interfaces of a machine image
// version to containerd, as Gardener does.
func SetDefaults_MachineImageVersion(obj *MachineImageVersion) {
	if len(obj.CRI) == 0 {
		obj.CRI = []CRI{{Name: CRINameContainerD}}
	}
}

// SetDefaults_MachineType defaults usable to true.
func SetDefaults_MachineType(obj *MachineType) {
	if obj.Usable == nil {
		obj.Usable = ptr.To(true)
	}
}

// SetDefaults_VolumeType defaults usable to true.
func SetDefaults_VolumeType(obj *VolumeType) {
	if obj.Usable == nil {
		obj.Usable = ptr.To(true)
	}
}
