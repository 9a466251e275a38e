// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package gardener_test

import (
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	testclock "k8s.io/utils/clock/testing"
	"k8s.io/utils/ptr"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	"github.com/gep-78/gardener/pkg/apis/utils/timewindow"
	. "github.com/gep-78/gardener/pkg/utils/gardener"
)

var _ = Describe("Shoot maintenance decisions", func() {
	shootWithWindow := func(begin, end string) *gardencorev1beta1.Shoot {
		return &gardencorev1beta1.Shoot{Spec: gardencorev1beta1.ShootSpec{Maintenance: &gardencorev1beta1.Maintenance{
			TimeWindow: &gardencorev1beta1.MaintenanceTimeWindow{Begin: begin, End: end},
		}}}
	}
	utc := func(h, m, s int) time.Time { return time.Date(2026, time.November, 29, h, m, s, 0, time.UTC) }

	DescribeTable("#IsNowInEffectiveShootMaintenanceTimeWindow (end cut off by 15 minutes)",
		func(shoot *gardencorev1beta1.Shoot, now time.Time, inside bool) {
			Expect(IsNowInEffectiveShootMaintenanceTimeWindow(shoot, testclock.NewFakeClock(now))).To(Equal(inside))
		},
		Entry("at begin", shootWithWindow("220000+0100", "230000+0100"), utc(21, 0, 0), true),
		Entry("at the effective end", shootWithWindow("220000+0100", "230000+0100"), utc(21, 45, 0), true),
		Entry("after the effective end, before the configured end", shootWithWindow("220000+0100", "230000+0100"), utc(21, 45, 1), false),
		Entry("before begin", shootWithWindow("220000+0100", "230000+0100"), utc(20, 59, 59), false),
		Entry("spanning midnight", shootWithWindow("233000+0000", "003000+0000"), utc(0, 14, 0), true),
		Entry("spanning midnight, cut off", shootWithWindow("233000+0000", "003000+0000"), utc(0, 16, 0), false),
		Entry("no window: always", &gardencorev1beta1.Shoot{}, utc(12, 0, 0), true),
		Entry("unparsable window: always, not cut off", shootWithWindow("22", "23"), utc(23, 59, 59), true),
	)

	It("#EffectiveMaintenanceTimeWindow moves the end 15 minutes earlier", func() {
		w, err := timewindow.ParseMaintenanceTimeWindow("000000+0000", "010000+0000")
		Expect(err).NotTo(HaveOccurred())
		Expect(EffectiveMaintenanceTimeWindow(w).String()).To(Equal("begin=00:00:00, end=00:45:00"))
	})

	DescribeTable("#HasMaintainNowAnnotation",
		func(value string, expected bool) {
			shoot := &gardencorev1beta1.Shoot{ObjectMeta: metav1.ObjectMeta{Annotations: map[string]string{"gardener.cloud/operation": value}}}
			Expect(HasMaintainNowAnnotation(shoot)).To(Equal(expected))
		},
		Entry("maintain", "maintain", true),
		Entry("in a list", "reconcile;maintain", true),
		Entry("other", "reconcile", false),
		Entry("prefix only", "maintainance", false),
	)

	DescribeTable("#WithoutMaintainOperation",
		func(in, out map[string]string) { Expect(WithoutMaintainOperation(in)).To(Equal(out)) },
		Entry("nil", nil, nil),
		Entry("only maintain", map[string]string{"gardener.cloud/operation": "maintain", "a": "b"}, map[string]string{"a": "b"}),
		Entry("other operations stay", map[string]string{"gardener.cloud/operation": "maintain;reconcile"}, map[string]string{"gardener.cloud/operation": "reconcile"}),
		Entry("no operation", map[string]string{"a": "b"}, map[string]string{"a": "b"}),
	)

	It("should default the auto-update switches to true like Gardener's API", func() {
		shoot := &gardencorev1beta1.Shoot{}
		Expect(KubernetesAutoUpdateEnabled(shoot)).To(BeTrue())
		Expect(MachineImageAutoUpdateEnabled(shoot)).To(BeTrue())
		shoot.Spec.Maintenance = &gardencorev1beta1.Maintenance{AutoUpdate: &gardencorev1beta1.MaintenanceAutoUpdate{}}
		Expect(KubernetesAutoUpdateEnabled(shoot)).To(BeFalse())
		Expect(MachineImageAutoUpdateEnabled(shoot)).To(BeTrue())
		shoot.Spec.Maintenance.AutoUpdate.MachineImageVersion = ptr.To(false)
		Expect(MachineImageAutoUpdateEnabled(shoot)).To(BeFalse())
	})
})
