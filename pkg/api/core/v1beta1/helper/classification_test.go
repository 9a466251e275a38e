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

const (
	unavailable = gardencorev1beta1.ClassificationUnavailable
	preview     = gardencorev1beta1.ClassificationPreview
	supported   = gardencorev1beta1.ClassificationSupported
	deprecated  = gardencorev1beta1.ClassificationDeprecated
	expired     = gardencorev1beta1.ClassificationExpired
)

// now is the evaluation time of every relative vector in this suite.
var now = time.Date(2026, time.November, 29, 0, 0, 0, 0, time.UTC)

// at returns a stage starting at now+offset.
func at(c gardencorev1beta1.VersionClassification, offset time.Duration) gardencorev1beta1.LifecycleStage {
	return gardencorev1beta1.LifecycleStage{Classification: c, StartTime: &metav1.Time{Time: now.Add(offset)}}
}

// always returns a stage without startTime.
func always(c gardencorev1beta1.VersionClassification) gardencorev1beta1.LifecycleStage {
	return gardencorev1beta1.LifecycleStage{Classification: c}
}

func lifecycle(stages ...gardencorev1beta1.LifecycleStage) gardencorev1beta1.ExpirableVersion {
	return gardencorev1beta1.ExpirableVersion{Version: "1.0.0", Lifecycle: stages}
}

func legacy(classification *gardencorev1beta1.VersionClassification, expiresIn *time.Duration) gardencorev1beta1.ExpirableVersion {
	v := gardencorev1beta1.ExpirableVersion{Version: "1.0.0", Classification: classification}
	if expiresIn != nil {
		v.ExpirationDate = &metav1.Time{Time: now.Add(*expiresIn)}
	}
	return v
}

