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

	v1beta1helper "github.com/gep-78/gardener/pkg/api/core/v1beta1/helper"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	celutils "github.com/gep-78/gardener/pkg/utils/cel"
)

var _ = Describe("outcomeOf", func() {
	rejected := []rejectedVersion{{version: "0.44.1", failures: []string{"requires Kubernetes 1.32", "requires Garden Linux"}}, {version: "0.45.0", failures: []string{"x"}}}
	noTarget := errors.New("cannot perform forceful update of expired version")

	DescribeTable("maps a decision to what maintenance does",
		func(decision versionUpdate, err error, deleting bool, expected Outcome, text string) {
			outcome := outcomeOf(decision, err, deleting)
			Expect(outcome).To(Equal(expected))
			Expect(outcome.String()).To(Equal(text))
		},
		Entry("no update considered", versionUpdate{}, nil, false,
			Outcome{Action: ActionKeep}, "keep"),
		Entry("auto-update without target", versionUpdate{trigger: triggerAutoUpdate, reason: "r"}, nil, false,
			Outcome{Action: ActionKeep}, "keep"),
		Entry("auto-update with incompatible candidates only", versionUpdate{trigger: triggerAutoUpdate, reason: "r", rejected: rejected[:1]}, nil, false,
			Outcome{Action: ActionKeep, Reason: "no compatible target: 0.44.1 (requires Kubernetes 1.32; requires Garden Linux)"},
			"keep: no compatible target: 0.44.1 (requires Kubernetes 1.32; requires Garden Linux)"),
		Entry("auto-update", versionUpdate{trigger: triggerAutoUpdate, reason: "r", target: "0.44.1"}, nil, false,
			Outcome{Action: ActionUpdate, Target: "0.44.1", Reason: "r"}, "update to 0.44.1 (r)"),
		Entry("forced update", versionUpdate{trigger: triggerExpired, reason: "r", target: "0.44.1"}, nil, false,
			Outcome{Action: ActionForceUpdate, Target: "0.44.1", Reason: "r"}, "force update to 0.44.1 (r)"),
		Entry("forced update, all candidates incompatible", versionUpdate{trigger: triggerMissing, reason: "r", rejected: rejected}, noTarget, false,
			Outcome{Action: ActionHold, Reason: `no compatible version: 0.44.1 fails "requires Kubernetes 1.32; requires Garden Linux"`},
			`hold, no compatible version: 0.44.1 fails "requires Kubernetes 1.32; requires Garden Linux"`),
		Entry("forced update without candidates", versionUpdate{trigger: triggerExpired, reason: "r"}, noTarget, false,
			Outcome{Action: ActionHold, Reason: noTarget.Error()}, "hold, "+noTarget.Error()),
		Entry("auto-update, profile being deleted", versionUpdate{trigger: triggerAutoUpdate, reason: "r", target: "0.44.1"}, nil, true,
			Outcome{Action: ActionKeep, Reason: "ExtensionProfile is being deleted"}, "keep: ExtensionProfile is being deleted"),
		Entry("forced update, profile being deleted", versionUpdate{trigger: triggerExpired, reason: "r", target: "0.44.1"}, nil, true,
			Outcome{Action: ActionHold, Target: "0.44.1", Reason: `ExtensionProfile is being deleted; the version cannot be changed to "0.44.1"`},
			`hold, ExtensionProfile is being deleted; the version cannot be changed to "0.44.1"`),
	)

	It("holds a forced decision without target even without error", func() {
		outcome := outcomeOf(versionUpdate{trigger: triggerExpired, reason: "r"}, nil, false)
		Expect(outcome.String()).To(Equal("hold, no compatible version: no higher supported version in this minor or a higher minor of this major"))
	})

	It("keeps a channel follower whose channel has no version", func() {
		outcome := outcomeOf(versionUpdate{trigger: triggerChannel, reason: "r", channel: stable}, nil, false)
		Expect(outcome).To(Equal(Outcome{Action: ActionKeep, Reason: "channel stable has no version"}))
	})

	It("keeps a channel follower at the channel's version without reason", func() {
		outcome := outcomeOf(versionUpdate{trigger: triggerChannel, reason: "r", channel: stable, channelVersion: "1.0.0"}, nil, false)
		Expect(outcome).To(Equal(Outcome{Action: ActionKeep}))
	})

	It("holds on an evaluation error of an auto-update", func() {
		err := errors.New("cannot determine a target")
		Expect(outcomeOf(versionUpdate{trigger: triggerAutoUpdate}, err, false)).To(Equal(Outcome{Action: ActionHold, Reason: err.Error()}))
	})
})

