// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package extensionprofile

import (
	"context"
	"fmt"
	"time"

	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/apiserver/pkg/admission"
	"k8s.io/apiserver/pkg/warning"
	"k8s.io/utils/ptr"

	v1beta1helper "github.com/gep-78/gardener/pkg/api/core/v1beta1/helper"
	"github.com/gep-78/gardener/pkg/apis/core"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	"github.com/gep-78/gardener/pkg/utils/gardener/componentversion"
	versionutils "github.com/gep-78/gardener/pkg/utils/version"
)

// Admit sets the stored component versions of a Shoot (GEP-78 "Partial versions"), as Gardener's
// ShootMutator sets machine-image versions, so that every write method that sends the same spec
// stores the same versions:
//   - keep: an entry without a version, or with the stored one, keeps the old Shoot's version;
//     only removing the entry or the extension drops a pin, with a warning;
//   - resolve: a changed version loses a leading "v"; a partial one ("3", "3.6") becomes the
//     highest supported matching version whose rules hold, never below the old one when it
//     matches. One without a match is Forbidden (field.Invalid on the pin).
//
// Pins of disabled extensions, of types without a usable profile and of unknown components are
// left for Validate.
func (p *ShootExtensionProfile) Admit(ctx context.Context, a admission.Attributes, _ admission.ObjectInterfaces) error {
	shoot, oldShoot, err := p.shootsToCheck(a)
	if shoot == nil || err != nil {
		return err
	}
	c := &mutationContext{plugin: p, shoot: shoot, now: p.Clock.Now(), profiles: profileLookup{}}
	if c.oldPins, err = componentPinsOf(oldShoot); err != nil {
		return err
	}

	if c.oldExtensions, err = oldExtensionsOf(oldShoot); err != nil {
		return err
	}

	c.keepUnchangedPins()
	c.warnDroppedPins(ctx)
	channelErrs, err := c.resolveChannels(ctx)
	if err != nil {
		return err
	}
	allErrs, err := c.resolveChangedPins(ctx)
	if err != nil {
		return err
	}
	if allErrs = append(channelErrs, allErrs...); len(allErrs) > 0 {
		return admission.NewForbidden(a, allErrs.ToAggregate())
	}
	return nil
}

// mutationContext is the state of one Admit call; one method per step.
type mutationContext struct {
	plugin *ShootExtensionProfile
	// shoot is the new Shoot, mutated in place; oldPins are the component entries of the old
	// Shoot (none on create).
	shoot   *core.Shoot
	oldPins []v1beta1helper.ComponentPin
	// oldExtensions is the old Shoot's spec.extensions in v1beta1 (none on create).
	oldExtensions []gardencorev1beta1.Extension
	now           time.Time
	profiles      profileLookup
	// rules evaluates compatibility rules on the new Shoot; built on first use.
	rules *componentversion.ShootRules
}

// keepUnchangedPins sets the old Shoot's version on every entry of the new Shoot that sets none
// (nil or ""), where the old Shoot pins that component of that extension type.
func (c *mutationContext) keepUnchangedPins() {
	if len(c.oldPins) == 0 {
		return
	}
	for i := range c.shoot.Spec.Extensions {
		extension := &c.shoot.Spec.Extensions[i]
		for j := range extension.Components {
			component := &extension.Components[j]
			if ptr.Deref(component.Version, "") != "" {
				continue
			}
			if old, found := v1beta1helper.FindComponentPin(c.oldPins, extension.Type, component.Name); found && old.Pinned() {
				component.Version = ptr.To(old.Version)
			}
		}
	}
}

// warnDroppedPins adds a warning for every pinned entry of the old Shoot that the new Shoot no
// longer has: its component entry or its whole extension was removed.
func (c *mutationContext) warnDroppedPins(ctx context.Context) {
	for _, old := range c.oldPins {
		if !old.Pinned() || hasComponentEntry(c.shoot, old.ExtensionType, old.Component) {
			continue
		}
		if hasExtension(c.shoot, old.ExtensionType) {
			warning.AddWarning(ctx, "", fmt.Sprintf("component %s of extension %s is no longer pinned to %s: its entry was removed from spec.extensions[].components[], so the extension deploys its own default version",
				old.Component, old.ExtensionType, old.Version))
			continue
		}
		warning.AddWarning(ctx, "", fmt.Sprintf("component %s of extension %s is no longer pinned to %s: the extension was removed from spec.extensions[]",
			old.Component, old.ExtensionType, old.Version))
	}
}

