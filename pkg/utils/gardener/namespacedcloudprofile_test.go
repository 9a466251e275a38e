// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package gardener_test

import (
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	"k8s.io/utils/ptr"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	. "github.com/gep-78/gardener/pkg/utils/gardener"
)

var _ = Describe("TransformSpecToParentFormat", func() {
	var spec gardencorev1beta1.NamespacedCloudProfileSpec

	BeforeEach(func() {
		spec = gardencorev1beta1.NamespacedCloudProfileSpec{
			MachineImages: []gardencorev1beta1.MachineImage{{Name: "gardenlinux", Versions: []gardencorev1beta1.MachineImageVersion{
				{ExpirableVersion: gardencorev1beta1.ExpirableVersion{Version: "1.0.0"}, Architectures: []string{"arm64"}},
				{ExpirableVersion: gardencorev1beta1.ExpirableVersion{Version: "2.0.0"}, CapabilityFlavors: []gardencorev1beta1.MachineImageFlavor{
					{Capabilities: gardencorev1beta1.Capabilities{"architecture": {"amd64"}}},
					{Capabilities: gardencorev1beta1.Capabilities{"architecture": {"arm64"}}},
				}},
			}}},
			MachineTypes: []gardencorev1beta1.MachineType{
				{Name: "m1", Architecture: ptr.To("arm64")},
				{Name: "m2", Capabilities: gardencorev1beta1.Capabilities{"architecture": {"arm64"}}},
			},
		}
	})

	It("writes architectures as capabilities when the parent defines capabilities", func() {
		out := TransformSpecToParentFormat(spec, []gardencorev1beta1.CapabilityDefinition{{Name: "architecture", Values: []string{"amd64", "arm64"}}})
		versions := out.MachineImages[0].Versions
		Expect(versions[0].CapabilityFlavors).To(Equal([]gardencorev1beta1.MachineImageFlavor{{Capabilities: gardencorev1beta1.Capabilities{"architecture": {"arm64"}}}}))
		Expect(versions[1].CapabilityFlavors).To(HaveLen(2))
		Expect(out.MachineTypes[0].Capabilities).To(Equal(gardencorev1beta1.Capabilities{"architecture": {"arm64"}}))
		Expect(spec.MachineImages[0].Versions[0].CapabilityFlavors).To(BeEmpty(), "the input is not modified")
	})

	It("writes capabilities as architectures when the parent defines none", func() {
		out := TransformSpecToParentFormat(spec, nil)
		versions := out.MachineImages[0].Versions
		Expect(versions[0].Architectures).To(Equal([]string{"arm64"}))
		Expect(versions[1].Architectures).To(ConsistOf("amd64", "arm64"))
		Expect(versions[1].CapabilityFlavors).To(BeNil())
		Expect(out.MachineTypes[1].Architecture).To(Equal(ptr.To("arm64")))
		Expect(out.MachineTypes[1].Capabilities).To(BeNil())
	})
})
