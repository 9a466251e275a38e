// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package componentversion

import (
	"github.com/Masterminds/semver/v3"
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

var _ = Describe("candidates", func() {
	versions := func(cs []candidate) []string {
		var out []string
		for _, c := range cs {
			out = append(out, c.version+" "+string(c.classification))
		}
		return out
	}

	DescribeTable("the versions an automatic choice may select, highest first",
		func(spec, current string, withPreview bool, expected []string) {
			var cur *semver.Version
			if current != "" {
				cur = semver.MustParse(current)
			}
			Expect(versions(candidates(maintenanceComponent(spec), cur, now, withPreview))).To(Equal(expected))
		},
		Entry("supported and deprecated, by semver precedence", "1.9.0, 1.10.0 d, 1.8.4", "", false, []string{"1.10.0 deprecated", "1.9.0 supported", "1.8.4 supported"}),
		Entry("never preview, unavailable or expired", "1.0.0 p, 1.0.1 u, 1.0.2 x, 1.0.3", "", false, []string{"1.0.3 supported"}),
		Entry("preview only when asked for", "1.0.0 p, 1.0.1 u, 1.0.3", "", true, []string{"1.0.3 supported", "1.0.0 preview"}),
		Entry("no strict semantic version", "1.0, v1.0.1, 1.0.2", "", false, []string{"1.0.2 supported"}),
		Entry("no pre-release without current", "1.0.1-rc.1, 1.0.0", "", false, []string{"1.0.0 supported"}),
		Entry("no pre-release for a release", "1.0.1-rc.1, 1.0.0", "1.0.0", false, []string{"1.0.0 supported"}),
		Entry("the pre-releases of a pre-release's own version", "1.0.1-rc.2, 1.0.2-rc.1, 1.0.1", "1.0.1-rc.1", false, []string{"1.0.1 supported", "1.0.1-rc.2 supported"}),
		Entry("of equal versions the first listed", "1.0.0+a, 1.0.0+b", "", false, []string{"1.0.0+a supported", "1.0.0+b supported"}),
		Entry("none left", "1.0.0 x, 1.0.1 u", "", true, nil),
	)
})
