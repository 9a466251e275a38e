// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package rollout_test

import (
	"fmt"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	testclock "k8s.io/utils/clock/testing"
	"k8s.io/utils/ptr"

	v1beta1helper "github.com/gep-78/gardener/pkg/api/core/v1beta1/helper"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	. "github.com/gep-78/gardener/pkg/utils/gardener/rollout"
)

var _ = Describe("Compute", func() {
	const soak, window = 72 * time.Hour, 24 * time.Hour

	var (
		clock *testclock.FakeClock
		start time.Time
		in    Input
	)

	// shoot pins agent 1.1.0 with the given purpose; moved: maintenance moved it at movedAt;
	// failedAt: gardenlet reported agent 1.1.0 failing then.
	shoot := func(name string, purpose gardencorev1beta1.ShootPurpose, movedAt, failedAt *time.Time) gardencorev1beta1.Shoot {
		s := gardencorev1beta1.Shoot{ObjectMeta: metav1.ObjectMeta{Namespace: "garden-dev", Name: name}}
		s.Spec.Purpose = &purpose
		if movedAt != nil {
			s.Status.ExtensionComponentMoves = []gardencorev1beta1.ExtensionComponentMove{
				{Type: "falco", Component: "agent", From: "1.0.0", To: "1.1.0", Time: metav1.Time{Time: *movedAt}},
			}
		}
		if failedAt != nil {
			s.Status.LastErrors = []gardencorev1beta1.LastError{{
				TaskID: ptr.To("extension/falco"), LastUpdateTime: &metav1.Time{Time: *failedAt},
				Description: "Extension falco (agent 1.1.0) reports: crash loop",
			}}
		}
		return s
	}
	at := func(d time.Duration) *time.Time { t := start.Add(d); return &t }

	// step runs Compute at the clock's time, feeding back the previous status.
	step := func() Result {
		GinkgoHelper()
		result := Compute(in, clock.Now())
		in.Previous = result.Status
		return result
	}
	reasons := func(r Result) []string {
		var out []string
		for _, e := range r.Events {
			out = append(out, e.Reason)
		}
		return out
	}

	BeforeEach(func() {
		start = time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC)
		clock = testclock.NewFakeClock(start)
		in = Input{
			ExtensionType: "falco", Component: "agent",
			Version:      gardencorev1beta1.ExtensionComponentVersion{Version: "1.1.0"},
			Policy:       v1beta1helper.EffectiveRolloutPolicy(nil, gardencorev1beta1.ExtensionProfileSpec{}, "", ""),
			Target:       true,
			BecameTarget: true,
		}
	})

	It("has no rollout for a version that was never a target", func() {
		in.Target, in.BecameTarget = false, false
		Expect(Compute(in, clock.Now())).To(Equal(Result{}))
	})

	It("opens every stage at once, settled and without events, for a target that was one before it was tracked", func() {
		in.BecameTarget = false
		r := step()
		Expect(r.Status.State).To(Equal(gardencorev1beta1.RolloutStateComplete))
		Expect(r.Status.Reason).To(Equal(ReasonNotStaged))
		Expect(r.Status.Stages).To(HaveEach(HaveField("OpenedAt", Equal(&metav1.Time{Time: start}))))
		Expect(r.Events).To(BeEmpty())
		Expect(r.RequeueAt).To(BeNil())
		Expect(Settled(r.Status, in.Policy, clock.Now())).To(BeTrue())
	})

	It("settles a staged rollout once its last stage has soaked", func() {
		Expect(Settled(step().Status, in.Policy, clock.Now())).To(BeFalse())
		clock.Step(soak)
		r := step()
		Expect(r.Status.State).To(Equal(gardencorev1beta1.RolloutStateComplete))
		Expect(Settled(r.Status, in.Policy, clock.Now())).To(BeFalse(), "the production Shoots move and may fail within its soak")
		clock.Step(soak)
		Expect(Settled(step().Status, in.Policy, clock.Now())).To(BeTrue())
	})

	It("opens stage early at once, then production after the soak, then completes", func() {
		r := step()
		Expect(r.Status.State).To(Equal(gardencorev1beta1.RolloutStateProgressing))
		Expect(r.Status.Stages).To(HaveLen(2))
		Expect(r.Status.Stages[0].OpenedAt.Time).To(Equal(start))
		Expect(r.Status.Stages[1].OpenedAt).To(BeNil())
		Expect(r.Status.NextStageTime.Time).To(Equal(start.Add(soak)))
		Expect(*r.RequeueAt).To(Equal(start.Add(window)), "Progressing turns Soaking after the observation window")
		Expect(reasons(r)).To(Equal([]string{ReasonStageOpened}))

		clock.Step(window)
		r = step()
		Expect(r.Status.State).To(Equal(gardencorev1beta1.RolloutStateSoaking))
		Expect(*r.RequeueAt).To(Equal(start.Add(soak)))
		Expect(r.Events).To(BeEmpty())

		clock.SetTime(start.Add(soak - time.Second))
		Expect(step().Status.Stages[1].OpenedAt).To(BeNil())

		clock.SetTime(start.Add(soak))
		r = step()
		Expect(r.Status.State).To(Equal(gardencorev1beta1.RolloutStateComplete))
		Expect(r.Status.Stages[1].OpenedAt.Time).To(Equal(start.Add(soak)))
		Expect(r.Status.NextStageTime).To(BeNil())
		Expect(r.RequeueAt).To(BeNil())
		Expect(reasons(r)).To(Equal([]string{ReasonStageOpened}))
		Expect(r.Status.LastTransitionTime.Time).To(Equal(start.Add(soak)))
	})

	It("keeps the openedAt of the previous status, so a restart opens nothing again", func() {
		step()
		clock.Step(time.Hour)
		r := step()
		Expect(r.Status.Stages[0].OpenedAt.Time).To(Equal(start))
		Expect(r.Events).To(BeEmpty())
		Expect(r.Status.LastTransitionTime.Time).To(Equal(start))
	})

	DescribeTable("counts moved, healthy and failed Shoots",
		func(shoots []gardencorev1beta1.Shoot, moved, healthy, failed int32) {
			step()
			clock.Step(2 * time.Hour)
			in.Shoots = shoots
			r := step()
			Expect([]int32{r.Status.Moved, r.Status.Healthy, r.Status.Failed}).To(Equal([]int32{moved, healthy, failed}))
		},
		Entry("a Shoot created on the version has not moved", []gardencorev1beta1.Shoot{shoot("a", "evaluation", nil, nil)}, int32(0), int32(0), int32(0)),
		Entry("a moved, healthy Shoot", []gardencorev1beta1.Shoot{shoot("a", "evaluation", ptrTime(time.Date(2026, 12, 1, 11, 0, 0, 0, time.UTC)), nil)}, int32(1), int32(1), int32(0)),
		Entry("a failure within the window counts",
			[]gardencorev1beta1.Shoot{shoot("a", "evaluation", ptrTime(time.Date(2026, 12, 1, 11, 0, 0, 0, time.UTC)), ptrTime(time.Date(2026, 12, 1, 11, 30, 0, 0, time.UTC)))}, int32(1), int32(0), int32(1)),
		Entry("a failure before the move does not count",
			[]gardencorev1beta1.Shoot{shoot("a", "evaluation", ptrTime(time.Date(2026, 12, 1, 11, 0, 0, 0, time.UTC)), ptrTime(time.Date(2026, 12, 1, 10, 30, 0, 0, time.UTC)))}, int32(1), int32(1), int32(0)),
		Entry("a failure after the window does not count",
			[]gardencorev1beta1.Shoot{shoot("a", "evaluation", ptrTime(time.Date(2026, 11, 28, 11, 0, 0, 0, time.UTC)), ptrTime(time.Date(2026, 12, 1, 11, 30, 0, 0, time.UTC)))}, int32(1), int32(1), int32(0)),
	)

	DescribeTable("reads only a move of this component to this version",
		func(move gardencorev1beta1.ExtensionComponentMove, moved int32) {
			s := shoot("a", "evaluation", nil, nil)
			s.Status.ExtensionComponentMoves = []gardencorev1beta1.ExtensionComponentMove{move}
			in.Shoots = []gardencorev1beta1.Shoot{s}
			Expect(step().Status.Moved).To(Equal(moved))
		},
		Entry("this version", gardencorev1beta1.ExtensionComponentMove{Type: "falco", Component: "agent", To: "1.1.0", Time: metav1.Now()}, int32(1)),
		Entry("a pool's pin", gardencorev1beta1.ExtensionComponentMove{Type: "falco", Component: "agent", WorkerPool: ptr.To("gpu"), To: "1.1.0", Time: metav1.Now()}, int32(1)),
		Entry("a forced upgrade", gardencorev1beta1.ExtensionComponentMove{Type: "falco", Component: "agent", To: "1.1.0", Forced: true, Time: metav1.Now()}, int32(1)),
		Entry("another version", gardencorev1beta1.ExtensionComponentMove{Type: "falco", Component: "agent", To: "1.1.0-rc.1", Time: metav1.Now()}, int32(0)),
		Entry("another component", gardencorev1beta1.ExtensionComponentMove{Type: "falco", Component: "sidekick", To: "1.1.0", Time: metav1.Now()}, int32(0)),
		Entry("another extension type", gardencorev1beta1.ExtensionComponentMove{Type: "traefik", Component: "agent", To: "1.1.0", Time: metav1.Now()}, int32(0)),
	)

	It("counts a Shoot moved in two pools once, from its first move", func() {
		s := shoot("a", "evaluation", at(3*time.Hour), at(2*time.Hour))
		s.Status.ExtensionComponentMoves = append(s.Status.ExtensionComponentMoves, gardencorev1beta1.ExtensionComponentMove{
			Type: "falco", Component: "agent", WorkerPool: ptr.To("gpu"), To: "1.1.0", Time: metav1.Time{Time: *at(time.Hour)}})
		in.Shoots = []gardencorev1beta1.Shoot{s}
		clock.Step(4 * time.Hour)
		status := step().Status
		Expect(status.Moved).To(Equal(int32(1)))
		Expect(status.Failed).To(Equal(int32(1)))
	})

	It("reads only the error naming this version", func() {
		var s gardencorev1beta1.Shoot

		s = shoot("b", "evaluation", at(time.Hour), at(90*time.Minute))
		s.Status.LastErrors[0].Description = "Extension falco (agent 1.1.01) reports: crash loop"
		in.Shoots = []gardencorev1beta1.Shoot{s}
		clock.Step(2 * time.Hour)
		Expect(step().Status.Failed).To(BeZero())
	})

	Context("halt", func() {
		// moveEarly moves five early Shoots at start+1h, of which failing fail at start+2h.
		moveEarly := func(failing int) {
			in.Shoots = nil
			for i := range 5 {
				var failedAt *time.Time
				if i < failing {
					failedAt = at(2 * time.Hour)
				}
				in.Shoots = append(in.Shoots, shoot(fmt.Sprintf("early-%d", i), "development", at(time.Hour), failedAt))
			}
		}

		BeforeEach(func() {
			step()
			clock.Step(3 * time.Hour)
		})

		DescribeTable("halts once failed reaches the count and the percentage of moved",
			func(failing int, threshold gardencorev1beta1.RolloutFailureThreshold, halted bool) {
				in.Policy.FailureThreshold = &threshold
				moveEarly(failing)
				Expect(step().Status.State == gardencorev1beta1.RolloutStateHalted).To(Equal(halted))
			},
			Entry("3 of 5 with the defaults (3, 50%)", 3, gardencorev1beta1.RolloutFailureThreshold{Count: ptr.To[int32](3), Percentage: ptr.To[int32](50)}, true),
			Entry("2 of 5: below the count", 2, gardencorev1beta1.RolloutFailureThreshold{Count: ptr.To[int32](3), Percentage: ptr.To[int32](10)}, false),
			Entry("3 of 5: below 70%", 3, gardencorev1beta1.RolloutFailureThreshold{Count: ptr.To[int32](1), Percentage: ptr.To[int32](70)}, false),
			Entry("1 of 5 with count 1, 20%", 1, gardencorev1beta1.RolloutFailureThreshold{Count: ptr.To[int32](1), Percentage: ptr.To[int32](20)}, true),
		)

		It("names the failed Shoots, records an event, and opens no stage while halted", func() {
			moveEarly(3)
			r := step()
			Expect(r.Status.State).To(Equal(gardencorev1beta1.RolloutStateHalted))
			Expect(r.Status.Reason).To(Equal(ReasonHalted))
			Expect(r.Status.FailingShoots).To(Equal([]string{"garden-dev/early-0", "garden-dev/early-1", "garden-dev/early-2"}))
			Expect(r.Status.Message).To(ContainSubstring("3 of 5 Shoots that moved to the version failed"))
			Expect(r.Status.NextStageTime).To(BeNil())
			Expect(r.RequeueAt).To(BeNil())
			Expect(reasons(r)).To(Equal([]string{ReasonHalted}))
			Expect(r.Events[0].Message).To(ContainSubstring("garden-dev/early-0"))

			By("the halt holds after the soak, and after the Shoots recovered")
			clock.Step(soak)
			moveEarly(0)
			r = step()
			Expect(r.Status.State).To(Equal(gardencorev1beta1.RolloutStateHalted))
			Expect(r.Status.Stages[1].OpenedAt).To(BeNil())
			Expect(r.Status.FailingShoots).To(HaveLen(3))
			Expect(r.Events).To(BeEmpty())
		})

		It("resumes on an acknowledgement later than the halt; earlier failures no longer count", func() {
			moveEarly(3)
			haltedAt := step().Status.LastTransitionTime.Time

			By("an acknowledgement from before the halt does not answer it")
			in.Version.Rollout = &gardencorev1beta1.ComponentVersionRollout{HaltAcknowledgement: &gardencorev1beta1.RolloutHaltAcknowledgement{
				Action: gardencorev1beta1.RolloutHaltActionResume, Time: metav1.Time{Time: haltedAt.Add(-time.Minute)}}}
			clock.Step(time.Minute)
			Expect(step().Status.State).To(Equal(gardencorev1beta1.RolloutStateHalted))

			in.Version.Rollout.HaltAcknowledgement.Time = metav1.Time{Time: haltedAt.Add(time.Minute)}
			clock.Step(time.Minute)
			r := step()
			Expect(r.Status.State).To(Equal(gardencorev1beta1.RolloutStateProgressing))
			Expect(r.Status.Failed).To(BeZero())
			Expect(reasons(r)).To(Equal([]string{ReasonResumed}))

			By("the soak continues from the stage's opening")
			clock.SetTime(start.Add(soak))
			Expect(step().Status.State).To(Equal(gardencorev1beta1.RolloutStateComplete))
		})

		It("halts again on new failures after a resume, and the old acknowledgement does not answer the new halt", func() {
			moveEarly(3)
			haltedAt := step().Status.LastTransitionTime.Time
			in.Version.Rollout = &gardencorev1beta1.ComponentVersionRollout{HaltAcknowledgement: &gardencorev1beta1.RolloutHaltAcknowledgement{
				Action: gardencorev1beta1.RolloutHaltActionResume, Time: metav1.Time{Time: haltedAt.Add(time.Minute)}}}
			clock.Step(2 * time.Minute)
			Expect(step().Status.State).To(Equal(gardencorev1beta1.RolloutStateProgressing))

			By("three Shoots fail after the acknowledgement")
			for i := range 3 {
				in.Shoots[i].Status.LastErrors[0].LastUpdateTime = &metav1.Time{Time: clock.Now()}
			}
			clock.Step(time.Minute)
			r := step()
			Expect(r.Status.State).To(Equal(gardencorev1beta1.RolloutStateHalted))
			Expect(r.Status.LastTransitionTime.Time).To(Equal(clock.Now()))
			Expect(reasons(r)).To(Equal([]string{ReasonHalted}))

			clock.Step(time.Minute)
			r = step()
			Expect(r.Status.State).To(Equal(gardencorev1beta1.RolloutStateHalted))
			Expect(r.Events).To(BeEmpty())
		})

		It("withdraws the version on a Withdraw acknowledgement", func() {
			moveEarly(3)
			haltedAt := step().Status.LastTransitionTime.Time
			in.Version.Rollout = &gardencorev1beta1.ComponentVersionRollout{HaltAcknowledgement: &gardencorev1beta1.RolloutHaltAcknowledgement{
				Action: gardencorev1beta1.RolloutHaltActionWithdraw, Time: metav1.Time{Time: haltedAt.Add(time.Minute)}}}
			clock.Step(2 * time.Minute)
			r := step()
			Expect(r.Status.State).To(Equal(gardencorev1beta1.RolloutStateWithdrawn))
			Expect(reasons(r)).To(Equal([]string{ReasonWithdrawn}))

			clock.Step(soak)
			r = step()
			Expect(r.Status.State).To(Equal(gardencorev1beta1.RolloutStateWithdrawn))
			Expect(r.Events).To(BeEmpty())
		})
	})

	It("opens no stage while paused, and the due stage at once when unpaused", func() {
		step()
		in.Version.Rollout = &gardencorev1beta1.ComponentVersionRollout{Paused: true}
		clock.Step(time.Hour)
		r := step()
		Expect(r.Status.State).To(Equal(gardencorev1beta1.RolloutStatePaused))
		Expect(reasons(r)).To(Equal([]string{ReasonPaused}))
		Expect(r.Status.NextStageTime).To(BeNil())

		clock.Step(2 * soak)
		r = step()
		Expect(r.Status.State).To(Equal(gardencorev1beta1.RolloutStatePaused))
		Expect(r.Status.Stages[1].OpenedAt).To(BeNil())
		Expect(r.Events).To(BeEmpty())

		in.Version.Rollout.Paused = false
		r = step()
		Expect(r.Status.State).To(Equal(gardencorev1beta1.RolloutStateComplete))
		Expect(r.Status.Stages[1].OpenedAt.Time).To(Equal(clock.Now()))
		Expect(reasons(r)).To(Equal([]string{ReasonUnpaused, ReasonStageOpened}))
	})

	It("opens one stage per soak with three stages", func() {
		in.Policy.Stages = []gardencorev1beta1.RolloutStage{
			{Name: "canary", Purposes: []gardencorev1beta1.ShootPurpose{"evaluation"}},
			{Name: "early", Purposes: []gardencorev1beta1.ShootPurpose{"testing", "development"}},
			{Name: "production", Purposes: []gardencorev1beta1.ShootPurpose{"production", "infrastructure"}},
		}
		step()
		clock.Step(soak)
		r := step()
		Expect(r.Status.Stages[1].OpenedAt.Time).To(Equal(clock.Now()))
		Expect(r.Status.Stages[2].OpenedAt).To(BeNil())
		Expect(r.Status.NextStageTime.Time).To(Equal(clock.Now().Add(soak)))
		clock.Step(soak)
		Expect(step().Status.State).To(Equal(gardencorev1beta1.RolloutStateComplete))
	})

	It("names at most 10 failing Shoots", func() {
		step()
		clock.Step(3 * time.Hour)
		for i := range 12 {
			in.Shoots = append(in.Shoots, shoot(fmt.Sprintf("s-%02d", i), "evaluation", at(time.Hour), at(2*time.Hour)))
		}
		r := step()
		Expect(r.Status.Failed).To(Equal(int32(12)))
		Expect(r.Status.FailingShoots).To(HaveLen(10))
	})
})

func ptrTime(t time.Time) *time.Time { return &t }
