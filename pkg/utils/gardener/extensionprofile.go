// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Package gardener holds pure decision logic over Gardener objects that more than one component
// needs. The GEP-78 ExtensionProfile decisions live in extensionprofile.go: the classification of
// component versions at a given time, partial-version resolution, the checks of an explicit pin
// and the effective auto-update policy. They take values (v1beta1 profiles and Shoot fields) and
// a time, and return values or field errors; they read no clock and call no client. The
// ShootExtensionProfile admission plugin and shoot maintenance both use them.
package gardener

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/Masterminds/semver/v3"
	"k8s.io/apimachinery/pkg/util/validation/field"

	v1beta1helper "github.com/gep-78/gardener/pkg/api/core/v1beta1/helper"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	versionutils "github.com/gep-78/gardener/pkg/utils/version"
)

// PinnableVersions returns the versions of a component that a Shoot may pin explicitly at now:
// the active ones (preview, supported, deprecated), in profile order (GEP-78 "Admission").
func PinnableVersions(component gardencorev1beta1.ExtensionProfileComponent, now time.Time) []v1beta1helper.ClassifiedVersion {
	var out []v1beta1helper.ClassifiedVersion
	for _, v := range v1beta1helper.ClassifyComponentVersions(component, now) {
		if v1beta1helper.IsActive(v.Classification) {
			out = append(out, v)
		}
	}
	return out
}

// ResolvePartialComponentVersion resolves a partial pin ("3", "3.6", with an optional leading
// "v") that a Shoot sets or changes (GEP-78 "Partial versions"), as Gardener's ShootMutator
// resolves a changed machine-image version prefix: to the highest qualifying version of the
// component that matches the prefix. A version qualifies when it is among
// v1beta1helper.ComponentVersionCandidates without a current version (so never a pre-release), is
// classified exactly supported at now (never preview, deprecated, expired or unavailable: those
// are pinned by their full string), and passes compatible (its compatibility rules hold on the
// Shoot; nil accepts every version).
//
// current is the version the old Shoot pins for the component ("" on create or for a new pin).
// When the prefix matches current, the result is never lower than current: a higher qualifying
// version replaces it, otherwise current is kept, even when it is deprecated or nothing else
// qualifies, so changing "3.6.12" to "3.6" never downgrades.
//
// Errors are reported on fldPath (the pin's spec.extensions[i].components[j].version):
//   - a malformed prefix: Invalid, "must be a semantic version";
//   - no qualifying version (and no matching current): Invalid, `couldn't find a suitable
//     version for "<pin>": ...`, naming the supported matches the Shoot's compatibility rules
//     reject and the versions that can be pinned, each with its classification;
//   - an error of compatible: InternalError.
func ResolvePartialComponentVersion(fldPath *field.Path, component gardencorev1beta1.ExtensionProfileComponent, pinned, current string, now time.Time, compatible CompatibilityFunc) (string, *field.Error) {
	prefix, err := versionutils.ParsePartialVersion(pinned)
	if err != nil {
		return "", field.Invalid(fldPath, pinned, err.Error())
	}
	var floor *semver.Version
	if current != "" {
		if v, err := parseComponentVersion(current); err == nil && prefix.Matches(v) {
			floor = v
		}
	}

	var rejected []RejectedVersion
	for _, c := range v1beta1helper.ComponentVersionCandidates(component, nil, now) {
		if c.Classification != gardencorev1beta1.ClassificationSupported || !prefix.Matches(c.Parsed) {
			continue
		}
		if floor != nil && !c.Parsed.GreaterThan(floor) {
			break
		}
		if compatible != nil {
			failures, err := compatible(c.Version)
			if err != nil {
				return "", field.InternalError(fldPath, err)
			}
			if len(failures) > 0 {
				rejected = append(rejected, RejectedVersion{Version: c.Version, Failures: failures})
				continue
			}
		}
		return c.Version, nil
	}
	if floor != nil {
		return current, nil
	}

	detail := fmt.Sprintf("suitable versions are classified supported and match %q (preview and deprecated versions have to be pinned explicitly)", prefix.String())
	if len(rejected) > 0 {
		detail += "; the compatibility rules of the Shoot reject " + DescribeRejectedVersions(rejected)
	}
	return "", field.Invalid(fldPath, pinned, fmt.Sprintf("couldn't find a suitable version for %q: %s; %s", pinned, detail, describePinnable(component, now)))
}

