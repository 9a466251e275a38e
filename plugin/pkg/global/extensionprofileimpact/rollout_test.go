// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package extensionprofileimpact

import (
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
)

var _ = Describe("rolloutWarnings", func() {
	var oldProfile, profile *gardencorev1beta1.ExtensionProfile
	opened := &metav1.Time{Time: time.Date(2026, time.December, 1, 0, 0, 0, 0, time.UTC)}
	next := &metav1.Time{Time: time.Date(2026, time.December, 8, 0, 0, 0, 0, time.UTC)}

	BeforeEach(func() {
		oldProfile = &gardencorev1beta1.ExtensionProfile{ObjectMeta: metav1.ObjectMeta{Name: "shoot-falco-service"},
			Spec: gardencorev1beta1.ExtensionProfileSpec{Components: []gardencorev1beta1.ExtensionProfileComponent{{Name: "falco",
				Versions: []gardencorev1beta1.ExtensionComponentVersion{{Version: "0.44.1"}, {Version: "0.44.2"}}}}},
			Status: gardencorev1beta1.ExtensionProfileStatus{Components: []gardencorev1beta1.ExtensionProfileComponentStatus{{Name: "falco",
				Rollouts: []gardencorev1beta1.ComponentVersionRolloutStatus{{Version: "0.44.2", State: gardencorev1beta1.RolloutStateSoaking,
					NextStageTime: next, LastTransitionTime: opened,
					Stages: []gardencorev1beta1.RolloutStageStatus{{Name: "early", OpenedAt: opened}, {Name: "production"}}}}}}},
		}
		profile = oldProfile.DeepCopy()
	})
	rollout := func(p *gardencorev1beta1.ExtensionProfile, version int) *gardencorev1beta1.ComponentVersionRollout {
		v := &p.Spec.Components[0].Versions[version]
		if v.Rollout == nil {
			v.Rollout = &gardencorev1beta1.ComponentVersionRollout{}
		}
		return v.Rollout
	}

	It("says nothing when no rollout changes", func() {
		profile.Spec.Components[0].Versions[0].Lifecycle = []gardencorev1beta1.LifecycleStage{{Classification: gardencorev1beta1.ClassificationDeprecated}}
		Expect(rolloutWarnings(oldProfile, profile, opened.Time)).To(BeEmpty())
		Expect(rolloutWarnings(nil, profile, opened.Time)).To(BeEmpty())
	})

	It("shows a pause", func() {
		rollout(profile, 1).Paused = true
		Expect(rolloutWarnings(oldProfile, profile, opened.Time)).To(ConsistOf(
			"rollout of falco 0.44.2 after this change: Paused: no Shoot moves to it by auto-update or release channel and no stage opens until it is resumed"))
	})

	It("shows which stage opens next, and when, once a pause is lifted", func() {
		rollout(oldProfile, 1).Paused = true
		Expect(rolloutWarnings(oldProfile, profile, opened.Time)).To(ConsistOf(
			"rollout of falco 0.44.2 after this change: Soaking, open stages early; stage production opens at 2026-12-08T00:00:00Z"))
	})

	It("shows a withdrawal of a halted version", func() {
		oldProfile.Status.Components[0].Rollouts[0].State = gardencorev1beta1.RolloutStateHalted
		profile.Status = oldProfile.Status
		rollout(profile, 1).HaltAcknowledgement = &gardencorev1beta1.RolloutHaltAcknowledgement{Action: gardencorev1beta1.RolloutHaltActionWithdraw, Time: *next}
		Expect(rolloutWarnings(oldProfile, profile, opened.Time)).To(ConsistOf(
			"rollout of falco 0.44.2 after this change: Withdrawn: no Shoot moves to it; forced upgrades take it only when no other version is compatible"))
	})

	It("shows a promotion that starts a completed preview rollout again, staged", func() {
		oldProfile.Spec.Components[0].Versions[1].Lifecycle = []gardencorev1beta1.LifecycleStage{{Classification: gardencorev1beta1.ClassificationPreview}}
		oldProfile.Status.Components[0].Versions = []gardencorev1beta1.ExtensionComponentVersionStatus{{Version: "0.44.2", Classification: gardencorev1beta1.ClassificationPreview}}
		oldProfile.Status.Components[0].Rollouts[0].State = gardencorev1beta1.RolloutStateComplete
		profile = oldProfile.DeepCopy()
		Expect(rolloutWarnings(oldProfile, profile, opened.Time)).To(BeEmpty())
		profile.Spec.Components[0].Versions[1].Lifecycle = append(profile.Spec.Components[0].Versions[1].Lifecycle,
			gardencorev1beta1.LifecycleStage{Classification: gardencorev1beta1.ClassificationSupported, StartTime: opened})
		Expect(rolloutWarnings(oldProfile, profile, opened.Time)).To(ConsistOf(
			"rollout of falco 0.44.2 after this change: supported now, so its Complete rollout starts again staged; stage early opens first, stages in order: early, production"))
	})

	It("shows every version of a component whose policy changes, also one without rollout yet", func() {
		profile.Spec.Components[0].Rollout = &gardencorev1beta1.RolloutPolicy{Stages: []gardencorev1beta1.RolloutStage{
			{Name: "canary", Purposes: []gardencorev1beta1.ShootPurpose{"evaluation"}}, {Name: "rest", Purposes: []gardencorev1beta1.ShootPurpose{"production"}}}}
		Expect(rolloutWarnings(oldProfile, profile, opened.Time)).To(Equal([]string{
			"rollout of falco 0.44.1 after this change: no rollout yet; stage canary opens first, stages in order: canary, rest",
			"rollout of falco 0.44.2 after this change: Soaking, open stages early; stage production opens at 2026-12-08T00:00:00Z",
		}))
	})

	It("shows a created profile's rollouts when it sets a policy, and a complete rollout", func() {
		profile.Spec.Rollout = &gardencorev1beta1.RolloutPolicy{SoakPeriod: &metav1.Duration{Duration: time.Hour}}
		profile.Status.Components[0].Rollouts[0].Stages[1].OpenedAt = next
		Expect(rolloutWarnings(nil, profile, opened.Time)).To(Equal([]string{
			"rollout of falco 0.44.1 after this change: no rollout yet; stage early opens first, stages in order: early, production",
			"rollout of falco 0.44.2 after this change: Soaking, open stages early, production; every stage is open",
		}))
	})
})
