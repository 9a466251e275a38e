// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package validation

import (
	"bytes"
	"fmt"
	"strings"
	"time"

	"github.com/Masterminds/semver/v3"
	apivalidation "k8s.io/apimachinery/pkg/api/validation"
	"k8s.io/apimachinery/pkg/util/sets"
	"k8s.io/apimachinery/pkg/util/validation"
	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/gep-78/gardener/pkg/apis/core"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	celutils "github.com/gep-78/gardener/pkg/utils/cel"
)

// updateStrategies are the values of an auto-update boundary (GEP-78, mirroring the CloudProfile
// machine image updateStrategy).
var updateStrategies = []string{
	string(core.UpdateStrategyPatch),
	string(core.UpdateStrategyMinor),
	string(core.UpdateStrategyMajor),
}

func isUpdateStrategy(s core.MachineImageUpdateStrategy) bool {
	return s == core.UpdateStrategyPatch || s == core.UpdateStrategyMinor || s == core.UpdateStrategyMajor
}

// ValidateExtensionProfile validates an ExtensionProfile (GEP-78 "The ExtensionProfile
// resource"):
//   - metadata.name is a valid extension type, a DNS-1123 label, and fits spec.extensionKind
//     (validateExtensionProfileKind), which is immutable;
//   - spec.components has at least one entry; names are unique DNS-1123 labels;
//   - every component has at least one version; versions are full semantic versions
//     MAJOR.MINOR.PATCH[-pre][+build] without a leading "v", unique within the component;
//   - lifecycles follow GEP-32 as Gardener validates it (see validateLifecycle);
//   - updateStrategy (profile and component) uses patch|minor|major, lists no strategy twice,
//     and its default is one of the applicable supported strategies;
//   - a default is required wherever the effective default would otherwise be the built-in
//     fallback patch although the applicable supported list excludes patch (GEP-78: "an operator
//     cannot default to a strategy the extension does not implement"): on
//     spec.updateStrategy.default when the profile's supported list excludes patch and it sets no
//     default, and on spec.components[i].updateStrategy.default when the component's own
//     supported list excludes patch and neither it nor the profile sets a default (a component
//     without an own supported list inherits the profile's, which the profile-level rule covers);
//   - every compatibility rule is non-empty and compiles in the CEL environment of pkg/utils/cel
//     (typed `shoot` variable, bool output, estimated cost within the per-rule and per-profile
//     limits; rules already stored in the old object are compiled in the stored-expressions
//     environment and not cost-checked again, so existing profiles stay updatable);
//   - a rule's message is at most MaxCompatibilityMessageLength bytes (TooLong on
//     compatibility.validations[k].message): it is echoed in every rejection of a Shoot;
//   - the rollout policies of profile, components and versions pass ValidateRolloutPolicy; a
//     version's haltAcknowledgement names Resume or Withdraw and a time;
//   - providerConfig, when set, is a JSON object (Invalid on versions[j].providerConfig), because
//     gardenlet copies it into the seed Extension's spec.components[].providerConfig, which the
//     Extension CRD requires to be an object; its content is opaque and not checked.
//
// MaxCompatibilityMessageLength bounds a compatibility rule's message, in bytes. The message is
// echoed in every admission rejection and maintenance result for the rule, so it is a short text
// for humans.
const MaxCompatibilityMessageLength = 1024

func ValidateExtensionProfile(profile *core.ExtensionProfile) field.ErrorList {
	return append(validateExtensionProfile(profile, nil), ValidateProviderConfigs(&profile.Spec, nil, field.NewPath("spec"))...)
}

