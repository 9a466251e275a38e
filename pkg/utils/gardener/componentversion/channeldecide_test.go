// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package componentversion_test

import (
	"context"
	"errors"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	. "github.com/gep-78/gardener/pkg/utils/gardener/componentversion"
)

var _ = Describe("ChannelUpdateFor", func() {
	// 0.40.0 supported long ago (soaked), 0.41.0 supported for 2 days (not soaked), 0.42.0 preview,
	// 0.38.0 expired, 0.39.0 deprecated.
	falco := channelComponent(
		cv("0.38.0", lcAlways(supported), lc(gardencorev1beta1.ClassificationExpired, -1*day)),
		cv("0.39.0", lcAlways(supported), lc(deprecated, -1*day)),
		cv("0.39.5", lcAlways(supported)),
		cv("0.40.0", lc(supported, -30*day)),
		cv("0.41.0", lc(preview, -10*day), lc(supported, -2*day)),
		cv("0.42.0", lc(preview, -1*day)),
	)

	DescribeTable("decisions",
		func(current string, channel gardencorev1beta1.ReleaseChannel, compatible CompatibilityFunc, trigger ComponentUpdateTrigger, target, channelVersion, held string) {
			decision, err := ChannelUpdateFor(falco, current, channel, now, soak, compatible)
			Expect(err).NotTo(HaveOccurred())
			Expect(decision.Trigger).To(Equal(trigger))
			Expect(decision.Target).To(Equal(target))
			Expect(decision.Channel).To(Equal(channel))
			Expect(decision.ChannelVersion).To(Equal(channelVersion))
			Expect(decision.Held).To(Equal(held))
		},
		Entry("rapid moves to the preview", "0.40.0", rapid, incompatibleWith(), ComponentUpdateChannel, "0.42.0", "0.42.0", ""),
		Entry("regular moves to the highest supported, across minors", "0.39.5", regular, incompatibleWith(), ComponentUpdateChannel, "0.41.0", "0.41.0", ""),
		Entry("stable moves to the highest soaked version", "0.39.5", stable, incompatibleWith(), ComponentUpdateChannel, "0.40.0", "0.40.0", ""),
		Entry("at the channel's version: stays without hold", "0.41.0", regular, incompatibleWith(), ComponentUpdateChannel, "", "0.41.0", ""),
		Entry("above the channel's version (rapid to stable): stays, held", "0.42.0", stable, incompatibleWith(), ComponentUpdateChannel, "", "0.40.0",
			"channel stable gives 0.40.0, below the current 0.42.0; staying until the channel catches up"),
		Entry("an incompatible channel version: stays, rejected", "0.39.5", regular, incompatibleWith("0.41.0"), ComponentUpdateChannel, "", "0.41.0", ""),
		Entry("a deprecated pin moves to the channel's version", "0.39.0", stable, incompatibleWith(), ComponentUpdateChannel, "0.40.0", "0.40.0", ""),
		Entry("expired: forced to the channel's version", "0.38.0", regular, incompatibleWith(), ComponentUpdateExpired, "0.41.0", "0.41.0", ""),
		Entry("expired, channel version incompatible: the force path", "0.38.0", regular, incompatibleWith("0.41.0"), ComponentUpdateExpired, "0.39.5", "0.41.0", ""),
		Entry("unlisted: forced to the channel's version", "0.40.3", rapid, incompatibleWith(), ComponentUpdateMissing, "0.42.0", "0.42.0", ""),
		Entry("unlisted above the channel: the force path, never a downgrade", "0.40.3", stable, incompatibleWith(), ComponentUpdateMissing, "0.41.0", "0.40.0", ""),
	)

	It("names the channel in the reason and records the rejected channel version", func() {
		decision, err := ChannelUpdateFor(falco, "0.39.5", regular, now, soak, incompatibleWith("0.41.0"))
		Expect(err).NotTo(HaveOccurred())
		Expect(decision.Reason).To(Equal("The component follows the regular release channel"))
		Expect(decision.Rejected).To(Equal([]RejectedVersion{{Version: "0.41.0", Failures: []string{"0.41.0 is incompatible"}}}))
	})

	It("follows the soak period: stable moves once the soak has passed", func() {
		decision, err := ChannelUpdateFor(falco, "0.40.0", stable, now.Add(5*day), soak, incompatibleWith())
		Expect(err).NotTo(HaveOccurred())
		Expect(decision.Target).To(Equal("0.41.0"))
		decision, err = ChannelUpdateFor(falco, "0.40.0", stable, now.Add(5*day-1), soak, incompatibleWith())
		Expect(err).NotTo(HaveOccurred())
		Expect(decision.Target).To(BeEmpty())
	})

	It("keeps a channel without version and forces an expired pin along the force path", func() {
		previews := channelComponent(cv("1.0.0", lcAlways(supported), lc(gardencorev1beta1.ClassificationExpired, -day)), cv("1.0.1"), cv("1.1.0", lc(preview, -day)))
		decision, err := ChannelUpdateFor(previews, "1.0.0", regular, now, soak, incompatibleWith())
		Expect(err).NotTo(HaveOccurred())
		Expect(decision.Target).To(Equal("1.0.1"))

		decision, err = ChannelUpdateFor(channelComponent(cv("1.0.0", lc(preview, -day))), "1.0.0", stable, now, soak, incompatibleWith())
		Expect(err).NotTo(HaveOccurred())
		Expect(decision.Target).To(BeEmpty())
		Expect(decision.ChannelVersion).To(BeEmpty())
		Expect(OutcomeOf(decision, nil, false).String()).To(Equal("keep: channel stable has no version"))
	})

	It("fails a forced update without target, naming the rejected channel version once", func() {
		_, err := ChannelUpdateFor(falco, "0.38.0", regular, now, soak, incompatibleWith("0.39.5", "0.40.0", "0.41.0"))
		Expect(err).To(MatchError(ContainSubstring("0.39.5 (0.39.5 is incompatible), 0.40.0 (0.40.0 is incompatible), 0.41.0 (0.41.0 is incompatible)")))
	})

	It("returns an evaluation error", func() {
		_, err := ChannelUpdateFor(falco, "0.39.5", regular, now, soak, func(string) ([]string, error) { return nil, errors.New("boom") })
		Expect(err).To(MatchError("boom"))
	})

	Describe("OutcomeOf", func() {
		It("renders a hold below the current version as Behind, not a failure", func() {
			decision, err := ChannelUpdateFor(falco, "0.42.0", stable, now, soak, incompatibleWith())
			Expect(err).NotTo(HaveOccurred())
			outcome := OutcomeOf(decision, nil, false)
			Expect(outcome.Action).To(Equal(ComponentActionHold))
			Expect(outcome.Behind).To(BeTrue())
			Expect(outcome.String()).To(Equal("hold, channel stable gives 0.40.0, below the current 0.42.0; staying until the channel catches up"))
		})

		It("renders a channel update with the channel's reason", func() {
			decision, err := ChannelUpdateFor(falco, "0.40.0", rapid, now, soak, incompatibleWith())
			Expect(err).NotTo(HaveOccurred())
			Expect(OutcomeOf(decision, nil, false).String()).To(Equal("update to 0.42.0 (The component follows the rapid release channel)"))
		})
	})

	Describe("Decide", func() {
		profile := &gardencorev1beta1.ExtensionProfile{ObjectMeta: metav1.ObjectMeta{Name: "falco"},
			Spec: gardencorev1beta1.ExtensionProfileSpec{Components: []gardencorev1beta1.ExtensionProfileComponent{falco}}}
		shootWith := func(extension gardencorev1beta1.Extension) *gardencorev1beta1.Shoot {
			return &gardencorev1beta1.Shoot{Spec: gardencorev1beta1.ShootSpec{Extensions: []gardencorev1beta1.Extension{extension}}}
		}

		DescribeTable("a channel takes the place of the auto-update policy",
			func(extension gardencorev1beta1.Extension, expected string) {
				outcome := Decide(context.Background(), profile, shootWith(extension), 0, 0, now, soak, NewCELCompatibilityChecker())
				Expect(outcome.String()).To(Equal(expected))
			},
			Entry("the extension's channel",
				gardencorev1beta1.Extension{Type: "falco", Channel: ptr.To(regular), Components: []gardencorev1beta1.ExtensionComponent{{Name: "falco", Version: ptr.To("0.39.5")}}},
				"update to 0.41.0 (The component follows the regular release channel)"),
			Entry("the component's channel over the extension's",
				gardencorev1beta1.Extension{Type: "falco", Channel: ptr.To(regular), Components: []gardencorev1beta1.ExtensionComponent{{Name: "falco", Version: ptr.To("0.39.5"), Channel: ptr.To(stable)}}},
				"update to 0.40.0 (The component follows the stable release channel)"),
			Entry("a component autoUpdate opts out of the extension's channel",
				gardencorev1beta1.Extension{Type: "falco", Channel: ptr.To(rapid), Components: []gardencorev1beta1.ExtensionComponent{{Name: "falco", Version: ptr.To("0.39.5"),
					AutoUpdate: &gardencorev1beta1.ExtensionAutoUpdate{Enabled: ptr.To(false)}}}},
				"keep"),
			Entry("without a channel the auto-update policy decides",
				gardencorev1beta1.Extension{Type: "falco", Components: []gardencorev1beta1.ExtensionComponent{{Name: "falco", Version: ptr.To("0.39.0")}}},
				"update to 0.39.5 (Automatic update of the component version is configured (update strategy: patch))"),
		)

		It("carries the channel and leaves Failure empty for a hold that is Behind", func() {
			shoot := shootWith(gardencorev1beta1.Extension{Type: "falco", Channel: ptr.To(stable), Components: []gardencorev1beta1.ExtensionComponent{{Name: "falco", Version: ptr.To("0.42.0")}}})
			outcome := Decide(context.Background(), profile, shoot, 0, 0, now, soak, NewCELCompatibilityChecker())
			Expect(outcome.Behind).To(BeTrue())
			Expect(outcome.Failure).To(BeEmpty())
			Expect(outcome.Channel).To(Equal(stable))
			Expect(outcome.ChannelVersion).To(Equal("0.40.0"))
			Expect(outcome.Trigger).To(Equal(ComponentUpdateChannel))
		})
	})
})
