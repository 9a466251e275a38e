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
	"k8s.io/utils/ptr"

	v1beta1helper "github.com/gep-78/gardener/pkg/api/core/v1beta1/helper"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	celutils "github.com/gep-78/gardener/pkg/utils/cel"
	versionutils "github.com/gep-78/gardener/pkg/utils/version"
)

// AdmissionRequest is a Shoot create or update as ValidatePins checks it.
type AdmissionRequest struct {
	// Shoot is the new Shoot in v1beta1.
	Shoot *gardencorev1beta1.Shoot
	// OldExtensions and OldWorkers are the old Shoot's spec.extensions and spec.provider.workers
	// (OldWorkers may be nil when neither Shoot pins per pool; only a pool's name, cri and
	// extensions are read); Update is false on create.
	OldExtensions []gardencorev1beta1.Extension
	OldWorkers    []gardencorev1beta1.Worker
	Update        bool
	// OldShoot returns the old Shoot, read only as the baseline of a failing rule; an error means
	// there is none.
	OldShoot func() (*gardencorev1beta1.Shoot, error)
	// Profile returns the ExtensionProfile of a type, nil for none.
	Profile func(ctx context.Context, extensionType string) (*gardencorev1beta1.ExtensionProfile, error)
	// Maintenance is set for a write of shoot maintenance; CloudProfile returns the Shoot's.
	Maintenance  bool
	CloudProfile func(*gardencorev1beta1.Shoot) *gardencorev1beta1.CloudProfile
	Rules        *celutils.Cache
	Now          time.Time
}

// ValidatePins checks the component pins of a Shoot create or update, in spec.extensions[] and
// per pool: existence, version and strategy of a changed pin, the rules of every valid pin
// old-vs-new. It returns the field errors, the warnings in order, and the error of req.Profile.
func ValidatePins(ctx context.Context, req AdmissionRequest) (field.ErrorList, []string, error) {
	v := &pinValidation{req: req, profiles: map[string]*gardencorev1beta1.ExtensionProfile{}, compatibility: newCompatibilityCheck(req)}
	err := v.validateList(ctx, &pinList{worker: -1, entries: req.Shoot.Spec.Extensions, old: req.OldExtensions})
	for _, list := range poolPinLists(req.Shoot.Spec.Extensions, req.Shoot.Spec.Provider.Workers, req.OldExtensions, req.OldWorkers) {
		if err != nil {
			break
		}
		err = v.validateList(ctx, list)
	}
	return v.allErrs, v.warnings, err
}

// validateList checks the pins of one list.
func (v *pinValidation) validateList(ctx context.Context, list *pinList) error {
	v.startList(list)
	v.pins = list.appendPins(v.pins[:0], false)
	for _, pin := range v.pins {
		if err := v.validatePin(ctx, pin); err != nil {
			return err
		}
	}
	return nil
}

// pinValidation is the state of one ValidatePins call; one method per check. list is the pin
// list being checked, pins its entries, oldPins and oldActivePins its entries in the old Shoot
// (nil on create); the three slices are reused from list to list.
type pinValidation struct {
	req                          AdmissionRequest
	list                         *pinList
	pins, oldPins, oldActivePins []v1beta1helper.ComponentPin
	profiles                     map[string]*gardencorev1beta1.ExtensionProfile
	compatibility                *compatibilityCheck

	allErrs  field.ErrorList
	warnings []string
	// disabledReported are the extension indices already reported as disabled.
	disabledReported []int
}

// startList makes list the one checked next.
func (v *pinValidation) startList(list *pinList) {
	v.list, v.disabledReported = list, nil
	if !v.req.Update {
		return
	}
	v.oldPins = list.appendPins(v.oldPins[:0], true)
	v.oldActivePins = v.oldActivePins[:0]
	for _, pin := range v.oldPins {
		if pin.Active() {
			v.oldActivePins = append(v.oldActivePins, pin)
		}
	}
}

// pinPath builds the field paths of one component entry, only when an error needs them.
type pinPath struct {
	list                 *pinList
	extension, component int
}

func (p pinPath) extensionPath() *field.Path {
	return p.list.entryPath(p.extension)
}

func (p pinPath) componentPath() *field.Path {
	return p.extensionPath().Child("components").Index(p.component)
}

func (p pinPath) versionPath() *field.Path { return p.componentPath().Child("version") }

