// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package helper

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/Masterminds/semver/v3"
	"k8s.io/apimachinery/pkg/util/validation/field"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	v1beta1constants "github.com/gep-78/gardener/pkg/apis/core/v1beta1/constants"
	versionutils "github.com/gep-78/gardener/pkg/utils/version"
)

// This file holds the CloudProfile look-ups of Shoot admission: defaulting and resolving
// spec.kubernetes.version and worker machine images (Gardener's ShootMutator), and the
// classification of a CloudProfile version at a given time (Gardener's ShootValidator). Partial
// versions follow the one rule of pkg/utils/version (ParsePartialVersion, PartialVersion.Matches)
// that GEP-78 component pins use too.

// CurrentLifecycleClassification is CurrentLifecycleClassificationAt at time.Now.
func CurrentLifecycleClassification(version gardencorev1beta1.ExpirableVersion) gardencorev1beta1.VersionClassification {
	return CurrentLifecycleClassificationAt(version, time.Now())
}

// CurrentLifecycleClassificationAt returns the GEP-32 classification of a CloudProfile Kubernetes
// or machine image version at now: CurrentClassification of its lifecycle, or of the stages its
// legacy classification and expirationDate stand for (ExpirableVersionLifecycle); no data means
// supported.
func CurrentLifecycleClassificationAt(version gardencorev1beta1.ExpirableVersion, now time.Time) gardencorev1beta1.VersionClassification {
	return CurrentClassification(ExpirableVersionLifecycle(version), now)
}

// DurationUntilNextVersionTransition returns the time from now until the earliest lifecycle
// transition after now of any Kubernetes or machine image version of the profile (legacy
// expirationDates included), and 0 when there is none.
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

// parseRequestedVersion parses a requested Shoot version that IsPartial: "" matches every
// version, otherwise versionutils.ParsePartialVersion applies (one or two numeric parts, one
// leading "v" accepted).
func parseRequestedVersion(requested string) (versionutils.PartialVersion, bool, error) {
	if requested == "" {
		return versionutils.PartialVersion{}, true, nil
	}
	prefix, err := versionutils.ParsePartialVersion(requested)
	return prefix, false, err
}

// matches reports whether v lies in the requested prefix (any release version when any is set).
func matches(prefix versionutils.PartialVersion, anyVersion bool, v *semver.Version) bool {
	if anyVersion {
		return v != nil && v.Prerelease() == ""
	}
	return prefix.Matches(v)
}

// ResolveKubernetesVersion returns the Kubernetes version a Shoot gets for the requested
// spec.kubernetes.version, with Gardener's ShootMutator rules:
//   - a version with three or more dot-separated parts is returned unchanged (ShootValidator
//     checks that the CloudProfile offers it);
//   - an empty version, or a partial one ("1", "1.35", optionally with a leading "v"), resolves
//     to the highest version of the profile that matches it and is classified exactly supported at
//     now (preview, deprecated, expired and unavailable versions must be chosen explicitly);
//   - but when current (the version stored before an update, "" on create) is a full version
//     that matches the request, current is kept: re-applying a manifest that says "1.35" (or no
//     version) never moves a Shoot to another patch version outside its maintenance window.
//
// Errors are on fldPath: Invalid "must be a semantic version" for a malformed request, Invalid
// naming the rule when nothing matches. Both quote the request as given (callers bound its
// length first).
func ResolveKubernetesVersion(fldPath *field.Path, versions []gardencorev1beta1.ExpirableVersion, requested, current string, now time.Time) (string, *field.Error) {
	if !versionutils.IsPartial(requested) {
		return requested, nil
	}
	prefix, anyVersion, err := parseRequestedVersion(requested)
	if err != nil {
		return "", field.Invalid(fldPath, requested, err.Error())
	}
	if !versionutils.IsPartial(current) {
		if cur, err := semver.StrictNewVersion(current); err == nil && matches(prefix, anyVersion, cur) {
			return current, nil
		}
	}

	var (
		best       string
		bestParsed *semver.Version
	)
	for _, v := range versions {
		if CurrentLifecycleClassificationAt(v, now) != gardencorev1beta1.ClassificationSupported {
			continue
		}
		parsed, err := semver.NewVersion(v.Version)
		if err != nil || !matches(prefix, anyVersion, parsed) {
			continue
		}
		if bestParsed == nil || parsed.GreaterThan(bestParsed) {
			best, bestParsed = v.Version, parsed
		}
	}
	if bestParsed == nil {
		return "", field.Invalid(fldPath, requested, fmt.Sprintf(
			"couldn't find a suitable version for %q: suitable versions are classified supported and match it; preview and deprecated versions have to be selected explicitly (offered: %s)",
			requested, describeVersions(versions, now)))
	}
	return best, nil
}

