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

// candidate is a version that an automatic choice may select.
type candidate struct {
	version        string
	parsed         *semver.Version
	classification gardencorev1beta1.VersionClassification
}

// candidates returns the versions of component that an automatic choice (partial pins,
// auto-update, force path) may select at now, highest first (of equal versions the first listed):
// strict semantic versions classified supported or deprecated, or preview too withPreview, and no
// pre-release unless current is one of the same MAJOR.MINOR.PATCH (npm's rule). current is nil
// for a choice without a current version.
func candidates(component gardencorev1beta1.ExtensionProfileComponent, current *semver.Version, now time.Time, withPreview bool) []candidate {
	var out []candidate
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
		out = append(out, candidate{version: v.Version, parsed: parsed, classification: c})
	}
	slices.SortStableFunc(out, func(a, b candidate) int { return b.parsed.Compare(a.parsed) })
	return out
}

// samePrereleaseLine reports whether current is a pre-release of the same MAJOR.MINOR.PATCH as v.
func samePrereleaseLine(current, v *semver.Version) bool {
	return current != nil && current.Prerelease() != "" &&
		current.Major() == v.Major() && current.Minor() == v.Minor() && current.Patch() == v.Patch()
}
