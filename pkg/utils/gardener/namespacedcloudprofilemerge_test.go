// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package gardener_test

import (
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	. "github.com/gep-78/gardener/pkg/utils/gardener"
)

var _ = Describe("MergeCloudProfiles", func() {
	var (
		parent     *gardencorev1beta1.CloudProfile
		profile    *gardencorev1beta1.NamespacedCloudProfile
		expiration = metav1.NewTime(time.Date(2027, 3, 1, 0, 0, 0, 0, time.UTC))
	)

	BeforeEach(func() {
		parent = &gardencorev1beta1.CloudProfile{
			ObjectMeta: metav1.ObjectMeta{Name: "local"},
			Spec: gardencorev1beta1.CloudProfileSpec{
				Type:       "local",
				CABundle:   ptr.To("parent-ca\n"),
				Kubernetes: gardencorev1beta1.KubernetesSettings{Versions: []gardencorev1beta1.ExpirableVersion{{Version: "1.35.0"}, {Version: "1.34.6"}}},
				MachineImages: []gardencorev1beta1.MachineImage{{
					Name: "local", UpdateStrategy: ptr.To(gardencorev1beta1.UpdateStrategyMajor),
					Versions: []gardencorev1beta1.MachineImageVersion{{
						ExpirableVersion: gardencorev1beta1.ExpirableVersion{Version: "1.0.0"},
						CRI:              []gardencorev1beta1.CRI{{Name: "containerd"}}, Architectures: []string{"amd64"},
					}},
				}},
				MachineTypes: []gardencorev1beta1.MachineType{{Name: "local", CPU: resource.MustParse("1"), Architecture: ptr.To("amd64")}},
			},
		}
		profile = &gardencorev1beta1.NamespacedCloudProfile{
			ObjectMeta: metav1.ObjectMeta{Name: "custom", Namespace: "garden-dev"},
			Spec: gardencorev1beta1.NamespacedCloudProfileSpec{
				Parent:   gardencorev1beta1.CloudProfileReference{Kind: "CloudProfile", Name: "local"},
				CABundle: ptr.To("own-ca\n"),
				Kubernetes: &gardencorev1beta1.KubernetesSettings{Versions: []gardencorev1beta1.ExpirableVersion{
					{Version: "1.34.6", ExpirationDate: &expiration},
					{Version: "1.33.0", ExpirationDate: &expiration},
				}},
				MachineImages: []gardencorev1beta1.MachineImage{
					{Name: "local", UpdateStrategy: ptr.To(gardencorev1beta1.UpdateStrategyMinor), Versions: []gardencorev1beta1.MachineImageVersion{
						{ExpirableVersion: gardencorev1beta1.ExpirableVersion{Version: "1.0.0", ExpirationDate: &expiration}},
						{ExpirableVersion: gardencorev1beta1.ExpirableVersion{Version: "1.0.1"}, CRI: []gardencorev1beta1.CRI{{Name: "containerd"}}},
					}},
					{Name: "custom", Versions: []gardencorev1beta1.MachineImageVersion{{ExpirableVersion: gardencorev1beta1.ExpirableVersion{Version: "2.0.0"}}}},
				},
				MachineTypes: []gardencorev1beta1.MachineType{{Name: "large", CPU: resource.MustParse("4")}},
				VolumeTypes:  []gardencorev1beta1.VolumeType{{Name: "fast", Class: "premium"}},
				Limits:       &gardencorev1beta1.Limits{MaxNodesTotal: ptr.To[int32](20)},
			},
		}
	})

	It("overrides only expiration dates of the parent's Kubernetes versions and adds none", func() {
		MergeCloudProfiles(profile, parent)
		versions := profile.Status.CloudProfileSpec.Kubernetes.Versions
		Expect(versions).To(HaveLen(2))
		Expect(versions[0]).To(Equal(gardencorev1beta1.ExpirableVersion{Version: "1.35.0"}))
		Expect(versions[1].Version).To(Equal("1.34.6"))
		Expect(versions[1].ExpirationDate).To(Equal(&expiration))
	})

	It("overrides the expiration of a parent's image version, adds versions and images, and takes a set update strategy", func() {
		MergeCloudProfiles(profile, parent)
		images := profile.Status.CloudProfileSpec.MachineImages
		Expect(images).To(HaveLen(2))
		Expect(images[0].UpdateStrategy).To(HaveValue(Equal(gardencorev1beta1.UpdateStrategyMinor)))
		Expect(images[0].Versions).To(HaveLen(2))
		Expect(images[0].Versions[0].ExpirationDate).To(Equal(&expiration))
		Expect(images[0].Versions[0].CRI).To(Equal([]gardencorev1beta1.CRI{{Name: "containerd"}}), "kept from the parent")
		Expect(images[0].Versions[1].Version).To(Equal("1.0.1"))
		Expect(images[0].Versions[1].Architectures).To(Equal([]string{"amd64"}), "defaulted")
		Expect(images[1].Name).To(Equal("custom"))
	})

	It("adds machine and volume types, appends the CA bundle, overrides limits and leaves the parent alone", func() {
		before := parent.DeepCopy()
		MergeCloudProfiles(profile, parent)
		merged := profile.Status.CloudProfileSpec
		Expect(merged.MachineTypes).To(HaveLen(2))
		Expect(merged.MachineTypes[1].Architecture).To(HaveValue(Equal("amd64")))
		Expect(merged.VolumeTypes).To(HaveLen(1))
		Expect(merged.CABundle).To(HaveValue(Equal("parent-ca\nown-ca\n")))
		Expect(merged.Limits.MaxNodesTotal).To(HaveValue(Equal(int32(20))))
		Expect(merged.Type).To(Equal("local"))
		Expect(parent).To(Equal(before))
	})

	It("replaces a parent's version that the profile defined with more than an expiration date", func() {
		profile.Spec.MachineImages[0].Versions[0].CRI = []gardencorev1beta1.CRI{{Name: "containerd"}}
		profile.Spec.MachineImages[0].Versions[0].KubeletVersionConstraint = ptr.To(">= 1.34")
		MergeCloudProfiles(profile, parent)
		Expect(profile.Status.CloudProfileSpec.MachineImages[0].Versions[0].KubeletVersionConstraint).To(HaveValue(Equal(">= 1.34")))
	})

	It("writes the architecture as capabilities when the parent defines capabilities", func() {
		parent.Spec.MachineCapabilities = []gardencorev1beta1.CapabilityDefinition{{Name: "architecture", Values: []string{"amd64", "arm64"}}}
		profile.Spec.MachineTypes[0].Architecture = ptr.To("arm64")
		MergeCloudProfiles(profile, parent)
		Expect(profile.Status.CloudProfileSpec.MachineTypes[1].Capabilities).To(Equal(gardencorev1beta1.Capabilities{"architecture": {"arm64"}}))
	})
})
