// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package componentversion

import (
	"fmt"
	"slices"
	"strings"

	"k8s.io/apimachinery/pkg/util/validation/field"

	v1beta1helper "github.com/gep-78/gardener/pkg/api/core/v1beta1/helper"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
)

// UpdateStrategySource names where an effective update strategy came from.
type UpdateStrategySource string

const (
	// UpdateStrategyFromComponent is the Shoot's spec.extensions[i].components[j].autoUpdate.updateStrategy.
	UpdateStrategyFromComponent UpdateStrategySource = "component"
	// UpdateStrategyFromExtension is the Shoot's spec.extensions[i].autoUpdate.updateStrategy.
	UpdateStrategyFromExtension UpdateStrategySource = "extension"
	// UpdateStrategyFromProfileComponent is the profile's spec.components[k].updateStrategy.default.
	UpdateStrategyFromProfileComponent UpdateStrategySource = "profileComponent"
	// UpdateStrategyFromProfile is the profile's spec.updateStrategy.default.
	UpdateStrategyFromProfile UpdateStrategySource = "profile"
	// UpdateStrategyFromFallback is the built-in fallback, patch.
	UpdateStrategyFromFallback UpdateStrategySource = "fallback"
	// UpdateStrategyFromSupported is the most conservative strategy of the component's supported
	// list (the fallback when neither default nor patch is supported).
	UpdateStrategyFromSupported UpdateStrategySource = "supported"
)

// EffectiveAutoUpdate is the auto-update policy that applies to one pinned component.
type EffectiveAutoUpdate struct {
	// Enabled turns automatic upgrades on. Expired versions are force-upgraded regardless (GEP-5).
	Enabled bool
	// UpdateStrategy is the boundary of automatic upgrades.
	UpdateStrategy gardencorev1beta1.MachineImageUpdateStrategy
	// Source says where UpdateStrategy came from.
	Source UpdateStrategySource
	// Unsupported is the requested strategy when the component does not support it and
	// UpdateStrategy is the fallback; "" otherwise.
	Unsupported gardencorev1beta1.MachineImageUpdateStrategy
	// RequestedSource says where the requested strategy came from (== Source unless Unsupported is set).
	RequestedSource UpdateStrategySource
	// Classifications are the classifications an auto-update target may have (the Shoot's
	// autoUpdate.classifications, GEP-78 "Future Enhancements"); empty means
	// DefaultAutoUpdateClassifications.
	Classifications []gardencorev1beta1.VersionClassification
}

// DefaultAutoUpdateClassifications are the classifications of auto-update targets of a Shoot that
// sets no autoUpdate.classifications: [supported].
var DefaultAutoUpdateClassifications = []gardencorev1beta1.VersionClassification{gardencorev1beta1.ClassificationSupported}

// TargetClassifications returns a copy of p.Classifications, or of
// DefaultAutoUpdateClassifications when empty.
func (p EffectiveAutoUpdate) TargetClassifications() []gardencorev1beta1.VersionClassification {
	if len(p.Classifications) == 0 {
		return slices.Clone(DefaultAutoUpdateClassifications)
	}
	return slices.Clone(p.Classifications)
}

// AllowsPreview reports whether the policy opted auto-update into preview versions.
func (p EffectiveAutoUpdate) AllowsPreview() bool {
	return slices.Contains(p.Classifications, gardencorev1beta1.ClassificationPreview)
}

// AllUpdateStrategies are the strategies an extension supports when its profile lists none.
var AllUpdateStrategies = []gardencorev1beta1.MachineImageUpdateStrategy{
	gardencorev1beta1.UpdateStrategyPatch, gardencorev1beta1.UpdateStrategyMinor, gardencorev1beta1.UpdateStrategyMajor,
}

