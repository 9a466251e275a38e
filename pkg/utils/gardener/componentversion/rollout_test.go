// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package componentversion

import (
	"context"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"

	v1beta1helper "github.com/gep-78/gardener/pkg/api/core/v1beta1/helper"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	celutils "github.com/gep-78/gardener/pkg/utils/cel"
)

var _ = Describe("Decide with staged rollouts", func() {
	const (
		autoUpdateReason = "Automatic update of the component version is configured (update strategy: patch)"
		expiredReason    = "Component version expired - force update required"
	)
	var profile *gardencorev1beta1.ExtensionProfile
	production := ptr.To(gardencorev1beta1.ShootPurposeProduction)
	opened := &metav1.Time{Time: now.Add(-day)}
	nextStage := &metav1.Time{Time: now.Add(2 * day)}

	// rollout sets the rollout status of version: state, and the stages early (open) and
	// production (open when productionOpen).
	rollout := func(version string, state gardencorev1beta1.RolloutState, productionOpen bool) {
		r := gardencorev1beta1.ComponentVersionRolloutStatus{Version: version, State: state, NextStageTime: nextStage,
			Message: "3 of 5 moved Shoots failed", LastTransitionTime: opened,
			Stages: []gardencorev1beta1.RolloutStageStatus{{Name: "early", OpenedAt: opened}, {Name: "production"}}}
		if productionOpen {
			r.Stages[1].OpenedAt, r.NextStageTime = opened, nil
		}
		profile.Status.Components[0].Rollouts = append(profile.Status.Components[0].Rollouts, r)
	}
	levers := func(version int) *gardencorev1beta1.ComponentVersionRollout {
		v := &profile.Spec.Components[0].Versions[version]
		if v.Rollout == nil {
			v.Rollout = &gardencorev1beta1.ComponentVersionRollout{}
		}
		return v.Rollout
	}
	decide := func(version string, purpose *gardencorev1beta1.ShootPurpose, autoUpdate *gardencorev1beta1.ExtensionAutoUpdate, defaults *gardencorev1beta1.RolloutPolicy) Outcome {
		shoot := &gardencorev1beta1.Shoot{Spec: gardencorev1beta1.ShootSpec{Purpose: purpose,
			Extensions: []gardencorev1beta1.Extension{{Type: "shoot-falco-service", AutoUpdate: autoUpdate,
				Components: []gardencorev1beta1.ExtensionComponent{{Name: "agent", Version: ptr.To(version)}}}}}}
		outcome := Decide(context.Background(), profile, shoot, 0, 0, now, soak, defaults, NewCELCompatibilityChecker(celutils.NewCache()))
		outcome.Err = nil
		return outcome
	}
	frozen := &gardencorev1beta1.ExtensionAutoUpdate{Enabled: ptr.To(false)}

	BeforeEach(func() {
		profile = &gardencorev1beta1.ExtensionProfile{ObjectMeta: metav1.ObjectMeta{Name: "shoot-falco-service"},
			Spec:   gardencorev1beta1.ExtensionProfileSpec{Components: []gardencorev1beta1.ExtensionProfileComponent{maintenanceComponent("1.0.0 x, 1.0.1, 1.0.2, 1.1.0")}},
			Status: gardencorev1beta1.ExtensionProfileStatus{Components: []gardencorev1beta1.ExtensionProfileComponentStatus{{Name: "agent"}}}}
	})

	DescribeTable("an auto-update",
		func(purpose *gardencorev1beta1.ShootPurpose, change func(), expected Outcome) {
			if change != nil {
				change()
			}
			Expect(decide("1.0.1", purpose, nil, nil)).To(Equal(expected))
		},
		Entry("of an evaluation Shoot moves before the rollout has a status", nil, nil,
			Outcome{Action: ActionUpdate, Target: "1.0.2", Reason: autoUpdateReason, UpdateReason: autoUpdateReason, Candidate: "1.0.2"}),
		Entry("of a production Shoot waits before the rollout has a status", production, nil,
			Outcome{Action: ActionWait, Reason: "the rollout of 1.0.2 has not opened stage production (purpose production) yet; until gardener-controller-manager reports the rollout, only stage early is open",
				UpdateReason: autoUpdateReason, Candidate: "1.0.2"}),
		Entry("of a production Shoot waits for its stage and says when it opens", production, func() { rollout("1.0.2", gardencorev1beta1.RolloutStateSoaking, false) },
			Outcome{Action: ActionWait, Reason: "the rollout of 1.0.2 has not opened stage production (purpose production) yet; it opens at 2026-12-01T00:00:00Z",
				UpdateReason: autoUpdateReason, Candidate: "1.0.2"}),
		Entry("of a production Shoot moves once its stage is open", production, func() { rollout("1.0.2", gardencorev1beta1.RolloutStateComplete, true) },
			Outcome{Action: ActionUpdate, Target: "1.0.2", Reason: autoUpdateReason, UpdateReason: autoUpdateReason, Candidate: "1.0.2"}),
		Entry("waits while the rollout is halted", nil, func() { rollout("1.0.2", gardencorev1beta1.RolloutStateHalted, false) },
			Outcome{Action: ActionWait, Reason: "the rollout of 1.0.2 is halted until an operator acknowledges it: 3 of 5 moved Shoots failed",
				UpdateReason: autoUpdateReason, Candidate: "1.0.2"}),
		Entry("waits while the version is paused in the spec, before the status says so", nil, func() {
			rollout("1.0.2", gardencorev1beta1.RolloutStateComplete, true)
			levers(2).Paused = true
		}, Outcome{Action: ActionWait, Reason: "the rollout of 1.0.2 is paused", UpdateReason: autoUpdateReason, Candidate: "1.0.2"}),
		Entry("moves once the operator resumed the halted rollout", nil, func() {
			rollout("1.0.2", gardencorev1beta1.RolloutStateHalted, false)
			levers(2).HaltAcknowledgement = &gardencorev1beta1.RolloutHaltAcknowledgement{Action: gardencorev1beta1.RolloutHaltActionResume, Time: metav1.Time{Time: now}}
		}, Outcome{Action: ActionUpdate, Target: "1.0.2", Reason: autoUpdateReason, UpdateReason: autoUpdateReason, Candidate: "1.0.2"}),
		Entry("still waits when the acknowledgement is older than the halt", nil, func() {
			rollout("1.0.2", gardencorev1beta1.RolloutStateHalted, false)
			levers(2).HaltAcknowledgement = &gardencorev1beta1.RolloutHaltAcknowledgement{Action: gardencorev1beta1.RolloutHaltActionResume, Time: metav1.Time{Time: now.Add(-2 * day)}}
		}, Outcome{Action: ActionWait, Reason: "the rollout of 1.0.2 is halted until an operator acknowledges it: 3 of 5 moved Shoots failed",
			UpdateReason: autoUpdateReason, Candidate: "1.0.2"}),
		Entry("passes over a withdrawn version to the next candidate", nil, func() {
			rollout("1.0.2", gardencorev1beta1.RolloutStateHalted, false)
			levers(2).HaltAcknowledgement = &gardencorev1beta1.RolloutHaltAcknowledgement{Action: gardencorev1beta1.RolloutHaltActionWithdraw, Time: metav1.Time{Time: now}}
		}, Outcome{Action: ActionKeep, Reason: "no compatible target: 1.0.2 (withdrawn by the operator after its rollout halted)",
			UpdateReason: autoUpdateReason, Rejected: "1.0.2 (withdrawn by the operator after its rollout halted)"}),
	)

	// promoted makes 1.0.2 a preview until a day ago, and the stored status what
	// gardener-controller-manager wrote before that: the version as classified, its rollout complete.
	promoted := func(classification gardencorev1beta1.VersionClassification) {
		profile.Spec.Components[0].Versions[2].Lifecycle = []gardencorev1beta1.LifecycleStage{
			stage(gardencorev1beta1.ClassificationPreview, nil), stage(gardencorev1beta1.ClassificationSupported, at(-1))}
		profile.Status.Components[0].Versions = []gardencorev1beta1.ExtensionComponentVersionStatus{{Version: "1.0.2", Classification: classification}}
		rollout("1.0.2", gardencorev1beta1.RolloutStateComplete, true)
	}
	DescribeTable("a promoted preview whose rollout completed before the promotion",
		func(classification gardencorev1beta1.VersionClassification, purpose *gardencorev1beta1.ShootPurpose, expected Outcome) {
			promoted(classification)
			Expect(decide("1.0.1", purpose, nil, nil)).To(Equal(expected))
		},
		Entry("moves an evaluation Shoot: the staged rollout starts with it", gardencorev1beta1.ClassificationPreview, nil,
			Outcome{Action: ActionUpdate, Target: "1.0.2", Reason: autoUpdateReason, UpdateReason: autoUpdateReason, Candidate: "1.0.2"}),
		Entry("holds a production Shoot until the status reports the new rollout", gardencorev1beta1.ClassificationPreview, production,
			Outcome{Action: ActionWait, Reason: "the rollout of 1.0.2 has not opened stage production (purpose production) yet; until gardener-controller-manager reports the rollout, only stage early is open",
				UpdateReason: autoUpdateReason, Candidate: "1.0.2"}),
		Entry("moves a production Shoot once the status recorded the version supported", gardencorev1beta1.ClassificationSupported, production,
			Outcome{Action: ActionUpdate, Target: "1.0.2", Reason: autoUpdateReason, UpdateReason: autoUpdateReason, Candidate: "1.0.2"}),
	)

	It("takes the stages of the configured default policy", func() {
		defaults := &gardencorev1beta1.RolloutPolicy{Stages: []gardencorev1beta1.RolloutStage{{Name: "all", Purposes: []gardencorev1beta1.ShootPurpose{"production"}}}}
		Expect(decide("1.0.1", production, nil, defaults).Action).To(Equal(ActionUpdate))
	})

	It("takes the version's own policy over the configured one", func() {
		defaults := &gardencorev1beta1.RolloutPolicy{Stages: []gardencorev1beta1.RolloutStage{{Name: "all", Purposes: []gardencorev1beta1.ShootPurpose{"production"}}}}
		levers(2).Policy = &gardencorev1beta1.RolloutPolicy{Stages: []gardencorev1beta1.RolloutStage{
			{Name: "canary", Purposes: []gardencorev1beta1.ShootPurpose{"evaluation"}}, {Name: "rest", Purposes: []gardencorev1beta1.ShootPurpose{"production"}}}}
		Expect(decide("1.0.1", production, nil, defaults).Reason).To(HavePrefix("the rollout of 1.0.2 has not opened stage rest (purpose production) yet"))
	})

	// configured is a default that is not the built-in one: development waits with production.
	configured := &gardencorev1beta1.RolloutPolicy{Stages: []gardencorev1beta1.RolloutStage{
		{Name: "canary", Purposes: []gardencorev1beta1.ShootPurpose{"evaluation", "testing"}},
		{Name: "rest", Purposes: []gardencorev1beta1.ShootPurpose{"development", "production", "infrastructure"}}}}
	DescribeTable("a reader passing no default decides as maintenance with the configured one, once the status publishes it",
		func(purpose gardencorev1beta1.ShootPurpose, builtinAction Action) {
			maintenance := decide("1.0.1", &purpose, nil, configured)
			builtin := decide("1.0.1", &purpose, nil, nil)
			Expect(builtin.Action).To(Equal(builtinAction))
			profile.Status.DefaultRolloutPolicy = configured
			Expect(decide("1.0.1", &purpose, nil, nil)).To(Equal(maintenance))
		},
		Entry("evaluation", gardencorev1beta1.ShootPurposeEvaluation, ActionUpdate),
		Entry("testing", gardencorev1beta1.ShootPurposeTesting, ActionUpdate),
		Entry("development, early in the built-in policy, later in the configured one", gardencorev1beta1.ShootPurposeDevelopment, ActionUpdate),
		Entry("production", gardencorev1beta1.ShootPurposeProduction, ActionWait),
	)

	It("prefers the default passed over the published one", func() {
		profile.Status.DefaultRolloutPolicy = configured
		Expect(decide("1.0.1", ptr.To(gardencorev1beta1.ShootPurposeDevelopment), nil, nil).Action).To(Equal(ActionWait))
		all := &gardencorev1beta1.RolloutPolicy{Stages: []gardencorev1beta1.RolloutStage{{Name: "all", Purposes: []gardencorev1beta1.ShootPurpose{"development"}}}}
		Expect(decide("1.0.1", ptr.To(gardencorev1beta1.ShootPurposeDevelopment), nil, all).Action).To(Equal(ActionUpdate))
	})

	It("names the stage that opens first when the Shoot's stage is a later one", func() {
		profile.Spec.Rollout = &gardencorev1beta1.RolloutPolicy{Stages: []gardencorev1beta1.RolloutStage{{Name: "early", Purposes: []gardencorev1beta1.ShootPurpose{"evaluation"}},
			{Name: "production", Purposes: []gardencorev1beta1.ShootPurpose{"development"}}, {Name: "last", Purposes: []gardencorev1beta1.ShootPurpose{"production"}}}}
		rollout("1.0.2", gardencorev1beta1.RolloutStateSoaking, false)
		Expect(decide("1.0.1", production, nil, nil).Reason).To(Equal(
			"the rollout of 1.0.2 has not opened stage last (purpose production) yet; stage production opens first, at 2026-12-01T00:00:00Z"))
	})

	It("stages a release channel's move as well", func() {
		profile.Spec.Components[0].Versions = profile.Spec.Components[0].Versions[:3]
		shoot := &gardencorev1beta1.Shoot{Spec: gardencorev1beta1.ShootSpec{Purpose: production,
			Extensions: []gardencorev1beta1.Extension{{Type: "shoot-falco-service", Channel: ptr.To(regular),
				Components: []gardencorev1beta1.ExtensionComponent{{Name: "agent", Version: ptr.To("1.0.1")}}}}}}
		outcome := Decide(context.Background(), profile, shoot, 0, 0, now, soak, nil, NewCELCompatibilityChecker(celutils.NewCache()))
		Expect(outcome.Action).To(Equal(ActionWait))
		Expect(outcome.Reason).To(HavePrefix("the rollout of 1.0.2 has not opened stage production (purpose production) yet"))
	})

	DescribeTable("a forced update is not staged",
		func(change func(), expected Outcome) {
			change()
			Expect(decide("1.0.0", production, frozen, nil)).To(Equal(expected))
		},
		Entry("and moves a production Shoot before its stage opens", func() { rollout("1.0.2", gardencorev1beta1.RolloutStateProgressing, false) },
			Outcome{Action: ActionForceUpdate, Target: "1.0.2", Reason: expiredReason, Forced: true, UpdateReason: expiredReason, Candidate: "1.0.2"}),
		Entry("and ignores a pause", func() { levers(2).Paused = true },
			Outcome{Action: ActionForceUpdate, Target: "1.0.2", Reason: expiredReason, Forced: true, UpdateReason: expiredReason, Candidate: "1.0.2"}),
		Entry("but skips a halted version for another compatible one", func() { rollout("1.0.2", gardencorev1beta1.RolloutStateHalted, false) },
			Outcome{Action: ActionForceUpdate, Target: "1.0.1", Reason: expiredReason, Forced: true, UpdateReason: expiredReason, Candidate: "1.0.1",
				Rejected: "1.0.2 (its rollout is halted)"}),
		Entry("and holds with the reason when every candidate is halted or withdrawn", func() {
			rollout("1.0.1", gardencorev1beta1.RolloutStateHalted, false)
			rollout("1.0.2", gardencorev1beta1.RolloutStateWithdrawn, false)
			rollout("1.1.0", gardencorev1beta1.RolloutStateHalted, false)
		}, Outcome{Action: ActionHold, Reason: `no compatible version: 1.0.2 fails "withdrawn by the operator after its rollout halted"`, Forced: true, UpdateReason: expiredReason,
			Rejected: "1.0.2 (withdrawn by the operator after its rollout halted), 1.0.1 (its rollout is halted), 1.1.0 (its rollout is halted)",
			Failure:  `cannot perform forceful update of expired version "1.0.0" of component "agent": no higher supported version of minor 1.0 or of a higher minor of major 1 is compatible with the Shoot: 1.0.2 (withdrawn by the operator after its rollout halted), 1.0.1 (its rollout is halted), 1.1.0 (its rollout is halted)`}),
	)

	DescribeTable("v1beta1helper.EffectiveRolloutState",
		func(change func(), expected gardencorev1beta1.RolloutState) {
			change()
			Expect(v1beta1helper.EffectiveRolloutState(profile, "agent", "1.0.2")).To(Equal(expected))
		},
		Entry("no status", func() {}, gardencorev1beta1.RolloutState("")),
		Entry("the status's state", func() { rollout("1.0.2", gardencorev1beta1.RolloutStateSoaking, false) }, gardencorev1beta1.RolloutStateSoaking),
		Entry("a pause in the spec", func() { levers(2).Paused = true }, gardencorev1beta1.RolloutStatePaused),
		Entry("a withdrawal stays withdrawn when paused", func() {
			rollout("1.0.2", gardencorev1beta1.RolloutStateWithdrawn, false)
			levers(2).Paused = true
		}, gardencorev1beta1.RolloutStateWithdrawn),
		Entry("a halt withdrawn in the spec", func() {
			rollout("1.0.2", gardencorev1beta1.RolloutStateHalted, false)
			levers(2).HaltAcknowledgement = &gardencorev1beta1.RolloutHaltAcknowledgement{Action: gardencorev1beta1.RolloutHaltActionWithdraw, Time: metav1.Time{Time: now}}
		}, gardencorev1beta1.RolloutStateWithdrawn),
		Entry("a resume at the halt's own time does not answer it", func() {
			rollout("1.0.2", gardencorev1beta1.RolloutStateHalted, false)
			levers(2).HaltAcknowledgement = &gardencorev1beta1.RolloutHaltAcknowledgement{Action: gardencorev1beta1.RolloutHaltActionResume, Time: *opened}
		}, gardencorev1beta1.RolloutStateHalted),
		Entry("a resume later than the halt continues the rollout", func() {
			rollout("1.0.2", gardencorev1beta1.RolloutStateHalted, false)
			levers(2).HaltAcknowledgement = &gardencorev1beta1.RolloutHaltAcknowledgement{Action: gardencorev1beta1.RolloutHaltActionResume, Time: metav1.Time{Time: opened.Add(1)}}
		}, gardencorev1beta1.RolloutStateProgressing),
		Entry("an acknowledgement without halt changes nothing", func() {
			rollout("1.0.2", gardencorev1beta1.RolloutStateProgressing, false)
			levers(2).HaltAcknowledgement = &gardencorev1beta1.RolloutHaltAcknowledgement{Action: gardencorev1beta1.RolloutHaltActionWithdraw, Time: metav1.Time{Time: now}}
		}, gardencorev1beta1.RolloutStateProgressing),
	)
})
