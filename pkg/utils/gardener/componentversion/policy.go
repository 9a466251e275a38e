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

// strategySource names where an update strategy came from.
type strategySource string

const (
	fromComponent        strategySource = "component"
	fromExtension        strategySource = "extension"
	fromProfileComponent strategySource = "profileComponent"
	fromProfile          strategySource = "profile"
	fromFallback         strategySource = "fallback"
	// fromSupported is the most conservative supported strategy, when neither default nor patch is.
	fromSupported strategySource = "supported"
)

// allUpdateStrategies are the strategies a component supports when its profile lists none.
var allUpdateStrategies = []gardencorev1beta1.MachineImageUpdateStrategy{
	gardencorev1beta1.UpdateStrategyPatch, gardencorev1beta1.UpdateStrategyMinor, gardencorev1beta1.UpdateStrategyMajor,
}

// autoUpdatePolicy is the auto-update policy that applies to one pinned component.
type autoUpdatePolicy struct {
	enabled        bool
	updateStrategy gardencorev1beta1.MachineImageUpdateStrategy
	source         strategySource
	// unsupported is the requested strategy when the component does not support it and
	// updateStrategy is the fallback; requestedSource is where it was requested.
	unsupported     gardencorev1beta1.MachineImageUpdateStrategy
	requestedSource strategySource
	// classifications an auto-update target may have; empty means supported only.
	classifications []gardencorev1beta1.VersionClassification
}

func (p autoUpdatePolicy) targetClassifications() []gardencorev1beta1.VersionClassification {
	if len(p.classifications) == 0 {
		return []gardencorev1beta1.VersionClassification{gardencorev1beta1.ClassificationSupported}
	}
	return slices.Clone(p.classifications)
}

func (p autoUpdatePolicy) allowsPreview() bool {
	return slices.Contains(p.classifications, gardencorev1beta1.ClassificationPreview)
}

// String renders the policy as "on, patch (component)", with "X unsupported, " before a fallback
// strategy that replaces the requested X and ", into preview" when it takes preview versions.
func (p autoUpdatePolicy) String() string {
	state := "off"
	if p.enabled {
		state = "on"
	}
	strategy := string(p.updateStrategy)
	if p.unsupported != "" {
		strategy = string(p.unsupported) + " unsupported, " + strategy
	}
	out := fmt.Sprintf("%s, %s (%s)", state, strategy, p.source)
	if p.allowsPreview() {
		out += ", into preview"
	}
	return out
}

// AutoUpdatePolicy renders the auto-update policy maintenance applies to the pinned componentName.
func AutoUpdatePolicy(profile gardencorev1beta1.ExtensionProfileSpec, componentName string, extensionAutoUpdate, componentAutoUpdate *gardencorev1beta1.ExtensionAutoUpdate) string {
	return resolveAutoUpdate(profile, componentName, extensionAutoUpdate, componentAutoUpdate).String()
}

