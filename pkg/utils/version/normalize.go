// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package version

import (
	"fmt"
	"strings"

	"github.com/Masterminds/semver/v3"
)

// Normalize returns the release part of a CloudProfile version string the way Gardener's
// version utilities do: every "v" is removed, then the string is cut at the first "-", "+" or
// "~", dropping pre-release and build suffixes ("v1.2.3-rc.1" → "1.2.3").
func Normalize(version string) string {
	v := strings.ReplaceAll(version, "v", "")
	if idx := strings.IndexAny(v, "-+~"); idx >= 0 {
		v = v[:idx]
	}
	return v
}

// CompareVersions reports whether version a satisfies the Masterminds constraint "<op> <b>" after
// normalising both sides with Normalize, as Gardener's CompareVersions does. op is a constraint
// operator: "=", "!=", "<", "<=", ">", ">=", "~" (same major.minor, at least b; "~0.0.0" accepts
// every version) or "^". Either side failing to parse is an error.
func CompareVersions(a, op, b string) (bool, error) {
	constraint, err := semver.NewConstraint(fmt.Sprintf("%s %s", op, Normalize(b)))
	if err != nil {
		return false, err
	}
	v, err := semver.NewVersion(Normalize(a))
	if err != nil {
		return false, err
	}
	return constraint.Check(v), nil
}
