// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package helper

import (
	"slices"
	"strings"
	"time"

	"github.com/Masterminds/semver/v3"
	"k8s.io/apimachinery/pkg/util/sets"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	versionutils "github.com/gep-78/gardener/pkg/utils/version"
)

// CurrentLifecycleClassification is CurrentLifecycleClassificationAt at time.Now.
func CurrentLifecycleClassification(version gardencorev1beta1.ExpirableVersion) gardencorev1beta1.VersionClassification {
	return CurrentLifecycleClassificationAt(version, time.Now())
}

// DurationUntilNextVersionTransition returns the time from now until the next lifecycle transition
// of any Kubernetes or machine image version of the profile, 0 when there is none.
func DurationUntilNextVersionTransition(cloudProfileSpec *gardencorev1beta1.CloudProfileSpec, now time.Time) time.Duration {
	d, _ := DurationUntilNextTransition(now, CloudProfileLifecycles(*cloudProfileSpec)...)
	return d
}

// DetermineMachineImageForName returns the machine image of cloudProfile whose name equals name
// ignoring case, and whether there is one.
func DetermineMachineImageForName(cloudProfile *gardencorev1beta1.CloudProfile, name string) (bool, gardencorev1beta1.MachineImage) {
	for _, image := range cloudProfile.Spec.MachineImages {
		if strings.EqualFold(image.Name, name) {
			return true, image
		}
	}
	return false, gardencorev1beta1.MachineImage{}
}

// ToExpirableVersions returns the ExpirableVersion of each machine image version, in order
// (never nil).
func ToExpirableVersions(versions []gardencorev1beta1.MachineImageVersion) []gardencorev1beta1.ExpirableVersion {
	out := make([]gardencorev1beta1.ExpirableVersion, 0, len(versions))
	for _, v := range versions {
		out = append(out, v.ExpirableVersion)
	}
	return out
}

// FindMachineImageVersion returns the version entry of the named image, and whether there is one.
func FindMachineImageVersion(machineImages []gardencorev1beta1.MachineImage, name, version string) (gardencorev1beta1.MachineImageVersion, bool) {
	for _, image := range machineImages {
		if image.Name != name {
			continue
		}
		for _, v := range image.Versions {
			if v.Version == version {
				return v, true
			}
		}
	}
	return gardencorev1beta1.MachineImageVersion{}, false
}

// VersionPredicate reports whether a version is to be excluded from a selection; version is
// expirableVersion.Version parsed with semver.NewVersion.
type VersionPredicate func(expirableVersion gardencorev1beta1.ExpirableVersion, version *semver.Version) (bool, error)

// GetLatestVersionForPatchAutoUpdate is GetLatestVersionForPatchAutoUpdateAt at time.Now.
func GetLatestVersionForPatchAutoUpdate(versions []gardencorev1beta1.ExpirableVersion, currentVersion string) (bool, string, error) {
	return GetLatestVersionForPatchAutoUpdateAt(versions, currentVersion, time.Now())
}

// GetLatestVersionForMinorAutoUpdate is GetLatestVersionForMinorAutoUpdateAt at time.Now.
func GetLatestVersionForMinorAutoUpdate(versions []gardencorev1beta1.ExpirableVersion, currentVersion string) (bool, string, error) {
	return GetLatestVersionForMinorAutoUpdateAt(versions, currentVersion, time.Now())
}

// GetOverallLatestVersionForAutoUpdate is GetOverallLatestVersionForAutoUpdateAt at time.Now.
func GetOverallLatestVersionForAutoUpdate(versions []gardencorev1beta1.ExpirableVersion, currentVersion string) (bool, string, error) {
	return GetOverallLatestVersionForAutoUpdateAt(versions, currentVersion, time.Now())
}

// GetVersionForForcefulUpdateToConsecutiveMinor is GetVersionForForcefulUpdateToConsecutiveMinorAt
// at time.Now.
func GetVersionForForcefulUpdateToConsecutiveMinor(versions []gardencorev1beta1.ExpirableVersion, currentVersion string) (bool, string, error) {
	return GetVersionForForcefulUpdateToConsecutiveMinorAt(versions, currentVersion, time.Now())
}

// GetVersionForForcefulUpdateToNextHigherMinor is GetVersionForForcefulUpdateToNextHigherMinorAt at
// time.Now.
func GetVersionForForcefulUpdateToNextHigherMinor(versions []gardencorev1beta1.ExpirableVersion, currentVersion string) (bool, string, error) {
	return GetVersionForForcefulUpdateToNextHigherMinorAt(versions, currentVersion, time.Now())
}

// GetVersionForForcefulUpdateToNextHigherMajor is GetVersionForForcefulUpdateToNextHigherMajorAt at
// time.Now.
func GetVersionForForcefulUpdateToNextHigherMajor(versions []gardencorev1beta1.ExpirableVersion, currentVersion string) (bool, string, error) {
	return GetVersionForForcefulUpdateToNextHigherMajorAt(versions, currentVersion, time.Now())
}

