// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package maintenance

import (
	"context"
	"time"

	v1beta1helper "github.com/gep-78/gardener/pkg/api/core/v1beta1/helper"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	gardenerutils "github.com/gep-78/gardener/pkg/utils/gardener"
)

// DecideComponentVersion is the maintenance decision for the component pinned at
// shoot.Spec.Extensions[extensionIndex].Components[componentIndex] as the profile stands, taken at
// the time at: the effective autoUpdate (gardenerutils.ResolveEffectiveAutoUpdate) and then
// gardenerutils.ComponentVersionUpdateFor, with candidates checked by checker against shoot. The
// maintenance step (MaintainExtensionComponents) calls it with the window's working copy and
// Operation.Now; the expiry metrics and the impact preview call it with a later time (the
// expiration date) or a changed profile, so that all three take the same decision.
//
// It panics when the indexes are out of range or the component has no version.
func DecideComponentVersion(ctx context.Context, profile *gardencorev1beta1.ExtensionProfile, shoot *gardencorev1beta1.Shoot, extensionIndex, componentIndex int, at time.Time, checker CompatibilityChecker) (gardenerutils.ComponentVersionUpdate, error) {
	extension := shoot.Spec.Extensions[extensionIndex]
	component := extension.Components[componentIndex]
	policy := gardenerutils.ResolveEffectiveAutoUpdate(profile.Spec, component.Name, extension.AutoUpdate, component.AutoUpdate)
	profileComponent := gardencorev1beta1.ExtensionProfileComponent{Name: component.Name}
	if c := v1beta1helper.FindExtensionComponent(profile.Spec, component.Name); c != nil {
		profileComponent = *c
	}
	return gardenerutils.ComponentVersionUpdateFor(profileComponent, *component.Version, policy, at, func(version string) ([]string, error) {
		failures, _ := checker.Check(ctx, profile, component.Name, version, shoot)
		return gardenerutils.RuleFailureDetails(failures), nil
	})
}

// PinnedComponent is one pin that maintenance maintains (v1beta1helper.ComponentPin).
type PinnedComponent = v1beta1helper.ComponentPin

// PinnedComponents returns the pins that maintenance maintains, in spec order:
// v1beta1helper.ActiveComponentPins (a non-empty version, extension not disabled).
func PinnedComponents(shoot *gardencorev1beta1.Shoot) []PinnedComponent {
	return v1beta1helper.ActiveComponentPins(shoot.Spec.Extensions)
}