// resolveChangedPins normalises and resolves every changed pin of an enabled extension; it
// returns the pins that cannot be resolved, and an error when a profile cannot be read.
func (c *mutationContext) resolveChangedPins(ctx context.Context) (field.ErrorList, error) {
	pins, err := componentPinsOf(c.shoot)
	if err != nil {
		return nil, err
	}
	var allErrs field.ErrorList
	for _, pin := range pins {
		component := &c.shoot.Spec.Extensions[pin.ExtensionIndex].Components[pin.ComponentIndex]
		// An empty version left here is a (malformed) partial pin, reported by the resolution below.
		if component.Version == nil || pin.Disabled || !componentversion.PinChanged(c.oldPins, pin) {
			continue
		}
		if !versionutils.IsPartial(pin.Version) {
			component.Version = ptr.To(versionutils.TrimShootPrefix(pin.Version))
			continue
		}

		profile, err := c.profiles.get(ctx, c.plugin, pin.ExtensionType)
		if err != nil {
			return nil, err
		}
		if profile == nil || profile.DeletionTimestamp != nil {
			continue
		}
		profileComponent := v1beta1helper.FindExtensionComponent(profile.Spec, pin.Component)
		if profileComponent == nil {
			continue
		}
		var current string
		if old, found := v1beta1helper.FindComponentPin(c.oldPins, pin.ExtensionType, pin.Component); found {
			current = old.Version
		}
		fldPath := field.NewPath("spec", "extensions").Index(pin.ExtensionIndex).Child("components").Index(pin.ComponentIndex).Child("version")
		resolved, fieldErr := componentversion.ResolvePartialComponentVersion(fldPath, *profileComponent, pin.Version, current, c.now, c.compatible(ctx, profile, pin.Component))
		if fieldErr != nil {
			allErrs = append(allErrs, fieldErr)
			continue
		}
		component.Version = &resolved
	}
	return allErrs, nil
}

// compatible returns the CompatibilityFunc of a component: the messages of the rules of a version
// that the new Shoot fails, each version with its own cost budget, as maintenance evaluates its
// candidates. The Shoot is converted to v1beta1 on the first evaluation.
func (c *mutationContext) compatible(ctx context.Context, profile *gardencorev1beta1.ExtensionProfile, component string) componentversion.CompatibilityFunc {
	return func(version string) ([]string, error) {
		rules := c.plugin.rules.Get(profile).Rules(component, version)
		if len(rules) == 0 {
			return nil, nil
		}
		if c.rules == nil {
			external, err := toV1beta1(c.shoot)
			if err != nil {
				return nil, err
			}
			c.rules = componentversion.NewShootRules(external)
		}
		failures, _ := c.rules.IsolatedFailures(ctx, rules)
		return componentversion.RuleFailureDetails(failures), nil
	}
}

// componentPinsOf returns v1beta1helper.ComponentPins of a Shoot (none for nil), converting only
// spec.extensions.
func componentPinsOf(shoot *core.Shoot) ([]v1beta1helper.ComponentPin, error) {
	if shoot == nil {
		return nil, nil
	}
	extensions, err := extensionsToV1beta1(shoot)
	if err != nil {
		return nil, err
	}
	return v1beta1helper.ComponentPins(extensions), nil
}

func hasExtension(shoot *core.Shoot, extensionType string) bool {
	for _, e := range shoot.Spec.Extensions {
		if e.Type == extensionType {
			return true
		}
	}
	return false
}

func hasComponentEntry(shoot *core.Shoot, extensionType, component string) bool {
	for _, e := range shoot.Spec.Extensions {
		if e.Type != extensionType {
			continue
		}
		for _, c := range e.Components {
			if c.Name == component {
				return true
			}
		}
	}
	return false
}