// ValidateExtensionProfileUpdate validates an update of an ExtensionProfile: the object
// metadata update rules, everything ValidateExtensionProfile checks, and that no version that
// exists in both objects is turned unavailable if its old lifecycle no longer classifies it as
// unavailable (Gardener's CloudProfile update rule, GEP-32), evaluated at now.
func ValidateExtensionProfileUpdate(newProfile, oldProfile *core.ExtensionProfile, now time.Time) field.ErrorList {
	allErrs := apivalidation.ValidateObjectMetaUpdate(&newProfile.ObjectMeta, &oldProfile.ObjectMeta, field.NewPath("metadata"))

	allErrs = append(allErrs, validateExtensionProfile(newProfile, oldProfile)...)
	allErrs = append(allErrs, ValidateProviderConfigs(&newProfile.Spec, &oldProfile.Spec, field.NewPath("spec"))...)

	componentsPath := field.NewPath("spec", "components")
	for i, component := range newProfile.Spec.Components {
		oldComponent := findProfileComponent(oldProfile.Spec.Components, component.Name)
		if oldComponent == nil {
			continue
		}
		for j, version := range component.Versions {
			oldVersion := findComponentVersion(oldComponent.Versions, version.Version)
			if oldVersion == nil {
				continue
			}
			allErrs = append(allErrs, validateNotTurnedUnavailable(
				toV1beta1Lifecycle(version.Lifecycle), toV1beta1Lifecycle(oldVersion.Lifecycle), now,
				componentsPath.Index(i).Child("versions").Index(j).Child("lifecycle"))...)
		}
	}
	return allErrs
}

// ValidateExtensionProfileStatusUpdate validates a write to the status subresource: the object
// metadata update rules and that every classification in the status is one of unavailable,
// preview, supported, deprecated or expired, that the rollouts are well-formed
// (validateRolloutStatuses), the default rollout policy valid and the stable channel's soak
// period not negative. The status is computed by gardener-controller-manager; it is not checked
// against the spec.
func ValidateExtensionProfileStatusUpdate(newProfile, oldProfile *core.ExtensionProfile) field.ErrorList {
	allErrs := apivalidation.ValidateObjectMetaUpdate(&newProfile.ObjectMeta, &oldProfile.ObjectMeta, field.NewPath("metadata"))
	componentsPath := field.NewPath("status", "components")
	for i, component := range newProfile.Status.Components {
		allErrs = append(allErrs, validateComponentVersionStatuses(component.Versions, componentsPath.Index(i).Child("versions"))...)
		allErrs = append(allErrs, validateRolloutStatuses(component.Rollouts, componentsPath.Index(i).Child("rollouts"))...)
	}
	if soak := newProfile.Status.StableChannelSoakPeriod; soak != nil && soak.Duration < 0 {
		allErrs = append(allErrs, field.Invalid(field.NewPath("status", "stableChannelSoakPeriod"), soak.Duration.String(), "must not be negative"))
	}
	return append(allErrs, ValidateRolloutPolicy(newProfile.Status.DefaultRolloutPolicy, field.NewPath("status", "defaultRolloutPolicy"))...)
}