// resolveAutoUpdate resolves the auto-update policy of a pinned component, each setting from the
// first level that sets it: the Shoot's component, the extension's autoUpdate, then (strategy
// only) the profile component's and the profile's default, else enabled, patch and supported only.
// An unsupported requested strategy is replaced by the first supported of the profile component's
// and the profile's default and patch, else by the most conservative supported one.
func resolveAutoUpdate(profile gardencorev1beta1.ExtensionProfileSpec, componentName string, extensionAutoUpdate, componentAutoUpdate *gardencorev1beta1.ExtensionAutoUpdate) autoUpdatePolicy {
	result := autoUpdatePolicy{enabled: true}
	switch {
	case componentAutoUpdate != nil && componentAutoUpdate.Enabled != nil:
		result.enabled = *componentAutoUpdate.Enabled
	case extensionAutoUpdate != nil && extensionAutoUpdate.Enabled != nil:
		result.enabled = *extensionAutoUpdate.Enabled
	}
	switch {
	case componentAutoUpdate != nil && len(componentAutoUpdate.Classifications) > 0:
		result.classifications = componentAutoUpdate.Classifications
	case extensionAutoUpdate != nil && len(extensionAutoUpdate.Classifications) > 0:
		result.classifications = extensionAutoUpdate.Classifications
	}

	type level struct {
		strategy *gardencorev1beta1.MachineImageUpdateStrategy
		source   strategySource
	}
	var profileComponentDefault, profileDefault *gardencorev1beta1.MachineImageUpdateStrategy
	if c := v1beta1helper.FindExtensionComponent(profile, componentName); c != nil && c.UpdateStrategy != nil {
		profileComponentDefault = c.UpdateStrategy.Default
	}
	if profile.UpdateStrategy != nil {
		profileDefault = profile.UpdateStrategy.Default
	}
	patch := gardencorev1beta1.UpdateStrategyPatch
	levels := []level{{nil, fromComponent}, {nil, fromExtension},
		{profileComponentDefault, fromProfileComponent}, {profileDefault, fromProfile}, {&patch, fromFallback}}
	if componentAutoUpdate != nil {
		levels[0].strategy = componentAutoUpdate.UpdateStrategy
	}
	if extensionAutoUpdate != nil {
		levels[1].strategy = extensionAutoUpdate.UpdateStrategy
	}
	for _, l := range levels {
		if l.strategy != nil {
			result.updateStrategy, result.source, result.requestedSource = *l.strategy, l.source, l.source
			break
		}
	}

	supported := supportedStrategies(profile, componentName)
	if slices.Contains(supported, result.updateStrategy) {
		return result
	}
	result.unsupported = result.updateStrategy
	fallbacks := levels[2:]
	for _, strategy := range allUpdateStrategies {
		fallbacks = append(fallbacks, level{&strategy, fromSupported})
	}
	for _, l := range fallbacks {
		if l.strategy != nil && slices.Contains(supported, *l.strategy) {
			result.updateStrategy, result.source = *l.strategy, l.source
			break
		}
	}
	return result
}

// supportedStrategies returns the profile component's updateStrategy.supported, else the
// profile's, else allUpdateStrategies.
func supportedStrategies(profile gardencorev1beta1.ExtensionProfileSpec, componentName string) []gardencorev1beta1.MachineImageUpdateStrategy {
	if c := v1beta1helper.FindExtensionComponent(profile, componentName); c != nil && c.UpdateStrategy != nil && len(c.UpdateStrategy.Supported) > 0 {
		return c.UpdateStrategy.Supported
	}
	if profile.UpdateStrategy != nil && len(profile.UpdateStrategy.Supported) > 0 {
		return profile.UpdateStrategy.Supported
	}
	return allUpdateStrategies
}

// checkUpdateStrategy rejects an unsupported effective update strategy: NotSupported where the
// Shoot requested it, else Invalid on componentPath, naming the profile.
func checkUpdateStrategy(extensionPath, componentPath *field.Path, profile *gardencorev1beta1.ExtensionProfile, componentName string, extensionAutoUpdate, componentAutoUpdate *gardencorev1beta1.ExtensionAutoUpdate) field.ErrorList {
	effective := resolveAutoUpdate(profile.Spec, componentName, extensionAutoUpdate, componentAutoUpdate)
	if effective.unsupported == "" {
		return nil
	}
	supported := supportedStrategies(profile.Spec, componentName)
	switch effective.requestedSource {
	case fromComponent:
		return field.ErrorList{field.NotSupported(componentPath.Child("autoUpdate", "updateStrategy"), string(effective.unsupported), supported)}
	case fromExtension:
		return field.ErrorList{field.NotSupported(extensionPath.Child("autoUpdate", "updateStrategy"), string(effective.unsupported), supported)}
	}

	var origin string
	switch effective.requestedSource {
	case fromProfileComponent:
		origin = fmt.Sprintf("the default update strategy %q of component %s in ExtensionProfile %q", effective.unsupported, componentName, profile.Name)
	case fromProfile:
		origin = fmt.Sprintf("the default update strategy %q of ExtensionProfile %q", effective.unsupported, profile.Name)
	default:
		origin = fmt.Sprintf("the fallback update strategy %q (ExtensionProfile %q sets no default)", effective.unsupported, profile.Name)
	}
	quoted := make([]string, len(supported))
	for i, s := range supported {
		quoted[i] = fmt.Sprintf("%q", s)
	}
	return field.ErrorList{field.Invalid(componentPath, componentName, fmt.Sprintf(
		"%s is not supported for component %s (supported: %s); set autoUpdate.updateStrategy to a supported strategy",
		origin, componentName, strings.Join(quoted, ", ")))}
}
