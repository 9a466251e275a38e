// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package validation_test

import (
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	gomegatypes "github.com/onsi/gomega/types"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/utils/ptr"

	. "github.com/gep-78/gardener/pkg/api/core/validation"
	"github.com/gep-78/gardener/pkg/apis/core"
)

func rolloutPolicy() *core.RolloutPolicy {
	return &core.RolloutPolicy{
		Stages: []core.RolloutStage{
			{Name: "canary", Purposes: []core.ShootPurpose{core.ShootPurposeEvaluation}},
			{Name: "rest", Purposes: []core.ShootPurpose{core.ShootPurposeTesting, core.ShootPurposeProduction}},
		},
		SoakPeriod:        &metav1.Duration{Duration: time.Hour},
		ObservationWindow: &metav1.Duration{Duration: time.Hour},
		FailureThreshold:  &core.RolloutFailureThreshold{Count: ptr.To[int32](1), Percentage: ptr.To[int32](0)},
	}
}

var _ = Describe("Rollout validation", func() {
	DescribeTable("rollout policies and levers in ValidateExtensionProfile",
		func(mutate func(*core.ExtensionProfile), matchers ...gomegatypes.GomegaMatcher) {
			profile := validProfile()
			profile.Spec.Rollout = rolloutPolicy()
			profile.Spec.Components[0].Rollout = &core.RolloutPolicy{SoakPeriod: &metav1.Duration{}}
			profile.Spec.Components[0].Versions[1].Rollout = &core.ComponentVersionRollout{Policy: rolloutPolicy(), Paused: true}
			mutate(profile)
			errs := ValidateExtensionProfile(profile)
			if len(matchers) == 0 {
				Expect(errs).To(BeEmpty())
				return
			}
			Expect(errs).To(ConsistOf(matchers))
		},
		Entry("policies at every level", func(*core.ExtensionProfile) {}),
		Entry("a stage without name", func(p *core.ExtensionProfile) { p.Spec.Rollout.Stages[0].Name = "" },
			fieldErr(field.ErrorTypeRequired, "spec.rollout.stages[0].name")),
		Entry("a stage name that is no DNS label", func(p *core.ExtensionProfile) { p.Spec.Rollout.Stages[0].Name = "Canary" },
			fieldErr(field.ErrorTypeInvalid, "spec.rollout.stages[0].name")),
		Entry("two stages of one name", func(p *core.ExtensionProfile) { p.Spec.Rollout.Stages[1].Name = "canary" },
			fieldErr(field.ErrorTypeDuplicate, "spec.rollout.stages[1].name")),
		Entry("a stage without purposes", func(p *core.ExtensionProfile) {
			p.Spec.Components[0].Rollout.Stages = []core.RolloutStage{{Name: "all"}}
		},
			fieldErr(field.ErrorTypeRequired, "spec.components[0].rollout.stages[0].purposes")),
		Entry("an unknown purpose", func(p *core.ExtensionProfile) { p.Spec.Rollout.Stages[1].Purposes[0] = "staging" },
			fieldErrDetail(field.ErrorTypeNotSupported, "spec.rollout.stages[1].purposes[0]", `"evaluation"`)),
		Entry("a purpose in two stages", func(p *core.ExtensionProfile) { p.Spec.Rollout.Stages[1].Purposes[0] = core.ShootPurposeEvaluation },
			fieldErr(field.ErrorTypeDuplicate, "spec.rollout.stages[1].purposes[0]")),
		Entry("a negative soak period", func(p *core.ExtensionProfile) { p.Spec.Components[0].Rollout.SoakPeriod.Duration = -time.Second },
			fieldErr(field.ErrorTypeInvalid, "spec.components[0].rollout.soakPeriod")),
		Entry("a zero observation window", func(p *core.ExtensionProfile) { p.Spec.Rollout.ObservationWindow.Duration = 0 },
			fieldErrDetail(field.ErrorTypeInvalid, "spec.rollout.observationWindow", "must be positive")),
		Entry("a failure count of zero", func(p *core.ExtensionProfile) {
			p.Spec.Components[0].Versions[1].Rollout.Policy.FailureThreshold.Count = ptr.To[int32](0)
		}, fieldErr(field.ErrorTypeInvalid, "spec.components[0].versions[1].rollout.policy.failureThreshold.count")),
		Entry("a percentage above 100", func(p *core.ExtensionProfile) { p.Spec.Rollout.FailureThreshold.Percentage = ptr.To[int32](101) },
			fieldErr(field.ErrorTypeInvalid, "spec.rollout.failureThreshold.percentage")),
		Entry("a negative percentage", func(p *core.ExtensionProfile) { p.Spec.Rollout.FailureThreshold.Percentage = ptr.To[int32](-1) },
			fieldErr(field.ErrorTypeInvalid, "spec.rollout.failureThreshold.percentage")),
		Entry("a halt acknowledged with Resume", func(p *core.ExtensionProfile) {
			p.Spec.Components[0].Versions[1].Rollout.HaltAcknowledgement = &core.RolloutHaltAcknowledgement{Action: core.RolloutHaltActionResume, Time: metav1.Now()}
		}),
		Entry("a halt acknowledged with an unknown action", func(p *core.ExtensionProfile) {
			p.Spec.Components[0].Versions[1].Rollout.HaltAcknowledgement = &core.RolloutHaltAcknowledgement{Action: "Retry", Time: metav1.Now()}
		}, fieldErrDetail(field.ErrorTypeNotSupported, "spec.components[0].versions[1].rollout.haltAcknowledgement.action", `"Withdraw"`)),
		Entry("a halt acknowledged without time", func(p *core.ExtensionProfile) {
			p.Spec.Components[0].Versions[1].Rollout.HaltAcknowledgement = &core.RolloutHaltAcknowledgement{Action: core.RolloutHaltActionWithdraw}
		}, fieldErr(field.ErrorTypeRequired, "spec.components[0].versions[1].rollout.haltAcknowledgement.time")),
	)

	DescribeTable("rollouts in ValidateExtensionProfileStatusUpdate",
		func(mutate func(*core.ComponentVersionRolloutStatus), matchers ...gomegatypes.GomegaMatcher) {
			oldProfile := validProfile()
			newProfile := validProfile()
			rollout := core.ComponentVersionRolloutStatus{
				Version: "3.6.13", State: core.RolloutStateHalted, Moved: 5, Healthy: 2, Failed: 3,
				Stages:        []core.RolloutStageStatus{{Name: "early", OpenedAt: &metav1.Time{}}, {Name: "production"}},
				FailingShoots: []string{"garden-a/s1", "garden-a/s2", "garden-b/s3"},
			}
			mutate(&rollout)
			newProfile.Status.Components = []core.ExtensionProfileComponentStatus{{Name: "traefik",
				Rollouts: []core.ComponentVersionRolloutStatus{rollout, {Version: "3.6.12", State: core.RolloutStateComplete}}}}
			errs := ValidateExtensionProfileStatusUpdate(newProfile, oldProfile)
			if len(matchers) == 0 {
				Expect(errs).To(BeEmpty())
				return
			}
			Expect(errs).To(ConsistOf(matchers))
		},
		Entry("a halted rollout", func(*core.ComponentVersionRolloutStatus) {}),
		Entry("two rollouts of one version", func(r *core.ComponentVersionRolloutStatus) { r.Version = "3.6.12" },
			fieldErr(field.ErrorTypeDuplicate, "status.components[0].rollouts[1].version")),
		Entry("an unknown state", func(r *core.ComponentVersionRolloutStatus) { r.State = "Stopped" },
			fieldErr(field.ErrorTypeNotSupported, "status.components[0].rollouts[0].state")),
		Entry("two stages of one name", func(r *core.ComponentVersionRolloutStatus) { r.Stages[1].Name = "early" },
			fieldErr(field.ErrorTypeDuplicate, "status.components[0].rollouts[0].stages[1].name")),
		Entry("a negative count", func(r *core.ComponentVersionRolloutStatus) { r.Healthy = -1 },
			fieldErr(field.ErrorTypeInvalid, "status.components[0].rollouts[0].healthy")),
		Entry("more failed than moved", func(r *core.ComponentVersionRolloutStatus) { r.Failed = 6 },
			fieldErrDetail(field.ErrorTypeInvalid, "status.components[0].rollouts[0].failed", "must not exceed moved")),
		Entry("more than 10 failing Shoots", func(r *core.ComponentVersionRolloutStatus) {
			r.FailingShoots = make([]string, MaxFailingShoots+1)
		}, fieldErr(field.ErrorTypeTooMany, "status.components[0].rollouts[0].failingShoots")),
	)

	DescribeTable("the default rollout policy in ValidateExtensionProfileStatusUpdate",
		func(policy *core.RolloutPolicy, matchers ...gomegatypes.GomegaMatcher) {
			newProfile := validProfile()
			newProfile.Status.DefaultRolloutPolicy = policy
			errs := ValidateExtensionProfileStatusUpdate(newProfile, validProfile())
			if len(matchers) == 0 {
				Expect(errs).To(BeEmpty())
				return
			}
			Expect(errs).To(ConsistOf(matchers))
		},
		Entry("none", nil),
		Entry("a valid policy", &core.RolloutPolicy{Stages: []core.RolloutStage{{Name: "all", Purposes: []core.ShootPurpose{core.ShootPurposeProduction}}}}),
		Entry("a stage without purposes", &core.RolloutPolicy{Stages: []core.RolloutStage{{Name: "all"}}},
			fieldErr(field.ErrorTypeRequired, "status.defaultRolloutPolicy.stages[0].purposes")),
	)

	DescribeTable("the stable channel's soak period in ValidateExtensionProfileStatusUpdate",
		func(soak *metav1.Duration, matchers ...gomegatypes.GomegaMatcher) {
			newProfile := validProfile()
			newProfile.Status.StableChannelSoakPeriod = soak
			Expect(ValidateExtensionProfileStatusUpdate(newProfile, validProfile())).To(ConsistOf(matchers))
		},
		Entry("none", nil),
		Entry("zero", &metav1.Duration{}),
		Entry("three days", &metav1.Duration{Duration: 72 * time.Hour}),
		Entry("a negative one", &metav1.Duration{Duration: -time.Hour}, fieldErr(field.ErrorTypeInvalid, "status.stableChannelSoakPeriod")),
	)
})