func validateExtensionProfile(profile, oldProfile *core.ExtensionProfile) field.ErrorList {
	allErrs := apivalidation.ValidateObjectMeta(&profile.ObjectMeta, false, apivalidation.NameIsDNSLabel, field.NewPath("metadata"))
	allErrs = append(allErrs, validateExtensionProfileKind(profile, oldProfile)...)

	specPath := field.NewPath("spec")
	var profileSupported []core.MachineImageUpdateStrategy
	if s := profile.Spec.UpdateStrategy; s != nil {
		profileSupported = s.Supported
		strategyPath := specPath.Child("updateStrategy")
		allErrs = append(allErrs, validateExtensionUpdateStrategy(s, s.Supported, strategyPath)...)
		if s.Default == nil && excludesFallbackStrategy(s.Supported) {
			allErrs = append(allErrs, field.Required(strategyPath.Child("default"), fmt.Sprintf(
				"must be set because the supported strategies %s do not include patch, and without a default the fallback %q is not supported",
				strategyList(s.Supported), core.UpdateStrategyPatch)))
		}
	}

	componentsPath := specPath.Child("components")
	if len(profile.Spec.Components) == 0 {
		allErrs = append(allErrs, field.Required(componentsPath, "must list at least one component"))
	}
	names := sets.New[string]()
	for i, component := range profile.Spec.Components {
		idxPath := componentsPath.Index(i)
		namePath := idxPath.Child("name")
		switch {
		case component.Name == "":
			allErrs = append(allErrs, field.Required(namePath, "must name the component"))
		case names.Has(component.Name):
			allErrs = append(allErrs, field.Duplicate(namePath, component.Name))
		default:
			for _, msg := range validation.IsDNS1123Label(component.Name) {
				allErrs = append(allErrs, field.Invalid(namePath, component.Name, msg))
			}
		}
		names.Insert(component.Name)

		if s := component.UpdateStrategy; s != nil {
			applicable := s.Supported
			if len(applicable) == 0 {
				applicable = profileSupported
			}
			strategyPath := idxPath.Child("updateStrategy")
			allErrs = append(allErrs, validateExtensionUpdateStrategy(s, applicable, strategyPath)...)
			if s.Default == nil && len(s.Supported) > 0 && profile.Spec.UpdateStrategy != nil && profile.Spec.UpdateStrategy.Default != nil &&
				!containsStrategy(s.Supported, *profile.Spec.UpdateStrategy.Default) {
				allErrs = append(allErrs, field.Required(strategyPath.Child("default"), fmt.Sprintf(
					"must be set because the inherited spec.updateStrategy.default %q is not in this component's supported strategies",
					*profile.Spec.UpdateStrategy.Default)))
			}
			if s.Default == nil && excludesFallbackStrategy(s.Supported) &&
				(profile.Spec.UpdateStrategy == nil || profile.Spec.UpdateStrategy.Default == nil) {
				allErrs = append(allErrs, field.Required(strategyPath.Child("default"), fmt.Sprintf(
					"must be set because this component's supported strategies %s do not include patch, and with no default here or in spec.updateStrategy the fallback %q is not supported",
					strategyList(s.Supported), core.UpdateStrategyPatch)))
			}
		}

		allErrs = append(allErrs, ValidateRolloutPolicy(component.Rollout, idxPath.Child("rollout"))...)
		allErrs = append(allErrs, validateComponentVersions(component.Versions, idxPath.Child("versions"))...)
	}
	allErrs = append(allErrs, ValidateRolloutPolicy(profile.Spec.Rollout, specPath.Child("rollout"))...)

	// The rules are compiled only once every rule is non-empty, so an empty rule is reported once.
	if !hasEmptyRule(profile) {
		allErrs = append(allErrs, validateCompatibilityRules(profile, oldProfile)...)
	}
	return allErrs
}

// validateCompatibilityRules compiles the CEL compatibility rules of profile (GEP-78
// "compatibility.validations") with the engine admission and maintenance evaluate them with.
func validateCompatibilityRules(profile, oldProfile *core.ExtensionProfile) field.ErrorList {
	spec := &gardencorev1beta1.ExtensionProfileSpec{}
	if err := gardencorev1beta1.Convert_core_ExtensionProfileSpec_To_v1beta1_ExtensionProfileSpec(&profile.Spec, spec, nil); err != nil {
		return field.ErrorList{field.InternalError(field.NewPath("spec"), err)}
	}
	var oldSpec *gardencorev1beta1.ExtensionProfileSpec
	if oldProfile != nil {
		oldSpec = &gardencorev1beta1.ExtensionProfileSpec{}
		if err := gardencorev1beta1.Convert_core_ExtensionProfileSpec_To_v1beta1_ExtensionProfileSpec(&oldProfile.Spec, oldSpec, nil); err != nil {
			return field.ErrorList{field.InternalError(field.NewPath("spec"), err)}
		}
	}
	return celutils.ValidateExtensionProfileRules(spec, oldSpec)
}

func hasEmptyRule(profile *core.ExtensionProfile) bool {
	for _, component := range profile.Spec.Components {
		for _, version := range component.Versions {
			if version.Compatibility == nil {
				continue
			}
			for _, v := range version.Compatibility.Validations {
				if strings.TrimSpace(v.Rule) == "" {
					return true
				}
			}
		}
	}
	return false
}

