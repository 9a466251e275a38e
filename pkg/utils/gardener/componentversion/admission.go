// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package componentversion

import (
	"context"
	"fmt"
	"slices"
	"time"

	"k8s.io/apimachinery/pkg/util/validation/field"

	v1beta1helper "github.com/gep-78/gardener/pkg/api/core/v1beta1/helper"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	celutils "github.com/gep-78/gardener/pkg/utils/cel"
	versionutils "github.com/gep-78/gardener/pkg/utils/version"
)

// AdmissionRequest is one Shoot create or update as the ShootExtensionProfile plugin's Validate
// sees it.
type AdmissionRequest struct {
	// Shoot is the new Shoot in v1beta1.
	Shoot *gardencorev1beta1.Shoot
	// OldExtensions is spec.extensions of the old Shoot in v1beta1, in order; Update is false on
	// create.
	OldExtensions []gardencorev1beta1.Extension
	Update        bool
	// OldShoot returns the whole old Shoot in v1beta1; it is called only when a rule fails on the
	// new Shoot and the old one is its baseline. An error means there is no baseline.
	OldShoot func() (*gardencorev1beta1.Shoot, error)
	// Profile returns the ExtensionProfile of an extension type, nil when there is none. Its error
	// is returned as is.
	Profile func(ctx context.Context, extensionType string) (*gardencorev1beta1.ExtensionProfile, error)
	// Maintenance is set for a write of shoot maintenance; CloudProfile then returns the new
	// Shoot's CloudProfile (nil: no host update is forced).
	Maintenance  bool
	CloudProfile func(*gardencorev1beta1.Shoot) *gardencorev1beta1.CloudProfile
	// Rules holds the compiled compatibility rules.
	Rules *celutils.Cache
	Now   time.Time
}

