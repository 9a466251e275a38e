// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package maintenance

import (
	"slices"
	"time"

	"github.com/go-logr/logr"
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
)

// M01–M25: Gardener's #maintainMachineImages. The base B is {1.0.0, 1.5.3}. Gardener's B also
// holds the in-place versions 1.0.0-inplace and 1.5.3-inplace, which only M02 (in-place pool)
// uses; B is reduced to its regular versions (in-place filtering: helper_test.go).
var _ = Describe("#maintainMachineImagesAt", func() {
	now := time.Date(2026, time.November, 29, 0, 0, 0, 0, time.UTC)
	const b = "1.0.0, 1.5.3"

	// imageRun is one call of maintainMachineImagesAt on shoot.
	type imageRun struct {
		shoot   *gardencorev1beta1.Shoot
		results map[string]updateResult
		err     error
	}
	maintainImages := func(shoot *gardencorev1beta1.Shoot, cloudProfile *gardencorev1beta1.CloudProfile) imageRun {
		results, err := maintainMachineImagesAt(logr.Discard(), shoot, cloudProfile, now)
		return imageRun{shoot: shoot, results: results, err: err}
	}
	cloudProfileWith := func(strategy gardencorev1beta1.MachineImageUpdateStrategy, versions string) *gardencorev1beta1.CloudProfile {
		return &gardencorev1beta1.CloudProfile{Spec: gardencorev1beta1.CloudProfileSpec{
			MachineTypes: []gardencorev1beta1.MachineType{{Name: "local"}},
			MachineImages: []gardencorev1beta1.MachineImage{{
				Name: "gardenlinux", UpdateStrategy: ptr.To(strategy), Versions: imageVersions(now, versions),
			}},
		}}
	}
	run := func(strategy gardencorev1beta1.MachineImageUpdateStrategy, versions, current string, autoUpdate bool, architecture string) imageRun {
		shoot := &gardencorev1beta1.Shoot{Spec: gardencorev1beta1.ShootSpec{
			Kubernetes:  gardencorev1beta1.Kubernetes{Version: "1.35.0"},
			Maintenance: &gardencorev1beta1.Maintenance{AutoUpdate: &gardencorev1beta1.MaintenanceAutoUpdate{MachineImageVersion: ptr.To(autoUpdate)}},
			Provider: gardencorev1beta1.Provider{Workers: []gardencorev1beta1.Worker{{
				Name: "cpu-worker",
				Machine: gardencorev1beta1.Machine{
					Type:         "local",
					Image:        &gardencorev1beta1.ShootMachineImage{Name: "gardenlinux", Version: ptr.To(current)},
					Architecture: ptr.To(architecture),
				},
			}}},
		}}
		return maintainImages(shoot, cloudProfileWith(strategy, versions))
	}
	version := func(r imageRun) string { return *r.shoot.Spec.Provider.Workers[0].Machine.Image.Version }

	const (
		major = gardencorev1beta1.UpdateStrategyMajor
		minor = gardencorev1beta1.UpdateStrategyMinor
		patch = gardencorev1beta1.UpdateStrategyPatch
	)

	DescribeTable("vectors",
		func(strategy gardencorev1beta1.MachineImageUpdateStrategy, versions, current string, autoUpdate bool, architecture, expected string) {
			r := run(strategy, versions, current, autoUpdate, architecture)
			Expect(r.err).NotTo(HaveOccurred())
			Expect(version(r)).To(Equal(expected))
			if expected == current {
				Expect(r.results).To(BeEmpty())
				return
			}
			Expect(r.results).To(HaveLen(1))
			Expect(r.results["cpu-worker"].isSuccessful).To(BeTrue())
			Expect(r.results["cpu-worker"].description).To(Equal(`Updated machine image "gardenlinux" from "` + current + `" to "` + expected + `"`))
		},
		Entry("M01 major: overall latest", major, b, "1.0.0", true, "amd64", "1.5.3"),
		Entry("M03 major: only versions of the pool's architecture", major, b+", 1.1.2 arm64, 1.7.1", "1.0.0", true, "arm64", "1.1.2"),
		Entry("M04 major: patch first", major, b+", 1.0.2", "1.0.0", true, "amd64", "1.0.2"),
		Entry("M05 major: expired, auto-update off", major, "1.0.0 x, 1.5.3", "1.0.0", false, "amd64", "1.5.3"),
		Entry("M06 major: missing version", major, "1.1.1, 1.0.1", "1.0.0", false, "amd64", "1.0.1"),
		Entry("M08 major: already latest", major, b, "1.5.3", true, "amd64", "1.5.3"),
		Entry("M09 major: short versions keep their string", major, b+", 1, 2", "1", true, "amd64", "2"),
		Entry("M09 major: short versions, 2.0.1 listed", major, b+", 1, 2, 2.0.1", "1", true, "amd64", "2.0.1"),
		Entry("M10 patch", patch, "1.0.0, 1.0.2", "1.0.0", true, "amd64", "1.0.2"),
		Entry("M11 patch: expired, next minor not next major", patch, "2.1.0, 1.2.1, 1.2.0, 1.0.0 x", "1.0.0", false, "amd64", "1.2.1"),
		Entry("M12 patch: missing version", patch, "1.3.1, 1.2.5, 1.2.4", "1.0.0", false, "amd64", "1.2.5"),
		Entry("M13 patch: preview-only next minor skipped", patch, "1.0.0 x, 1.2.4 p, 1.4.1", "1.0.0", false, "amd64", "1.4.1"),
		Entry("M14 patch: expired next minor not skipped", patch, "1.0.0 x, 1.2.5 p, 1.2.4 x, 1.4.1", "1.0.0", false, "amd64", "1.2.4"),
		Entry("M15 patch: no patch", patch, "1.1.1, 1.2.0", "1.1.1", true, "amd64", "1.1.1"),
		Entry("M17 patch: short versions", patch, b+", 1.7, 1.8", "1.7", true, "amd64", "1.7"),
		Entry("M18 patch: missing version, patch of it", patch, b+", 1.7.3, 1.8", "1.7.2", true, "amd64", "1.7.3"),
		Entry("M19 minor: patch first", minor, "1.0.0, 1.0.6, 1.5.1, 3.2.5", "1.0.0", true, "amd64", "1.0.6"),
		Entry("M20 minor: latest of the major", minor, "1.0.0, 1.3.0, 1.5.1, 3.2.5", "1.0.0", true, "amd64", "1.5.1"),
		Entry("M21 minor: expired", minor, "1.0.0 x, 1.3.0, 1.5.1, 3.2.5", "1.0.0", false, "amd64", "1.5.1"),
		Entry("M22 minor: expired, next major", minor, "1.5.9 x, 3.4.9, 3.5.9", "1.5.9", false, "amd64", "3.5.9"),
		Entry("M23 minor: never crosses the major", minor, "1.2.4, 2.2.5", "1.2.4", true, "amd64", "1.2.4"),
		Entry("M24 major: expired, preview skipped", major, "1.0.0 x, 2.1.1 p, 3.4.1", "1.0.0", false, "amd64", "3.4.1"),
		Entry("M24 minor gives the same", minor, "1.0.0 x, 2.1.1 p, 3.4.1", "1.0.0", false, "amd64", "3.4.1"),
		Entry("M25 patch", patch, "1.0.0, 1.1.0", "1.0.0", true, "amd64", "1.0.0"),
		Entry("M25 minor", minor, "1.0.0, 1.1.0", "1.0.0", true, "amd64", "1.1.0"),
		Entry("M25 major", major, "1.0.0, 1.1.0", "1.0.0", true, "amd64", "1.1.0"),
	)

	DescribeTable("failures keep the version",
		func(strategy gardencorev1beta1.MachineImageUpdateStrategy, versions, current, description string) {
			r := run(strategy, versions, current, true, "amd64")
			Expect(version(r)).To(Equal(current))
			Expect(r.results).To(HaveLen(1))
			Expect(r.results["cpu-worker"].isSuccessful).To(BeFalse())
			Expect(r.results["cpu-worker"].reason).To(HavePrefix("Machine image version expired - force update required"))
			Expect(r.results["cpu-worker"].description).To(Equal(description))
		},
		Entry("M07 major: end of life, no downgrade", major, b+", 1.7.2 dx", "1.7.2",
			`failed to update machine image "gardenlinux": failed to determine the target version for maintenance of machine image "gardenlinux" with strategy "major": failed to determine version for forceful update: either the machine image "gardenlinux" is reaching end of life and migration to another machine image is required or there is a misconfiguration in the CloudProfile. If it is the latter, make sure the machine image in the CloudProfile has at least one version that is not expired, not in preview and greater or equal to the current Shoot image version "1.7.2"`),
		Entry("M16 patch: no suitable version", patch, b+", 1.7.2 dx", "1.7.2",
			`failed to update machine image "gardenlinux": failed to determine the target version for maintenance of machine image "gardenlinux" with strategy "patch": cannot perform forceful update of expired version "1.7.2". No suitable version found in CloudProfile - this is most likely a misconfiguration of the CloudProfile`),
	)

	It("should record the reason with the image update strategy", func() {
		Expect(run(minor, "1.0.0 x, 1.3.0", "1.0.0", false, "amd64").results["cpu-worker"].reason).To(Equal("Machine image version expired - force update required (image update strategy: minor)"))
		Expect(run(minor, "1.0.0, 1.3.0", "1.0.0", true, "amd64").results["cpu-worker"].reason).To(Equal("Automatic update of the machine image version is configured (image update strategy: minor)"))
		Expect(run(minor, "1.1.0, 1.3.0", "1.0.0", false, "amd64").results["cpu-worker"].reason).To(Equal("Version does not exist in CloudProfile"))
	})

	DescribeTable("a pool whose machine type or image the CloudProfile does not list ends the step (Gardener's)",
		func(mutate func(*gardencorev1beta1.Worker), message string) {
			shoot := run(major, b, "1.0.0", true, "amd64").shoot
			shoot.Spec.Provider.Workers[0].Machine.Image.Version = ptr.To("1.0.0")
			other := gardencorev1beta1.Worker{Name: "other", Machine: gardencorev1beta1.Machine{Type: "local", Image: &gardencorev1beta1.ShootMachineImage{Name: "gardenlinux", Version: ptr.To("1.0.0")}}}
			mutate(&other)
			shoot.Spec.Provider.Workers = append(shoot.Spec.Provider.Workers, other)
			r := maintainImages(shoot, cloudProfileWith(major, b))
			Expect(r.err).To(MatchError(message))
			Expect(r.results).To(BeNil())
		},
		Entry("machine type", func(w *gardencorev1beta1.Worker) { w.Machine.Type = "huge" }, `machine type "huge" of worker "other" does not exist in cloudprofile`),
		Entry("image", func(w *gardencorev1beta1.Worker) { w.Machine.Image.Name = "unknown" },
			`failure while determining the default machine image in the CloudProfile: no machineImage with name "unknown" (specified in shoot) could be found in the cloudProfile ""`),
	)

	It("should skip workerless Shoots and pools without an image version", func() {
		r := maintainImages(&gardencorev1beta1.Shoot{Spec: gardencorev1beta1.ShootSpec{Kubernetes: gardencorev1beta1.Kubernetes{Version: "1.35.0"}}}, &gardencorev1beta1.CloudProfile{})
		Expect(r.err).NotTo(HaveOccurred())
		Expect(r.results).To(BeEmpty())
		shoot := &gardencorev1beta1.Shoot{Spec: gardencorev1beta1.ShootSpec{Kubernetes: gardencorev1beta1.Kubernetes{Version: "1.35.0"},
			Provider: gardencorev1beta1.Provider{Workers: []gardencorev1beta1.Worker{{Name: "a", Machine: gardencorev1beta1.Machine{Type: "local"}}}}}}
		r = maintainImages(shoot, cloudProfileWith(major, b))
		Expect(r.err).NotTo(HaveOccurred())
		Expect(r.results).To(BeEmpty())
	})

	It("should filter by the machine type's capabilities (Gardener's machineCapabilities)", func() {
		cloudProfile := cloudProfileWith(major, "1.0.0, 1.5.3, 1.7.0")
		cloudProfile.Spec.MachineCapabilities = []gardencorev1beta1.CapabilityDefinition{{Name: "architecture", Values: []string{"amd64", "arm64"}}, {Name: "gpu", Values: []string{"none", "nvidia"}}}
		cloudProfile.Spec.MachineTypes[0].Capabilities = gardencorev1beta1.Capabilities{"gpu": {"nvidia"}}
		for i, gpu := range []string{"nvidia", "nvidia", "none"} {
			cloudProfile.Spec.MachineImages[0].Versions[i].CapabilityFlavors = []gardencorev1beta1.MachineImageFlavor{{Capabilities: gardencorev1beta1.Capabilities{"architecture": {"amd64"}, "gpu": {gpu}}}}
		}
		shoot := run(major, b, "1.0.0", true, "amd64").shoot
		shoot.Spec.Provider.Workers[0].Machine.Image.Version = ptr.To("1.0.0")
		r := maintainImages(shoot, cloudProfile)
		Expect(r.err).NotTo(HaveOccurred())
		Expect(version(r)).To(Equal("1.5.3"), "1.7.0 has no nvidia flavor")
	})
})