var _ = Describe("Decide and outcomeOf with a release channel", func() {
	falco := channelFalco()

	Describe("outcomeOf", func() {
		It("renders a channel below the current version as a wait, shown as a hold", func() {
			decision, err := channelUpdate(falco, "0.42.0", stable, now, soak, incompatibleWith())
			Expect(err).NotTo(HaveOccurred())
			outcome := outcomeOf(decision, nil, false)
			Expect(outcome.Action).To(Equal(ActionWait))
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
				outcome := Decide(context.Background(), profile, shootWith(extension), 0, 0, now, soak, nil, NewCELCompatibilityChecker(celutils.NewCache()))
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

		It("carries the channel and records no failure for a wait", func() {
			shoot := shootWith(gardencorev1beta1.Extension{Type: "falco", Channel: ptr.To(stable), Components: []gardencorev1beta1.ExtensionComponent{{Name: "falco", Version: ptr.To("0.42.0")}}})
			outcome := Decide(context.Background(), profile, shoot, 0, 0, now, soak, nil, NewCELCompatibilityChecker(celutils.NewCache()))
			Expect(outcome.Action).To(Equal(ActionWait))
			Expect(outcome.Failure).To(BeEmpty())
			Expect(outcome.Channel).To(Equal(stable))
			Expect(outcome.ChannelVersion).To(Equal("0.40.0"))
			Expect(outcome.Forced).To(BeFalse())
			Expect(outcome.UpdateReason).To(Equal("The component follows the stable release channel"))
		})
	})
})

var _ = Describe("Decide", func() {
	var (
		ctx     = context.Background()
		profile *gardencorev1beta1.ExtensionProfile
	)
	shootPinning := func(version string, autoUpdate *gardencorev1beta1.ExtensionAutoUpdate) *gardencorev1beta1.Shoot {
		return &gardencorev1beta1.Shoot{Spec: gardencorev1beta1.ShootSpec{
			Kubernetes: gardencorev1beta1.Kubernetes{Version: "1.35.1"},
			Extensions: []gardencorev1beta1.Extension{{Type: "shoot-falco-service", AutoUpdate: autoUpdate,
				Components: []gardencorev1beta1.ExtensionComponent{{Name: "agent", Version: ptr.To(version)}}}},
		}}
	}
	frozen := &gardencorev1beta1.ExtensionAutoUpdate{Enabled: ptr.To(false)}

	BeforeEach(func() {
		agent := maintenanceComponent("1.0.0 x, 1.0.1, 1.0.2, 1.1.0")
		agent.Versions[2].Compatibility = &gardencorev1beta1.ComponentCompatibility{Validations: []gardencorev1beta1.CompatibilityValidation{
			{Rule: "shoot.spec.kubernetes.version == '9.9.9'", Message: "needs Kubernetes 9.9.9"}}}
		profile = &gardencorev1beta1.ExtensionProfile{ObjectMeta: metav1.ObjectMeta{Name: "shoot-falco-service", Generation: 1},
			Spec: gardencorev1beta1.ExtensionProfileSpec{Components: []gardencorev1beta1.ExtensionProfileComponent{agent}}}
	})

	It("holds without ExtensionProfile", func() {
		outcome := Decide(ctx, nil, shootPinning("1.0.1", nil), 0, 0, now, soak, nil, NewCELCompatibilityChecker(celutils.NewCache()))
		Expect(outcome).To(Equal(Outcome{Action: ActionHold, Reason: `no ExtensionProfile "shoot-falco-service"`,
			UpdateReason: "ExtensionProfile is required for the maintenance of component versions",
			Failure:      `ExtensionProfile "shoot-falco-service" does not exist`}))
	})

	DescribeTable("renders the decision",
		func(version string, autoUpdate *gardencorev1beta1.ExtensionAutoUpdate, change func(), expected Outcome, errorText string) {
			if change != nil {
				change()
			}
			outcome := Decide(ctx, profile, shootPinning(version, autoUpdate), 0, 0, now, soak, nil, NewCELCompatibilityChecker(celutils.NewCache()))
			if errorText == "" {
				Expect(outcome.Err).NotTo(HaveOccurred())
			} else {
				Expect(outcome.Err).To(MatchError(errorText))
				Expect(outcome.Failure).To(Equal(errorText))
			}
			outcome.Err = nil
			Expect(outcome).To(Equal(expected))
		},
		Entry("an auto-update without compatible target keeps the version and names the rejected candidates", "1.0.1", nil, nil,
			Outcome{Action: ActionKeep, Reason: "no compatible target: 1.0.2 (needs Kubernetes 9.9.9)",
				UpdateReason: "Automatic update of the component version is configured (update strategy: patch)",
				Rejected:     "1.0.2 (needs Kubernetes 9.9.9)"}, ""),
		Entry("an auto-update takes the highest compatible candidate of its boundary", "1.0.1", &gardencorev1beta1.ExtensionAutoUpdate{UpdateStrategy: ptr.To(minor)}, nil,
			Outcome{Action: ActionUpdate, Target: "1.1.0", Reason: "Automatic update of the component version is configured (update strategy: minor)",
				UpdateReason: "Automatic update of the component version is configured (update strategy: minor)", Candidate: "1.1.0"}, ""),
		Entry("auto-update off keeps the version", "1.0.1", frozen, nil, Outcome{Action: ActionKeep}, ""),
		Entry("an expired version is forced past an incompatible candidate", "1.0.0", frozen, nil,
			Outcome{Action: ActionForceUpdate, Target: "1.0.1", Reason: "Component version expired - force update required",
				Forced: true, UpdateReason: "Component version expired - force update required", Candidate: "1.0.1",
				Rejected: "1.0.2 (needs Kubernetes 9.9.9)"}, ""),
		Entry("a forced update of a profile being deleted holds with the target it would take", "1.0.0", frozen, func() { profile.DeletionTimestamp = &metav1.Time{Time: now} },
			Outcome{Action: ActionHold, Target: "1.0.1", Reason: `ExtensionProfile is being deleted; the version cannot be changed to "1.0.1"`,
				Forced: true, UpdateReason: "Component version expired - force update required", Candidate: "1.0.1",
				Rejected: "1.0.2 (needs Kubernetes 9.9.9)", Failure: `ExtensionProfile "shoot-falco-service" is being deleted; the version cannot be changed to "1.0.1"`}, ""),
		Entry("an auto-update of a profile being deleted keeps the version", "1.0.1", &gardencorev1beta1.ExtensionAutoUpdate{UpdateStrategy: ptr.To(minor)},
			func() { profile.DeletionTimestamp = &metav1.Time{Time: now} },
			Outcome{Action: ActionKeep, Reason: "ExtensionProfile is being deleted",
				UpdateReason: "Automatic update of the component version is configured (update strategy: minor)", Candidate: "1.1.0"}, ""),
		Entry("a forced update without compatible target holds with the decision's error", "1.0.0", frozen,
			func() {
				versions := profile.Spec.Components[0].Versions
				versions[1].Compatibility, versions[3].Compatibility = versions[2].Compatibility, versions[2].Compatibility
			},
			Outcome{Action: ActionHold, Reason: `no compatible version: 1.0.2 fails "needs Kubernetes 9.9.9"`,
				Forced: true, UpdateReason: "Component version expired - force update required",
				Rejected: "1.0.2 (needs Kubernetes 9.9.9), 1.0.1 (needs Kubernetes 9.9.9), 1.1.0 (needs Kubernetes 9.9.9)",
				Failure:  `cannot perform forceful update of expired version "1.0.0" of component "agent": no higher supported version of minor 1.0 or of a higher minor of major 1 is compatible with the Shoot: 1.0.2 (needs Kubernetes 9.9.9), 1.0.1 (needs Kubernetes 9.9.9), 1.1.0 (needs Kubernetes 9.9.9)`},
			`cannot perform forceful update of expired version "1.0.0" of component "agent": no higher supported version of minor 1.0 or of a higher minor of major 1 is compatible with the Shoot: 1.0.2 (needs Kubernetes 9.9.9), 1.0.1 (needs Kubernetes 9.9.9), 1.1.0 (needs Kubernetes 9.9.9)`),
		Entry("a component the profile no longer lists is forced and holds without target", "1.0.1", nil,
			func() { profile.Spec.Components[0].Name = "other" },
			Outcome{Action: ActionHold, Reason: `cannot perform forceful update of unlisted version "1.0.1" of component "agent": no higher version of minor 1.0 or of a higher minor of major 1 is classified supported`,
				Forced: true, UpdateReason: "Version does not exist in ExtensionProfile - force update required",
				Failure: `cannot perform forceful update of unlisted version "1.0.1" of component "agent": no higher version of minor 1.0 or of a higher minor of major 1 is classified supported`},
			`cannot perform forceful update of unlisted version "1.0.1" of component "agent": no higher version of minor 1.0 or of a higher minor of major 1 is classified supported`),
	)

	DescribeTable("#Same compares what an outcome shows",
		func(a, b Outcome, same bool) {
			Expect(a.Same(b)).To(Equal(same))
		},
		Entry("equal", Outcome{Action: ActionUpdate, Target: "1.0.1", Reason: "r"}, Outcome{Action: ActionUpdate, Target: "1.0.1", Reason: "r", Candidate: "1.0.1"}, true),
		Entry("another target", Outcome{Action: ActionUpdate, Target: "1.0.1"}, Outcome{Action: ActionUpdate, Target: "1.0.2"}, false),
		Entry("another action", Outcome{Action: ActionUpdate, Target: "1.0.1"}, Outcome{Action: ActionForceUpdate, Target: "1.0.1"}, false),
		Entry("another reason", Outcome{Action: ActionHold, Reason: "a"}, Outcome{Action: ActionHold, Reason: "b"}, false),
	)
})

var _ = Describe("DecidePool", func() {
	var (
		ctx     = context.Background()
		profile *gardencorev1beta1.ExtensionProfile
		minorUp = &gardencorev1beta1.ExtensionAutoUpdate{UpdateStrategy: ptr.To(minor)}
		frozen  = &gardencorev1beta1.ExtensionAutoUpdate{Enabled: ptr.To(false)}
	)
	// shootWithPools has the pools plain and sandbox (image 1877.5.0); sandbox pins runsc of gvisor
	// and overrides agent of shoot-falco-service, whose Shoot-level entry updates by minor.
	shootWithPools := func(runtimeVersion string, runtimeAutoUpdate *gardencorev1beta1.ExtensionAutoUpdate) *gardencorev1beta1.Shoot {
		image := func(version string) gardencorev1beta1.Machine {
			return gardencorev1beta1.Machine{Image: &gardencorev1beta1.ShootMachineImage{Name: "gardenlinux", Version: ptr.To(version)}}
		}
		return &gardencorev1beta1.Shoot{Spec: gardencorev1beta1.ShootSpec{
			Kubernetes: gardencorev1beta1.Kubernetes{Version: "1.35.1"},
			Extensions: []gardencorev1beta1.Extension{{Type: "shoot-falco-service", AutoUpdate: minorUp,
				Components: []gardencorev1beta1.ExtensionComponent{{Name: "agent", Version: ptr.To("1.0.1")}}}},
			Provider: gardencorev1beta1.Provider{Workers: []gardencorev1beta1.Worker{
				{Name: "plain", Machine: image("1877.8.0")},
				{Name: "sandbox", Machine: image("1877.5.0"),
					CRI: &gardencorev1beta1.CRI{Name: gardencorev1beta1.CRINameContainerD, ContainerRuntimes: []gardencorev1beta1.ContainerRuntime{{Type: "gvisor",
						Components: []gardencorev1beta1.ExtensionComponent{{Name: "agent", Version: ptr.To(runtimeVersion), AutoUpdate: runtimeAutoUpdate}}}}},
					Extensions: []gardencorev1beta1.WorkerExtension{{Type: "shoot-falco-service",
						Components: []gardencorev1beta1.ExtensionComponent{{Name: "agent", Version: ptr.To("1.0.1")}}}}},
			}},
		}}
	}
	// readWorker makes 1.0.2's rule read the pool of the pin instead of every pool.
	readWorker := func(p *gardencorev1beta1.ExtensionProfile) {
		p.Spec.Components[0].Versions[2].Compatibility.Validations[0].Rule = "worker.machine.image.version == '1877.8.0'"
	}
	runtimePin := func(shoot *gardencorev1beta1.Shoot) v1beta1helper.PoolComponentPin {
		return v1beta1helper.PoolComponentPins(shoot.Spec.Extensions, shoot.Spec.Provider.Workers)[0]
	}

	BeforeEach(func() {
		agent := maintenanceComponent("1.0.0 x, 1.0.1, 1.0.2, 1.1.0")
		// 1.0.2 needs every pool on gardenlinux 1877.8.0: a rule over the pools, read as maintained.
		agent.Versions[2].Compatibility = &gardencorev1beta1.ComponentCompatibility{Validations: []gardencorev1beta1.CompatibilityValidation{
			{Rule: "shoot.spec.provider.workers.all(w, w.machine.image.version == '1877.8.0')", Message: "needs gardenlinux 1877.8.0 on every pool"}}}
		profile = &gardencorev1beta1.ExtensionProfile{ObjectMeta: metav1.ObjectMeta{Name: "containerruntime-gvisor", Generation: 1},
			Spec: gardencorev1beta1.ExtensionProfileSpec{Components: []gardencorev1beta1.ExtensionProfileComponent{agent}}}
	})

	DescribeTable("decides a pool's pin with the rules of a Shoot-level one",
		func(version string, autoUpdate *gardencorev1beta1.ExtensionAutoUpdate, change func(*gardencorev1beta1.Shoot), expected string) {
			shoot := shootWithPools(version, autoUpdate)
			if change != nil {
				change(shoot)
			}
			Expect(DecidePool(ctx, profile, shoot, runtimePin(shoot), now, soak, nil, NewCELCompatibilityChecker(celutils.NewCache())).String()).To(Equal(expected))
		},
		Entry("a runtime's own autoUpdate", "1.0.1", minorUp, nil,
			"update to 1.1.0 (Automatic update of the component version is configured (update strategy: minor))"),
		Entry("an expired version is forced past a candidate the pool's image fails", "1.0.0", frozen, nil,
			"force update to 1.0.1 (Component version expired - force update required)"),
		Entry("the pool's image as the run moved it", "1.0.0", frozen,
			func(s *gardencorev1beta1.Shoot) {
				s.Spec.Provider.Workers[1].Machine.Image.Version = ptr.To("1877.8.0")
			},
			"force update to 1.0.2 (Component version expired - force update required)"),
		Entry("a rule reading worker sees the pin's pool", "1.0.0", frozen,
			func(*gardencorev1beta1.Shoot) { readWorker(profile) },
			"force update to 1.0.1 (Component version expired - force update required)"),
		Entry("a rule reading worker sees the pool's image as the run moved it", "1.0.0", frozen,
			func(s *gardencorev1beta1.Shoot) {
				readWorker(profile)
				s.Spec.Provider.Workers[1].Machine.Image.Version = ptr.To("1877.8.0")
			},
			"force update to 1.0.2 (Component version expired - force update required)"),
		Entry("a paused rollout holds an auto-update as for a Shoot-level pin", "1.0.1", minorUp,
			func(*gardencorev1beta1.Shoot) {
				profile.Spec.Components[0].Versions[3].Rollout = &gardencorev1beta1.ComponentVersionRollout{Paused: true}
			},
			"hold, the rollout of 1.1.0 is paused"),
	)

	It("decides an override by its own autoUpdate, not the Shoot-level entry's", func() {
		profile.Name = "shoot-falco-service"
		shoot := shootWithPools("1.0.1", nil)
		override := v1beta1helper.PoolComponentPins(shoot.Spec.Extensions, shoot.Spec.Provider.Workers)[1]
		Expect(override.Kind).To(Equal(gardencorev1beta1.ExtensionKindExtension))
		checker := NewCELCompatibilityChecker(celutils.NewCache())

		Expect(DecidePool(ctx, profile, shoot, override, now, soak, nil, checker).String()).To(Equal(
			"keep: no compatible target: 1.0.2 (needs gardenlinux 1877.8.0 on every pool)"))
		Expect(Decide(ctx, profile, shoot, 0, 0, now, soak, nil, checker).Target).To(Equal("1.1.0"))
	})

	It("holds without ExtensionProfile, naming the runtime's", func() {
		shoot := shootWithPools("1.0.1", nil)
		Expect(DecidePool(ctx, nil, shoot, runtimePin(shoot), now, soak, nil, NewCELCompatibilityChecker(celutils.NewCache()))).To(Equal(Outcome{
			Action: ActionHold, Reason: `no ExtensionProfile "containerruntime-gvisor"`,
			UpdateReason: "ExtensionProfile is required for the maintenance of component versions",
			Failure:      `ExtensionProfile "containerruntime-gvisor" does not exist`}))
	})
})
