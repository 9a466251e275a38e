// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package helper_test

import (
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	. "github.com/gep-78/gardener/pkg/api/core/v1beta1/helper"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
)

const day = 24 * time.Hour

var _ = Describe("Release channel lifecycle helpers", func() {
	DescribeTable("#StableChannelSoakPeriod",
		func(profile *gardencorev1beta1.ExtensionProfile, expected time.Duration) {
			Expect(StableChannelSoakPeriod(profile, 14*day)).To(Equal(expected))
		},
		Entry("the published one", &gardencorev1beta1.ExtensionProfile{Status: gardencorev1beta1.ExtensionProfileStatus{
			StableChannelSoakPeriod: &metav1.Duration{Duration: 3 * day}}}, 3*day),
		Entry("a published zero", &gardencorev1beta1.ExtensionProfile{Status: gardencorev1beta1.ExtensionProfileStatus{
			StableChannelSoakPeriod: &metav1.Duration{}}}, time.Duration(0)),
		Entry("the fallback before the controller published one", &gardencorev1beta1.ExtensionProfile{}, 14*day),
		Entry("the fallback without a profile", nil, 14*day),
	)

	Describe("#SupportedSince", func() {
		It("returns the start of the supported run in effect", func() {
			since, bounded := SupportedSince([]gardencorev1beta1.LifecycleStage{at(preview, -5*day), at(supported, -3*day), at(supported, -1*day)}, now)
			Expect(bounded).To(BeTrue())
			Expect(since).To(Equal(now.Add(-3 * day)))
		})
		It("is unbounded for a version that is not supported now", func() {
			_, bounded := SupportedSince([]gardencorev1beta1.LifecycleStage{at(preview, -5*day), at(supported, day)}, now)
			Expect(bounded).To(BeFalse())
		})
	})
})
