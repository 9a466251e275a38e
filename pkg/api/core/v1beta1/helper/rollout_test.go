// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package helper_test

import (
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"

	. "github.com/gep-78/gardener/pkg/api/core/v1beta1/helper"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
)

var _ = Describe("Rollout helpers", func() {
	duration := func(d time.Duration) *metav1.Duration { return &metav1.Duration{Duration: d} }
	canary := []gardencorev1beta1.RolloutStage{{Name: "canary", Purposes: []gardencorev1beta1.ShootPurpose{"evaluation"}}}
	spec := func() gardencorev1beta1.ExtensionProfileSpec {
		return gardencorev1beta1.ExtensionProfileSpec{
			Rollout: &gardencorev1beta1.RolloutPolicy{SoakPeriod: duration(time.Hour), FailureThreshold: &gardencorev1beta1.RolloutFailureThreshold{Count: ptr.To[int32](7)}},
			Components: []gardencorev1beta1.ExtensionProfileComponent{{
				Name:    "falco",
				Rollout: &gardencorev1beta1.RolloutPolicy{ObservationWindow: duration(2 * time.Hour)},
				Versions: []gardencorev1beta1.ExtensionComponentVersion{
					{Version: "1.0.0"},
					{Version: "1.1.0", Rollout: &gardencorev1beta1.ComponentVersionRollout{Paused: true, Policy: &gardencorev1beta1.RolloutPolicy{
						Stages: canary, SoakPeriod: duration(3 * time.Hour), FailureThreshold: &gardencorev1beta1.RolloutFailureThreshold{Percentage: ptr.To[int32](10)},
					}}},
				},
			}},
		}
	}

	Describe("#EffectiveRolloutPolicy", func() {
		It("is the built-in policy without any level", func() {
			Expect(EffectiveRolloutPolicy(nil, gardencorev1beta1.ExtensionProfileSpec{}, "falco", "1.0.0")).To(Equal(gardencorev1beta1.DefaultRolloutPolicy()))
		})

		DescribeTable("takes each field from the most specific level that sets it",
			func(defaults *gardencorev1beta1.RolloutPolicy, component, version string, stages []string, soak, window time.Duration, count, percentage int32) {
				p := EffectiveRolloutPolicy(defaults, spec(), component, version)
				var names []string
				for _, s := range p.Stages {
					names = append(names, s.Name)
				}
				Expect(names).To(Equal(stages))
				Expect(p.SoakPeriod.Duration).To(Equal(soak))
				Expect(p.ObservationWindow.Duration).To(Equal(window))
				Expect(*p.FailureThreshold.Count).To(Equal(count))
				Expect(*p.FailureThreshold.Percentage).To(Equal(percentage))
			},
			Entry("a version with a policy", nil, "falco", "1.1.0", []string{"canary"}, 3*time.Hour, 2*time.Hour, int32(7), int32(10)),
			Entry("a version without one", nil, "falco", "1.0.0", []string{"early", "production"}, time.Hour, 2*time.Hour, int32(7), int32(50)),
			Entry("an unknown component", nil, "other", "1.0.0", []string{"early", "production"}, time.Hour, 24*time.Hour, int32(7), int32(50)),
			Entry("configured defaults under the profile", &gardencorev1beta1.RolloutPolicy{Stages: canary, ObservationWindow: duration(time.Minute),
				FailureThreshold: &gardencorev1beta1.RolloutFailureThreshold{Count: ptr.To[int32](1), Percentage: ptr.To[int32](1)}},
				"other", "", []string{"canary"}, time.Hour, time.Minute, int32(7), int32(1)),
		)

		It("returns a copy that does not share the spec's memory", func() {
			s := spec()
			p := EffectiveRolloutPolicy(nil, s, "falco", "1.1.0")
			p.Stages[0].Name = "changed"
			*p.SoakPeriod = metav1.Duration{}
			Expect(s.Components[0].Versions[1].Rollout.Policy.Stages[0].Name).To(Equal("canary"))
			Expect(s.Components[0].Versions[1].Rollout.Policy.SoakPeriod.Duration).To(Equal(3 * time.Hour))
		})
	})

	DescribeTable("#RolloutStageIndex",
		func(purpose *gardencorev1beta1.ShootPurpose, index int) {
			policy := gardencorev1beta1.DefaultRolloutPolicy()
			policy.Stages[1].Purposes = []gardencorev1beta1.ShootPurpose{gardencorev1beta1.ShootPurposeProduction}
			Expect(RolloutStageIndex(policy, purpose)).To(Equal(index))
		},
		Entry("no purpose counts as evaluation", nil, 0),
		Entry("development", ptr.To(gardencorev1beta1.ShootPurposeDevelopment), 0),
		Entry("production", ptr.To(gardencorev1beta1.ShootPurposeProduction), 1),
		Entry("a purpose no stage lists belongs to the last", ptr.To(gardencorev1beta1.ShootPurposeInfrastructure), 1),
	)

	Describe("#FindComponentVersionRolloutStatus and #IsRolloutStageOpen", func() {
		status := gardencorev1beta1.ExtensionProfileStatus{Components: []gardencorev1beta1.ExtensionProfileComponentStatus{{
			Name: "falco",
			Rollouts: []gardencorev1beta1.ComponentVersionRolloutStatus{{
				Version: "1.1.0", State: gardencorev1beta1.RolloutStateSoaking,
				Stages: []gardencorev1beta1.RolloutStageStatus{{Name: "early", OpenedAt: &metav1.Time{}}, {Name: "production"}},
			}},
		}}}

		It("finds a version's rollout and tells open stages", func() {
			r := FindComponentVersionRolloutStatus(status, "falco", "1.1.0")
			Expect(r).NotTo(BeNil())
			Expect(IsRolloutStageOpen(r, 0, "early")).To(BeTrue())
			Expect(IsRolloutStageOpen(r, 1, "production")).To(BeFalse())
			Expect(IsRolloutStageOpen(r, 2, "unknown")).To(BeFalse())
		})

		It("opens only the first stage of a version without rollout status", func() {
			Expect(FindComponentVersionRolloutStatus(status, "falco", "1.0.0")).To(BeNil())
			Expect(FindComponentVersionRolloutStatus(status, "other", "1.1.0")).To(BeNil())
			Expect(IsRolloutStageOpen(nil, 0, "early")).To(BeTrue())
			Expect(IsRolloutStageOpen(nil, 1, "production")).To(BeFalse())
		})
	})

	DescribeTable("#CurrentRolloutStatus",
		func(state gardencorev1beta1.RolloutState, recorded gardencorev1beta1.VersionClassification, supported, found bool) {
			status := gardencorev1beta1.ExtensionProfileStatus{Components: []gardencorev1beta1.ExtensionProfileComponentStatus{{Name: "falco",
				Versions: []gardencorev1beta1.ExtensionComponentVersionStatus{{Version: "1.1.0", Classification: recorded}},
				Rollouts: []gardencorev1beta1.ComponentVersionRolloutStatus{{Version: "1.1.0", State: state}}}}}
			r := CurrentRolloutStatus(status, "falco", "1.1.0", supported)
			if found {
				Expect(r).To(Equal(FindComponentVersionRolloutStatus(status, "falco", "1.1.0")))
			} else {
				Expect(r).To(BeNil())
			}
		},
		Entry("a completed preview rollout is none once the version is supported", gardencorev1beta1.RolloutStateComplete, gardencorev1beta1.ClassificationPreview, true, false),
		Entry("it stays while the version is a preview", gardencorev1beta1.RolloutStateComplete, gardencorev1beta1.ClassificationPreview, false, true),
		Entry("a rollout completed while supported stays", gardencorev1beta1.RolloutStateComplete, gardencorev1beta1.ClassificationSupported, true, true),
		Entry("a preview rollout that is not complete goes on", gardencorev1beta1.RolloutStateSoaking, gardencorev1beta1.ClassificationPreview, true, true),
	)
})
