// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package helper_test

import (
	"testing"
	"time"

	"github.com/Masterminds/semver/v3"
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	. "github.com/gep-78/gardener/pkg/controllermanager/controller/shoot/maintenance/helper"
)

func TestHelper(t *testing.T) {
	RegisterFailHandler(Fail)
	RunSpecs(t, "ControllerManager Shoot Maintenance Helper Suite")
}

// amd64 is the architectures of a version as the API server defaults them.
var amd64 = []string{"amd64"}

var _ = Describe("Maintenance version decisions", func() {
	It("#FilterMachineImageVersions keeps the versions of the pool's architecture and CRI", func() {
		image := gardencorev1beta1.MachineImage{Name: "gl", Versions: []gardencorev1beta1.MachineImageVersion{
			{ExpirableVersion: gardencorev1beta1.ExpirableVersion{Version: "1.0.0"}, Architectures: amd64},
			{ExpirableVersion: gardencorev1beta1.ExpirableVersion{Version: "1.1.0"}, Architectures: []string{"arm64"}},
			{ExpirableVersion: gardencorev1beta1.ExpirableVersion{Version: "1.2.0"}, Architectures: amd64, CRI: []gardencorev1beta1.CRI{{Name: "other"}}},
			{ExpirableVersion: gardencorev1beta1.ExpirableVersion{Version: "1.3.0"}, Architectures: []string{"amd64", "arm64"}, CRI: []gardencorev1beta1.CRI{{Name: "containerd"}, {Name: "other"}}},
		}}
		versionsOf := func(worker gardencorev1beta1.Worker) []string {
			var out []string
			for _, v := range FilterMachineImageVersions(&image, worker, nil, nil, nil).Versions {
				out = append(out, v.Version)
			}
			return out
		}
		Expect(versionsOf(gardencorev1beta1.Worker{})).To(Equal([]string{"1.0.0", "1.3.0"}))
		Expect(versionsOf(gardencorev1beta1.Worker{Machine: gardencorev1beta1.Machine{Architecture: ptr.To("arm64")}})).To(Equal([]string{"1.1.0", "1.3.0"}))
		Expect(versionsOf(gardencorev1beta1.Worker{CRI: &gardencorev1beta1.CRI{Name: "other"}})).To(Equal([]string{"1.2.0", "1.3.0"}))

		image.Versions = append(image.Versions, gardencorev1beta1.MachineImageVersion{ExpirableVersion: gardencorev1beta1.ExpirableVersion{Version: "1.4.0"}})
		Expect(versionsOf(gardencorev1beta1.Worker{})).To(Equal([]string{"1.0.0", "1.3.0"}), "a version without architectures supports none (Gardener's)")
	})

	It("#FilterMachineImageVersions keeps the versions whose flavors support the machine type's capabilities", func() {
		definitions := []gardencorev1beta1.CapabilityDefinition{{Name: "architecture", Values: []string{"amd64", "arm64"}}, {Name: "gpu", Values: []string{"none", "nvidia"}}}
		flavor := func(architecture, gpu string) []gardencorev1beta1.MachineImageFlavor {
			return []gardencorev1beta1.MachineImageFlavor{{Capabilities: gardencorev1beta1.Capabilities{"architecture": {architecture}, "gpu": {gpu}}}}
		}
		image := gardencorev1beta1.MachineImage{Name: "gl", Versions: []gardencorev1beta1.MachineImageVersion{
			{ExpirableVersion: gardencorev1beta1.ExpirableVersion{Version: "1.0.0"}, CapabilityFlavors: flavor("amd64", "nvidia")},
			{ExpirableVersion: gardencorev1beta1.ExpirableVersion{Version: "1.1.0"}, CapabilityFlavors: flavor("amd64", "none")},
			{ExpirableVersion: gardencorev1beta1.ExpirableVersion{Version: "1.2.0"}, CapabilityFlavors: flavor("arm64", "nvidia")},
			{ExpirableVersion: gardencorev1beta1.ExpirableVersion{Version: "1.3.0"}},
		}}
		versionsOf := func(architecture string, machineType *gardencorev1beta1.MachineType) []string {
			var out []string
			worker := gardencorev1beta1.Worker{Machine: gardencorev1beta1.Machine{Architecture: ptr.To(architecture)}}
			for _, v := range FilterMachineImageVersions(&image, worker, nil, machineType, definitions).Versions {
				out = append(out, v.Version)
			}
			return out
		}
		gpu := &gardencorev1beta1.MachineType{Name: "g", Capabilities: gardencorev1beta1.Capabilities{"gpu": {"nvidia"}}}
		Expect(versionsOf("amd64", gpu)).To(Equal([]string{"1.0.0", "1.3.0"}), "a version without flavors offers every defined value")
		Expect(versionsOf("arm64", gpu)).To(Equal([]string{"1.2.0", "1.3.0"}))
		Expect(versionsOf("amd64", &gardencorev1beta1.MachineType{Name: "c"})).To(Equal([]string{"1.0.0", "1.1.0", "1.3.0"}))
		Expect(versionsOf("amd64", nil)).To(Equal([]string{"1.0.0", "1.1.0", "1.3.0"}), "no machine type: no capability asked for")
	})

	Describe("#FilterMachineImageVersions", func() {
		versions := func(image *gardencorev1beta1.MachineImage) []string {
			out := []string{}
			for _, v := range image.Versions {
				out = append(out, v.Version)
			}
			return out
		}
		constrained := gardencorev1beta1.MachineImage{Name: "gl", UpdateStrategy: ptr.To(gardencorev1beta1.UpdateStrategyMinor), Versions: []gardencorev1beta1.MachineImageVersion{
			{ExpirableVersion: gardencorev1beta1.ExpirableVersion{Version: "1.0.0"}, Architectures: amd64, KubeletVersionConstraint: ptr.To("< 1.36")},
			{ExpirableVersion: gardencorev1beta1.ExpirableVersion{Version: "1.1.0"}, Architectures: amd64},
			{ExpirableVersion: gardencorev1beta1.ExpirableVersion{Version: "1.2.0"}, Architectures: amd64, KubeletVersionConstraint: ptr.To(">= 1.36")},
		}}

		DescribeTable("leaves out the versions whose kubeletVersionConstraint excludes the kubelet version",
			func(kubelet string, expected []string) {
				filtered := FilterMachineImageVersions(&constrained, gardencorev1beta1.Worker{}, semver.MustParse(kubelet), nil, nil)
				Expect(versions(filtered)).To(Equal(expected))
				Expect(filtered.Name).To(Equal("gl"))
				Expect(filtered.UpdateStrategy).To(Equal(constrained.UpdateStrategy))
			},
			Entry("1.35 kubelet", "1.35.2", []string{"1.0.0", "1.1.0"}),
			Entry("1.36 kubelet", "1.36.0", []string{"1.1.0", "1.2.0"}),
		)

		It("keeps every version without a kubelet version", func() {
			Expect(versions(FilterMachineImageVersions(&constrained, gardencorev1beta1.Worker{}, nil, nil, nil))).To(Equal([]string{"1.0.0", "1.1.0", "1.2.0"}))
		})

		It("requires every container runtime the pool requests", func() {
			image := gardencorev1beta1.MachineImage{Name: "gl", Versions: []gardencorev1beta1.MachineImageVersion{
				{ExpirableVersion: gardencorev1beta1.ExpirableVersion{Version: "1.0.0"}, Architectures: amd64, CRI: []gardencorev1beta1.CRI{{Name: "containerd", ContainerRuntimes: []gardencorev1beta1.ContainerRuntime{{Type: "gvisor"}}}}},
				{ExpirableVersion: gardencorev1beta1.ExpirableVersion{Version: "1.1.0"}, Architectures: amd64, CRI: []gardencorev1beta1.CRI{{Name: "containerd"}}},
				{ExpirableVersion: gardencorev1beta1.ExpirableVersion{Version: "1.2.0"}, Architectures: amd64},
			}}
			gvisor := gardencorev1beta1.Worker{CRI: &gardencorev1beta1.CRI{Name: "containerd", ContainerRuntimes: []gardencorev1beta1.ContainerRuntime{{Type: "gvisor"}}}}
			Expect(versions(FilterMachineImageVersions(&image, gvisor, nil, nil, nil))).To(Equal([]string{"1.0.0"}))
			Expect(versions(FilterMachineImageVersions(&image, gardencorev1beta1.Worker{}, nil, nil, nil))).To(Equal([]string{"1.0.0", "1.1.0", "1.2.0"}))
		})

		It("keeps, for an in-place pool, the current version and the versions updatable in place from it", func() {
			image := gardencorev1beta1.MachineImage{Name: "gl", Versions: []gardencorev1beta1.MachineImageVersion{
				{ExpirableVersion: gardencorev1beta1.ExpirableVersion{Version: "1.0.0"}, Architectures: amd64, InPlaceUpdates: &gardencorev1beta1.InPlaceUpdates{Supported: true}},
				{ExpirableVersion: gardencorev1beta1.ExpirableVersion{Version: "1.1.0"}, Architectures: amd64, InPlaceUpdates: &gardencorev1beta1.InPlaceUpdates{Supported: true, MinVersionForUpdate: ptr.To("1.0.0")}},
				{ExpirableVersion: gardencorev1beta1.ExpirableVersion{Version: "1.2.0"}, Architectures: amd64, InPlaceUpdates: &gardencorev1beta1.InPlaceUpdates{Supported: true, MinVersionForUpdate: ptr.To("1.1.0")}},
				{ExpirableVersion: gardencorev1beta1.ExpirableVersion{Version: "1.3.0"}, Architectures: amd64},
			}}
			worker := gardencorev1beta1.Worker{
				UpdateStrategy: ptr.To(gardencorev1beta1.AutoInPlaceUpdate),
				Machine:        gardencorev1beta1.Machine{Image: &gardencorev1beta1.ShootMachineImage{Name: "gl", Version: ptr.To("1.0.0")}},
			}
			Expect(versions(FilterMachineImageVersions(&image, worker, nil, nil, nil))).To(Equal([]string{"1.0.0", "1.1.0"}))
			worker.UpdateStrategy = nil
			Expect(versions(FilterMachineImageVersions(&image, worker, nil, nil, nil))).To(Equal([]string{"1.0.0", "1.1.0", "1.2.0", "1.3.0"}))
		})
	})

	It("#DetermineVersionForStrategy does not call the force rule when the version is not forced", func() {
		auto := func([]gardencorev1beta1.ExpirableVersion, string) (bool, string, error) {
			return false, "", nil
		}
		force := func([]gardencorev1beta1.ExpirableVersion, string) (bool, string, error) {
			Fail("must not be called")
			return false, "", nil
		}
		target, err := DetermineVersionForStrategy(nil, "1.0.0", auto, force, false)
		Expect(err).NotTo(HaveOccurred())
		Expect(target).To(BeEmpty())
	})

	It("#DetermineMachineImage finds the image ignoring case, or names the profile", func() {
		profile := &gardencorev1beta1.CloudProfile{Spec: gardencorev1beta1.CloudProfileSpec{MachineImages: []gardencorev1beta1.MachineImage{{Name: "gardenlinux"}}}}
		profile.Name = "local"
		image, err := DetermineMachineImage(profile, &gardencorev1beta1.ShootMachineImage{Name: "GardenLinux"})
		Expect(err).NotTo(HaveOccurred())
		Expect(image.Name).To(Equal("gardenlinux"))
		_, err = DetermineMachineImage(profile, &gardencorev1beta1.ShootMachineImage{Name: "other"})
		Expect(err).To(MatchError(`failure while determining the default machine image in the CloudProfile: no machineImage with name "other" (specified in shoot) could be found in the cloudProfile "local"`))
	})

	It("#DetermineMachineImageVersionAt follows the image's update strategy", func() {
		now := time.Date(2026, time.November, 29, 0, 0, 0, 0, time.UTC)
		image := &gardencorev1beta1.MachineImage{Name: "gl", UpdateStrategy: ptr.To(gardencorev1beta1.UpdateStrategyPatch), Versions: []gardencorev1beta1.MachineImageVersion{
			{ExpirableVersion: gardencorev1beta1.ExpirableVersion{Version: "1.0.0", ExpirationDate: &metav1.Time{Time: now.Add(-time.Hour)}}, Architectures: amd64},
			{ExpirableVersion: gardencorev1beta1.ExpirableVersion{Version: "1.0.1"}, Architectures: amd64},
			{ExpirableVersion: gardencorev1beta1.ExpirableVersion{Version: "1.1.0"}, Architectures: amd64},
		}}
		shootImage := &gardencorev1beta1.ShootMachineImage{Name: "gl", Version: ptr.To("1.0.0")}
		target, err := DetermineMachineImageVersionAt(shootImage, image, true, now)
		Expect(err).NotTo(HaveOccurred())
		Expect(target).To(Equal("1.0.1"))
		target, err = DetermineMachineImageVersion(&gardencorev1beta1.ShootMachineImage{Name: "gl", Version: ptr.To("1.0.1")}, image, false)
		Expect(err).NotTo(HaveOccurred())
		Expect(target).To(BeEmpty())
	})
})