// ResolveEffectiveAutoUpdate resolves the auto-update policy of a pinned component (GEP-78 "How a
// cluster owner pins a version", "Default policy" and "Admission"); admission, shoot maintenance
// and the admission warnings all use it:
//   - Enabled: the Shoot's component autoUpdate, the Shoot's extension autoUpdate, else true (the
//     default is not frozen);
//   - the requested strategy (RequestedSource): the Shoot's component autoUpdate, the Shoot's
//     extension autoUpdate, the profile component's updateStrategy.default, the profile's
//     updateStrategy.default, else patch;
//   - Classifications: the Shoot's component autoUpdate.classifications, the Shoot's extension
//     autoUpdate.classifications (each only if non-empty), else empty, which means
//     DefaultAutoUpdateClassifications (EffectiveAutoUpdate.TargetClassifications);
//   - UpdateStrategy and Source: the requested strategy if it is in SupportedUpdateStrategies.
//     Otherwise (Unsupported is then the requested strategy) the first supported of: the profile
//     component's updateStrategy.default, the profile's updateStrategy.default, patch; if none of
//     them is supported, the most conservative supported strategy (patch, minor, major).
//
// Admission rejects an Unsupported strategy when the owner chooses it
// (ValidateComponentUpdateStrategy). A stored Shoot can still carry one, because an operator may
// narrow updateStrategy.supported after the owner chose; maintenance then applies the fallback and
// neither fails nor upgrades further than the profile now allows. componentName selects the
// profile component; an unknown name skips that level.
func ResolveEffectiveAutoUpdate(profile gardencorev1beta1.ExtensionProfileSpec, componentName string, extensionAutoUpdate, componentAutoUpdate *gardencorev1beta1.ExtensionAutoUpdate) EffectiveAutoUpdate {
	result := EffectiveAutoUpdate{Enabled: true}
	switch {
	case componentAutoUpdate != nil && componentAutoUpdate.Enabled != nil:
		result.Enabled = *componentAutoUpdate.Enabled
	case extensionAutoUpdate != nil && extensionAutoUpdate.Enabled != nil:
		result.Enabled = *extensionAutoUpdate.Enabled
	}
	switch {
	case componentAutoUpdate != nil && len(componentAutoUpdate.Classifications) > 0:
		result.Classifications = componentAutoUpdate.Classifications
	case extensionAutoUpdate != nil && len(extensionAutoUpdate.Classifications) > 0:
		result.Classifications = extensionAutoUpdate.Classifications
	}

	type level struct {
		strategy *gardencorev1beta1.MachineImageUpdateStrategy
		source   UpdateStrategySource
	}
	var profileComponentDefault, profileDefault *gardencorev1beta1.MachineImageUpdateStrategy
	if c := v1beta1helper.FindExtensionComponent(profile, componentName); c != nil && c.UpdateStrategy != nil {
		profileComponentDefault = c.UpdateStrategy.Default
	}
	if profile.UpdateStrategy != nil {
		profileDefault = profile.UpdateStrategy.Default
	}
	patch := gardencorev1beta1.UpdateStrategyPatch
	levels := []level{{nil, UpdateStrategyFromComponent}, {nil, UpdateStrategyFromExtension},
		{profileComponentDefault, UpdateStrategyFromProfileComponent}, {profileDefault, UpdateStrategyFromProfile}, {&patch, UpdateStrategyFromFallback}}
	if componentAutoUpdate != nil {
		levels[0].strategy = componentAutoUpdate.UpdateStrategy
	}
	if extensionAutoUpdate != nil {
		levels[1].strategy = extensionAutoUpdate.UpdateStrategy
	}
	for _, l := range levels {
		if l.strategy != nil {
			result.UpdateStrategy, result.Source, result.RequestedSource = *l.strategy, l.source, l.source
			break
		}
	}

	supported := SupportedUpdateStrategies(profile, componentName)
	if slices.Contains(supported, result.UpdateStrategy) {
		return result
	}
	result.Unsupported = result.UpdateStrategy
	fallbacks := levels[2:]
	for _, strategy := range AllUpdateStrategies {
		fallbacks = append(fallbacks, level{&strategy, UpdateStrategyFromSupported})
	}
	for _, l := range fallbacks {
		if l.strategy != nil && slices.Contains(supported, *l.strategy) {
			result.UpdateStrategy, result.Source = *l.strategy, l.source
			break
		}
	}
	return result
}