// GetLatestQualifyingVersion is GetLatestQualifyingVersionAt at time.Now.
func GetLatestQualifyingVersion(versions []gardencorev1beta1.ExpirableVersion, predicate ...VersionPredicate) (qualifyingVersionFound bool, latest *gardencorev1beta1.ExpirableVersion, err error) {
	return GetLatestQualifyingVersionAt(versions, time.Now(), predicate...)
}

// FilterDifferentMajorMinorVersionAndLowerPatchVersionsOfSameMinor excludes versions outside the
// tilde range of currentSemVerVersion after normalisation (versionutils.CompareVersions "~").
func FilterDifferentMajorMinorVersionAndLowerPatchVersionsOfSameMinor(currentSemVerVersion semver.Version) VersionPredicate {
	return func(_ gardencorev1beta1.ExpirableVersion, v *semver.Version) (bool, error) {
		within, err := versionutils.CompareVersions(v.String(), "~", currentSemVerVersion.String())
		if err != nil {
			return true, err
		}
		return !within, nil
	}
}

// FilterNonConsecutiveMinorVersion excludes versions of another major or of a minor other than
// currentSemVerVersion's minor+1.
func FilterNonConsecutiveMinorVersion(currentSemVerVersion semver.Version) VersionPredicate {
	return func(_ gardencorev1beta1.ExpirableVersion, v *semver.Version) (bool, error) {
		return v.Major() != currentSemVerVersion.Major() || v.Minor() != currentSemVerVersion.Minor()+1, nil
	}
}

// FilterDifferentMajorVersion excludes versions of another major.
func FilterDifferentMajorVersion(currentSemVerVersion semver.Version) VersionPredicate {
	return func(_ gardencorev1beta1.ExpirableVersion, v *semver.Version) (bool, error) {
		return v.Major() != currentSemVerVersion.Major(), nil
	}
}

// FilterEqualAndSmallerMajorVersion excludes versions whose major is not above the current one.
func FilterEqualAndSmallerMajorVersion(currentSemVerVersion semver.Version) VersionPredicate {
	return func(_ gardencorev1beta1.ExpirableVersion, v *semver.Version) (bool, error) {
		return v.Major() <= currentSemVerVersion.Major(), nil
	}
}

// FilterEqualAndSmallerMinorVersion excludes versions whose minor is not above the current one,
// majors not compared.
func FilterEqualAndSmallerMinorVersion(currentSemVerVersion semver.Version) VersionPredicate {
	return func(_ gardencorev1beta1.ExpirableVersion, v *semver.Version) (bool, error) {
		return v.Minor() <= currentSemVerVersion.Minor(), nil
	}
}

// FilterSameVersion excludes versions equal to currentSemVerVersion by semver precedence (build
// metadata ignored).
func FilterSameVersion(currentSemVerVersion semver.Version) VersionPredicate {
	return func(_ gardencorev1beta1.ExpirableVersion, v *semver.Version) (bool, error) {
		return v.Equal(&currentSemVerVersion), nil
	}
}

// FilterLowerVersion excludes versions lower than currentSemVerVersion.
func FilterLowerVersion(currentSemVerVersion semver.Version) VersionPredicate {
	return func(_ gardencorev1beta1.ExpirableVersion, v *semver.Version) (bool, error) {
		return v.LessThan(&currentSemVerVersion), nil
	}
}

// FilterExpiredVersion is FilterExpiredVersionAt at time.Now (taken on each evaluation).
func FilterExpiredVersion() func(expirableVersion gardencorev1beta1.ExpirableVersion, version *semver.Version) (bool, error) {
	return func(expirableVersion gardencorev1beta1.ExpirableVersion, version *semver.Version) (bool, error) {
		return FilterExpiredVersionAt(time.Now())(expirableVersion, version)
	}
}

// FilterDeprecatedVersion is FilterDeprecatedVersionAt at time.Now (taken on each evaluation).
func FilterDeprecatedVersion() func(expirableVersion gardencorev1beta1.ExpirableVersion, version *semver.Version) (bool, error) {
	return func(expirableVersion gardencorev1beta1.ExpirableVersion, version *semver.Version) (bool, error) {
		return FilterDeprecatedVersionAt(time.Now())(expirableVersion, version)
	}
}

// GetArchitecturesFromImageVersion returns the architectures a machine image version supports, from
// its capabilityFlavors, else the capability definitions, else its architectures field.
func GetArchitecturesFromImageVersion(imageVersion gardencorev1beta1.MachineImageVersion, capabilityDefinitions []gardencorev1beta1.CapabilityDefinition) []string {
	var architectures []string
	if len(imageVersion.CapabilityFlavors) == 0 {
		if i := slices.IndexFunc(capabilityDefinitions, func(d gardencorev1beta1.CapabilityDefinition) bool { return d.Name == architectureCapability }); i >= 0 {
			architectures = capabilityDefinitions[i].Values
		}
	}
	for _, flavor := range imageVersion.CapabilityFlavors {
		for _, architecture := range flavor.Capabilities[architectureCapability] {
			if !slices.Contains(architectures, architecture) {
				architectures = append(architectures, architecture)
			}
		}
	}
	if len(architectures) > 0 {
		return architectures
	}
	return imageVersion.Architectures
}

