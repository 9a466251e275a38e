// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package failover_test

import (
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	componentbaseconfigv1alpha1 "k8s.io/component-base/config/v1alpha1"

	"github.com/gep-78/gardener/test/failover"
)

var _ = Describe("TakeoverBound", func() {
	DescribeTable("is the stored lease duration, two jittered retry periods and four Lease requests",
		func(leaseDuration, renewDeadline, retryPeriod, bound time.Duration) {
			Expect(failover.TakeoverBound(&componentbaseconfigv1alpha1.LeaderElectionConfiguration{
				LeaseDuration: metav1.Duration{Duration: leaseDuration},
				RenewDeadline: metav1.Duration{Duration: renewDeadline},
				RetryPeriod:   metav1.Duration{Duration: retryPeriod},
			})).To(Equal(bound))
		},
		Entry("the failover suites' leases: 4 s + 2 × 550 ms + 4 × 50 ms", 4*time.Second, 3*time.Second, 250*time.Millisecond, 5300*time.Millisecond),
		Entry("Gardener's defaults: 15 s + 2 × 4.4 s + 4 × 50 ms", 15*time.Second, 10*time.Second, 2*time.Second, 24*time.Second),
		Entry("a fraction of a second is not stored", 4500*time.Millisecond, 3*time.Second, 250*time.Millisecond, 5300*time.Millisecond),
		Entry("the renew deadline plays no part", 4*time.Second, time.Second, 250*time.Millisecond, 5300*time.Millisecond),
	)
})
