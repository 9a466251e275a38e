// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package componentversion_test

import (
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/utils/ptr"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	v1beta1helper "github.com/gep-78/gardener/pkg/api/core/v1beta1/helper"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	. "github.com/gep-78/gardener/pkg/utils/gardener/componentversion"
)

const (
	rapid   = gardencorev1beta1.ReleaseChannelRapid
	regular = gardencorev1beta1.ReleaseChannelRegular
	stable  = gardencorev1beta1.ReleaseChannelStable
	soak    = 7 * 24 * time.Hour
	day     = 24 * time.Hour

	deprecated = gardencorev1beta1.ClassificationDeprecated
)

// lc is a lifecycle stage of classification c starting offset from now.
func lc(c gardencorev1beta1.VersionClassification, offset time.Duration) gardencorev1beta1.LifecycleStage {
	return gardencorev1beta1.LifecycleStage{Classification: c, StartTime: &metav1.Time{Time: now.Add(offset)}}
}

// lcAlways is a lifecycle stage of classification c without startTime.
func lcAlways(c gardencorev1beta1.VersionClassification) gardencorev1beta1.LifecycleStage {
	return gardencorev1beta1.LifecycleStage{Classification: c}
}

func channelComponent(versions ...gardencorev1beta1.ExtensionComponentVersion) gardencorev1beta1.ExtensionProfileComponent {
	return gardencorev1beta1.ExtensionProfileComponent{Name: "falco", Versions: versions}
}

func cv(version string, stages ...gardencorev1beta1.LifecycleStage) gardencorev1beta1.ExtensionComponentVersion {
	return gardencorev1beta1.ExtensionComponentVersion{Version: version, Lifecycle: stages}
}