func validateComponentVersions(versions []core.ExtensionComponentVersion, fldPath *field.Path) field.ErrorList {
	allErrs := field.ErrorList{}
	if len(versions) == 0 {
		allErrs = append(allErrs, field.Required(fldPath, "must list at least one version"))
	}
	seen := sets.New[string]()
	parsed := make([]*semver.Version, len(versions))
	for j, version := range versions {
		idxPath := fldPath.Index(j)
		versionPath := idxPath.Child("version")
		if errs := validateComponentVersionString(version.Version, versionPath); len(errs) > 0 {
			allErrs = append(allErrs, errs...)
		} else if seen.Has(version.Version) {
			allErrs = append(allErrs, field.Duplicate(versionPath, version.Version))
		} else {
			parsed[j] = semver.MustParse(version.Version)
			allErrs = append(allErrs, validateTotalOrder(parsed, j, fldPath)...)
		}
		seen.Insert(version.Version)

		allErrs = append(allErrs, validateLifecycle(version.Lifecycle, idxPath.Child("lifecycle"))...)

		if version.Compatibility != nil {
			validationsPath := idxPath.Child("compatibility", "validations")
			for k, v := range version.Compatibility.Validations {
				rulePath := validationsPath.Index(k).Child("rule")
				if strings.TrimSpace(v.Rule) == "" {
					allErrs = append(allErrs, field.Required(rulePath, "must be a CEL expression over `shoot` that evaluates to a bool"))
				}
				if len(v.Message) > MaxCompatibilityMessageLength {
					allErrs = append(allErrs, field.TooLong(validationsPath.Index(k).Child("message"), "", MaxCompatibilityMessageLength))
				}
			}
		}

		allErrs = append(allErrs, validateComponentVersionRollout(version.Rollout, idxPath.Child("rollout"))...)

		if version.ProviderConfig != nil && !isJSONObjectOrNull(version.ProviderConfig.Raw) {
			allErrs = append(allErrs, field.Invalid(idxPath.Child("providerConfig"), string(version.ProviderConfig.Raw),
				"must be a JSON object: gardenlet copies it into the seed Extension's spec.components[].providerConfig, which must be an object"))
		}
	}
	return allErrs
}

// validateTotalOrder refuses version j when SemVer ranks it equal to an earlier one, i.e. they
// differ only in build metadata (GEP-78 "Constraints and caveats": a total order is a hard
// requirement of the auto-upgrade logic). Pre-releases rank below their release and apart.
func validateTotalOrder(parsed []*semver.Version, j int, fldPath *field.Path) field.ErrorList {
	for k, earlier := range parsed[:j] {
		if earlier != nil && earlier.Equal(parsed[j]) {
			return field.ErrorList{field.Invalid(fldPath.Index(j).Child("version"), parsed[j].Original(), fmt.Sprintf(
				"must not rank equal to %s (%q) by semantic versioning, which ignores build metadata: the versions of a component need a total order",
				fldPath.Index(k).Child("version"), earlier.Original()))}
		}
	}
	return nil
}

// isJSONObjectOrNull reports whether raw is a JSON object, or empty or null (no providerConfig).
func isJSONObjectOrNull(raw []byte) bool {
	trimmed := bytes.TrimSpace(raw)
	return len(trimmed) == 0 || bytes.Equal(trimmed, []byte("null")) || trimmed[0] == '{'
}

// validateComponentVersionString requires a full semantic version MAJOR.MINOR.PATCH with
// optional pre-release and build metadata, as parsed by Masterminds semver. A leading "v" and
// partial versions are rejected so that a version has one spelling and ordering is unambiguous.
func validateComponentVersionString(version string, fldPath *field.Path) field.ErrorList {
	const example = "must be a semantic version without a leading 'v', e.g. 3.1.4"
	switch {
	case version == "":
		return field.ErrorList{field.Required(fldPath, example)}
	case strings.HasPrefix(version, "v") || strings.HasPrefix(version, "V"):
		return field.ErrorList{field.Invalid(fldPath, version, example)}
	}
	if _, err := semver.NewVersion(version); err != nil {
		return field.ErrorList{field.Invalid(fldPath, version, fmt.Sprintf("%s: %v", example, err))}
	}
	if _, err := semver.StrictNewVersion(version); err != nil {
		return field.ErrorList{field.Invalid(fldPath, version, "must be a full semantic version MAJOR.MINOR.PATCH (optionally with -pre-release and +build), e.g. 3.1.4")}
	}
	return nil
}

