// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package helper

import (
	"time"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
)

// SupportedSince returns when the run of supported stages in effect at now began; bounded is false
// when that run has no startTime, or the version is not supported at now.
func SupportedSince(stages []gardencorev1beta1.LifecycleStage, now time.Time) (since time.Time, bounded bool) {
	current := -1
	for i, s := range stages {
		if s.StartTime == nil || !s.StartTime.Time.After(now) {
			current = i
		}
	}
	if current < 0 || stages[current].Classification != gardencorev1beta1.ClassificationSupported {
		return time.Time{}, false
	}
	first := current
	for first > 0 && stages[first-1].Classification == gardencorev1beta1.ClassificationSupported {
		first--
	}
	if stages[first].StartTime == nil {
		return time.Time{}, false
	}
	return stages[first].StartTime.Time, true
}

// StableChannelSoakPeriod returns the stable channel's soak period profile's status publishes (set
// by gardener-controller-manager), else fallback: a reader that cannot read
// gardener-controller-manager's configuration resolves the stable channel as maintenance does.
func StableChannelSoakPeriod(profile *gardencorev1beta1.ExtensionProfile, fallback time.Duration) time.Duration {
	if profile == nil || profile.Status.StableChannelSoakPeriod == nil {
		return fallback
	}
	return profile.Status.StableChannelSoakPeriod.Duration
}
