// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package version_test

import (
	"github.com/Masterminds/semver/v3"
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	. "github.com/gep-78/gardener/pkg/utils/version"
)

var _ = Describe("Version", func() {
	DescribeTable("#ParseProfileVersion",
		func(in string, ok bool) {
			v, err := ParseProfileVersion(in)
			if ok {
				Expect(err).NotTo(HaveOccurred())
				Expect(v.Original()).To(Equal(in))
			} else {
				Expect(err).To(MatchError(ContainSubstring("is not a semantic version MAJOR.MINOR.PATCH")))
			}
		},
		Entry("plain", "3.6.13", true),
		Entry("pre-release", "1.2.3-rc.1", true),
		Entry("build metadata", "1.2.3+build.5", true),
		Entry("leading v", "v3.6.13", false),
		Entry("partial", "3.6", false),
		Entry("major only", "3", false),
		Entry("leading zero", "3.06.1", false),
		Entry("empty", "", false),
		Entry("letters", "latest", false),
	)

	DescribeTable("#TrimShootPrefix",
		func(in, out string) { Expect(TrimShootPrefix(in)).To(Equal(out)) },
		Entry("leading v", "v3.6", "3.6"),
		Entry("only one v", "vv3", "v3"),
		Entry("no v", "3.6.13", "3.6.13"),
		Entry("v elsewhere", "3.6.1v", "3.6.1v"),
	)

	DescribeTable("#IsPartial",
		func(in string, partial bool) { Expect(IsPartial(in)).To(Equal(partial)) },
		Entry("major", "3", true),
		Entry("major.minor", "3.6", true),
		Entry("major.minor with v", "v3.6", true),
		Entry("empty", "", true),
		Entry("non-numeric", "latest", true),
		Entry("full", "3.6.13", false),
		Entry("full with v", "v3.6.13", false),
		Entry("full with pre-release", "3.6.13-rc.1", false),
		Entry("four parts", "1.2.3.4", false),
	)

	DescribeTable("#ParsePartialVersion",
		func(in string, parts int, canonical string) {
			p, err := ParsePartialVersion(in)
			Expect(err).NotTo(HaveOccurred())
			Expect(p.Parts()).To(Equal(parts))
			Expect(p.String()).To(Equal(canonical))
		},
		Entry("major", "0", 1, "0"),
		Entry("major.minor", "3.6", 2, "3.6"),
		Entry("exact", "3.6.13", 3, "3.6.13"),
		Entry("leading v stripped", "v3.6", 2, "3.6"),
	)

	DescribeTable("#ParsePartialVersion errors",
		func(in string) {
			_, err := ParsePartialVersion(in)
			Expect(err).To(MatchError("must be a semantic version"))
		},
		Entry("empty", ""),
		Entry("letters", "latest"),
		Entry("wildcard", "3.x"),
		Entry("empty part", "3."),
		Entry("leading zero", "3.06"),
		Entry("negative", "-1"),
		Entry("pre-release suffix", "3.6-rc"),
		Entry("four parts", "1.2.3.4"),
		Entry("two v", "vv3"),
	)

	DescribeTable("#PartialVersion.MatchesString",
		func(prefix, v string, match bool) {
			p, err := ParsePartialVersion(prefix)
			Expect(err).NotTo(HaveOccurred())
			parsed, err := semver.StrictNewVersion(v)
			if err != nil {
				Expect(match).To(BeFalse())
				return
			}
			Expect(p.Matches(parsed)).To(Equal(match))
		},
		Entry("same major", "3", "3.7.0", true),
		Entry("other major", "3", "4.0.0", false),
		Entry("same major.minor", "3.6", "3.6.13", true),
		Entry("other minor", "3.6", "3.7.0", false),
		Entry("minor 1 is not minor 10", "1.1", "1.10.0", false),
		Entry("exact", "3.6.13", "3.6.13", true),
		Entry("exact, other patch", "3.6.13", "3.6.14", false),
		Entry("release numbers only: a pre-release is within the prefix", "3.7", "3.7.0-rc.1", true),
		Entry("unparsable never matches", "3", "3.x", false),
		Entry("major 0", "0", "0.44.1", true),
	)

	It("the zero PartialVersion matches nothing", func() {
		Expect(PartialVersion{}.Matches(semver.MustParse("1.0.0"))).To(BeFalse())
		Expect(PartialVersion{}.Matches(nil)).To(BeFalse())
	})
})

var _ = Describe("Normalize and CompareVersions", func() {
	DescribeTable("#Normalize",
		func(in, out string) { Expect(Normalize(in)).To(Equal(out)) },
		Entry("plain", "1.2.3", "1.2.3"),
		Entry("leading v", "v1.2.3", "1.2.3"),
		Entry("pre-release", "1.2.3-rc.1", "1.2.3"),
		Entry("build metadata", "1.2.3+build.5", "1.2.3"),
		Entry("every v is removed", "v1.2v", "1.2"),
	)

	DescribeTable("#CompareVersions",
		func(a, op, b string, expected bool) {
			ok, err := CompareVersions(a, op, b)
			Expect(err).NotTo(HaveOccurred())
			Expect(ok).To(Equal(expected))
		},
		Entry("equal after normalisation", "v1.0.0", "=", "1.0.0", true),
		Entry("short version equals its expansion", "1.7", "=", "1.7.0", true),
		Entry("tilde: higher patch", "1.2.5", "~", "1.2.3", true),
		Entry("tilde: other minor", "1.3.0", "~", "1.2.3", false),
		Entry("tilde: pre-release normalised", "1.2.4-rc.1", "~", "1.2.3", true),
		Entry("tilde 0.0.0 accepts every version (Masterminds)", "2.0.0", "~", "0.0.0", true),
		Entry("tilde 0.0.1 stays in 0.0", "0.3.0", "~", "0.0.1", false),
	)

	It("should fail on an unparsable version", func() {
		_, err := CompareVersions("1.x", "=", "1.0.0")
		Expect(err).To(HaveOccurred())
	})
})
