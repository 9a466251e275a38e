// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package helper_test

import (
	"time"

	"github.com/Masterminds/semver/v3"
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	"github.com/onsi/gomega/types"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"

	. "github.com/gep-78/gardener/pkg/api/core/v1beta1/helper"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
)

var _ = Describe("Gardener's CloudProfile helpers without a time", func() {
	// Relative to the wall clock, so that the functions classifying at time.Now see the same tags.
	now := time.Now()

	It("select as their At variants do at time.Now", func() {
		versions := ExpirableVersions(now.Add(-24*time.Hour), "1.34.1 x, 1.34.3 d, 1.34.2, 1.35.0, 1.35.4 p, 2.0.0")
		versions = append(versions, ExpirableVersions(now, "1.34.4 x")...)
		for _, c := range []struct {
			upstream func([]gardencorev1beta1.ExpirableVersion, string) (bool, string, error)
			at       func([]gardencorev1beta1.ExpirableVersion, string, time.Time) (bool, string, error)
			expected string
		}{
			{GetLatestVersionForPatchAutoUpdate, GetLatestVersionForPatchAutoUpdateAt, "1.34.2"},
			{GetLatestVersionForMinorAutoUpdate, GetLatestVersionForMinorAutoUpdateAt, "1.34.2"},
			{GetOverallLatestVersionForAutoUpdate, GetOverallLatestVersionForAutoUpdateAt, "1.34.2"},
			{GetVersionForForcefulUpdateToConsecutiveMinor, GetVersionForForcefulUpdateToConsecutiveMinorAt, "1.35.0"},
			{GetVersionForForcefulUpdateToNextHigherMinor, GetVersionForForcefulUpdateToNextHigherMinorAt, "1.35.0"},
			{GetVersionForForcefulUpdateToNextHigherMajor, GetVersionForForcefulUpdateToNextHigherMajorAt, "2.0.0"},
		} {
			found, target, err := c.upstream(versions, "1.34.1")
			Expect(err).NotTo(HaveOccurred())
			Expect(found).To(BeTrue())
			Expect(target).To(Equal(c.expected))
			_, atTarget, err := c.at(versions, "1.34.1", time.Now())
			Expect(err).NotTo(HaveOccurred())
			Expect(atTarget).To(Equal(target))
		}

		found, latest, err := GetLatestQualifyingVersion(versions, FilterExpiredVersion(), FilterDeprecatedVersion(), nil)
		Expect(err).NotTo(HaveOccurred())
		Expect(found).To(BeTrue())
		Expect(latest.Version).To(Equal("2.0.0"))
	})

	DescribeTable("version predicates exclude",
		func(predicate VersionPredicate, version string, excluded bool) {
			exclude, err := predicate(gardencorev1beta1.ExpirableVersion{Version: version}, semver.MustParse(version))
			Expect(err).NotTo(HaveOccurred())
			Expect(exclude).To(Equal(excluded))
		},
		Entry("other minor outside the tilde range", FilterDifferentMajorMinorVersionAndLowerPatchVersionsOfSameMinor(*semver.MustParse("1.2.3")), "1.3.0", true),
		Entry("higher patch within the tilde range", FilterDifferentMajorMinorVersionAndLowerPatchVersionsOfSameMinor(*semver.MustParse("1.2.3")), "1.2.5", false),
		Entry("minor+2 as non-consecutive", FilterNonConsecutiveMinorVersion(*semver.MustParse("1.2.3")), "1.4.0", true),
		Entry("minor+1 not", FilterNonConsecutiveMinorVersion(*semver.MustParse("1.2.3")), "1.3.9", false),
		Entry("another major", FilterDifferentMajorVersion(*semver.MustParse("1.2.3")), "2.0.0", true),
		Entry("an equal major", FilterEqualAndSmallerMajorVersion(*semver.MustParse("1.2.3")), "1.9.0", true),
		Entry("a higher major not", FilterEqualAndSmallerMajorVersion(*semver.MustParse("1.2.3")), "2.0.0", false),
		Entry("an equal minor", FilterEqualAndSmallerMinorVersion(*semver.MustParse("1.2.3")), "1.2.9", true),
		Entry("a higher minor not", FilterEqualAndSmallerMinorVersion(*semver.MustParse("1.2.3")), "1.3.0", false),
		Entry("the same version", FilterSameVersion(*semver.MustParse("1.2.3")), "1.2.3", true),
		Entry("a lower version", FilterLowerVersion(*semver.MustParse("1.2.3")), "1.2.2", true),
		Entry("a higher version not", FilterLowerVersion(*semver.MustParse("1.2.3")), "1.2.4", false),
	)

	It("#FindMachineImageVersion finds the version of the named image", func() {
		images := []gardencorev1beta1.MachineImage{
			{Name: "gl", Versions: []gardencorev1beta1.MachineImageVersion{{ExpirableVersion: gardencorev1beta1.ExpirableVersion{Version: "1.0.0"}}}},
		}
		v, found := FindMachineImageVersion(images, "gl", "1.0.0")
		Expect(found).To(BeTrue())
		Expect(v.Version).To(Equal("1.0.0"))
		_, found = FindMachineImageVersion(images, "gl", "2.0.0")
		Expect(found).To(BeFalse())
		_, found = FindMachineImageVersion(images, "other", "1.0.0")
		Expect(found).To(BeFalse())
	})

	DescribeTable("#ArchitectureSupportedByImageVersion",
		func(version gardencorev1beta1.MachineImageVersion, definitions []gardencorev1beta1.CapabilityDefinition, architecture string, supported bool) {
			Expect(ArchitectureSupportedByImageVersion(version, architecture, definitions)).To(Equal(supported))
		},
		Entry("listed architecture", gardencorev1beta1.MachineImageVersion{Architectures: []string{"arm64"}}, nil, "arm64", true),
		Entry("unlisted architecture", gardencorev1beta1.MachineImageVersion{Architectures: []string{"arm64"}}, nil, "amd64", false),
		Entry("none listed: none supported", gardencorev1beta1.MachineImageVersion{}, nil, "amd64", false),
		Entry("none listed: not arm64", gardencorev1beta1.MachineImageVersion{}, nil, "arm64", false),
		Entry("flavors win over the field", gardencorev1beta1.MachineImageVersion{Architectures: []string{"amd64"},
			CapabilityFlavors: []gardencorev1beta1.MachineImageFlavor{{Capabilities: gardencorev1beta1.Capabilities{"architecture": {"arm64"}}}}}, nil, "amd64", false),
		Entry("no flavors: the defined architectures", gardencorev1beta1.MachineImageVersion{},
			[]gardencorev1beta1.CapabilityDefinition{{Name: "architecture", Values: []string{"amd64", "arm64"}}}, "arm64", true),
	)

	DescribeTable("#ArchitectureSupportedByDefaultedImageVersion",
		func(version gardencorev1beta1.MachineImageVersion, definitions []gardencorev1beta1.CapabilityDefinition, architecture string, supported bool) {
			Expect(ArchitectureSupportedByDefaultedImageVersion(version, architecture, definitions)).To(Equal(supported))
		},
		Entry("listed architecture", gardencorev1beta1.MachineImageVersion{Architectures: []string{"arm64"}}, nil, "arm64", true),
		Entry("unlisted architecture", gardencorev1beta1.MachineImageVersion{Architectures: []string{"arm64"}}, nil, "amd64", false),
		Entry("none listed: amd64", gardencorev1beta1.MachineImageVersion{}, nil, "amd64", true),
		Entry("none listed: not arm64", gardencorev1beta1.MachineImageVersion{}, nil, "arm64", false),
		Entry("flavors win over the field", gardencorev1beta1.MachineImageVersion{Architectures: []string{"amd64"},
			CapabilityFlavors: []gardencorev1beta1.MachineImageFlavor{{Capabilities: gardencorev1beta1.Capabilities{"architecture": {"arm64"}}}}}, nil, "amd64", false),
		Entry("no flavors: the defined architectures", gardencorev1beta1.MachineImageVersion{},
			[]gardencorev1beta1.CapabilityDefinition{{Name: "architecture", Values: []string{"amd64", "arm64"}}}, "arm64", true),
	)

	It("#CurrentLifecycleClassification classifies at time.Now, legacy fields included", func() {
		versions := ExpirableVersions(now, "1.0.0, 1.1.0 p, 1.2.0 d, 1.3.0 x, 1.4.0 u")
		var classifications []gardencorev1beta1.VersionClassification
		for _, v := range versions {
			classifications = append(classifications, CurrentLifecycleClassification(v))
			Expect(CurrentLifecycleClassificationAt(v, now)).To(Equal(classifications[len(classifications)-1]))
		}
		Expect(classifications).To(Equal([]gardencorev1beta1.VersionClassification{
			gardencorev1beta1.ClassificationSupported, gardencorev1beta1.ClassificationPreview, gardencorev1beta1.ClassificationDeprecated,
			gardencorev1beta1.ClassificationExpired, gardencorev1beta1.ClassificationUnavailable,
		}))
	})

	It("#DurationUntilNextVersionTransition returns the time until the earliest future transition, 0 without one", func() {
		spec := gardencorev1beta1.CloudProfileSpec{
			Kubernetes: gardencorev1beta1.KubernetesSettings{Versions: ExpirableVersions(now, "1.0.0 x, 1.1.0 u")},
			MachineImages: []gardencorev1beta1.MachineImage{{Name: "gl", Versions: []gardencorev1beta1.MachineImageVersion{
				{ExpirableVersion: gardencorev1beta1.ExpirableVersion{Version: "1.0.0", ExpirationDate: &metav1.Time{Time: now.Add(30 * time.Minute)}}},
			}}},
		}
		Expect(DurationUntilNextVersionTransition(&spec, now)).To(Equal(30 * time.Minute))
		Expect(DurationUntilNextVersionTransition(&spec, now.Add(2*time.Hour))).To(BeZero())
	})
})