// validateExtensionUpdateStrategy checks an auto-update policy (GEP-78): supported lists only
// patch|minor|major, each once; default is patch|minor|major and one of applicable, the
// supported list in effect (the strategy's own, else the profile's); an empty applicable list
// allows all three.
func validateExtensionUpdateStrategy(s *core.ExtensionUpdateStrategy, applicable []core.MachineImageUpdateStrategy, fldPath *field.Path) field.ErrorList {
	allErrs := field.ErrorList{}
	supportedPath := fldPath.Child("supported")
	seen := sets.New[core.MachineImageUpdateStrategy]()
	for i, value := range s.Supported {
		switch {
		case !isUpdateStrategy(value):
			allErrs = append(allErrs, field.NotSupported(supportedPath.Index(i), value, updateStrategies))
		case seen.Has(value):
			allErrs = append(allErrs, field.Duplicate(supportedPath.Index(i), value))
		}
		seen.Insert(value)
	}

	if s.Default != nil {
		defaultPath := fldPath.Child("default")
		switch {
		case !isUpdateStrategy(*s.Default):
			allErrs = append(allErrs, field.NotSupported(defaultPath, *s.Default, updateStrategies))
		case len(applicable) > 0 && !containsStrategy(applicable, *s.Default):
			valid := make([]string, 0, len(applicable))
			for _, a := range applicable {
				valid = append(valid, string(a))
			}
			allErrs = append(allErrs, field.NotSupported(defaultPath, *s.Default, valid))
		}
	}
	return allErrs
}

// excludesFallbackStrategy reports whether a non-empty supported list lacks patch, the strategy
// the effective default falls back to when no default is set (componentversion.AutoUpdatePolicy in
// pkg/utils/gardener). An empty list supports every strategy.
func excludesFallbackStrategy(supported []core.MachineImageUpdateStrategy) bool {
	return len(supported) > 0 && !containsStrategy(supported, core.UpdateStrategyPatch)
}

func strategyList(strategies []core.MachineImageUpdateStrategy) string {
	values := make([]string, 0, len(strategies))
	for _, s := range strategies {
		values = append(values, string(s))
	}
	return "[" + strings.Join(values, ", ") + "]"
}

func containsStrategy(list []core.MachineImageUpdateStrategy, s core.MachineImageUpdateStrategy) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

func validateVersionStatuses(statuses []core.ExpirableVersionStatus, fldPath *field.Path) field.ErrorList {
	allErrs := field.ErrorList{}
	for i, status := range statuses {
		allErrs = append(allErrs, validateStatusClassification(status.Classification, fldPath.Index(i).Child("classification"))...)
	}
	return allErrs
}

// validateComponentVersionStatuses checks the classifications of ExtensionProfile version
// statuses, and that a next transition has a classification and a time.
func validateComponentVersionStatuses(statuses []core.ExtensionComponentVersionStatus, fldPath *field.Path) field.ErrorList {
	allErrs := field.ErrorList{}
	for i, status := range statuses {
		allErrs = append(allErrs, validateStatusClassification(status.Classification, fldPath.Index(i).Child("classification"))...)
		if next := status.NextTransition; next != nil {
			nextPath := fldPath.Index(i).Child("nextTransition")
			allErrs = append(allErrs, validateStatusClassification(next.Classification, nextPath.Child("classification"))...)
			if next.Time.IsZero() {
				allErrs = append(allErrs, field.Required(nextPath.Child("time"), "the time of the transition is required"))
			}
		}
	}
	return allErrs
}

func validateStatusClassification(c core.VersionClassification, fldPath *field.Path) field.ErrorList {
	if _, known := classificationRank[c]; !known {
		return field.ErrorList{field.NotSupported(fldPath, c, []string{"unavailable", "preview", "supported", "deprecated", "expired"})}
	}
	return nil
}

func findProfileComponent(components []core.ExtensionProfileComponent, name string) *core.ExtensionProfileComponent {
	for i := range components {
		if components[i].Name == name {
			return &components[i]
		}
	}
	return nil
}

func findComponentVersion(versions []core.ExtensionComponentVersion, version string) *core.ExtensionComponentVersion {
	for i := range versions {
		if versions[i].Version == version {
			return &versions[i]
		}
	}
	return nil
}
