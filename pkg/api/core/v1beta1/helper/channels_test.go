// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package helper_test

import (
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	. "github.com/gep-78/gardener/pkg/api/core/v1beta1/helper"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
)

const day = 24 * time.Hour

var _ = Describe("Release channel lifecycle helpers", func() {
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