var _ = Describe("Gardener's CloudProfile look-ups", func() {
	profile := &gardencorev1beta1.CloudProfile{Spec: gardencorev1beta1.CloudProfileSpec{
		Kubernetes:   gardencorev1beta1.KubernetesSettings{Versions: []gardencorev1beta1.ExpirableVersion{{Version: "1.34.2"}, {Version: "1.35.0"}}},
		MachineTypes: []gardencorev1beta1.MachineType{{Name: "small"}, {Name: "large"}},
	}}

	DescribeTable("#KubernetesVersionExistsInCloudProfile",
		func(version string, exists bool, matchErr types.GomegaMatcher) {
			found, entry, err := KubernetesVersionExistsInCloudProfile(profile, version)
			Expect(err).To(matchErr)
			Expect(found).To(Equal(exists))
			if exists {
				Expect(entry.Version).To(Equal("1.35.0"))
			}
		},
		Entry("listed", "1.35.0", true, Not(HaveOccurred())),
		Entry("listed in another notation", "v1.35.0", true, Not(HaveOccurred())),
		Entry("not listed", "1.35.1", false, Not(HaveOccurred())),
		Entry("not a version", "one", false, HaveOccurred()),
	)

	It("#VersionIsExpired classifies at time.Now", func() {
		Expect(VersionIsExpired(gardencorev1beta1.ExpirableVersion{Version: "1.0.0"})).To(BeFalse())
		Expect(VersionIsExpired(gardencorev1beta1.ExpirableVersion{Version: "1.0.0", ExpirationDate: &metav1.Time{Time: time.Now().Add(-time.Minute)}})).To(BeTrue())
	})

	DescribeTable("#ShootMachineImageVersionExists",
		func(image gardencorev1beta1.ShootMachineImage, exists bool, index int) {
			constraint := gardencorev1beta1.MachineImage{Name: "gardenlinux", Versions: []gardencorev1beta1.MachineImageVersion{
				{ExpirableVersion: gardencorev1beta1.ExpirableVersion{Version: "1.0.0"}}, {ExpirableVersion: gardencorev1beta1.ExpirableVersion{Version: "1.1.0"}},
			}}
			found, i := ShootMachineImageVersionExists(constraint, image)
			Expect([]any{found, i}).To(Equal([]any{exists, index}))
		},
		Entry("listed", gardencorev1beta1.ShootMachineImage{Name: "gardenlinux", Version: ptr.To("1.1.0")}, true, 1),
		Entry("another image", gardencorev1beta1.ShootMachineImage{Name: "suse", Version: ptr.To("1.1.0")}, false, 0),
		Entry("not listed", gardencorev1beta1.ShootMachineImage{Name: "gardenlinux", Version: ptr.To("1.2.0")}, false, 0),
		Entry("no version", gardencorev1beta1.ShootMachineImage{Name: "gardenlinux"}, false, 0),
	)

	It("#FindMachineTypeByName returns the entry or nil", func() {
		Expect(FindMachineTypeByName(profile.Spec.MachineTypes, "large")).To(BeIdenticalTo(&profile.Spec.MachineTypes[1]))
		Expect(FindMachineTypeByName(profile.Spec.MachineTypes, "huge")).To(BeNil())
	})
})

