// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package componentversion

import (
	"context"
	"errors"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
)

var _ = Describe("outcomeOf", func() {
	rejected := []rejectedVersion{{version: "0.44.1", failures: []string{"requires Kubernetes 1.32", "requires Garden Linux"}}, {version: "0.45.0", failures: []string{"x"}}}
	noTarget := errors.New("cannot perform forceful update of expired version")

	DescribeTable("maps a decision to what maintenance does",
		func(decision versionUpdate, err error, deleting bool, expected ComponentVersionOutcome, text string) {
			outcome := outcomeOf(decision, err, deleting)
			Expect(outcome).To(Equal(expected))
			Expect(outcome.String()).To(Equal(text))
		},
		Entry("no update considered", versionUpdate{}, nil, false,
			ComponentVersionOutcome{Action: ComponentActionKeep}, "keep"),
		Entry("auto-update without target", versionUpdate{trigger: ComponentUpdateAutoUpdate, reason: "r"}, nil, false,
			ComponentVersionOutcome{Action: ComponentActionKeep}, "keep"),
		Entry("auto-update with incompatible candidates only", versionUpdate{trigger: ComponentUpdateAutoUpdate, reason: "r", rejected: rejected[:1]}, nil, false,
			ComponentVersionOutcome{Action: ComponentActionKeep, Reason: "no compatible target: 0.44.1 (requires Kubernetes 1.32; requires Garden Linux)"},
			"keep: no compatible target: 0.44.1 (requires Kubernetes 1.32; requires Garden Linux)"),
		Entry("auto-update", versionUpdate{trigger: ComponentUpdateAutoUpdate, reason: "r", target: "0.44.1"}, nil, false,
			ComponentVersionOutcome{Action: ComponentActionUpdate, Target: "0.44.1", Reason: "r"}, "update to 0.44.1 (r)"),
		Entry("forced update", versionUpdate{trigger: ComponentUpdateExpired, reason: "r", target: "0.44.1"}, nil, false,
			ComponentVersionOutcome{Action: ComponentActionForceUpdate, Target: "0.44.1", Reason: "r"}, "force update to 0.44.1 (r)"),
		Entry("forced update, all candidates incompatible", versionUpdate{trigger: ComponentUpdateMissing, reason: "r", rejected: rejected}, noTarget, false,
			ComponentVersionOutcome{Action: ComponentActionHold, Reason: `no compatible version: 0.44.1 fails "requires Kubernetes 1.32; requires Garden Linux"`},
			`hold, no compatible version: 0.44.1 fails "requires Kubernetes 1.32; requires Garden Linux"`),
		Entry("forced update without candidates", versionUpdate{trigger: ComponentUpdateExpired, reason: "r"}, noTarget, false,
			ComponentVersionOutcome{Action: ComponentActionHold, Reason: noTarget.Error()}, "hold, "+noTarget.Error()),
		Entry("auto-update, profile being deleted", versionUpdate{trigger: ComponentUpdateAutoUpdate, reason: "r", target: "0.44.1"}, nil, true,
			ComponentVersionOutcome{Action: ComponentActionKeep, Reason: "ExtensionProfile is being deleted"}, "keep: ExtensionProfile is being deleted"),
		Entry("forced update, profile being deleted", versionUpdate{trigger: ComponentUpdateExpired, reason: "r", target: "0.44.1"}, nil, true,
			ComponentVersionOutcome{Action: ComponentActionHold, Target: "0.44.1", Reason: `ExtensionProfile is being deleted; the version cannot be changed to "0.44.1"`},
			`hold, ExtensionProfile is being deleted; the version cannot be changed to "0.44.1"`),
	)

	It("holds on an evaluation error of an auto-update", func() {
		err := errors.New("cannot determine a target")
		Expect(outcomeOf(versionUpdate{trigger: ComponentUpdateAutoUpdate}, err, false)).To(Equal(ComponentVersionOutcome{Action: ComponentActionHold, Reason: err.Error()}))
	})
})

var _ = Describe("Decide and outcomeOf with a release channel", func() {
	falco := channelFalco()

	Describe("outcomeOf", func() {
		It("renders a hold below the current version as Behind, not a failure", func() {
			decision, err := channelUpdate(falco, "0.42.0", stable, now, soak, incompatibleWith())
			Expect(err).NotTo(HaveOccurred())
			outcome := outcomeOf(decision, nil, false)
			Expect(outcome.Action).To(Equal(ComponentActionHold))
			Expect(outcome.Behind).To(BeTrue())
			Expect(outcome.String()).To(Equal("hold, channel stable gives 0.40.0, below the current 0.42.0; staying until the channel catches up"))
		})

		It("renders a channel update with the channel's reason", func() {
			decision, err := channelUpdate(falco, "0.40.0", rapid, now, soak, incompatibleWith())
			Expect(err).NotTo(HaveOccurred())
			Expect(outcomeOf(decision, nil, false).String()).To(Equal("update to 0.42.0 (The component follows the rapid release channel)"))
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
