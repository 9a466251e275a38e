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
	versionutils "github.com/gep-78/gardener/pkg/utils/version"
)

// This file holds the version-selection helpers Gardener's shoot maintenance uses for Kubernetes
// and machine-image versions of a CloudProfile (GEP-5 force updates, GEP-32 classifications),
// reproduced with their implemented behaviour, quirks included (see the research spec,
// §2.5 and §4.3). They differ from Gardener's in one way only: the classification is evaluated at
// the given now instead of the wall clock. GEP-78 component versions do not use them; see
// pkg/utils/gardener/componentversion/decide.go.
//
// Versions are parsed with the coercing semver.NewVersion ("1" is 1.0.0, "v1.2.3" is accepted);
// an unparsable version in the list makes a helper return an error. Results are the profile's
// original version strings; argument and result order are Gardener's, with the evaluation time
// appended.

// VersionPredicate reports whether a version is to be excluded from a selection. parsed is the
// version parsed with semver.NewVersion.
type VersionPredicate func(version gardencorev1beta1.ExpirableVersion, parsed *semver.Version) (exclude bool, err error)

// classificationAt returns the GEP-32 classification of a CloudProfile version at now.
func classificationAt(v gardencorev1beta1.ExpirableVersion, now time.Time) gardencorev1beta1.VersionClassification {
	return CurrentClassification(ExpirableVersionLifecycle(v), now)
}

