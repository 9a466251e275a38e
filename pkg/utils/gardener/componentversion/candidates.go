// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package componentversion

import (
	"slices"
	"time"

	"github.com/Masterminds/semver/v3"

	v1beta1helper "github.com/gep-78/gardener/pkg/api/core/v1beta1/helper"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	versionutils "github.com/gep-78/gardener/pkg/utils/version"
)

// ClassifiedVersion is a component version with its classification at a point in time.
type ClassifiedVersion struct {
	// Version is the version string as listed in the profile.
	Version string
	// Classification is the GEP-32 classification at the time of evaluation.
	Classification gardencorev1beta1.VersionClassification
}

// ClassifyComponentVersions returns every version of a component with its classification at now
// (CurrentClassification, GEP-32), in profile order.
func ClassifyComponentVersions(component gardencorev1beta1.ExtensionProfileComponent, now time.Time) []ClassifiedVersion {
	out := make([]ClassifiedVersion, 0, len(component.Versions))
	for _, v := range component.Versions {
		out = append(out, ClassifiedVersion{Version: v.Version, Classification: v1beta1helper.CurrentClassification(v.Lifecycle, now)})
	}
	return out
}

// ComponentVersionCandidate is a version that an automatic choice may select.
type ComponentVersionCandidate struct {
	// Version is the version string as listed in the profile.
	Version string
	// Parsed is Version parsed as a strict semantic version.
	Parsed *semver.Version
	// Classification is supported or deprecated (or preview, from
	// ComponentVersionCandidatesWithPreview).
	Classification gardencorev1beta1.VersionClassification
}

// ComponentVersionCandidates returns the versions of a component that an automatic choice
// (partial-pin resolution at admission, auto-update and force-upgrade in maintenance; GEP-78
// "Partial versions", "Classification, auto-upgrade and resolution") may select at now, highest
// first by semver precedence (of equal versions the first listed):
//   - the version is a strict semantic version (versionutils.ParseProfileVersion);
//   - it is classified supported or deprecated at now; preview, unavailable and expired versions
//     are never chosen automatically;
//   - it is not a pre-release, unless current is a pre-release of the same MAJOR.MINOR.PATCH
//     (the rule of npm's semver ranges: 0.44.2-rc.1 may move to 0.44.2-rc.2 or 0.44.2, but
//     0.44.1 never moves to 0.44.2-rc.1). current is nil for a choice without a current version
//     (partial pins), which then never selects a pre-release.
//
// Callers narrow the list further (by classification, boundary, prefix); they do not widen it,
// except through ComponentVersionCandidatesWithPreview.
func ComponentVersionCandidates(component gardencorev1beta1.ExtensionProfileComponent, current *semver.Version, now time.Time) []ComponentVersionCandidate {
	return componentVersionCandidates(component, current, now, false)
}

// ComponentVersionCandidatesWithPreview is ComponentVersionCandidates with the versions classified
// preview at now added: the candidates of an auto-update for a Shoot that opted into preview
// (autoUpdate.classifications, GEP-78 "Future Enhancements"). The pre-release rule applies
// unchanged: a preview classification does not make a pre-release a candidate.
func ComponentVersionCandidatesWithPreview(component gardencorev1beta1.ExtensionProfileComponent, current *semver.Version, now time.Time) []ComponentVersionCandidate {
	return componentVersionCandidates(component, current, now, true)
}

func componentVersionCandidates(component gardencorev1beta1.ExtensionProfileComponent, current *semver.Version, now time.Time, withPreview bool) []ComponentVersionCandidate {
	var out []ComponentVersionCandidate
	for _, v := range component.Versions {
		parsed, err := versionutils.ParseProfileVersion(v.Version)
		if err != nil {
			continue
		}
		if parsed.Prerelease() != "" && !samePrereleaseLine(current, parsed) {
			continue
		}
		c := v1beta1helper.CurrentClassification(v.Lifecycle, now)
		if c != gardencorev1beta1.ClassificationSupported && c != gardencorev1beta1.ClassificationDeprecated &&
			(!withPreview || c != gardencorev1beta1.ClassificationPreview) {
			continue
		}
		out = append(out, ComponentVersionCandidate{Version: v.Version, Parsed: parsed, Classification: c})
	}
	slices.SortStableFunc(out, func(a, b ComponentVersionCandidate) int { return b.Parsed.Compare(a.Parsed) })
	return out
}

// samePrereleaseLine reports whether current is a pre-release of the same MAJOR.MINOR.PATCH as v.
func samePrereleaseLine(current, v *semver.Version) bool {
	return current != nil && current.Prerelease() != "" &&
		current.Major() == v.Major() && current.Minor() == v.Minor() && current.Patch() == v.Patch()
}