var _ = Describe("Classification", func() {
	// C01–C14: the current classification of one CloudProfile version.
	DescribeTable("#CurrentClassification of an ExpirableVersion",
		func(version gardencorev1beta1.ExpirableVersion, expected gardencorev1beta1.VersionClassification, active bool) {
			classification := CurrentClassification(ExpirableVersionLifecycle(version), now)
			Expect(classification).To(Equal(expected))
			Expect(IsActive(classification)).To(Equal(active))
		},
		Entry("C01: nothing set is supported", gardencorev1beta1.ExpirableVersion{Version: "1.0.0"}, supported, true),
		Entry("C02: [supported@+3h] is unavailable", lifecycle(at(supported, 3*time.Hour)), unavailable, false),
		Entry("C03: [preview@-1h, supported@+3h] is preview",
			lifecycle(at(preview, -time.Hour), at(supported, 3*time.Hour)), preview, true),
		Entry("C04: [preview@-3h, supported@-1h, deprecated@+5h, expired@+8h] is supported",
			lifecycle(at(preview, -3*time.Hour), at(supported, -time.Hour), at(deprecated, 5*time.Hour), at(expired, 8*time.Hour)), supported, true),
		Entry("C05: [supported@-4h, deprecated@-3h, expired@+1h] is deprecated",
			lifecycle(at(supported, -4*time.Hour), at(deprecated, -3*time.Hour), at(expired, time.Hour)), deprecated, true),
		Entry("C06: [supported@-4h, deprecated@-3h, expired@-1h] is expired",
			lifecycle(at(supported, -4*time.Hour), at(deprecated, -3*time.Hour), at(expired, -time.Hour)), expired, false),
		Entry("C07: [preview, supported@+3h, deprecated@+4h, expired@+5h] is preview",
			lifecycle(always(preview), at(supported, 3*time.Hour), at(deprecated, 4*time.Hour), at(expired, 5*time.Hour)), preview, true),
		Entry("C08: legacy classification supported is supported", legacy(ptr.To(supported), nil), supported, true),
		Entry("C09: legacy expirationDate -1h is expired", legacy(nil, ptr.To(-time.Hour)), expired, false),
		Entry("C10: legacy preview with expirationDate +3h is preview", legacy(ptr.To(preview), ptr.To(3*time.Hour)), preview, true),
		Entry("C11: legacy deprecated with expirationDate +1h is deprecated", legacy(ptr.To(deprecated), ptr.To(time.Hour)), deprecated, true),
		Entry("C12: [supported@-1h, deprecated@-1h] (same start) is deprecated, the later stage wins",
			lifecycle(at(supported, -time.Hour), at(deprecated, -time.Hour)), deprecated, true),
		Entry("C13: stored unordered [supported@-1h, deprecated@-2h] is deprecated, list order wins",
			lifecycle(at(supported, -time.Hour), at(deprecated, -2*time.Hour)), deprecated, true),
		Entry("C14: lifecycle [preview] with legacy deprecated and expirationDate ignores the legacy fields",
			gardencorev1beta1.ExpirableVersion{
				Version:        "1.0.0",
				Lifecycle:      []gardencorev1beta1.LifecycleStage{always(preview)},
				Classification: ptr.To(deprecated),
				ExpirationDate: &metav1.Time{Time: now.Add(-time.Hour)},
			}, preview, true),
	)

	// Deliberate deviation from Gardener (helper docstring): a stage starts at its startTime.
	DescribeTable("boundary: a stage starting exactly at now has started",
		func(stages []gardencorev1beta1.LifecycleStage, expected gardencorev1beta1.VersionClassification) {
			Expect(CurrentClassification(stages, now)).To(Equal(expected))
		},
		Entry("first stage at now is no longer unavailable", []gardencorev1beta1.LifecycleStage{at(preview, 0)}, preview),
		Entry("first stage one nanosecond later is unavailable", []gardencorev1beta1.LifecycleStage{at(preview, time.Nanosecond)}, unavailable),
		Entry("expired stage at now is expired",
			[]gardencorev1beta1.LifecycleStage{always(supported), at(deprecated, -time.Hour), at(expired, 0)}, expired),
		Entry("expired stage one nanosecond later is still deprecated",
			[]gardencorev1beta1.LifecycleStage{always(supported), at(deprecated, -time.Hour), at(expired, time.Nanosecond)}, deprecated),
	)

	DescribeTable("#EffectiveLifecycle",
		func(stages []gardencorev1beta1.LifecycleStage, classification *gardencorev1beta1.VersionClassification, expiration *time.Time, expected []gardencorev1beta1.LifecycleStage) {
			Expect(EffectiveLifecycle(stages, classification, expiration)).To(Equal(expected))
		},
		Entry("nothing set gives no stages", nil, nil, nil, nil),
		Entry("a declared lifecycle is returned unchanged, legacy fields ignored",
			[]gardencorev1beta1.LifecycleStage{always(preview)}, ptr.To(deprecated), ptr.To(now),
			[]gardencorev1beta1.LifecycleStage{always(preview)}),
		Entry("legacy classification alone gives one stage without startTime",
			nil, ptr.To(deprecated), nil,
			[]gardencorev1beta1.LifecycleStage{always(deprecated)}),
		Entry("legacy expirationDate alone gives supported, then expired at expirationDate",
			nil, nil, ptr.To(now.Add(time.Hour)),
			[]gardencorev1beta1.LifecycleStage{always(supported), at(expired, time.Hour)}),
		Entry("legacy classification and expirationDate give classification, then expired",
			nil, ptr.To(preview), ptr.To(now.Add(-time.Hour)),
			[]gardencorev1beta1.LifecycleStage{always(preview), at(expired, -time.Hour)}),
	)

	DescribeTable("#NextTransition",
		func(stages []gardencorev1beta1.LifecycleStage, expectedOffset time.Duration, expectedFound bool) {
			next, found := NextTransition(stages, now)
			Expect(found).To(Equal(expectedFound))
			if expectedFound {
				Expect(next).To(Equal(now.Add(expectedOffset)))
			}
		},
		Entry("no stages: none", nil, time.Duration(0), false),
		Entry("only stages without startTime: none", []gardencorev1beta1.LifecycleStage{always(preview)}, time.Duration(0), false),
		Entry("only past stages: none", []gardencorev1beta1.LifecycleStage{at(supported, -2*time.Hour), at(deprecated, -time.Hour)}, time.Duration(0), false),
		Entry("a stage starting exactly at now is not a future transition", []gardencorev1beta1.LifecycleStage{at(supported, 0)}, time.Duration(0), false),
		Entry("the earliest future start wins, whatever the stored order",
			[]gardencorev1beta1.LifecycleStage{at(supported, -time.Hour), at(deprecated, 3*time.Hour), at(expired, 2*time.Hour)}, 2*time.Hour, true),
		Entry("one nanosecond ahead is a transition", []gardencorev1beta1.LifecycleStage{at(supported, time.Nanosecond)}, time.Nanosecond, true),
	)

	DescribeTable("#NextVersionTransition",
		func(stages []gardencorev1beta1.LifecycleStage, expected *gardencorev1beta1.VersionTransition) {
			Expect(NextVersionTransition(stages, now)).To(Equal(expected))
		},
		Entry("no stages: none", nil, nil),
		Entry("only past stages: none", []gardencorev1beta1.LifecycleStage{always(supported), at(expired, -time.Hour)}, nil),
		Entry("unavailable until the first stage starts",
			[]gardencorev1beta1.LifecycleStage{at(preview, time.Hour), at(supported, 2*time.Hour)},
			&gardencorev1beta1.VersionTransition{Classification: preview, Time: metav1.NewTime(now.Add(time.Hour))}),
		Entry("deprecated until it expires",
			[]gardencorev1beta1.LifecycleStage{always(supported), at(deprecated, -time.Hour), at(expired, 3*time.Hour)},
			&gardencorev1beta1.VersionTransition{Classification: expired, Time: metav1.NewTime(now.Add(3 * time.Hour))}),
		Entry("the earliest future stage, whatever the stored order",
			[]gardencorev1beta1.LifecycleStage{always(supported), at(expired, 3*time.Hour), at(deprecated, time.Hour)},
			&gardencorev1beta1.VersionTransition{Classification: deprecated, Time: metav1.NewTime(now.Add(time.Hour))}),
		Entry("a stage that repeats the current classification is no transition",
			[]gardencorev1beta1.LifecycleStage{always(supported), at(supported, time.Hour), at(expired, 2*time.Hour)},
			&gardencorev1beta1.VersionTransition{Classification: expired, Time: metav1.NewTime(now.Add(2 * time.Hour))}),
		Entry("a stage starting exactly at now has already happened",
			[]gardencorev1beta1.LifecycleStage{always(supported), at(deprecated, 0)}, nil),
	)

	DescribeTable("#ExpirationTime",
		func(stages []gardencorev1beta1.LifecycleStage, expectedOffset time.Duration, expectedFound bool) {
			t, found := ExpirationTime(stages)
			Expect(found).To(Equal(expectedFound))
			if expectedFound {
				Expect(t).To(Equal(now.Add(expectedOffset)))
			}
		},
		Entry("no stages: none", nil, time.Duration(0), false),
		Entry("no expired stage: none", []gardencorev1beta1.LifecycleStage{always(supported), at(deprecated, time.Hour)}, time.Duration(0), false),
		Entry("a future expiry", []gardencorev1beta1.LifecycleStage{always(supported), at(expired, time.Hour)}, time.Hour, true),
		Entry("a past expiry", []gardencorev1beta1.LifecycleStage{always(supported), at(expired, -time.Hour)}, -time.Hour, true),
	)

	Describe("boundary: requeue and classification agree", func() {
		It("should requeue exactly at the start time and then see the new stage", func() {
			stages := []gardencorev1beta1.LifecycleStage{always(supported), at(deprecated, time.Hour), at(expired, 2*time.Hour)}
			before := now.Add(-30 * time.Minute)

			Expect(CurrentClassification(stages, before)).To(Equal(supported))
			d, ok := DurationUntilNextTransition(before, stages)
			Expect(ok).To(BeTrue())
			Expect(d).To(Equal(90 * time.Minute))

			requeuedAt := before.Add(d)
			Expect(requeuedAt).To(Equal(now.Add(time.Hour)))
			Expect(CurrentClassification(stages, requeuedAt)).To(Equal(deprecated))
			d, ok = DurationUntilNextTransition(requeuedAt, stages)
			Expect(ok).To(BeTrue())
			Expect(d).To(Equal(time.Hour))

			requeuedAt = requeuedAt.Add(d)
			Expect(CurrentClassification(stages, requeuedAt)).To(Equal(expired))
			_, ok = DurationUntilNextTransition(requeuedAt, stages)
			Expect(ok).To(BeFalse())
		})
	})

	DescribeTable("#IsActive",
		func(c gardencorev1beta1.VersionClassification, expected bool) {
			Expect(IsActive(c)).To(Equal(expected))
		},
		Entry("unavailable", unavailable, false),
		Entry("preview", preview, true),
		Entry("supported", supported, true),
		Entry("deprecated", deprecated, true),
		Entry("expired", expired, false),
	)
})
