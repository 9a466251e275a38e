// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Package version holds pure semantic-version helpers for GEP-78 component versions, built on
// github.com/Masterminds/semver/v3. Admission uses them to resolve partial pins, maintenance to
// order candidates and pick targets.
//
// Two grammars are involved:
//   - a profile version (ExtensionProfile spec.components[].versions[].version) is a strict
//     semantic version MAJOR.MINOR.PATCH with optional pre-release and build metadata, and no
//     leading "v" (GEP-78 "Constraints and caveats": versions are plain semver);
//   - a pin on the Shoot (spec.extensions[].components[].version) may be partial, "3" or "3.1",
//     like Kubernetes and machine-image versions (GEP-78 "Partial versions"). On the Shoot side a
//     single leading "v" is accepted and stripped ("v3.6" is "3.6"), because upstream tags such as
//     traefik's are spelled with it and Gardener's machine-image defaulting trims it too.
package version

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/Masterminds/semver/v3"
)

// ParseProfileVersion parses a version as listed in an ExtensionProfile: a strict semantic version
// (MAJOR.MINOR.PATCH, optional -pre-release and +build, no leading zeros, no leading "v").
func ParseProfileVersion(s string) (*semver.Version, error) {
	v, err := semver.StrictNewVersion(s)
	if err != nil {
		return nil, fmt.Errorf("%q is not a semantic version MAJOR.MINOR.PATCH: %w", s, err)
	}
	return v, nil
}

// TrimShootPrefix strips one leading "v" from a version pinned on a Shoot ("v3.6.13" → "3.6.13").
// Any other string is returned unchanged.
func TrimShootPrefix(s string) string {
	return strings.TrimPrefix(s, "v")
}

// IsPartial reports whether a version pinned on a Shoot has fewer than three dot-separated parts
// after TrimShootPrefix ("3", "3.6", "v3.6", and also malformed strings like "" or "latest"). Such
// a pin is resolved at admission (GEP-78 "Partial versions"); ParsePartialVersion tells whether it
// is well-formed. A pin with three or more parts is taken literally.
func IsPartial(s string) bool {
	return len(strings.Split(TrimShootPrefix(s), ".")) < 3
}

// PartialVersion is a version prefix of one to three numeric parts: "3" (any 3.x.y), "3.6" (any
// 3.6.y) or "3.6.13" (exactly 3.6.13).
type PartialVersion struct {
	parts []uint64
}

// ParsePartialVersion parses a version prefix pinned on a Shoot: one to three dot-separated
// non-negative integers without leading zeros, after stripping one leading "v". Anything else
// (empty parts, letters, pre-release or build suffixes, more than three parts) is an error whose
// text is "must be a semantic version", the wording of Gardener's partial-version defaulting.
func ParsePartialVersion(s string) (PartialVersion, error) {
	raw := strings.Split(TrimShootPrefix(s), ".")
	if len(raw) > 3 {
		return PartialVersion{}, fmt.Errorf("must be a semantic version")
	}
	parts := make([]uint64, 0, len(raw))
	for _, p := range raw {
		if p == "" || (len(p) > 1 && p[0] == '0') || strings.TrimLeft(p, "0123456789") != "" {
			return PartialVersion{}, fmt.Errorf("must be a semantic version")
		}
		n, err := strconv.ParseUint(p, 10, 64)
		if err != nil {
			return PartialVersion{}, fmt.Errorf("must be a semantic version")
		}
		parts = append(parts, n)
	}
	return PartialVersion{parts: parts}, nil
}

// Parts returns the number of given parts: 1 (major), 2 (major.minor) or 3 (exact).
func (p PartialVersion) Parts() int { return len(p.parts) }

// String returns the prefix in canonical form, e.g. "3.6".
func (p PartialVersion) String() string {
	s := make([]string, len(p.parts))
	for i, n := range p.parts {
		s[i] = strconv.FormatUint(n, 10)
	}
	return strings.Join(s, ".")
}

// Matches reports whether v lies within the prefix: same major for "3", same major.minor for
// "3.6", same major.minor.patch for "3.6.13". It compares the release numbers only, so a
// pre-release matches too. The zero PartialVersion matches nothing.
func (p PartialVersion) Matches(v *semver.Version) bool {
	if v == nil || len(p.parts) == 0 {
		return false
	}
	got := []uint64{v.Major(), v.Minor(), v.Patch()}
	for i, n := range p.parts {
		if got[i] != n {
			return false
		}
	}
	return true
}
