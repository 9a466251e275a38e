// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package extensionprofileimpact

import (
	"time"

	apiequality "k8s.io/apimachinery/pkg/api/equality"

	v1beta1helper "github.com/gep-78/gardener/pkg/api/core/v1beta1/helper"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
)

// profileChange is a component version whose change by a write can act on the Shoots pinning it.
type profileChange struct {
	Component, Version string
	// OldListed is false when the old profile does not list the version.
	OldListed bool
	// OldClassification and NewClassification are the classifications at the time of the write.
	OldClassification, NewClassification gardencorev1beta1.VersionClassification
	// OldExpiration and Expiration start the expired stage of the lifecycles; nil when there is none.
	OldExpiration, Expiration *time.Time
	RulesChanged              bool
}

// classificationChanged reports whether the write changes the classification or lists the version.
func (c profileChange) classificationChanged() bool {
	return !c.OldListed || c.OldClassification != c.NewClassification
}

// expirationChanged reports whether the write sets a new or moved expiration date after now.
func (c profileChange) expirationChanged(now time.Time) bool {
	return c.Expiration != nil && c.Expiration.After(now) && (c.OldExpiration == nil || !c.OldExpiration.Equal(*c.Expiration))
}

// expirationRemoved reports whether the write drops an expiration date that was still ahead of now.
func (c profileChange) expirationRemoved(now time.Time) bool {
	return c.OldListed && c.OldExpiration != nil && c.OldExpiration.After(now) && c.Expiration == nil
}

// profileChanges returns the versions of newSpec whose classification, expiration or rules differ
// from oldSpec's (nil on create) at now, in order.
func profileChanges(oldSpec *gardencorev1beta1.ExtensionProfileSpec, newSpec gardencorev1beta1.ExtensionProfileSpec, now time.Time) []profileChange {
	var changes []profileChange
	for _, component := range newSpec.Components {
		var oldComponent *gardencorev1beta1.ExtensionProfileComponent
		if oldSpec != nil {
			oldComponent = v1beta1helper.FindExtensionComponent(*oldSpec, component.Name)
		}
		for _, version := range component.Versions {
			c := profileChange{
				Component:         component.Name,
				Version:           version.Version,
				NewClassification: v1beta1helper.CurrentClassification(version.Lifecycle, now),
				Expiration:        expirationOf(version.Lifecycle),
				RulesChanged:      len(rulesOf(&version)) > 0,
			}
			if oldComponent != nil {
				if old := v1beta1helper.FindComponentVersion(oldComponent, version.Version); old != nil {
					c.OldListed = true
					c.OldClassification = v1beta1helper.CurrentClassification(old.Lifecycle, now)
					c.OldExpiration = expirationOf(old.Lifecycle)
					c.RulesChanged = !sameRules(rulesOf(old), rulesOf(&version))
				}
			}
			if c.classificationChanged() || c.expirationChanged(now) || c.expirationRemoved(now) || c.RulesChanged {
				changes = append(changes, c)
			}
		}
	}
	return changes
}

func expirationOf(lifecycle []gardencorev1beta1.LifecycleStage) *time.Time {
	if t, ok := v1beta1helper.ExpirationTime(lifecycle); ok {
		return &t
	}
	return nil
}

func rulesOf(version *gardencorev1beta1.ExtensionComponentVersion) []gardencorev1beta1.CompatibilityValidation {
	if version.Compatibility == nil {
		return nil
	}
	return version.Compatibility.Validations
}

// sameRules compares two rule lists; nil and empty are the same.
func sameRules(a, b []gardencorev1beta1.CompatibilityValidation) bool {
	if len(a) == 0 && len(b) == 0 {
		return true
	}
	return apiequality.Semantic.DeepEqual(a, b)
}
