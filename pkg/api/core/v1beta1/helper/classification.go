// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Package helper holds pure functions over core.gardener.cloud/v1beta1 values. It is the one
// implementation of the GEP-32 classification shared by CloudProfile and ExtensionProfile, by the
// controllers, the admission plugins and maintenance; callers holding internal objects convert
// them to v1beta1 first.
package helper

import (
	"time"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
)

// EffectiveLifecycle returns the lifecycle a version is classified by (GEP-32 as implemented in
// Gardener): the declared lifecycle when present; otherwise the legacy classification and
// expirationDate converted to stages ({classification or supported}, then {expired at
// expirationDate}); otherwise nil, which classifies as supported.
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

// CurrentClassification returns the classification of a lifecycle at now (GEP-32):
//   - no stages: supported;
//   - otherwise the last stage, in list order, that has started, where a stage without a
//     startTime has always started and a stage with one has started once startTime <= now;
//   - unavailable when no stage has started.
//
// Gardener treats a stage as started only when startTime < now; here a stage starts at its
// startTime, so that the classification and NextTransition agree at the boundary (the
// controller requeues exactly at a startTime and must then see the new stage).
func CurrentClassification(stages []gardencorev1beta1.LifecycleStage, now time.Time) gardencorev1beta1.VersionClassification {
	if len(stages) == 0 {
		return gardencorev1beta1.ClassificationSupported
	}
	if stage, ok := CurrentStage(stages, now); ok {
		return stage.Classification
	}
	return gardencorev1beta1.ClassificationUnavailable
}

// CurrentStage returns the stage that determines CurrentClassification at now: the last stage, in
// list order, that has started (a stage without startTime has always started). ok is false when
// no stage has started (or there is none).
func CurrentStage(stages []gardencorev1beta1.LifecycleStage, now time.Time) (stage gardencorev1beta1.LifecycleStage, ok bool) {
	for _, s := range stages {
		if s.StartTime == nil || !s.StartTime.Time.After(now) {
			stage, ok = s, true
		}
	}
	return stage, ok
}

// NextStage returns the stage with the earliest startTime strictly after now (of equal start
// times the last listed, which wins at that instant), and false when there is none. Stored order
// does not matter otherwise.
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

// CurrentLifecycleClassificationAt returns the GEP-32 classification of a CloudProfile Kubernetes
// or machine image version at now: CurrentClassification of its lifecycle, or of the stages its
// legacy classification and expirationDate stand for (ExpirableVersionLifecycle); no data means
// supported.
func CurrentLifecycleClassificationAt(version gardencorev1beta1.ExpirableVersion, now time.Time) gardencorev1beta1.VersionClassification {
	return CurrentClassification(ExpirableVersionLifecycle(version), now)
}