var _ = Describe("Release channels", func() {
	// 0.40.0 always supported; 0.41.0 supported 30 days ago; 0.42.0 supported 2 days ago (not
	// soaked); 0.43.0 preview; 0.44.0-rc.1 preview pre-release; 0.39.0 deprecated.
	fleet := channelComponent(
		cv("0.39.0", lcAlways(supported), lc(deprecated, -10*day)),
		cv("0.40.0"),
		cv("0.41.0", lc(preview, -40*day), lc(supported, -30*day)),
		cv("0.42.0", lc(preview, -20*day), lc(supported, -2*day)),
		cv("0.43.0", lc(preview, -1*day), lc(supported, 30*day)),
		cv("0.44.0-rc.1", lc(preview, -1*day)),
	)

	DescribeTable("#ChannelVersion",
		func(component gardencorev1beta1.ExtensionProfileComponent, channel gardencorev1beta1.ReleaseChannel, at time.Time, expected string, expectedOK bool) {
			version, ok := ChannelVersion(component, channel, at, soak)
			Expect(ok).To(Equal(expectedOK))
			Expect(version).To(Equal(expected))
		},
		Entry("rapid: the highest preview or supported version, never a pre-release", fleet, rapid, now, "0.43.0", true),
		Entry("regular: the highest supported version", fleet, regular, now, "0.42.0", true),
		Entry("stable: the highest supported version that has soaked", fleet, stable, now, "0.41.0", true),
		Entry("stable: a version whose soak ends exactly now has soaked", fleet, stable, now.Add(5*day), "0.42.0", true),
		Entry("stable: one moment before the soak ends it has not", fleet, stable, now.Add(5*day-time.Second), "0.41.0", true),
		Entry("rapid follows a promotion: the preview is supported, still the highest", fleet, rapid, now.Add(30*day), "0.43.0", true),
		Entry("regular follows a promotion to supported", fleet, regular, now.Add(30*day), "0.43.0", true),
		Entry("stable does not follow a promotion until the soak passed", fleet, stable, now.Add(30*day), "0.42.0", true),
		Entry("stable after promotion and soak", fleet, stable, now.Add(37*day), "0.43.0", true),
		Entry("a version supported without startTime has always soaked",
			channelComponent(cv("1.0.0", lcAlways(supported))), stable, now, "1.0.0", true),
		Entry("a lifecycle without stages is supported and has soaked",
			channelComponent(cv("1.0.0")), stable, now, "1.0.0", true),
		Entry("consecutive supported stages soak from the first of them",
			channelComponent(cv("1.0.0", lc(supported, -10*day), lc(supported, -1*day))), stable, now, "1.0.0", true),
		Entry("deprecated versions are in no channel",
			channelComponent(cv("1.0.0", lc(deprecated, -1*day))), rapid, now, "", false),
		Entry("stable has no version while nothing has soaked",
			channelComponent(cv("1.0.0", lc(preview, -9*day), lc(supported, -1*day))), stable, now, "", false),
		Entry("regular has no version when only previews exist",
			channelComponent(cv("1.0.0", lc(preview, -1*day))), regular, now, "", false),
		Entry("an unknown channel has no version", fleet, gardencorev1beta1.ReleaseChannel("beta"), now, "", false),
	)

	It("#ChannelStatusesAt lists every channel, an empty version where none qualifies", func() {
		Expect(ChannelStatusesAt(channelComponent(cv("1.0.0", lc(preview, -1*day))), now, soak)).To(Equal([]gardencorev1beta1.ReleaseChannelStatus{
			{Channel: rapid, Version: "1.0.0"}, {Channel: regular}, {Channel: stable},
		}))
	})

	It("#ExtensionProfileStatusWithChannelsAt adds the channels to each component's status", func() {
		spec := gardencorev1beta1.ExtensionProfileSpec{Components: []gardencorev1beta1.ExtensionProfileComponent{fleet}}
		status := ExtensionProfileStatusWithChannelsAt(spec, now, soak)
		Expect(status.Components).To(HaveLen(1))
		Expect(status.Components[0].Versions).To(Equal(v1beta1helper.ExtensionProfileStatusAt(spec, now).Components[0].Versions))
		Expect(status.Components[0].Channels).To(Equal([]gardencorev1beta1.ReleaseChannelStatus{
			{Channel: rapid, Version: "0.43.0"}, {Channel: regular, Version: "0.42.0"}, {Channel: stable, Version: "0.41.0"},
		}))
	})

	DescribeTable("#NextSoakEnd",
		func(at time.Time, expected time.Time, expectedFound bool) {
			spec := gardencorev1beta1.ExtensionProfileSpec{Components: []gardencorev1beta1.ExtensionProfileComponent{fleet}}
			next, found := NextSoakEnd(spec, at, soak)
			Expect(found).To(Equal(expectedFound))
			Expect(next).To(Equal(expected))
		},
		Entry("the soak of 0.42.0 ends first", now, now.Add(5*day), true),
		Entry("then that of the future promotion of 0.43.0", now.Add(5*day), now.Add(37*day), true),
		Entry("none after the last soak ended", now.Add(37*day), time.Time{}, false),
	)

	It("#ChannelTimes lists every upcoming stage start and soak end once, ascending", func() {
		component := channelComponent(
			cv("1.0.0", lc(supported, -30*day)),
			cv("1.1.0", lc(preview, -day), lc(supported, day)),
			cv("1.2.0", lc(preview, day), lc(supported, 3*day), lc(supported, 4*day)),
			cv("1.3.0"),
		)
		Expect(ChannelTimes(component, now, soak)).To(Equal([]time.Time{
			now.Add(day), now.Add(3 * day), now.Add(4 * day), now.Add(day + soak), now.Add(3*day + soak),
		}), "1.0.0 soaked 23 days ago; the second supported stage of 1.2.0 starts no soak")
		Expect(ChannelTimes(component, now.Add(10*day), soak)).To(BeEmpty())
		Expect(SoakEndsAt(component, now.Add(day+soak), soak)).To(Equal([]string{"1.1.0"}))
		Expect(SoakEndsAt(component, now.Add(4*day+soak), soak)).To(BeEmpty(), "a second supported stage continues the run")
	})

	Describe("#EffectiveChannel", func() {
		ext := gardencorev1beta1.Extension{Type: "t", Channel: ptr.To(stable)}
		DescribeTable("the most specific setting wins",
			func(extension gardencorev1beta1.Extension, c gardencorev1beta1.ExtensionComponent, expected gardencorev1beta1.ReleaseChannel, expectedOK bool) {
				channel, ok := EffectiveChannel(extension, c)
				Expect(ok).To(Equal(expectedOK))
				Expect(channel).To(Equal(expected))
			},
			Entry("the component's channel", ext, gardencorev1beta1.ExtensionComponent{Name: "a", Channel: ptr.To(rapid)}, rapid, true),
			Entry("the extension's channel", ext, gardencorev1beta1.ExtensionComponent{Name: "a"}, stable, true),
			Entry("a component autoUpdate opts out of the extension's channel", ext,
				gardencorev1beta1.ExtensionComponent{Name: "a", AutoUpdate: &gardencorev1beta1.ExtensionAutoUpdate{}}, gardencorev1beta1.ReleaseChannel(""), false),
			Entry("no channel", gardencorev1beta1.Extension{Type: "t"}, gardencorev1beta1.ExtensionComponent{Name: "a"}, gardencorev1beta1.ReleaseChannel(""), false),
		)
	})

	Describe("#ValidateChannelPin", func() {
		versionPath, channelPath := field.NewPath("v"), field.NewPath("c")
		DescribeTable("an explicit version must be the channel's",
			func(channel gardencorev1beta1.ReleaseChannel, pinned, expected, errDetail string) {
				version, err := ValidateChannelPin(versionPath, channelPath, fleet, channel, pinned, now, soak)
				if errDetail != "" {
					Expect(err).To(HaveOccurred())
					Expect(err.Error()).To(ContainSubstring(errDetail))
					return
				}
				Expect(err).To(BeNil())
				Expect(version).To(Equal(expected))
			},
			Entry("the channel's version", regular, "0.42.0", "0.42.0", ""),
			Entry("with a leading v", regular, "v0.42.0", "0.42.0", ""),
			Entry("a partial version it matches", stable, "0.41", "0.41.0", ""),
			Entry("rapid takes the preview", rapid, "0.43", "0.43.0", ""),
			Entry("another version", stable, "0.42.0", "", `v: Invalid value: "0.42.0": the component follows the stable channel, which gives 0.41.0 now`),
			Entry("a partial version it does not match", regular, "0.41", "", "which gives 0.42.0 now"),
		)

		It("reports a channel without version on the channel's path", func() {
			_, err := ValidateChannelPin(versionPath, channelPath, channelComponent(cv("1.0.0", lc(preview, -day))), stable, "1.0.0", now, soak)
			Expect(err).To(HaveOccurred())
			Expect(err.Field).To(Equal("c"))
			Expect(err.Detail).To(Equal(`the stable channel of component "falco" has no version now: it takes the highest version classified supported for at least 168h0m0s`))
		})
	})
})
