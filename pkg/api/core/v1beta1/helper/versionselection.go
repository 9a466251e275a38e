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

// This file holds the version selectors of Gardener's shoot maintenance for Kubernetes and
// machine-image versions of a CloudProfile (GEP-5 force updates, GEP-32 classifications),
// evaluated at a given now. Gardener's functions of the same name without the At suffix
// (cloudprofile.go) classify at time.Now and call these. GEP-78 component versions do not use
// them; see pkg/utils/gardener/componentversion/decide.go.
//
// Versions are parsed with the coercing semver.NewVersion ("1" is 1.0.0, "v1.2.3" is accepted);
// an unparsable version in the list makes a selector return an error. Results are the profile's
// original version strings.

// GetLatestQualifyingVersionAt returns the highest version (semver precedence; of equal versions the
// first listed) that is not classified preview at now and that no predicate excludes. found is
// false when none qualifies. Unavailable versions are not excluded (Gardener as implemented).
// An unparsable version or a failing predicate is an error.
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

// GetLatestVersionForPatchAutoUpdateAt returns the highest version in the patch range of current
// (~current after normalisation: same major.minor, patch at least current's; "~0.0.0" accepts any
// version) that is higher than current and not expired at now, preferring versions that are not
// deprecated. found is false when there is none.
func GetLatestVersionForPatchAutoUpdateAt(versions []gardencorev1beta1.ExpirableVersion, current string, now time.Time) (bool, string, error) {
	cur, err := semver.NewVersion(current)
	if err != nil {
		return false, "", err
	}
	return versionForAutoUpdate(versions, cur, now, FilterDifferentMajorMinorVersionAndLowerPatchVersionsOfSameMinor(*cur))
}

// GetLatestVersionForMinorAutoUpdateAt returns GetLatestVersionForPatchAutoUpdateAt if it finds a
// version, else the highest version of the same major that is higher than current and not expired,
// preferring versions that are not deprecated.
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

// GetOverallLatestVersionForAutoUpdateAt returns GetLatestVersionForPatchAutoUpdateAt if it finds a
// version, else the highest version of any major that is higher than current and not expired,
// preferring versions that are not deprecated.
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

// versionForAutoUpdate returns the highest non-preview version that is not expired, not equal to
// and not lower than cur and passes extra: first among the versions that are not deprecated, then
// among all. A lower supported version is thus preferred over a higher deprecated one.
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

// GetVersionForForcefulUpdateToConsecutiveMinorAt returns the force-update target of a Kubernetes
// version (GEP-5 as implemented): among the non-preview versions of the same major and minor
// current.minor+1, the highest one that is not expired at now; if all of them are expired, the
// highest expired one. Deprecated versions are not deprioritised. found is false when minor+1
// has no non-preview version.
func GetVersionForForcefulUpdateToConsecutiveMinorAt(versions []gardencorev1beta1.ExpirableVersion, current string, now time.Time) (bool, string, error) {
	cur, err := semver.NewVersion(current)
	if err != nil {
		return false, "", err
	}
	predicates := []VersionPredicate{FilterDifferentMajorVersion(*cur), FilterNonConsecutiveMinorVersion(*cur)}
	return latestOf(versions, now, append(slices.Clone(predicates), FilterExpiredVersionAt(now)), predicates)
}

// GetVersionForForcefulUpdateToNextHigherMinorAt returns the force-update target of a machine image
// with update strategy patch: the highest version of the lowest higher minor (same major) that
// holds a non-expired, non-preview version. If that minor is not the next minor N (the smallest
// minor above current's among all listed versions, preview and expired ones and other majors
// included), or no such minor exists, the highest version (expired allowed) of the lowest higher
// minor with a non-preview version is returned instead, so that a next minor holding only expired
// versions is not skipped. found is false when no higher minor of the same major has a
// non-preview version.
func GetVersionForForcefulUpdateToNextHigherMinorAt(versions []gardencorev1beta1.ExpirableVersion, current string, now time.Time) (bool, string, error) {
	return forcefulUpdateToNextHigher(versions, current, now, func(v *semver.Version) uint64 { return v.Minor() },
		func(cur, v *semver.Version) bool { return v.Major() == cur.Major() && v.Minor() > cur.Minor() })
}

// GetVersionForForcefulUpdateToNextHigherMajorAt returns the force-update target of a machine image
// with update strategy minor: like GetVersionForForcefulUpdateToNextHigherMinorAt one level up, over
// the versions of higher majors.
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