// SupportedUpdateStrategies returns the strategies a component supports (GEP-78 "Admission"):
// the profile component's updateStrategy.supported if non-empty, else the profile's
// updateStrategy.supported if non-empty, else AllUpdateStrategies.
func SupportedUpdateStrategies(profile gardencorev1beta1.ExtensionProfileSpec, componentName string) []gardencorev1beta1.MachineImageUpdateStrategy {
	if c := v1beta1helper.FindExtensionComponent(profile, componentName); c != nil && c.UpdateStrategy != nil && len(c.UpdateStrategy.Supported) > 0 {
		return c.UpdateStrategy.Supported
	}
	if profile.UpdateStrategy != nil && len(profile.UpdateStrategy.Supported) > 0 {
		return profile.UpdateStrategy.Supported
	}
	return AllUpdateStrategies
}

// ValidateComponentUpdateStrategy checks that the effective update strategy of a pinned component
// is one the component supports (GEP-78 "Admission": "A strategy not listed in the applicable
// updateStrategy.supported is rejected — including as the resolved default"):
//   - a strategy requested on the Shoot and not supported: NotSupported on the path where it was
//     requested (componentPath or extensionPath, + autoUpdate.updateStrategy) with the supported
//     strategies;
//   - a default resolved from the profile (or the patch fallback) that is not supported: Invalid
//     on componentPath, naming the profile, because the operator's profile is inconsistent and
//     the Shoot owner can only work around it by requesting a strategy.
//
// extensionPath is spec.extensions[i], componentPath spec.extensions[i].components[j].
func ValidateComponentUpdateStrategy(extensionPath, componentPath *field.Path, profile *gardencorev1beta1.ExtensionProfile, componentName string, extensionAutoUpdate, componentAutoUpdate *gardencorev1beta1.ExtensionAutoUpdate) field.ErrorList {
	effective := ResolveEffectiveAutoUpdate(profile.Spec, componentName, extensionAutoUpdate, componentAutoUpdate)
	if effective.Unsupported == "" {
		return nil
	}
	supported := SupportedUpdateStrategies(profile.Spec, componentName)
	switch effective.RequestedSource {
	case UpdateStrategyFromComponent:
		return field.ErrorList{field.NotSupported(componentPath.Child("autoUpdate", "updateStrategy"), string(effective.Unsupported), supported)}
	case UpdateStrategyFromExtension:
		return field.ErrorList{field.NotSupported(extensionPath.Child("autoUpdate", "updateStrategy"), string(effective.Unsupported), supported)}
	}

	var origin string
	switch effective.RequestedSource {
	case UpdateStrategyFromProfileComponent:
		origin = fmt.Sprintf("the default update strategy %q of component %s in ExtensionProfile %q", effective.Unsupported, componentName, profile.Name)
	case UpdateStrategyFromProfile:
		origin = fmt.Sprintf("the default update strategy %q of ExtensionProfile %q", effective.Unsupported, profile.Name)
	default:
		origin = fmt.Sprintf("the fallback update strategy %q (ExtensionProfile %q sets no default)", effective.Unsupported, profile.Name)
	}
	quoted := make([]string, len(supported))
	for i, s := range supported {
		quoted[i] = fmt.Sprintf("%q", s)
	}
	return field.ErrorList{field.Invalid(componentPath, componentName, fmt.Sprintf(
		"%s is not supported for component %s (supported: %s); set autoUpdate.updateStrategy to a supported strategy",
		origin, componentName, strings.Join(quoted, ", ")))}
}