var _ = Describe("Gardener's capability helpers", func() {
	definitions := []gardencorev1beta1.CapabilityDefinition{
		{Name: "architecture", Values: []string{"amd64", "arm64"}},
		{Name: "gpu", Values: []string{"none", "nvidia"}},
	}

	DescribeTable("#GetCapabilitiesIntersection",
		func(list []gardencorev1beta1.Capabilities, expected gardencorev1beta1.Capabilities) {
			Expect(GetCapabilitiesIntersection(list...)).To(Equal(expected))
		},
		Entry("none", nil, gardencorev1beta1.Capabilities{}),
		Entry("one", []gardencorev1beta1.Capabilities{{"gpu": {"none"}}}, gardencorev1beta1.Capabilities{"gpu": {"none"}}),
		Entry("shared values of the first set's capabilities",
			[]gardencorev1beta1.Capabilities{{"architecture": {"arm64", "amd64"}, "gpu": {"none"}}, {"architecture": {"amd64"}}},
			gardencorev1beta1.Capabilities{"architecture": {"amd64"}, "gpu": {}}),
	)

	DescribeTable("#AreCapabilitiesSupportedByImageFlavors",
		func(machine gardencorev1beta1.Capabilities, flavors []gardencorev1beta1.MachineImageFlavor, supported bool) {
			Expect(AreCapabilitiesSupportedByImageFlavors(machine, flavors, definitions)).To(Equal(supported))
		},
		Entry("an image without flavors supports everything", gardencorev1beta1.Capabilities{"gpu": {"nvidia"}}, nil, true),
		Entry("a flavor sharing every capability",
			gardencorev1beta1.Capabilities{"architecture": {"arm64"}, "gpu": {"nvidia"}},
			[]gardencorev1beta1.MachineImageFlavor{{Capabilities: gardencorev1beta1.Capabilities{"architecture": {"amd64"}}}, {Capabilities: gardencorev1beta1.Capabilities{"architecture": {"arm64"}}}}, true),
		Entry("a missing capability takes every defined value",
			gardencorev1beta1.Capabilities{"architecture": {"amd64"}},
			[]gardencorev1beta1.MachineImageFlavor{{Capabilities: gardencorev1beta1.Capabilities{"architecture": {"amd64"}, "gpu": {"nvidia"}}}}, true),
		Entry("no flavor shares the gpu",
			gardencorev1beta1.Capabilities{"architecture": {"amd64"}, "gpu": {"nvidia"}},
			[]gardencorev1beta1.MachineImageFlavor{{Capabilities: gardencorev1beta1.Capabilities{"gpu": {"none"}}}}, false),
	)

	It("#AreCapabilitiesCompatible ignores capabilities that are not defined", func() {
		Expect(AreCapabilitiesCompatible(gardencorev1beta1.Capabilities{"other": {"x"}}, gardencorev1beta1.Capabilities{"other": {"y"}}, definitions)).To(BeTrue())
		Expect(AreCapabilitiesCompatible(gardencorev1beta1.Capabilities{"gpu": {"none"}}, gardencorev1beta1.Capabilities{"gpu": {"nvidia"}}, definitions)).To(BeFalse())
	})
})
