// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package componentversion

import (
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	"k8s.io/apimachinery/pkg/util/validation/field"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
)

var _ = Describe("ExtensionProfile decisions", func() {
	It("#pinnableVersions lists the active versions in profile order", func() {
		Expect(pinnableVersions(component, now)).To(Equal([]classifiedVersion{
			{version: "1.9.1", classification: preview},
			{version: "1.9.0", classification: supported},
			{version: "1.8.4", classification: gardencorev1beta1.ClassificationDeprecated},
			{version: "1.8.3", classification: supported},
		}))
		Expect(pinnableVersions(component, now.AddDate(0, 0, 3))).To(HaveLen(5), "1.10.0 is preview from then on")
	})

	DescribeTable("#checkVersionPin",
		func(pinned string, expected field.ErrorList) {
			Expect(checkVersionPin(field.NewPath("version"), component, pinned, now)).To(Equal(expected))
		},
		Entry("supported", "1.9.0", nil),
		Entry("preview", "1.9.1", nil),
		Entry("deprecated", "1.8.4", nil),
		Entry("unknown", "1.7.0", field.ErrorList{field.NotSupported(field.NewPath("version"), "1.7.0", []string{"1.9.1 (preview)", "1.9.0", "1.8.4 (deprecated)", "1.8.3"})}),
		Entry("unavailable", "1.10.0", field.ErrorList{field.Invalid(field.NewPath("version"), "1.10.0",
			"version 1.10.0 of component comp is unavailable (its lifecycle has not started; it becomes preview at 2026-12-02T00:00:00Z); versions that can be pinned: 1.9.1 (preview), 1.9.0, 1.8.4 (deprecated), 1.8.3")}),
		Entry("expired without a start time", "1.8.2", field.ErrorList{field.Invalid(field.NewPath("version"), "1.8.2",
			"version 1.8.2 of component comp is expired; versions that can be pinned: 1.9.1 (preview), 1.9.0, 1.8.4 (deprecated), 1.8.3")}),
	)

	DescribeTable("#pinWarning",
		func(pinned string, channel gardencorev1beta1.ReleaseChannel, expected string) {
			Expect(pinWarning("ext", component, pinned, channel, now)).To(Equal(expected))
		},
		Entry("supported", "1.9.0", gardencorev1beta1.ReleaseChannel(""), ""),
		Entry("unknown", "0.1.0", gardencorev1beta1.ReleaseChannel(""), ""),
		Entry("expired", "1.8.2", gardencorev1beta1.ReleaseChannel(""), ""),
		Entry("preview", "1.9.1", gardencorev1beta1.ReleaseChannel(""), "component comp of extension ext is pinned to preview version 1.9.1, which is excluded from defaulting and auto-updates"),
		Entry("preview on the regular channel", "1.9.1", gardencorev1beta1.ReleaseChannelRegular, "component comp of extension ext is pinned to preview version 1.9.1, which is excluded from defaulting and auto-updates"),
		Entry("preview on the rapid channel", "1.9.1", gardencorev1beta1.ReleaseChannelRapid, ""),
		Entry("deprecated without scheduled expiry", "1.8.4", gardencorev1beta1.ReleaseChannel(""), "component comp of extension ext is pinned to deprecated version 1.8.4"),
		Entry("deprecated on the rapid channel", "1.8.4", gardencorev1beta1.ReleaseChannelRapid, "component comp of extension ext is pinned to deprecated version 1.8.4"),
	)

	// scheduled has a deprecated 2.0.0 that expires in 10 days, whose force path then takes 2.0.1 of
	// its minor before 2.1.0, an unavailable 2.1.0, and an expired 1.0.0 since yesterday.
	scheduled := gardencorev1beta1.ExtensionProfileComponent{Name: "sched", Versions: []gardencorev1beta1.ExtensionComponentVersion{
		{Version: "1.0.0", Lifecycle: []gardencorev1beta1.LifecycleStage{stage(supported, at(-30)), stage(gardencorev1beta1.ClassificationExpired, at(-1))}},
		{Version: "2.0.0", Lifecycle: []gardencorev1beta1.LifecycleStage{stage(gardencorev1beta1.ClassificationDeprecated, nil), stage(gardencorev1beta1.ClassificationExpired, at(10))}},
		{Version: "2.0.1"},
		{Version: "2.1.0", Lifecycle: []gardencorev1beta1.LifecycleStage{stage(preview, at(5)), stage(supported, at(6))}},
		{Version: "3.0.0", Lifecycle: []gardencorev1beta1.LifecycleStage{stage(gardencorev1beta1.ClassificationDeprecated, nil), stage(gardencorev1beta1.ClassificationExpired, at(10))}},
	}}

	DescribeTable("#checkVersionPin names when a classification began or begins",
		func(pinned, detail string) {
			Expect(checkVersionPin(field.NewPath("v"), scheduled, pinned, now)).To(Equal(field.ErrorList{field.Invalid(field.NewPath("v"), pinned, detail)}))
		},
		Entry("expired since a start time", "1.0.0", "version 1.0.0 of component sched is expired (since 2026-11-28T00:00:00Z); versions that can be pinned: 2.0.0 (deprecated), 2.0.1, 3.0.0 (deprecated)"),
		Entry("unavailable until its first stage", "2.1.0", "version 2.1.0 of component sched is unavailable (its lifecycle has not started; it becomes preview at 2026-12-04T00:00:00Z); versions that can be pinned: 2.0.0 (deprecated), 2.0.1, 3.0.0 (deprecated)"),
	)

	DescribeTable("#pinWarning names a scheduled expiry and the force path's target as the profile stands",
		func(pinned, expected string) {
			Expect(pinWarning("ext", scheduled, pinned, "", now)).To(Equal(expected))
		},
		Entry("with a target", "2.0.0", "component sched of extension ext is pinned to deprecated version 2.0.0; it expires at 2026-12-09T00:00:00Z and is then force-upgraded in the next maintenance window (to 2.0.1 as the profile stands)"),
		Entry("without a target within the major", "3.0.0", "component sched of extension ext is pinned to deprecated version 3.0.0; it expires at 2026-12-09T00:00:00Z and is then force-upgraded in the next maintenance window"),
	)

	DescribeTable("#taggedVersion",
		func(classification gardencorev1beta1.VersionClassification, expected string) {
			Expect(taggedVersion(classifiedVersion{version: "1.0.0", classification: classification})).To(Equal(expected))
		},
		Entry("supported alone", supported, "1.0.0"),
		Entry("preview", preview, "1.0.0 (preview)"),
		Entry("deprecated", gardencorev1beta1.ClassificationDeprecated, "1.0.0 (deprecated)"),
	)
})
