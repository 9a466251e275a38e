// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package helper_test

import (
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	testclock "k8s.io/utils/clock/testing"

	. "github.com/gep-78/gardener/pkg/api/core/v1beta1/helper"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
)

var _ = Describe("conditions", func() {
	var (
		fakeClock *testclock.FakeClock
		t0        time.Time
	)

	BeforeEach(func() {
		t0 = time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC)
		fakeClock = testclock.NewFakeClock(t0)
	})

	It("initializes a missing condition as Unknown and returns a copy of an existing one", func() {
		condition := GetOrInitConditionWithClock(fakeClock, nil, "Ready")
		Expect(condition.Type).To(Equal(gardencorev1beta1.ConditionType("Ready")))
		Expect(condition.Status).To(Equal(gardencorev1beta1.ConditionUnknown))
		Expect(condition.LastTransitionTime.Time).To(Equal(t0))

		conditions := []gardencorev1beta1.Condition{{Type: "Ready", Status: gardencorev1beta1.ConditionTrue, Codes: []gardencorev1beta1.ErrorCode{"A"}}}
		got := GetOrInitConditionWithClock(fakeClock, conditions, "Ready")
		got.Codes[0] = "B"
		Expect(conditions[0].Codes).To(Equal([]gardencorev1beta1.ErrorCode{"A"}))
		Expect(GetCondition(conditions, "Other")).To(BeNil())
	})

	It("moves lastUpdateTime on a change of reason or message and lastTransitionTime only on a status change", func() {
		condition := GetOrInitConditionWithClock(fakeClock, nil, "Ready")
		fakeClock.Step(time.Minute)
		condition = UpdatedConditionWithClock(fakeClock, condition, gardencorev1beta1.ConditionFalse, "Refused", "in use")
		Expect(condition.LastTransitionTime.Time).To(Equal(t0.Add(time.Minute)))

		fakeClock.Step(time.Minute)
		condition = UpdatedConditionWithClock(fakeClock, condition, gardencorev1beta1.ConditionFalse, "Refused", "still in use")
		Expect(condition.LastTransitionTime.Time).To(Equal(t0.Add(time.Minute)))
		Expect(condition.LastUpdateTime.Time).To(Equal(t0.Add(2 * time.Minute)))

		fakeClock.Step(time.Minute)
		unchanged := UpdatedConditionWithClock(fakeClock, condition, gardencorev1beta1.ConditionFalse, "Refused", "still in use")
		Expect(unchanged).To(Equal(condition))
	})

	DescribeTable("#UpdatedConditionWithClock",
		func(old gardencorev1beta1.Condition, status gardencorev1beta1.ConditionStatus, reason, message string, codes []gardencorev1beta1.ErrorCode, want gardencorev1beta1.Condition) {
			fakeClock.Step(time.Hour)
			got := UpdatedConditionWithClock(fakeClock, old, status, reason, message, codes...)
			Expect(got).To(Equal(want))
		},
		Entry("empty times start now",
			gardencorev1beta1.Condition{Type: "Ready", Status: "True", Reason: "R", Message: "M"}, gardencorev1beta1.ConditionTrue, "R", "M", nil,
			gardencorev1beta1.Condition{Type: "Ready", Status: "True", Reason: "R", Message: "M", LastTransitionTime: hoursAfterT0(1), LastUpdateTime: hoursAfterT0(1)}),
		Entry("a status change moves only lastTransitionTime",
			gardencorev1beta1.Condition{Type: "Ready", Status: "True", Reason: "R", Message: "M", LastTransitionTime: hoursAfterT0(0), LastUpdateTime: hoursAfterT0(0)}, gardencorev1beta1.ConditionFalse, "R", "M", nil,
			gardencorev1beta1.Condition{Type: "Ready", Status: "False", Reason: "R", Message: "M", LastTransitionTime: hoursAfterT0(1), LastUpdateTime: hoursAfterT0(0)}),
		Entry("a reason change moves only lastUpdateTime",
			gardencorev1beta1.Condition{Type: "Ready", Status: "True", Reason: "R", Message: "M", LastTransitionTime: hoursAfterT0(0), LastUpdateTime: hoursAfterT0(0)}, gardencorev1beta1.ConditionTrue, "Other", "M", nil,
			gardencorev1beta1.Condition{Type: "Ready", Status: "True", Reason: "Other", Message: "M", LastTransitionTime: hoursAfterT0(0), LastUpdateTime: hoursAfterT0(1)}),
		Entry("new codes move lastUpdateTime",
			gardencorev1beta1.Condition{Type: "Ready", Status: "True", Reason: "R", Message: "M", LastTransitionTime: hoursAfterT0(0), LastUpdateTime: hoursAfterT0(0)}, gardencorev1beta1.ConditionTrue, "R", "M", []gardencorev1beta1.ErrorCode{"ERR_INFRA_QUOTA_EXCEEDED"},
			gardencorev1beta1.Condition{Type: "Ready", Status: "True", Reason: "R", Message: "M", Codes: []gardencorev1beta1.ErrorCode{"ERR_INFRA_QUOTA_EXCEEDED"}, LastTransitionTime: hoursAfterT0(0), LastUpdateTime: hoursAfterT0(1)}),
		Entry("an empty reason and message are named",
			gardencorev1beta1.Condition{Type: "Ready", Status: "True", Reason: "R", Message: "M", LastTransitionTime: hoursAfterT0(0), LastUpdateTime: hoursAfterT0(0)}, gardencorev1beta1.ConditionTrue, "", "", nil,
			gardencorev1beta1.Condition{Type: "Ready", Status: "True", Reason: "Unspecified", Message: "No message given.", LastTransitionTime: hoursAfterT0(0), LastUpdateTime: hoursAfterT0(1)}),
		Entry("an empty status keeps the old one",
			gardencorev1beta1.Condition{Type: "Ready", Status: "False", Reason: "R", Message: "M", LastTransitionTime: hoursAfterT0(0), LastUpdateTime: hoursAfterT0(0)}, gardencorev1beta1.ConditionStatus(""), "R", "M", nil,
			gardencorev1beta1.Condition{Type: "Ready", Status: "False", Reason: "R", Message: "M", LastTransitionTime: hoursAfterT0(0), LastUpdateTime: hoursAfterT0(0)}),
		Entry("an empty status of a condition without one is Unknown",
			gardencorev1beta1.Condition{Type: "Ready", Reason: "R", Message: "M", LastTransitionTime: hoursAfterT0(0), LastUpdateTime: hoursAfterT0(0)}, gardencorev1beta1.ConditionStatus(""), "R", "M", nil,
			gardencorev1beta1.Condition{Type: "Ready", Status: "Unknown", Reason: "R", Message: "M", LastTransitionTime: hoursAfterT0(1), LastUpdateTime: hoursAfterT0(0)}),
	)

	It("merges by type without modifying the old list", func() {
		old := []gardencorev1beta1.Condition{{Type: "A", Status: "True"}, {Type: "B", Status: "True"}}
		merged := MergeConditions(old, gardencorev1beta1.Condition{Type: "B", Status: "False"}, gardencorev1beta1.Condition{Type: "C", Status: "Unknown", LastUpdateTime: metav1.NewTime(t0)})
		Expect(merged).To(HaveLen(3))
		Expect(merged[1].Status).To(Equal(gardencorev1beta1.ConditionFalse))
		Expect(merged[2].Type).To(Equal(gardencorev1beta1.ConditionType("C")))
		Expect(old[1].Status).To(Equal(gardencorev1beta1.ConditionTrue))
	})
})

// hoursAfterT0 is t0 plus hours (the table steps the clock by an hour before it updates).
func hoursAfterT0(hours int) metav1.Time {
	return metav1.NewTime(time.Date(2026, 12, 1, 10+hours, 0, 0, 0, time.UTC))
}