// validatePin runs the checks of one component entry; a failing check ends those depending on it.
func (v *pinValidation) validatePin(ctx context.Context, pin v1beta1helper.ComponentPin) error {
	path := pinPath{list: v.list, extension: pin.ExtensionIndex, component: pin.ComponentIndex}
	changed := pinChanged(v.oldPins, pin)
	if !v.validateEnabled(path, pin, changed) {
		return nil
	}
	profile, err := v.profileOf(ctx, pin.ExtensionType)
	if err != nil {
		return err
	}
	if !v.validateProfile(path, pin, profile, changed) {
		return nil
	}
	profileComponent := v.validateComponent(path, pin, profile, changed)
	if profileComponent == nil || !v.validatePerWorkerPool(path, pin, profile, *profileComponent, changed) || !pin.Pinned() {
		return nil
	}
	versionValid := !changed || v.validateVersion(path, pin, *profileComponent)
	v.validateUpdateStrategy(path, pin, profile)
	if versionValid {
		v.validateCompatibility(ctx, path, pin, profile)
	}
	return nil
}

// profileOf returns req.Profile's answer, once per extension type.
func (v *pinValidation) profileOf(ctx context.Context, extensionType string) (*gardencorev1beta1.ExtensionProfile, error) {
	if profile, ok := v.profiles[extensionType]; ok {
		return profile, nil
	}
	profile, err := v.req.Profile(ctx, extensionType)
	if err == nil {
		v.profiles[extensionType] = profile
	}
	return profile, err
}

// validateEnabled rejects changed pins of a disabled extension once; false for any of its pins.
func (v *pinValidation) validateEnabled(path pinPath, pin v1beta1helper.ComponentPin, changed bool) bool {
	if !pin.Disabled {
		return true
	}
	if changed && !slices.Contains(v.disabledReported, pin.ExtensionIndex) {
		v.disabledReported = append(v.disabledReported, pin.ExtensionIndex)
		v.allErrs = append(v.allErrs, field.Forbidden(path.extensionPath().Child("components"), "component versions cannot be pinned for a disabled extension"))
	}
	return false
}

// validateProfile rejects a changed pin without ExtensionProfile or of one being deleted; false
// when there is no profile to check against.
func (v *pinValidation) validateProfile(path pinPath, pin v1beta1helper.ComponentPin, profile *gardencorev1beta1.ExtensionProfile, changed bool) bool {
	if profile == nil {
		if changed {
			v.allErrs = append(v.allErrs, field.Invalid(path.componentPath(), pin.Component, fmt.Sprintf(
				"no ExtensionProfile %q exists; component versions can only be pinned for extension types with a profile", pin.ExtensionType)))
		}
		return false
	}
	if changed && pin.Pinned() && profile.DeletionTimestamp != nil {
		v.allErrs = append(v.allErrs, field.Forbidden(path.componentPath(), fmt.Sprintf(
			"ExtensionProfile %q is being deleted; new component versions cannot be pinned", profile.Name)))
		return false
	}
	return true
}

// validateComponent returns the profile's entry of the component, nil (NotSupported when changed)
// for none.
func (v *pinValidation) validateComponent(path pinPath, pin v1beta1helper.ComponentPin, profile *gardencorev1beta1.ExtensionProfile, changed bool) *gardencorev1beta1.ExtensionProfileComponent {
	profileComponent := v1beta1helper.FindExtensionComponent(profile.Spec, pin.Component)
	if profileComponent == nil && changed {
		v.allErrs = append(v.allErrs, field.NotSupported(path.componentPath().Child("name"), pin.Component, componentNames(profile)))
	}
	return profileComponent
}

// validatePerWorkerPool rejects a changed override of a component its profile does not mark
// perWorkerPool; false for any override of such a component.
func (v *pinValidation) validatePerWorkerPool(path pinPath, pin v1beta1helper.ComponentPin, profile *gardencorev1beta1.ExtensionProfile, profileComponent gardencorev1beta1.ExtensionProfileComponent, changed bool) bool {
	if v.list.worker < 0 || v.list.runtime || profileComponent.PerWorkerPool {
		return true
	}
	if changed {
		v.allErrs = append(v.allErrs, field.Forbidden(path.componentPath().Child("name"), fmt.Sprintf(
			"component %s of ExtensionProfile %q is not marked perWorkerPool: its version is the Shoot's for every pool", pin.Component, profile.Name)))
	}
	return false
}

// validateVersion checks a changed version and warns about preview, deprecated and downgraded
// ones; false when the version is rejected.
func (v *pinValidation) validateVersion(path pinPath, pin v1beta1helper.ComponentPin, profileComponent gardencorev1beta1.ExtensionProfileComponent) bool {
	pinErrs := checkVersionPin(path.versionPath(), profileComponent, pin.Version, v.req.Now)
	if len(pinErrs) > 0 {
		v.allErrs = append(v.allErrs, pinErrs...)
		return false
	}
	extension := v.list.entries[pin.ExtensionIndex]
	channel, _ := EffectiveChannel(extension, extension.Components[pin.ComponentIndex])
	if msg := pinWarning(pin.ExtensionType, profileComponent, pin.Version, channel, v.req.Now); msg != "" {
		v.warnings = append(v.warnings, v.list.message(msg))
	}
	if msg := downgradeWarning(v.oldPins, pin); msg != "" {
		v.warnings = append(v.warnings, v.list.message(msg))
	}
	return true
}

