// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Package helper holds pure functions over core.gardener.cloud/v1beta1 values, among them the one
// implementation of the GEP-32 classification of CloudProfile and ExtensionProfile versions.
package helper

import (
	"time"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
)

// EffectiveLifecycle returns the lifecycle a version is classified by: the declared one, else the
// stages its legacy classification and expirationDate stand for; nil classifies as supported.
func EffectiveLifecycle(lifecycle []gardencorev1beta1.LifecycleStage, legacyClassification *gardencorev1beta1.VersionClassification, legacyExpiration *time.Time) []gardencorev1beta1.LifecycleStage {
	if len(lifecycle) > 0 {
		return lifecycle
	}
	if legacyClassification == nil && legacyExpiration == nil {
		return nil
	}
	first := gardencorev1beta1.ClassificationSupported
	if legacyClassification != nil {
		first = *legacyClassification
	}
	stages := []gardencorev1beta1.LifecycleStage{{Classification: first}}
	if legacyExpiration != nil {
		t := *legacyExpiration
		stages = append(stages, gardencorev1beta1.LifecycleStage{Classification: gardencorev1beta1.ClassificationExpired, StartTime: timePtr(t)})
	}
	return stages
}

// CurrentClassification returns the classification of the last stage, in list order, started at now
// (a stage starts at its startTime, so that it agrees with NextTransition); supported without
// stages, unavailable before the first.
func CurrentClassification(stages []gardencorev1beta1.LifecycleStage, now time.Time) gardencorev1beta1.VersionClassification {
	if len(stages) == 0 {
		return gardencorev1beta1.ClassificationSupported
	}
	if stage, ok := CurrentStage(stages, now); ok {
		return stage.Classification
	}
	return gardencorev1beta1.ClassificationUnavailable
}

// CurrentStage returns the last stage, in list order, started at now; ok is false when none has.
func CurrentStage(stages []gardencorev1beta1.LifecycleStage, now time.Time) (stage gardencorev1beta1.LifecycleStage, ok bool) {
	for _, s := range stages {
		if s.StartTime == nil || !s.StartTime.Time.After(now) {
			stage, ok = s, true
		}
	}
	return stage, ok
}

// NextStage returns the stage with the earliest startTime after now (of equal ones the last listed).
func NextStage(stages []gardencorev1beta1.LifecycleStage, now time.Time) (gardencorev1beta1.LifecycleStage, bool) {
	var (
		next  gardencorev1beta1.LifecycleStage
		found bool
	)
	for _, stage := range stages {
		if stage.StartTime == nil || !stage.StartTime.Time.After(now) {
			continue
		}
		if !found || !stage.StartTime.Time.After(next.StartTime.Time) {
			next, found = stage, true
		}
	}
	return next, found
}

// NextTransition returns the earliest stage startTime strictly after now, and false when there
// is none. Stored order does not matter.
func NextTransition(stages []gardencorev1beta1.LifecycleStage, now time.Time) (time.Time, bool) {
	if stage, ok := NextStage(stages, now); ok {
		return stage.StartTime.Time, true
	}
	return time.Time{}, false
}

// IsActive reports whether a classification may be referenced by a new pin: preview, supported
// and deprecated are active; unavailable and expired are not (GEP-32).
func IsActive(c gardencorev1beta1.VersionClassification) bool {
	return c != gardencorev1beta1.ClassificationUnavailable && c != gardencorev1beta1.ClassificationExpired
}

// CurrentLifecycleClassificationAt returns the classification of a CloudProfile version at now,
// from its lifecycle or its legacy fields.
func CurrentLifecycleClassificationAt(version gardencorev1beta1.ExpirableVersion, now time.Time) gardencorev1beta1.VersionClassification {
	return CurrentClassification(ExpirableVersionLifecycle(version), now)
}