// DefaultMachineImage returns the machine image a worker pool gets for the requested image name
// and version (either may be empty) and CPU architecture, with Gardener's ShootMutator rules:
//   - the image is the named one, or without a name the first image of the profile that has a
//     version supporting the architecture;
//   - a version with three or more parts (after one leading "v") is kept as given, for
//     ShootValidator to check;
//   - an empty or partial version resolves to the highest version of that image that supports the
//     architecture, matches the request and is neither preview, expired nor unavailable at now,
//     preferring supported over deprecated versions.
//
// Gardener's defaulting only skips preview versions and may pick an expired one, which its
// validator then rejects; here the expired and unavailable ones are skipped so that a valid
// version is chosen when one exists. Errors are Invalid on fldPath (the pool's
// machine.image): no images, an unknown image name, no image for the architecture, a malformed
// version, no suitable version.
func DefaultMachineImage(fldPath *field.Path, images []gardencorev1beta1.MachineImage, name, version, architecture string, now time.Time) (string, string, *field.Error) {
	reference := name + "@" + version
	if len(images) == 0 {
		return "", "", field.Invalid(fldPath, reference, "the CloudProfile offers no machine image")
	}

	var image *gardencorev1beta1.MachineImage
	if name != "" {
		if i := slices.IndexFunc(images, func(m gardencorev1beta1.MachineImage) bool { return m.Name == name }); i >= 0 {
			image = &images[i]
		} else {
			return "", "", field.Invalid(fldPath.Child("name"), name, fmt.Sprintf("image is not offered by the CloudProfile (offered: %s)", strings.Join(imageNames(images), ", ")))
		}
	} else {
		for i := range images {
			if slices.ContainsFunc(images[i].Versions, func(v gardencorev1beta1.MachineImageVersion) bool {
				return ArchitectureSupportedByImageVersion(v, architecture, nil)
			}) {
				image = &images[i]
				break
			}
		}
		if image == nil {
			return "", "", field.Invalid(fldPath, reference, fmt.Sprintf("no machine image of the CloudProfile supports architecture %q", architecture))
		}
	}

	version = versionutils.TrimShootPrefix(version)
	if !versionutils.IsPartial(version) {
		return image.Name, version, nil
	}
	prefix, anyVersion, err := parseRequestedVersion(version)
	if err != nil {
		return "", "", field.Invalid(fldPath.Child("version"), version, err.Error())
	}

	var (
		best       [2]string // highest supported, highest deprecated
		bestParsed [2]*semver.Version
	)
	for _, v := range image.Versions {
		if !ArchitectureSupportedByImageVersion(v, architecture, nil) {
			continue
		}
		slot := 0
		switch CurrentLifecycleClassificationAt(v.ExpirableVersion, now) {
		case gardencorev1beta1.ClassificationSupported:
		case gardencorev1beta1.ClassificationDeprecated:
			slot = 1
		default:
			continue
		}
		parsed, err := semver.NewVersion(v.Version)
		if err != nil || !matches(prefix, anyVersion, parsed) {
			continue
		}
		if bestParsed[slot] == nil || parsed.GreaterThan(bestParsed[slot]) {
			best[slot], bestParsed[slot] = v.Version, parsed
		}
	}
	for slot := range best {
		if bestParsed[slot] != nil {
			return image.Name, best[slot], nil
		}
	}
	return "", "", field.Invalid(fldPath.Child("version"), version, fmt.Sprintf(
		"couldn't find a suitable version of machine image %q for architecture %q: suitable versions are classified supported or deprecated and match it; preview versions have to be selected explicitly",
		image.Name, architecture))
}

func imageNames(images []gardencorev1beta1.MachineImage) []string {
	names := make([]string, 0, len(images))
	for _, image := range images {
		names = append(names, image.Name)
	}
	return names
}

// describeVersions lists the versions with their classification at now, e.g.
// "1.35.6 (supported), 1.36.0 (preview)".
func describeVersions(versions []gardencorev1beta1.ExpirableVersion, now time.Time) string {
	if len(versions) == 0 {
		return "none"
	}
	parts := make([]string, 0, len(versions))
	for _, v := range versions {
		parts = append(parts, fmt.Sprintf("%s (%s)", v.Version, CurrentLifecycleClassificationAt(v, now)))
	}
	return strings.Join(parts, ", ")
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

// FilterEqualAndSmallerMajorVersion excludes versions whose major is not above
// currentSemVerVersion's.
func FilterEqualAndSmallerMajorVersion(currentSemVerVersion semver.Version) VersionPredicate {
	return func(_ gardencorev1beta1.ExpirableVersion, v *semver.Version) (bool, error) {
		return v.Major() <= currentSemVerVersion.Major(), nil
	}
}

// FilterEqualAndSmallerMinorVersion excludes versions whose minor is not above
// currentSemVerVersion's (majors are not compared).
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

// architectureCapability is the name of the architecture capability (machineCapabilities).
const architectureCapability = "architecture"

// GetArchitecturesFromImageVersion returns the architectures a machine image version supports:
// the architecture values of its capabilityFlavors; without flavors, the values
// capabilityDefinitions define for the architecture capability; if that yields none, the
// version's architectures field.
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

// ArchitectureSupportedByImageVersion reports whether a machine image version supports the CPU
// architecture (GetArchitecturesFromImageVersion). A version for which that yields no
// architecture supports amd64 only, the CloudProfile default of
// machineImages[].versions[].architectures, so that values not defaulted by the API server (in
// admission and tests) are read as stored ones are.
func ArchitectureSupportedByImageVersion(version gardencorev1beta1.MachineImageVersion, architecture string, capabilityDefinitions []gardencorev1beta1.CapabilityDefinition) bool {
	architectures := GetArchitecturesFromImageVersion(version, capabilityDefinitions)
	if len(architectures) == 0 {
		return architecture == v1beta1constants.ArchitectureAMD64
	}
	return slices.Contains(architectures, architecture)
}
