// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package version_test

import (
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
			Expect(p.MatchesString(v)).To(Equal(match))
		},
		Entry("same major", "3", "3.7.0", true),
		Entry("other major", "3", "4.0.0", false),
		Entry("same major.minor", "3.6", "3.6.13", true),
		Entry("other minor", "3.6", "3.7.0", false),
		Entry("minor 1 is not minor 10", "1.1", "1.10.0", false),
		Entry("exact", "3.6.13", "3.6.13", true),
		Entry("exact, other patch", "3.6.13", "3.6.14", false),
		Entry("pre-release never matches a prefix", "3.7", "3.7.0-rc.1", false),
		Entry("unparsable never matches", "3", "3.x", false),
		Entry("major 0", "0", "0.44.1", true),
	)

	It("the zero PartialVersion matches nothing", func() {
		Expect(PartialVersion{}.MatchesString("1.0.0")).To(BeFalse())
		Expect(PartialVersion{}.Matches(nil)).To(BeFalse())
	})

	DescribeTable("#Compare",
		func(a, b string, want int) {
			got, err := Compare(a, b)
			Expect(err).NotTo(HaveOccurred())
			Expect(got).To(Equal(want))
		},
		Entry("1.10.0 > 1.9.1 (numeric, not lexical)", "1.10.0", "1.9.1", 1),
		Entry("1.9.1 < 1.10.0", "1.9.1", "1.10.0", -1),
		Entry("equal", "3.6.13", "3.6.13", 0),
		Entry("build metadata ignored", "1.0.0+a", "1.0.0+b", 0),
		Entry("pre-release below release", "3.7.0-rc.1", "3.7.0", -1),
		Entry("patch", "0.44.1", "0.42.1", 1),
	)

	It("#Compare rejects unparsable versions", func() {
		_, err := Compare("1.0", "1.0.0")
		Expect(err).To(MatchError(ContainSubstring(`"1.0" is not a semantic version`)))
		_, err = Compare("1.0.0", "v1.0.0")
		Expect(err).To(MatchError(ContainSubstring(`"v1.0.0" is not a semantic version`)))
	})

	DescribeTable("#LessThan",
		func(a, b string, less bool) { Expect(LessThan(a, b)).To(Equal(less)) },
		Entry("1.9.1 < 1.10.0", "1.9.1", "1.10.0", true),
		Entry("1.10.0 not < 1.9.1", "1.10.0", "1.9.1", false),
		Entry("equal", "1.0.0", "1.0.0", false),
		Entry("unparsable sorts first", "junk", "0.0.1", true),
		Entry("parsable after unparsable", "0.0.1", "junk", false),
		Entry("two unparsable compare as strings", "a", "b", true),
	)

	DescribeTable("#Highest",
		func(candidates []string, want string, found bool) {
			got, ok := Highest(candidates)
			Expect(ok).To(Equal(found))
			Expect(got).To(Equal(want))
		},
		Entry("semver order, 1.10.0 above 1.9.1", []string{"1.8.4", "1.10.0", "1.9.1", "1.9.0"}, "1.10.0", true),
		Entry("release above its pre-release", []string{"3.7.0-rc.1", "3.7.0"}, "3.7.0", true),
		Entry("unparsable skipped", []string{"9.9", "v9.0.0", "1.0.0"}, "1.0.0", true),
		Entry("empty", nil, "", false),
		Entry("only unparsable", []string{"latest"}, "", false),
	)

	DescribeTable("#HighestMatching",
		func(candidates []string, prefix, want string, found bool) {
			p, err := ParsePartialVersion(prefix)
			Expect(err).NotTo(HaveOccurred())
			got, ok := HighestMatching(candidates, p)
			Expect(ok).To(Equal(found))
			Expect(got).To(Equal(want))
		},
		Entry("major.minor", []string{"3.6.11", "3.6.13", "3.6.12", "3.7.0"}, "3.6", "3.6.13", true),
		Entry("major", []string{"1.8.4", "1.9.0", "1.10.0", "2.0.0"}, "1", "1.10.0", true),
		Entry("no match", []string{"3.6.13"}, "3.9", "", false),
	)
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
