// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Package validation holds the static validation of core.gardener.cloud objects (internal
// types) that gardener-apiserver's registry strategies run on every create and update.
// Everything here is a pure function of the objects, the feature gates and, for the update
// rules that depend on a version's current classification, the time passed in (the registry
// strategies pass their injected clock's now, the one clock of the server).
package validation

import (
	"fmt"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/gep-78/gardener/pkg/api/core/v1beta1/helper"
	"github.com/gep-78/gardener/pkg/apis/core"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
)

// classificationRank orders the classifications as GEP-32 does: unavailable < preview <
// supported < deprecated < expired. An unknown value ranks like unavailable (0), as in Gardener.
var classificationRank = map[core.VersionClassification]int{
	core.ClassificationUnavailable: 0,
	core.ClassificationPreview:     1,
	core.ClassificationSupported:   2,
	core.ClassificationDeprecated:  3,
	core.ClassificationExpired:     4,
}

// declarableClassifications are the classifications a lifecycle stage may declare. unavailable
// is never declared; it only results from a first stage that starts in the future (GEP-32 as
// implemented in Gardener).
var declarableClassifications = []string{
	string(core.ClassificationPreview),
	string(core.ClassificationSupported),
	string(core.ClassificationDeprecated),
	string(core.ClassificationExpired),
}

func isDeclarable(c core.VersionClassification) bool {
	return c == core.ClassificationPreview || c == core.ClassificationSupported ||
		c == core.ClassificationDeprecated || c == core.ClassificationExpired
}

// validateLifecycle checks a version's lifecycle with Gardener's rules (GEP-32, rules E–H of
// Gardener's validateExpirableVersion); the one implementation shared by ExtensionProfile and
// CloudProfile:
//   - every classification is preview, supported, deprecated or expired (NotSupported
//     lifecycle[i].classification);
//   - no classification appears twice (Duplicate on the second occurrence);
//   - classifications are in the order preview, supported, deprecated, expired (Invalid
//     lifecycle[i].classification, once per out-of-order adjacent pair);
//   - only lifecycle[0] may omit startTime (Required lifecycle[i]);
//   - start times never decrease; equal start times are allowed, and the later stage wins
//     (Invalid lifecycle[i]; comparison continues from the last valid start time).
func validateLifecycle(stages []core.LifecycleStage, fldPath *field.Path) field.ErrorList {
	allErrs := field.ErrorList{}
	seen := map[core.VersionClassification]bool{}
	var lastStart *metav1.Time

	for i, stage := range stages {
		idxPath := fldPath.Index(i)
		classificationPath := idxPath.Child("classification")

		if !isDeclarable(stage.Classification) {
			allErrs = append(allErrs, field.NotSupported(classificationPath, stage.Classification, declarableClassifications))
		}
		if seen[stage.Classification] {
			allErrs = append(allErrs, field.Duplicate(classificationPath, stage.Classification))
		}
		seen[stage.Classification] = true

		if i > 0 {
			previous := stages[i-1].Classification
			if classificationRank[previous] > classificationRank[stage.Classification] {
				allErrs = append(allErrs, field.Invalid(classificationPath, stage.Classification, fmt.Sprintf(
					"lifecycle classifications not in expected order (preview, supported, deprecated, expired): %s must be before %s",
					stage.Classification, previous)))
			}
		}

		if stage.StartTime == nil {
			if i > 0 {
				allErrs = append(allErrs, field.Required(idxPath, "only the leading lifecycle elements can have the start time optional"))
			}
			continue
		}
		if lastStart != nil && stage.StartTime.Before(lastStart) {
			allErrs = append(allErrs, field.Invalid(idxPath, stage.StartTime.UTC().Format("2006-01-02T15:04:05Z"),
				"lifecycle start times must be monotonically increasing"))
			continue
		}
		lastStart = stage.StartTime
	}
	return allErrs
}

// toV1beta1Lifecycle converts an internal lifecycle to the v1beta1 shape the classification
// helper works on. The two types are field-for-field identical.
func toV1beta1Lifecycle(stages []core.LifecycleStage) []gardencorev1beta1.LifecycleStage {
	if stages == nil {
		return nil
	}
	out := make([]gardencorev1beta1.LifecycleStage, 0, len(stages))
	for _, stage := range stages {
		out = append(out, gardencorev1beta1.LifecycleStage{
			Classification: gardencorev1beta1.VersionClassification(stage.Classification),
			StartTime:      stage.StartTime,
		})
	}
	return out
}

// effectiveLifecycle returns the lifecycle a CloudProfile version is classified by, honouring
// the legacy classification and expirationDate fields (helper.ExpirableVersionLifecycle).
func effectiveLifecycle(v core.ExpirableVersion) []gardencorev1beta1.LifecycleStage {
	versioned := gardencorev1beta1.ExpirableVersion{
		Version:        v.Version,
		ExpirationDate: v.ExpirationDate,
		Lifecycle:      toV1beta1Lifecycle(v.Lifecycle),
	}
	if v.Classification != nil {
		c := gardencorev1beta1.VersionClassification(*v.Classification)
		versioned.Classification = &c
	}
	return helper.ExpirableVersionLifecycle(versioned)
}

// validateNotTurnedUnavailable implements Gardener's update rule for versions (GEP-32, rule 7 of
// the implementation differences): a version whose old lifecycle classifies as anything but
// unavailable now must not classify as unavailable under the new lifecycle, because shoots may
// already use it. Forbidden on fldPath.
func validateNotTurnedUnavailable(newLifecycle, oldLifecycle []gardencorev1beta1.LifecycleStage, now time.Time, fldPath *field.Path) field.ErrorList {
	if turnedUnavailable(newLifecycle, oldLifecycle, now) {
		return field.ErrorList{field.Forbidden(fldPath, fmt.Sprintf(
			"a version cannot be turned unavailable if it was already moved into a later lifecycle stage (currently %s)", helper.CurrentClassification(oldLifecycle, now)))}
	}
	return nil
}

// turnedUnavailable reports whether the old lifecycle classifies as anything but unavailable at
// now and the new one as unavailable.
func turnedUnavailable(newLifecycle, oldLifecycle []gardencorev1beta1.LifecycleStage, now time.Time) bool {
	return helper.CurrentClassification(oldLifecycle, now) != gardencorev1beta1.ClassificationUnavailable &&
		helper.CurrentClassification(newLifecycle, now) == gardencorev1beta1.ClassificationUnavailable
}