// ArchitectureSupportedByImageVersion reports whether architecture is one of the version's
// architectures (GetArchitecturesFromImageVersion); a version that yields none supports none.
func ArchitectureSupportedByImageVersion(version gardencorev1beta1.MachineImageVersion, architecture string, capabilityDefinitions []gardencorev1beta1.CapabilityDefinition) bool {
	return slices.Contains(GetArchitecturesFromImageVersion(version, capabilityDefinitions), architecture)
}

// VersionIsExpired reports whether version is classified expired now.
func VersionIsExpired(version gardencorev1beta1.ExpirableVersion) bool {
	return CurrentLifecycleClassification(version) == gardencorev1beta1.ClassificationExpired
}

// KubernetesVersionExistsInCloudProfile returns whether the profile lists currentVersion
// (compared as versions) and its entry; an error if a version does not parse.
func KubernetesVersionExistsInCloudProfile(cloudProfile *gardencorev1beta1.CloudProfile, currentVersion string) (bool, gardencorev1beta1.ExpirableVersion, error) {
	for _, version := range cloudProfile.Spec.Kubernetes.Versions {
		equal, err := versionutils.CompareVersions(version.Version, "=", currentVersion)
		if err != nil {
			return false, gardencorev1beta1.ExpirableVersion{}, err
		}
		if equal {
			return true, version, nil
		}
	}
	return false, gardencorev1beta1.ExpirableVersion{}, nil
}

// ShootMachineImageVersionExists returns whether constraint, an image of the same name, lists
// the image's version, and its index.
func ShootMachineImageVersionExists(constraint gardencorev1beta1.MachineImage, image gardencorev1beta1.ShootMachineImage) (bool, int) {
	if constraint.Name != image.Name || image.Version == nil {
		return false, 0
	}
	if i := slices.IndexFunc(constraint.Versions, func(v gardencorev1beta1.MachineImageVersion) bool { return v.Version == *image.Version }); i >= 0 {
		return true, i
	}
	return false, 0
}

// FindMachineTypeByName returns the machine type of the given name, or nil.
func FindMachineTypeByName(machines []gardencorev1beta1.MachineType, name string) *gardencorev1beta1.MachineType {
	if i := slices.IndexFunc(machines, func(m gardencorev1beta1.MachineType) bool { return m.Name == name }); i >= 0 {
		return &machines[i]
	}
	return nil
}

// GetCapabilitiesIntersection returns, for every capability of the first set, the values all
// sets share (an empty list when they share none).
func GetCapabilitiesIntersection(capabilitiesList ...gardencorev1beta1.Capabilities) gardencorev1beta1.Capabilities {
	intersection := gardencorev1beta1.Capabilities{}
	if len(capabilitiesList) == 0 {
		return intersection
	}
	for name, values := range capabilitiesList[0] {
		shared := sets.New(values...)
		for _, other := range capabilitiesList[1:] {
			shared = shared.Intersection(sets.New(other[name]...))
		}
		intersection[name] = sets.List(shared)
	}
	return intersection
}

// AreCapabilitiesCompatible reports whether two capability sets, each completed with the
// definitions' values, share a value of every capability.
func AreCapabilitiesCompatible(capabilities1, capabilities2 gardencorev1beta1.Capabilities, capabilityDefinitions []gardencorev1beta1.CapabilityDefinition) bool {
	shared := GetCapabilitiesIntersection(
		gardencorev1beta1.GetCapabilitiesWithAppliedDefaults(capabilities1, capabilityDefinitions),
		gardencorev1beta1.GetCapabilitiesWithAppliedDefaults(capabilities2, capabilityDefinitions),
	)
	for _, values := range shared {
		if len(values) == 0 {
			return false
		}
	}
	return true
}

// AreCapabilitiesSupportedByImageFlavors reports whether one of the image flavors is compatible
// with capabilities; an image without flavors supports everything.
func AreCapabilitiesSupportedByImageFlavors(capabilities gardencorev1beta1.Capabilities, imageFlavors []gardencorev1beta1.MachineImageFlavor, capabilityDefinitions []gardencorev1beta1.CapabilityDefinition) bool {
	if len(imageFlavors) == 0 {
		return true
	}
	return slices.ContainsFunc(imageFlavors, func(flavor gardencorev1beta1.MachineImageFlavor) bool {
		return AreCapabilitiesCompatible(flavor.Capabilities, capabilities, capabilityDefinitions)
	})
}
