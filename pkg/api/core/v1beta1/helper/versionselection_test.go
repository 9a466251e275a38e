// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package helper_test

import (
	"strings"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"

	. "github.com/gep-78/gardener/pkg/api/core/v1beta1/helper"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
)

// G01–G41 and Q1–Q5 restate the cases of Gardener's helper tests (cloudprofile_test.go). A version is written "1.12.9 p":
// p preview, s supported, d deprecated (legacy classification), x expired (legacy expirationDate
// in the past), dx deprecated and expired, u unavailable (lifecycle starting in the future), no
// tag: nothing set.
var _ = Describe("CloudProfile version selection (Gardener helpers)", func() {
	now := time.Date(2026, time.November, 29, 0, 0, 0, 0, time.UTC)

	type helperFunc func([]gardencorev1beta1.ExpirableVersion, string, time.Time) (bool, string, error)

	DescribeTable("vectors",
		func(fn helperFunc, current string, spec string, expected string) {
			found, target, err := fn(ExpirableVersions(now, spec), current, now)
			Expect(err).NotTo(HaveOccurred())
			if expected == "-" {
				Expect(found).To(BeFalse(), "unexpected target %q", target)
				return
			}
			Expect(found).To(BeTrue())
			Expect(target).To(Equal(expected))
		},
		Entry("G01 overall-latest", GetOverallLatestVersionForAutoUpdateAt, "1.14.3", "1.17.1, 1.15.0, 1.14.3, 1.13.1", "1.17.1"),
		Entry("G02 overall-latest: higher deprecated skipped for a supported one", GetOverallLatestVersionForAutoUpdateAt, "0.4.1", "3.0.1, 2.1.1 d, 2.0.0 s, 0.4.1", "3.0.1"),
		Entry("G03 overall-latest: lower supported beats higher deprecated", GetOverallLatestVersionForAutoUpdateAt, "0.4.1", "3.0.1 d, 2.1.1 d, 2.0.0 s, 0.4.1", "2.0.0"),
		Entry("G04 overall-latest: already latest", GetOverallLatestVersionForAutoUpdateAt, "1.17.1", "1.17.1, 1.15.0, 1.14.3, 1.13.1", "-"),
		Entry("G05 overall-latest: patch first", GetOverallLatestVersionForAutoUpdateAt, "1.15.0", "1.17.1, 1.15.3, 1.15.0", "1.15.3"),
		Entry("G06 overall-latest: only preview and expired", GetOverallLatestVersionForAutoUpdateAt, "1.13.1", "1.17.1 p, 1.15.0 p, 1.14.3 x, 1.13.1 x", "-"),
		Entry("G07 overall-latest", GetOverallLatestVersionForAutoUpdateAt, "1.13.1", "1.17.1 d, 1.16.1 s, 1.15.0 p, 1.14.3 x, 1.13.1 x", "1.16.1"),
		Entry("G08 overall-latest: all deprecated, take the highest", GetOverallLatestVersionForAutoUpdateAt, "1.14.3", "1.17.3 p, 1.17.2 x, 1.17.1 d, 1.16.1 d, 1.15.0 p, 1.14.3 x", "1.17.1"),
		Entry("G09 patch-auto", GetLatestVersionForPatchAutoUpdateAt, "1.12.2", "1.15.1, 1.15.0, 1.14.4, 1.12.9 p, 1.12.4 p, 1.12.3, 1.12.2", "1.12.3"),
		Entry("G10 patch-auto", GetLatestVersionForPatchAutoUpdateAt, "1.12.2", "1.15.1, 1.15.0, 1.14.4, 1.12.9 x, 1.12.4 x, 1.12.3, 1.12.2", "1.12.3"),
		Entry("G11 patch-auto", GetLatestVersionForPatchAutoUpdateAt, "1.12.2", "1.15.1, 1.15.0, 1.14.4, 1.12.9 x, 1.12.4 p, 1.12.2", "-"),
		Entry("G12 patch-auto", GetLatestVersionForPatchAutoUpdateAt, "1.12.2", "1.15.1, 1.15.0, 1.14.4, 1.12.2, 1.12.1", "-"),
		Entry("G13 patch-auto", GetLatestVersionForPatchAutoUpdateAt, "1.15.1", "1.15.1, 1.15.0, 1.14.4, 1.12.2", "-"),
		Entry("G14 minor-auto", GetLatestVersionForMinorAutoUpdateAt, "1.12.2", "2.0.0, 1.15.1, 1.15.0, 1.14.4, 1.12.2", "1.15.1"),
		Entry("G15 minor-auto", GetLatestVersionForMinorAutoUpdateAt, "0.2.3", "2.0.0, 1.15.1, 0.4.1, 0.4.0, 0.2.3", "0.4.1"),
		Entry("G16 minor-auto", GetLatestVersionForMinorAutoUpdateAt, "1.12.2", "2.0.0, 1.15.2 p, 1.15.1, 1.15.0, 1.14.4", "1.15.1"),
		Entry("G17 minor-auto: patch first", GetLatestVersionForMinorAutoUpdateAt, "1.12.2", "2.0.0, 1.15.2 p, 1.15.1, 1.15.0, 1.14.4, 1.12.3, 1.12.2", "1.12.3"),
		Entry("G18 minor-auto", GetLatestVersionForMinorAutoUpdateAt, "1.1.2", "2.0.0, 1.12.9 x, 1.12.4 x, 1.10.3, 1.10.2, 1.1.2, 1.0.2", "1.10.3"),
		Entry("G19 minor-auto", GetLatestVersionForMinorAutoUpdateAt, "1.12.2", "1.15.1 x, 1.15.0 x, 1.14.4 p, 1.12.2", "-"),
		Entry("G20 minor-auto: never crosses the major", GetLatestVersionForMinorAutoUpdateAt, "1.15.1", "2.0.0, 1.15.1, 1.15.0, 1.14.4, 1.12.2, 1.12.1", "-"),
		Entry("G21 minor-auto: above all of the major", GetLatestVersionForMinorAutoUpdateAt, "1.17.1", "2.0.0, 1.15.1, 1.15.0, 1.14.4, 1.12.2, 1.12.1", "-"),
		Entry("G22 consecutive-minor", GetVersionForForcefulUpdateToConsecutiveMinorAt, "1.11.3", "1.15.1, 1.15.0, 1.12.9 p, 1.12.4 p, 1.12.3, 1.12.2, 1.11.3", "1.12.3"),
		Entry("G23 consecutive-minor", GetVersionForForcefulUpdateToConsecutiveMinorAt, "1.11.3", "1.15.1, 1.15.0, 1.12.9 x, 1.12.4 x, 1.12.3, 1.12.2, 1.11.3, 1.10.1, 1.9.0", "1.12.3"),
		Entry("G24 consecutive-minor: all expired, highest expired", GetVersionForForcefulUpdateToConsecutiveMinorAt, "1.11.3", "1.15.1, 1.15.0, 1.12.9 x, 1.12.4 x, 1.11.3", "1.12.9"),
		Entry("G25 consecutive-minor: no minor+1", GetVersionForForcefulUpdateToConsecutiveMinorAt, "1.10.3", "2.0.0, 1.15.1, 1.15.0, 1.12.9 x, 1.12.4 x, 1.12.3, 1.12.2, 1.10.3", "-"),
		Entry("G26 consecutive-minor", GetVersionForForcefulUpdateToConsecutiveMinorAt, "1.15.1", "1.15.1, 1.15.0, 1.14.4, 1.12.2", "-"),
		Entry("G27 next-higher-minor", GetVersionForForcefulUpdateToNextHigherMinorAt, "1.11.3", "1.15.1, 1.15.0, 1.13.9 p, 1.13.4 p, 1.13.3, 1.13.2, 1.11.3", "1.13.3"),
		Entry("G28 next-higher-minor", GetVersionForForcefulUpdateToNextHigherMinorAt, "1.11.3", "1.15.1, 1.15.0, 1.12.9 x, 1.12.4 x, 1.12.3, 1.12.2, 1.11.3, 1.10.1, 1.9.0", "1.12.3"),
		Entry("G29 next-higher-minor", GetVersionForForcefulUpdateToNextHigherMinorAt, "1.11.3", "1.15.1, 1.15.0, 1.13.9 x, 1.13.4, 1.11.3", "1.13.4"),
		Entry("G30 next-higher-minor: expired next minor not skipped", GetVersionForForcefulUpdateToNextHigherMinorAt, "1.11.3", "1.15.1, 1.15.0, 1.13.9 x, 1.13.4 x, 1.11.3", "1.13.9"),
		Entry("G31 next-higher-minor", GetVersionForForcefulUpdateToNextHigherMinorAt, "1.10.3", "1.15.1, 1.15.0, 1.12.9 x, 1.12.4 x, 1.12.3, 1.12.2, 1.10.3", "1.12.3"),
		Entry("G32 next-higher-minor: preview-only minor skipped", GetVersionForForcefulUpdateToNextHigherMinorAt, "1.10.3", "1.15.1, 1.15.0, 1.12.9 p, 1.12.4 p, 1.10.3", "1.15.1"),
		Entry("G33 next-higher-minor: never crosses the major", GetVersionForForcefulUpdateToNextHigherMinorAt, "1.17.1", "2.0.0, 1.17.1, 1.15.1, 1.15.0, 1.14.4, 1.12.2", "-"),
		Entry("G34 next-higher-major", GetVersionForForcefulUpdateToNextHigherMajorAt, "534.6.3", "1096.0.0, 1034.1.1, 1034.0.0, 1034.0.9 p, 1034.1.4 p, 534.6.3, 534.5.0, 1.11.3", "1034.1.1"),
		Entry("G35 next-higher-major", GetVersionForForcefulUpdateToNextHigherMajorAt, "534.0.0", "1096.0.0, 1034.5.1, 1034.5.0, 1034.2.0, 1034.1.0 x, 1034.0.0 x, 534.0.0", "1034.5.1"),
		Entry("G36 next-higher-major", GetVersionForForcefulUpdateToNextHigherMajorAt, "534.0.0", "1096.0.1, 1096.0.0, 1034.1.1 x, 1034.1.0, 1034.0.1 x, 534.0.0", "1034.1.0"),
		Entry("G37 next-higher-major: expired next major not skipped", GetVersionForForcefulUpdateToNextHigherMajorAt, "534.0.0", "1096.0.1, 1096.0.0, 1034.1.1 x, 1034.1.0 x, 1034.0.1 x, 534.0.0", "1034.1.1"),
		Entry("G38 next-higher-major: preview-only major skipped", GetVersionForForcefulUpdateToNextHigherMajorAt, "534.0.0", "1096.1.0, 1096.0.0, 1034.1.0 p, 1034.0.0 p, 534.0.0", "1096.1.0"),
		Entry("G39 next-higher-major", GetVersionForForcefulUpdateToNextHigherMajorAt, "2.1.0", "2.1.0, 2.0.0, 1.17.1, 1.15.1, 1.15.0, 1.14.4, 1.12.2", "-"),
		Entry("Q1 patch-auto: unavailable is not excluded", GetLatestVersionForPatchAutoUpdateAt, "1.2.0", "1.2.0, 1.2.5 u", "1.2.5"),
		Entry("Q2 next-higher-minor: expired top of the target minor after a preview-only minor", GetVersionForForcefulUpdateToNextHigherMinorAt, "1.1.0", "1.1.0 x, 1.3.2 p, 1.4.1, 1.4.2 x", "1.4.2"),
		Entry("Q2 next-higher-minor: without the preview-only minor", GetVersionForForcefulUpdateToNextHigherMinorAt, "1.1.0", "1.1.0 x, 1.4.1, 1.4.2 x", "1.4.1"),
		Entry("Q3 patch-auto: tilde 0.0.0 accepts any higher version", GetLatestVersionForPatchAutoUpdateAt, "0.0.0", "0.0.5, 0.3.0, 2.0.0", "2.0.0"),
		Entry("Q3 patch-auto: from 0.0.1", GetLatestVersionForPatchAutoUpdateAt, "0.0.1", "0.0.5, 0.3.0, 2.0.0", "0.0.5"),
		Entry("Q4 consecutive-minor: deprecated not deprioritised", GetVersionForForcefulUpdateToConsecutiveMinorAt, "1.1.0", "1.1.0 x, 1.2.1, 1.2.2 d", "1.2.2"),
		Entry("Q4 next-higher-minor: deprecated not deprioritised", GetVersionForForcefulUpdateToNextHigherMinorAt, "1.1.0", "1.1.0 x, 1.2.1, 1.2.2 d", "1.2.2"),
		Entry("Q5 patch-auto: original string returned", GetLatestVersionForPatchAutoUpdateAt, "v1.0.0", "v1.0.3, 1.0.2", "v1.0.3"),
		Entry("Q5 patch-auto: short versions", GetLatestVersionForPatchAutoUpdateAt, "1.7", "1.7.3, 1.8", "1.7.3"),
	)

	It("G40 base eligibility skips preview versions", func() {
		found, v, err := GetLatestQualifyingVersionAt(ExpirableVersions(now, "1.17.2 p, 1.17.1, 1.15.0, 1.14.3, 1.13.1"), now)
		Expect(err).NotTo(HaveOccurred())
		Expect(found).To(BeTrue())
		Expect(v.Version).To(Equal("1.17.1"))
	})

	It("G41 base eligibility fails on an unparsable version", func() {
		_, _, err := GetLatestQualifyingVersionAt(ExpirableVersions(now, "1.213123xx"), now)
		Expect(err).To(MatchError(ContainSubstring(`error while parsing version "1.213123xx"`)))
	})

	It("should fail on an unparsable current version", func() {
		_, _, err := GetLatestVersionForPatchAutoUpdateAt(ExpirableVersions(now, "1.0.0"), "latest", now)
		Expect(err).To(HaveOccurred())
	})
})