// ValidateComponentVersionPin checks an explicit, full pin against a component (GEP-78
// "Admission"; GEP-32 classifications):
//   - a version the component does not list: NotSupported on fldPath with the versions that can
//     be pinned, each tagged as TaggedVersion does (Gardener's ShootValidator tags preview only);
//   - a listed version that is unavailable or expired at now: Invalid on fldPath, naming the
//     classification, when it began or begins, and the versions that can be pinned.
//
// Preview and deprecated versions are accepted (see ComponentVersionPinWarning). fldPath is the
// pin's spec.extensions[i].components[j].version.
func ValidateComponentVersionPin(fldPath *field.Path, component gardencorev1beta1.ExtensionProfileComponent, pinned string, now time.Time) field.ErrorList {
	entry := v1beta1helper.FindComponentVersion(&component, pinned)
	if entry == nil {
		var valid []string
		for _, v := range PinnableVersions(component, now) {
			valid = append(valid, TaggedVersion(v))
		}
		return field.ErrorList{field.NotSupported(fldPath, pinned, valid)}
	}

	switch classification := v1beta1helper.CurrentClassification(entry.Lifecycle, now); classification {
	case gardencorev1beta1.ClassificationUnavailable:
		reason := "its lifecycle has not started"
		if stage, ok := v1beta1helper.NextStage(entry.Lifecycle, now); ok {
			reason += fmt.Sprintf("; it becomes %s at %s", stage.Classification, stage.StartTime.UTC().Format(time.RFC3339))
		}
		return field.ErrorList{field.Invalid(fldPath, pinned, fmt.Sprintf("version %s of component %s is unavailable (%s); %s",
			pinned, component.Name, reason, describePinnable(component, now)))}
	case gardencorev1beta1.ClassificationExpired:
		since := ""
		if stage, ok := v1beta1helper.CurrentStage(entry.Lifecycle, now); ok && stage.StartTime != nil {
			since = fmt.Sprintf(" (since %s)", stage.StartTime.UTC().Format(time.RFC3339))
		}
		return field.ErrorList{field.Invalid(fldPath, pinned, fmt.Sprintf("version %s of component %s is expired%s; %s",
			pinned, component.Name, since, describePinnable(component, now)))}
	}
	return nil
}

// ComponentVersionPinWarning returns the warning for an explicit pin of a preview or deprecated
// version at now, and "" for any other pin (GEP-78 "Admission": preview may be pinned
// explicitly; deprecated still works but is going away). When a later expired stage is
// scheduled, the warning names its start, after which maintenance force-upgrades the component
// (GEP-5).
func ComponentVersionPinWarning(extensionType string, component gardencorev1beta1.ExtensionProfileComponent, pinned string, now time.Time) string {
	entry := v1beta1helper.FindComponentVersion(&component, pinned)
	if entry == nil {
		return ""
	}
	classification := v1beta1helper.CurrentClassification(entry.Lifecycle, now)
	var msg string
	switch classification {
	case gardencorev1beta1.ClassificationPreview:
		msg = fmt.Sprintf("component %s of extension %s is pinned to preview version %s, which is excluded from defaulting and auto-updates", component.Name, extensionType, pinned)
	case gardencorev1beta1.ClassificationDeprecated:
		msg = fmt.Sprintf("component %s of extension %s is pinned to deprecated version %s", component.Name, extensionType, pinned)
	default:
		return ""
	}
	for _, stage := range entry.Lifecycle {
		if stage.Classification == gardencorev1beta1.ClassificationExpired && stage.StartTime != nil && stage.StartTime.After(now) {
			msg += fmt.Sprintf("; it expires at %s and is then force-upgraded in the next maintenance window", stage.StartTime.UTC().Format(time.RFC3339))
			if target := forceUpgradeTarget(component, pinned, stage.StartTime.Time); target != "" {
				msg += fmt.Sprintf(" (to %s as the profile stands)", target)
			}
			break
		}
	}
	return msg
}

// forceUpgradeTarget returns the version the force-upgrade path (GEP-78 "Force-upgrade path")
// would choose for pinned at the time it expires, ignoring compatibility rules, or "" when there is
// none.
func forceUpgradeTarget(component gardencorev1beta1.ExtensionProfileComponent, pinned string, expiry time.Time) string {
	anyVersion := func(string) ([]string, error) { return nil, nil }
	update, err := ComponentVersionUpdateFor(component, pinned, EffectiveAutoUpdate{}, expiry, anyVersion)
	if err != nil {
		return ""
	}
	return update.Target
}

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

// TaggedVersion renders a version for a list in an error or warning: preview and deprecated
// versions carry their classification ("3.6.12 (deprecated)", "3.7.0 (preview)"), supported ones
// stand alone, like Gardener's ShootValidator tags preview versions. Every list of component
// versions in an admission error uses it.
func TaggedVersion(v v1beta1helper.ClassifiedVersion) string {
	switch v.Classification {
	case gardencorev1beta1.ClassificationPreview, gardencorev1beta1.ClassificationDeprecated:
		return fmt.Sprintf("%s (%s)", v.Version, v.Classification)
	}
	return v.Version
}

// describePinnable lists the versions that can be pinned at now, tagged (TaggedVersion), for
// error details.
func describePinnable(component gardencorev1beta1.ExtensionProfileComponent, now time.Time) string {
	var names []string
	for _, v := range PinnableVersions(component, now) {
		names = append(names, TaggedVersion(v))
	}
	if len(names) == 0 {
		return "no version of component " + component.Name + " can be pinned at the moment"
	}
	return "versions that can be pinned: " + strings.Join(names, ", ")
}
