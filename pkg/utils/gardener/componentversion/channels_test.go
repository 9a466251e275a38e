// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package componentversion

import (
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	"k8s.io/utils/ptr"

	v1beta1helper "github.com/gep-78/gardener/pkg/api/core/v1beta1/helper"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
)

var _ = Describe("Release channels", func() {
	fleet := channelFleet()

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

	It("#ExtensionProfileStatusWithChannelsAt adds the channels to each component's status", func() {
		spec := gardencorev1beta1.ExtensionProfileSpec{Components: []gardencorev1beta1.ExtensionProfileComponent{fleet, channelComponent(cv("1.0.0", lc(preview, -1*day)))}}
		status := ExtensionProfileStatusWithChannelsAt(spec, now, soak)
		Expect(status.Components).To(HaveLen(2))
		Expect(status.Components[0].Versions).To(Equal(v1beta1helper.ExtensionProfileStatusAt(spec, now).Components[0].Versions))
		Expect(status.Components[0].Channels).To(Equal([]gardencorev1beta1.ReleaseChannelStatus{
			{Channel: rapid, Version: "0.43.0"}, {Channel: regular, Version: "0.42.0"}, {Channel: stable, Version: "0.41.0"},
		}))
		Expect(status.Components[1].Channels).To(Equal([]gardencorev1beta1.ReleaseChannelStatus{
			{Channel: rapid, Version: "1.0.0"}, {Channel: regular}, {Channel: stable},
		}), "every channel, an empty version where none qualifies")
	})

	DescribeTable("#ChannelTimes: the soak ends",
		func(at time.Time, expected []ChannelTime) {
			var soakEnds []ChannelTime
			for _, t := range ChannelTimes(fleet, at, soak) {
				if len(t.SoakEnds) > 0 {
					soakEnds = append(soakEnds, t)
				}
			}
			Expect(soakEnds).To(Equal(expected))
		},
		Entry("the soak of 0.42.0 ends first, then that of the future promotion of 0.43.0", now,
			[]ChannelTime{{At: now.Add(5 * day), SoakEnds: []string{"0.42.0"}}, {At: now.Add(37 * day), SoakEnds: []string{"0.43.0"}}}),
		Entry("only later ones", now.Add(5*day), []ChannelTime{{At: now.Add(37 * day), SoakEnds: []string{"0.43.0"}}}),
		Entry("none after the last soak ended", now.Add(37*day), nil),
	)

	It("#ChannelTimes lists every upcoming stage start and soak end once, ascending", func() {
		component := channelComponent(
			cv("1.0.0", lc(supported, -30*day)),
			cv("1.1.0", lc(preview, -day), lc(supported, day)),
			cv("1.2.0", lc(preview, day), lc(supported, 3*day), lc(supported, 4*day)),
			cv("1.3.0"),
		)
		Expect(ChannelTimes(component, now, soak)).To(Equal([]ChannelTime{
			{At: now.Add(day)}, {At: now.Add(3 * day)}, {At: now.Add(4 * day)},
			{At: now.Add(day + soak), SoakEnds: []string{"1.1.0"}}, {At: now.Add(3*day + soak), SoakEnds: []string{"1.2.0"}},
		}), "1.0.0 soaked 23 days ago; the second supported stage of 1.2.0 continues the run and starts no soak")
		Expect(ChannelTimes(component, now.Add(10*day), soak)).To(BeEmpty())
	})

	It("#ChannelTimes names every version whose soak ends at an instant, in spec order, also at a stage start", func() {
		component := channelComponent(
			cv("2.0.0", lc(supported, -2*day)),
			cv("1.0.0", lc(supported, -2*day)),
			cv("3.0.0", lc(preview, -day), lc(deprecated, soak-2*day)),
		)
		Expect(ChannelTimes(component, now, soak)).To(Equal([]ChannelTime{{At: now.Add(soak - 2*day), SoakEnds: []string{"2.0.0", "1.0.0"}}}))
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

	It("#ChannelTimes is empty for versions without start times", func() {
		Expect(ChannelTimes(channelComponent(cv("1.0.0"), cv("1.0.1", lcAlways(supported))), now, soak)).To(BeEmpty())
	})

	It("#ReleaseChannels go from the newest versions to the most soaked", func() {
		Expect(ReleaseChannels).To(Equal([]gardencorev1beta1.ReleaseChannel{rapid, regular, stable}))
	})
})