// ValidatePins is the one entry point of the ShootExtensionProfile plugin's Validate (GEP-78
// "Admission"). Per extension with components, and per component entry whose pin changed
// (PinChanged):
//   - the extension is disabled: Forbidden on spec.extensions[i].components;
//   - no ExtensionProfile is named like the type: Invalid on spec.extensions[i].components[j];
//   - the ExtensionProfile is being deleted and the entry sets a version: Forbidden on
//     spec.extensions[i].components[j]; unchanged pins keep working;
//   - the profile lists no such component: NotSupported on ...components[j].name;
//   - the version is not listed, or is unavailable or expired: ValidateComponentVersionPin;
//   - a preview or deprecated version, or a downgrade, is accepted with a warning.
//
// The effective update strategy is checked (ValidateComponentUpdateStrategy) for a new pin
// (NewlyPinned) or a changed autoUpdate (AutoUpdateChanged), not for a change of the version alone:
// maintenance writes versions, and an operator may have narrowed updateStrategy.supported since.
// The compatibility rules of every valid pin are checked on every request, old-vs-new: the
// baseline is the old Shoot when it ran the same version (IntroducedRuleFailures). A failure
// that a maintenance write introduces only through the host updates maintenance forces is a
// warning. It returns the field errors, the warnings in order, and the error of req.Profile.
func ValidatePins(ctx context.Context, req AdmissionRequest) (field.ErrorList, []string, error) {
	var oldPins, oldActivePins []v1beta1helper.ComponentPin
	if req.Update {
		oldPins = v1beta1helper.ComponentPins(req.OldExtensions)
		oldActivePins = slices.DeleteFunc(slices.Clone(oldPins), func(p v1beta1helper.ComponentPin) bool { return !p.Active() })
	}
	profiles := map[string]*gardencorev1beta1.ExtensionProfile{}
	profileOf := func(extensionType string) (*gardencorev1beta1.ExtensionProfile, error) {
		if profile, ok := profiles[extensionType]; ok {
			return profile, nil
		}
		profile, err := req.Profile(ctx, extensionType)
		if err == nil {
			profiles[extensionType] = profile
		}
		return profile, err
	}
	compatibility := newCompatibilityCheck(req)

	var (
		allErrs          field.ErrorList
		warnings         []string
		disabledReported []int
	)
	for _, pin := range v1beta1helper.ComponentPins(req.Shoot.Spec.Extensions) {
		extension := &req.Shoot.Spec.Extensions[pin.ExtensionIndex]
		// Field paths are built only for an error: a request that passes allocates none.
		extensionPath := func() *field.Path { return field.NewPath("spec", "extensions").Index(pin.ExtensionIndex) }
		componentPath := func() *field.Path { return extensionPath().Child("components").Index(pin.ComponentIndex) }
		versionPath := func() *field.Path { return componentPath().Child("version") }
		changed := PinChanged(oldPins, pin)

		if pin.Disabled {
			if changed && !slices.Contains(disabledReported, pin.ExtensionIndex) {
				disabledReported = append(disabledReported, pin.ExtensionIndex)
				allErrs = append(allErrs, field.Forbidden(extensionPath().Child("components"), "component versions cannot be pinned for a disabled extension"))
			}
			continue
		}

		profile, err := profileOf(pin.ExtensionType)
		if err != nil {
			return allErrs, warnings, err
		}
		if profile == nil {
			if changed {
				allErrs = append(allErrs, field.Invalid(componentPath(), pin.Component, fmt.Sprintf(
					"no ExtensionProfile %q exists; component versions can only be pinned for extension types with a profile", pin.ExtensionType)))
			}
			continue
		}

		if changed && pin.Pinned() && profile.DeletionTimestamp != nil {
			allErrs = append(allErrs, field.Forbidden(componentPath(), fmt.Sprintf(
				"ExtensionProfile %q is being deleted; new component versions cannot be pinned", profile.Name)))
			continue
		}

		profileComponent := v1beta1helper.FindExtensionComponent(profile.Spec, pin.Component)
		if profileComponent == nil {
			if changed {
				allErrs = append(allErrs, field.NotSupported(componentPath().Child("name"), pin.Component, componentNames(profile)))
			}
			continue
		}
		if !pin.Pinned() {
			continue
		}

		pinValid := true
		if changed {
			pinErrs := ValidateComponentVersionPin(versionPath(), *profileComponent, pin.Version, req.Now)
			allErrs = append(allErrs, pinErrs...)
			pinValid = len(pinErrs) == 0
			if pinValid {
				if msg := ComponentVersionPinWarning(pin.ExtensionType, *profileComponent, pin.Version, req.Now); msg != "" {
					warnings = append(warnings, msg)
				}
				if msg := downgradeWarning(oldPins, pin); msg != "" {
					warnings = append(warnings, msg)
				}
			}
		}

		if NewlyPinned(oldPins, pin) || AutoUpdateChanged(req.OldExtensions, req.Update, extension, pin) {
			for _, strategyErr := range ValidateComponentUpdateStrategy(extensionPath(), componentPath(), profile, pin.Component,
				extension.AutoUpdate, extension.Components[pin.ComponentIndex].AutoUpdate) {
				allErrs = appendUnique(allErrs, strategyErr)
			}
		}

		// A pin rejected above is not evaluated: its rules do not matter.
		if pinValid {
			oldPin, ran := v1beta1helper.FindComponentPin(oldActivePins, pin.ExtensionType, pin.Component)
			baseline := ran && oldPin.Version == pin.Version
			compatErrs, compatWarnings := compatibility.check(ctx, versionPath, profile, pin.ExtensionType, pin.Component, pin.Version, baseline)
			allErrs = append(allErrs, compatErrs...)
			warnings = append(warnings, compatWarnings...)
		}
	}
	return allErrs, warnings, nil
}

// downgradeWarning returns the warning for a changed pin whose version is lower than the one the
// old Shoot pins (GEP-78: a downgrade is explicit, and the owner is told), "" otherwise.
func downgradeWarning(oldPins []v1beta1helper.ComponentPin, pin v1beta1helper.ComponentPin) string {
	old, found := v1beta1helper.FindComponentPin(oldPins, pin.ExtensionType, pin.Component)
	if !found || !old.Pinned() {
		return ""
	}
	from, errFrom := versionutils.ParseProfileVersion(old.Version)
	to, errTo := versionutils.ParseProfileVersion(pin.Version)
	if errFrom != nil || errTo != nil || !to.LessThan(from) {
		return ""
	}
	return fmt.Sprintf("component %s of extension %s is downgraded from %s to %s; the extension deploys the older version", pin.Component, pin.ExtensionType, old.Version, pin.Version)
}

func componentNames(profile *gardencorev1beta1.ExtensionProfile) []string {
	names := make([]string, 0, len(profile.Spec.Components))
	for _, c := range profile.Spec.Components {
		names = append(names, c.Name)
	}
	return names
}

// appendUnique appends err unless an identical error is already listed: an unsupported
// extension-level strategy is found once per pinned component but reported once.
func appendUnique(list field.ErrorList, err *field.Error) field.ErrorList {
	for _, e := range list {
		if e.Error() == err.Error() {
			return list
		}
	}
	return append(list, err)
}
