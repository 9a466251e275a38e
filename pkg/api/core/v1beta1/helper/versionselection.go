// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package helper

import (
	"fmt"
	"slices"
	"time"

	"github.com/Masterminds/semver/v3"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
)

// The selectors parse versions with the coercing semver.NewVersion, fail on an unparsable one and
// return the profile's version strings.

// GetLatestQualifyingVersionAt returns the highest version not classified preview at now that no
// predicate excludes.
func GetLatestQualifyingVersionAt(versions []gardencorev1beta1.ExpirableVersion, now time.Time, predicates ...VersionPredicate) (qualifyingVersionFound bool, latest *gardencorev1beta1.ExpirableVersion, err error) {
	var latestParsed *semver.Version
outer:
	for _, v := range versions {
		if CurrentLifecycleClassificationAt(v, now) == gardencorev1beta1.ClassificationPreview {
			continue
		}
		parsed, err := semver.NewVersion(v.Version)
		if err != nil {
			return false, nil, fmt.Errorf("error while parsing version %q: %w", v.Version, err)
		}
		for _, exclude := range predicates {
			if exclude == nil {
				continue
			}
			excluded, err := exclude(v, parsed)
			if err != nil {
				return false, nil, fmt.Errorf("error while evaluating predicate for version %q: %w", v.Version, err)
			}
			if excluded {
				continue outer
			}
		}
		if latestParsed == nil || parsed.GreaterThan(latestParsed) {
			version := v
			latest, latestParsed = &version, parsed
		}
	}
	return latest != nil, latest, nil
}

// GetLatestVersionForPatchAutoUpdateAt returns the highest higher patch of current not expired at
// now, preferring versions that are not deprecated.
func GetLatestVersionForPatchAutoUpdateAt(versions []gardencorev1beta1.ExpirableVersion, current string, now time.Time) (bool, string, error) {
	cur, err := semver.NewVersion(current)
	if err != nil {
		return false, "", err
	}
	return versionForAutoUpdate(versions, cur, now, FilterDifferentMajorMinorVersionAndLowerPatchVersionsOfSameMinor(*cur))
}

// GetLatestVersionForMinorAutoUpdateAt returns the patch target, else the highest higher version of
// the same major not expired at now, preferring versions that are not deprecated.
func GetLatestVersionForMinorAutoUpdateAt(versions []gardencorev1beta1.ExpirableVersion, current string, now time.Time) (bool, string, error) {
	if found, v, err := GetLatestVersionForPatchAutoUpdateAt(versions, current, now); err != nil || found {
		return found, v, err
	}
	cur, err := semver.NewVersion(current)
	if err != nil {
		return false, "", err
	}
	return versionForAutoUpdate(versions, cur, now, FilterDifferentMajorVersion(*cur))
}

// GetOverallLatestVersionForAutoUpdateAt returns the patch target, else the highest higher version
// not expired at now, preferring versions that are not deprecated.
func GetOverallLatestVersionForAutoUpdateAt(versions []gardencorev1beta1.ExpirableVersion, current string, now time.Time) (bool, string, error) {
	if found, v, err := GetLatestVersionForPatchAutoUpdateAt(versions, current, now); err != nil || found {
		return found, v, err
	}
	cur, err := semver.NewVersion(current)
	if err != nil {
		return false, "", err
	}
	return versionForAutoUpdate(versions, cur, now)
}

// versionForAutoUpdate returns the highest non-preview, non-expired version above cur that passes
// extra, first among the versions that are not deprecated.
func versionForAutoUpdate(versions []gardencorev1beta1.ExpirableVersion, cur *semver.Version, now time.Time, extra ...VersionPredicate) (bool, string, error) {
	predicates := append([]VersionPredicate{FilterExpiredVersionAt(now), FilterSameVersion(*cur), FilterLowerVersion(*cur)}, extra...)
	return latestOf(versions, now, append(slices.Clone(predicates), FilterDeprecatedVersionAt(now)), predicates)
}

// latestOf returns the version of GetLatestQualifyingVersionAt with the preferred predicates, else
// with the fallback predicates.
func latestOf(versions []gardencorev1beta1.ExpirableVersion, now time.Time, preferred, fallback []VersionPredicate) (bool, string, error) {
	for _, predicates := range [][]VersionPredicate{preferred, fallback} {
		found, v, err := GetLatestQualifyingVersionAt(versions, now, predicates...)
		if err != nil {
			return false, "", err
		}
		if found {
			return true, v.Version, nil
		}
	}
	return false, "", nil
}

