// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package gardener

import (
	"k8s.io/apimachinery/pkg/util/sets"
	"k8s.io/utils/ptr"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	v1beta1constants "github.com/gep-78/gardener/pkg/apis/core/v1beta1/constants"
)

// architectureCapability is the capability name that carries the CPU architecture.
const architectureCapability = "architecture"

// TransformSpecToParentFormat returns a copy of spec that describes architectures as the parent
// does: as capabilities when the parent defines them, else as architecture fields.
func TransformSpecToParentFormat(
	spec gardencorev1beta1.NamespacedCloudProfileSpec,
	capabilityDefinitions []gardencorev1beta1.CapabilityDefinition,
) gardencorev1beta1.NamespacedCloudProfileSpec {
	out := spec.DeepCopy()
	withCapabilities := len(capabilityDefinitions) > 0
	for i := range out.MachineImages {
		for j := range out.MachineImages[i].Versions {
			v := &out.MachineImages[i].Versions[j]
			switch {
			case withCapabilities && len(v.CapabilityFlavors) == 0:
				for _, arch := range v.Architectures {
					v.CapabilityFlavors = append(v.CapabilityFlavors, gardencorev1beta1.MachineImageFlavor{
						Capabilities: gardencorev1beta1.Capabilities{architectureCapability: {arch}},
					})
				}
			case !withCapabilities:
				if len(v.Architectures) == 0 && len(v.CapabilityFlavors) > 0 {
					archs := sets.New[string]()
					for _, flavor := range v.CapabilityFlavors {
						archs.Insert(flavor.Capabilities[architectureCapability]...)
					}
					v.Architectures = sets.List(archs)
				}
				v.CapabilityFlavors = nil
			}
		}
	}
	for i := range out.MachineTypes {
		mt := &out.MachineTypes[i]
		if withCapabilities {
			if len(mt.Capabilities) == 0 {
				mt.Capabilities = gardencorev1beta1.Capabilities{architectureCapability: {ptr.Deref(mt.Architecture, v1beta1constants.ArchitectureAMD64)}}
			}
			continue
		}
		if mt.Architecture == nil {
			if archs := mt.Capabilities[architectureCapability]; len(archs) > 0 {
				mt.Architecture = ptr.To(archs[0])
			}
		}
		mt.Capabilities = nil
	}
	return *out
}