// Gardener's #maintainMachineImages kubeletVersionConstraint cases: versions whose constraint
// excludes the pool's kubelet version (the pool's Kubernetes version, else the control plane's)
// are no candidates.
var _ = Describe("#maintainMachineImagesAt with kubeletVersionConstraint", func() {
	now := time.Date(2026, time.November, 29, 0, 0, 0, 0, time.UTC)

	run := func(controlPlane string, poolVersion *string, constraints map[string]string, expired ...string) (*gardencorev1beta1.Shoot, map[string]updateResult) {
		shoot := &gardencorev1beta1.Shoot{Spec: gardencorev1beta1.ShootSpec{
			Kubernetes:  gardencorev1beta1.Kubernetes{Version: controlPlane},
			Maintenance: &gardencorev1beta1.Maintenance{AutoUpdate: &gardencorev1beta1.MaintenanceAutoUpdate{MachineImageVersion: ptr.To(true)}},
			Provider: gardencorev1beta1.Provider{Workers: []gardencorev1beta1.Worker{{
				Name:    "cpu-worker",
				Machine: gardencorev1beta1.Machine{Type: "local", Image: &gardencorev1beta1.ShootMachineImage{Name: "gardenlinux", Version: ptr.To("1.0.0")}},
			}}},
		}}
		if poolVersion != nil {
			shoot.Spec.Provider.Workers[0].Kubernetes = &gardencorev1beta1.WorkerKubernetes{Version: poolVersion}
		}
		versions := imageVersions(now, "1.0.0, 1.0.1, 1.1.0, 1.5.3")
		for i := range versions {
			if c, ok := constraints[versions[i].Version]; ok {
				versions[i].KubeletVersionConstraint = ptr.To(c)
			}
			if slices.Contains(expired, versions[i].Version) {
				versions[i].ExpirationDate = &metav1.Time{Time: now.Add(-time.Hour)}
			}
		}
		cloudProfile := &gardencorev1beta1.CloudProfile{Spec: gardencorev1beta1.CloudProfileSpec{
			MachineTypes: []gardencorev1beta1.MachineType{{Name: "local"}},
			MachineImages: []gardencorev1beta1.MachineImage{{
				Name: "gardenlinux", UpdateStrategy: ptr.To(gardencorev1beta1.UpdateStrategyMajor), Versions: versions,
			}},
		}}
		results, err := maintainMachineImagesAt(logr.Discard(), shoot, cloudProfile, now)
		Expect(err).NotTo(HaveOccurred())
		return shoot, results
	}
	version := func(shoot *gardencorev1beta1.Shoot) string {
		return *shoot.Spec.Provider.Workers[0].Machine.Image.Version
	}

	It("should not update when no version admits the control plane's kubelet version", func() {
		shoot, results := run("1.26.0", nil, map[string]string{"1.0.1": "< 1.26", "1.5.3": "< 1.26", "1.1.0": "< 1.26"})
		Expect(version(shoot)).To(Equal("1.0.0"))
		Expect(results).To(BeEmpty())
	})

	It("should update to a version that admits the control plane's kubelet version", func() {
		shoot, _ := run("1.25.1", nil, map[string]string{"1.0.1": "< 1.26"})
		Expect(version(shoot)).To(Equal("1.0.1"))
	})

	It("should not update when no version admits the pool's kubelet version", func() {
		shoot, results := run("1.26.0", ptr.To("1.25.0"), map[string]string{"1.0.1": ">= 1.26", "1.5.3": ">= 1.26", "1.1.0": ">= 1.26"})
		Expect(version(shoot)).To(Equal("1.0.0"))
		Expect(results).To(BeEmpty())
	})

	It("should update to a version that admits the pool's kubelet version, not the control plane's", func() {
		shoot, results := run("1.27.0", ptr.To("1.26.0"), map[string]string{"1.0.1": ">= 1.27", "1.1.0": ">= 1.26", "1.5.3": ">= 1.27"})
		Expect(version(shoot)).To(Equal("1.1.0"))
		Expect(results["cpu-worker"].description).To(Equal(`Updated machine image "gardenlinux" from "1.0.0" to "1.1.0"`))
	})

	It("should leave versions that require a newer kubelet out of a forced update (a 1.35 pool)", func() {
		shoot, results := run("1.35.2", nil, map[string]string{"1.0.1": ">= 1.36", "1.5.3": ">= 1.36"}, "1.0.0")
		Expect(version(shoot)).To(Equal("1.1.0"))
		Expect(results["cpu-worker"].reason).To(Equal("Machine image version expired - force update required (image update strategy: major)"))
	})
})