// ExpirableVersions builds CloudProfile versions from "1.2.3 tag, ..." (tags as described above),
// classified relative to now.
func ExpirableVersions(now time.Time, spec string) []gardencorev1beta1.ExpirableVersion {
	var out []gardencorev1beta1.ExpirableVersion
	for _, item := range strings.Split(spec, ",") {
		fields := strings.Fields(item)
		v := gardencorev1beta1.ExpirableVersion{Version: fields[0]}
		if len(fields) > 1 {
			past := &metav1.Time{Time: now.Add(-time.Hour)}
			switch fields[1] {
			case "p":
				v.Classification = ptr.To(gardencorev1beta1.ClassificationPreview)
			case "s":
				v.Classification = ptr.To(gardencorev1beta1.ClassificationSupported)
			case "d":
				v.Classification = ptr.To(gardencorev1beta1.ClassificationDeprecated)
			case "x":
				v.ExpirationDate = past
			case "dx":
				v.Classification = ptr.To(gardencorev1beta1.ClassificationDeprecated)
				v.ExpirationDate = past
			case "u":
				v.Lifecycle = []gardencorev1beta1.LifecycleStage{{Classification: gardencorev1beta1.ClassificationSupported, StartTime: &metav1.Time{Time: now.Add(time.Hour)}}}
			default:
				panic("unknown tag " + fields[1])
			}
		}
		out = append(out, v)
	}
	return out
}
