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
	versionutils "github.com/gep-78/gardener/pkg/utils/version"
)

// This file holds the CloudProfile look-ups of Shoot admission: defaulting and resolving
// spec.kubernetes.version and worker machine images (Gardener's ShootMutator). Partial
// versions follow the one rule of pkg/utils/version (ParsePartialVersion, PartialVersion.Matches)
// that GEP-78 component pins use too.

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