// validateUpdateStrategy checks the effective update strategy of a new pin or a changed
// autoUpdate, not of a version maintenance changed.
func (v *pinValidation) validateUpdateStrategy(path pinPath, pin v1beta1helper.ComponentPin, profile *gardencorev1beta1.ExtensionProfile) {
	extension := &v.list.entries[pin.ExtensionIndex]
	if !newlyPinned(v.oldPins, pin) && !autoUpdateChanged(v.list.old, v.req.Update, extension, pin) {
		return
	}
	for _, strategyErr := range checkUpdateStrategy(path.extensionPath(), path.componentPath(), profile, pin.Component,
		extension.AutoUpdate, extension.Components[pin.ComponentIndex].AutoUpdate) {
		v.allErrs = appendUnique(v.allErrs, strategyErr)
	}
}

// validateCompatibility evaluates the pinned version's rules, old-vs-new when the old Shoot ran it.
func (v *pinValidation) validateCompatibility(ctx context.Context, path pinPath, pin v1beta1helper.ComponentPin, profile *gardencorev1beta1.ExtensionProfile) {
	oldPin, ran := v1beta1helper.FindComponentPin(v.oldActivePins, pin.ExtensionType, pin.Component)
	baseline := ran && oldPin.Version == pin.Version
	var (
		errs     field.ErrorList
		warnings []string
	)
	if v.list.worker < 0 {
		errs, warnings = v.compatibility.check(ctx, path.versionPath, profile, pin.ExtensionType, pin.Component, pin.Version, baseline)
	} else {
		errs, warnings = v.compatibility.checkPool(ctx, path.versionPath, profile, pin.ExtensionType, pin.Component, pin.Version, v.list.pool, baseline)
	}
	v.allErrs = append(v.allErrs, errs...)
	for _, msg := range warnings {
		v.warnings = append(v.warnings, v.list.message(msg))
	}
}

// downgradeWarning returns the warning for a changed pin whose version is lower than the one the
// old Shoot pins, "" otherwise.
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

// appendUnique appends err unless an identical one is listed (an extension's strategy is found per
// component).
func appendUnique(list field.ErrorList, err *field.Error) field.ErrorList {
	for _, e := range list {
		if e.Error() == err.Error() {
			return list
		}
	}
	return append(list, err)
}

// pinChanged reports whether a component entry is new or sets a version that differs from the old
// entry's; removing a version is no change.
func pinChanged(oldPins []v1beta1helper.ComponentPin, pin v1beta1helper.ComponentPin) bool {
	old, found := v1beta1helper.FindComponentPin(oldPins, pin.ExtensionType, pin.Component)
	return !found || (pin.Pinned() && old.Version != pin.Version)
}

// newlyPinned reports whether a component entry is new or sets a version where the old one had
// none; another version (what maintenance writes) is no new pin.
func newlyPinned(oldPins []v1beta1helper.ComponentPin, pin v1beta1helper.ComponentPin) bool {
	old, found := v1beta1helper.FindComponentPin(oldPins, pin.ExtensionType, pin.Component)
	return !found || !old.Pinned()
}

// autoUpdateChanged reports whether the extension's or the component's autoUpdate differs from
// the old Shoot's; everything changed on create.
func autoUpdateChanged(oldExtensions []gardencorev1beta1.Extension, update bool, extension *gardencorev1beta1.Extension, pin v1beta1helper.ComponentPin) bool {
	if !update {
		return true
	}
	component := &extension.Components[pin.ComponentIndex]
	for i := range oldExtensions {
		oldExtension := &oldExtensions[i]
		if oldExtension.Type != extension.Type {
			continue
		}
		if !autoUpdateEqual(oldExtension.AutoUpdate, extension.AutoUpdate) {
			return true
		}
		for j := range oldExtension.Components {
			if oldComponent := &oldExtension.Components[j]; oldComponent.Name == component.Name {
				return !autoUpdateEqual(oldComponent.AutoUpdate, component.AutoUpdate)
			}
		}
		return true
	}
	return true
}

// autoUpdateEqual is apiequality.Semantic.DeepEqual of two autoUpdate policies without reflection.
func autoUpdateEqual(a, b *gardencorev1beta1.ExtensionAutoUpdate) bool {
	if a == nil || b == nil {
		return a == b
	}
	return ptr.Equal(a.Enabled, b.Enabled) && ptr.Equal(a.UpdateStrategy, b.UpdateStrategy) && slices.Equal(a.Classifications, b.Classifications)
}