// GetLatestQualifyingVersion returns the highest version (semver precedence; of equal versions the
// first listed) that is not classified preview at now and that no predicate excludes. found is
// false when none qualifies. Unavailable versions are not excluded (Gardener as implemented).
// An unparsable version or a failing predicate is an error.
func GetLatestQualifyingVersion(versions []gardencorev1beta1.ExpirableVersion, now time.Time, predicates ...VersionPredicate) (qualifyingVersionFound bool, latest *gardencorev1beta1.ExpirableVersion, err error) {
	var latestParsed *semver.Version
outer:
	for _, v := range versions {
		if classificationAt(v, now) == gardencorev1beta1.ClassificationPreview {
			continue
		}
		parsed, err := semver.NewVersion(v.Version)
		if err != nil {
			return false, nil, fmt.Errorf("error while parsing version %q: %w", v.Version, err)
		}
		for _, exclude := range predicates {
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

// GetLatestVersionForPatchAutoUpdate returns the highest version in the patch range of current
// (~current after normalisation: same major.minor, patch at least current's; "~0.0.0" accepts any
// version) that is higher than current and not expired at now, preferring versions that are not
// deprecated. found is false when there is none.
func GetLatestVersionForPatchAutoUpdate(versions []gardencorev1beta1.ExpirableVersion, current string, now time.Time) (bool, string, error) {
	cur, err := semver.NewVersion(current)
	if err != nil {
		return false, "", err
	}
	return versionForAutoUpdate(versions, cur, now, FilterDifferentMajorMinorVersionAndLowerPatchVersionsOfSameMinor(cur))
}

// GetLatestVersionForMinorAutoUpdate returns GetLatestVersionForPatchAutoUpdate if it finds a
// version, else the highest version of the same major that is higher than current and not expired,
// preferring versions that are not deprecated.
func GetLatestVersionForMinorAutoUpdate(versions []gardencorev1beta1.ExpirableVersion, current string, now time.Time) (bool, string, error) {
	if found, v, err := GetLatestVersionForPatchAutoUpdate(versions, current, now); err != nil || found {
		return found, v, err
	}
	cur, err := semver.NewVersion(current)
	if err != nil {
		return false, "", err
	}
	return versionForAutoUpdate(versions, cur, now, FilterDifferentMajorVersion(cur))
}

// GetOverallLatestVersionForAutoUpdate returns GetLatestVersionForPatchAutoUpdate if it finds a
// version, else the highest version of any major that is higher than current and not expired,
// preferring versions that are not deprecated.
func GetOverallLatestVersionForAutoUpdate(versions []gardencorev1beta1.ExpirableVersion, current string, now time.Time) (bool, string, error) {
	if found, v, err := GetLatestVersionForPatchAutoUpdate(versions, current, now); err != nil || found {
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
	predicates := append([]VersionPredicate{FilterExpiredVersion(now), FilterSameVersion(cur), FilterLowerVersion(cur)}, extra...)
	return latestOf(versions, now, append(slices.Clone(predicates), FilterDeprecatedVersion(now)), predicates)
}

// latestOf returns the version of GetLatestQualifyingVersion with the preferred predicates, else
// with the fallback predicates.
func latestOf(versions []gardencorev1beta1.ExpirableVersion, now time.Time, preferred, fallback []VersionPredicate) (bool, string, error) {
	for _, predicates := range [][]VersionPredicate{preferred, fallback} {
		found, v, err := GetLatestQualifyingVersion(versions, now, predicates...)
		if err != nil {
			return false, "", err
		}
		if found {
			return true, v.Version, nil
		}
	}
	return false, "", nil
}

// GetVersionForForcefulUpdateToConsecutiveMinor returns the force-update target of a Kubernetes
// version (GEP-5 as implemented): among the non-preview versions of the same major and minor
// current.minor+1, the highest one that is not expired at now; if all of them are expired, the
// highest expired one. Deprecated versions are not deprioritised. found is false when minor+1
// has no non-preview version.
func GetVersionForForcefulUpdateToConsecutiveMinor(versions []gardencorev1beta1.ExpirableVersion, current string, now time.Time) (bool, string, error) {
	cur, err := semver.NewVersion(current)
	if err != nil {
		return false, "", err
	}
	predicates := []VersionPredicate{FilterDifferentMajorVersion(cur), FilterNonConsecutiveMinorVersion(cur)}
	return latestOf(versions, now, append(slices.Clone(predicates), FilterExpiredVersion(now)), predicates)
}

// GetVersionForForcefulUpdateToNextHigherMinor returns the force-update target of a machine image
// with update strategy patch: the highest version of the lowest higher minor (same major) that
// holds a non-expired, non-preview version. If that minor is not the next minor N (the smallest
// minor above current's among all listed versions, preview and expired ones and other majors
// included), or no such minor exists, the highest version (expired allowed) of the lowest higher
// minor with a non-preview version is returned instead, so that a next minor holding only expired
// versions is not skipped. found is false when no higher minor of the same major has a
// non-preview version.
func GetVersionForForcefulUpdateToNextHigherMinor(versions []gardencorev1beta1.ExpirableVersion, current string, now time.Time) (bool, string, error) {
	return forcefulUpdateToNextHigher(versions, current, now, func(v *semver.Version) uint64 { return v.Minor() },
		func(cur, v *semver.Version) bool { return v.Major() == cur.Major() && v.Minor() > cur.Minor() })
}

// GetVersionForForcefulUpdateToNextHigherMajor returns the force-update target of a machine image
// with update strategy minor: like GetVersionForForcefulUpdateToNextHigherMinor one level up, over
// the versions of higher majors.
func GetVersionForForcefulUpdateToNextHigherMajor(versions []gardencorev1beta1.ExpirableVersion, current string, now time.Time) (bool, string, error) {
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
		classification := classificationAt(v, now)
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

// FilterDifferentMajorMinorVersionAndLowerPatchVersionsOfSameMinor excludes versions outside the
// tilde range of current after normalisation (versionutils.CompareVersions "~").
func FilterDifferentMajorMinorVersionAndLowerPatchVersionsOfSameMinor(current *semver.Version) VersionPredicate {
	return func(_ gardencorev1beta1.ExpirableVersion, v *semver.Version) (bool, error) {
		within, err := versionutils.CompareVersions(v.String(), "~", current.String())
		if err != nil {
			return true, err
		}
		return !within, nil
	}
}

// FilterNonConsecutiveMinorVersion excludes versions of another major or of a minor other than
// current.minor+1.
func FilterNonConsecutiveMinorVersion(current *semver.Version) VersionPredicate {
	return func(_ gardencorev1beta1.ExpirableVersion, v *semver.Version) (bool, error) {
		return v.Major() != current.Major() || v.Minor() != current.Minor()+1, nil
	}
}

// FilterDifferentMajorVersion excludes versions of another major.
func FilterDifferentMajorVersion(current *semver.Version) VersionPredicate {
	return func(_ gardencorev1beta1.ExpirableVersion, v *semver.Version) (bool, error) {
		return v.Major() != current.Major(), nil
	}
}

// FilterSameVersion excludes versions equal to current by semver precedence (build metadata
// ignored).
func FilterSameVersion(current *semver.Version) VersionPredicate {
	return func(_ gardencorev1beta1.ExpirableVersion, v *semver.Version) (bool, error) {
		return v.Equal(current), nil
	}
}

// FilterLowerVersion excludes versions lower than current.
func FilterLowerVersion(current *semver.Version) VersionPredicate {
	return func(_ gardencorev1beta1.ExpirableVersion, v *semver.Version) (bool, error) {
		return v.LessThan(current), nil
	}
}

// FilterExpiredVersion excludes versions classified expired at now.
func FilterExpiredVersion(now time.Time) VersionPredicate {
	return func(v gardencorev1beta1.ExpirableVersion, _ *semver.Version) (bool, error) {
		return classificationAt(v, now) == gardencorev1beta1.ClassificationExpired, nil
	}
}

// FilterDeprecatedVersion excludes versions classified deprecated at now.
func FilterDeprecatedVersion(now time.Time) VersionPredicate {
	return func(v gardencorev1beta1.ExpirableVersion, _ *semver.Version) (bool, error) {
		return classificationAt(v, now) == gardencorev1beta1.ClassificationDeprecated, nil
	}
}