// GetVersionForForcefulUpdateToConsecutiveMinorAt returns the highest non-expired version of
// minor+1, else its highest expired one; preview versions are never chosen.
func GetVersionForForcefulUpdateToConsecutiveMinorAt(versions []gardencorev1beta1.ExpirableVersion, current string, now time.Time) (bool, string, error) {
	cur, err := semver.NewVersion(current)
	if err != nil {
		return false, "", err
	}
	predicates := []VersionPredicate{FilterDifferentMajorVersion(*cur), FilterNonConsecutiveMinorVersion(*cur)}
	return latestOf(versions, now, append(slices.Clone(predicates), FilterExpiredVersionAt(now)), predicates)
}

// GetVersionForForcefulUpdateToNextHigherMinorAt returns the highest version of the lowest higher
// minor of the same major with a non-expired, non-preview version, without skipping a next minor
// that holds only expired versions.
func GetVersionForForcefulUpdateToNextHigherMinorAt(versions []gardencorev1beta1.ExpirableVersion, current string, now time.Time) (bool, string, error) {
	return forcefulUpdateToNextHigher(versions, current, now, func(v *semver.Version) uint64 { return v.Minor() },
		func(cur, v *semver.Version) bool { return v.Major() == cur.Major() && v.Minor() > cur.Minor() })
}

// GetVersionForForcefulUpdateToNextHigherMajorAt is GetVersionForForcefulUpdateToNextHigherMinorAt
// one level up.
func GetVersionForForcefulUpdateToNextHigherMajorAt(versions []gardencorev1beta1.ExpirableVersion, current string, now time.Time) (bool, string, error) {
	return forcefulUpdateToNextHigher(versions, current, now, func(v *semver.Version) uint64 { return v.Major() },
		func(cur, v *semver.Version) bool { return v.Major() > cur.Major() })
}

// forcefulUpdateToNextHigher implements the two "next higher" force rules; key selects the
// minor or the major, candidate the versions above current on that level.
func forcefulUpdateToNextHigher(versions []gardencorev1beta1.ExpirableVersion, current string, now time.Time,
	key func(*semver.Version) uint64, candidate func(cur, v *semver.Version) bool) (bool, string, error) {
	cur, err := semver.NewVersion(current)
	if err != nil {
		return false, "", err
	}

	type entry struct {
		version string
		parsed  *semver.Version
		expired bool
	}
	var (
		next       uint64
		nextExists bool
		candidates []entry
	)
	for _, v := range versions {
		parsed, err := semver.NewVersion(v.Version)
		if err != nil {
			return false, "", fmt.Errorf("error while parsing version %q: %w", v.Version, err)
		}
		// The next value on this level is taken over all versions, preview and expired ones and
		// (for minors) other majors included, as Gardener does.
		if k := key(parsed); k > key(cur) && (!nextExists || k < next) {
			next, nextExists = k, true
		}
		classification := CurrentLifecycleClassificationAt(v, now)
		if classification == gardencorev1beta1.ClassificationPreview || !candidate(cur, parsed) {
			continue
		}
		candidates = append(candidates, entry{v.Version, parsed, classification == gardencorev1beta1.ClassificationExpired})
	}

	// highestOfLowestGroup returns the highest candidate of the lowest group among the candidates
	// accepted by use.
	highestOfLowestGroup := func(use func(entry) bool) (entry, bool) {
		var (
			best  entry
			found bool
		)
		for _, c := range candidates {
			if !use(c) {
				continue
			}
			switch {
			case !found, key(c.parsed) < key(best.parsed):
				best, found = c, true
			case key(c.parsed) == key(best.parsed) && c.parsed.GreaterThan(best.parsed):
				best = c
			}
		}
		return best, found
	}

	if best, found := highestOfLowestGroup(func(c entry) bool { return !c.expired }); found && (!nextExists || key(best.parsed) <= next) {
		return true, best.version, nil
	}
	if best, found := highestOfLowestGroup(func(entry) bool { return true }); found {
		return true, best.version, nil
	}
	return false, "", nil
}

// FilterExpiredVersionAt excludes versions classified expired at now.
func FilterExpiredVersionAt(now time.Time) VersionPredicate {
	return func(v gardencorev1beta1.ExpirableVersion, _ *semver.Version) (bool, error) {
		return CurrentLifecycleClassificationAt(v, now) == gardencorev1beta1.ClassificationExpired, nil
	}
}

// FilterDeprecatedVersionAt excludes versions classified deprecated at now.
func FilterDeprecatedVersionAt(now time.Time) VersionPredicate {
	return func(v gardencorev1beta1.ExpirableVersion, _ *semver.Version) (bool, error) {
		return CurrentLifecycleClassificationAt(v, now) == gardencorev1beta1.ClassificationDeprecated, nil
	}
}
