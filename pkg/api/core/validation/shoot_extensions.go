// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package validation

import (
	"slices"

	apiequality "k8s.io/apimachinery/pkg/api/equality"
	"k8s.io/apimachinery/pkg/util/sets"
	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/gep-78/gardener/pkg/apis/core"
	"github.com/gep-78/gardener/pkg/features"
)

// validateShootExtensionComponents validates the GEP-78 fields of spec.extensions[]: autoUpdate,
// channel and components[] and, with the ExtensionComponentVersions feature gate off, that none
// is new or changed against the entry of the same type in oldShoot (nil on create); then the
// per-pool pins (validateWorkerComponents). Gardener's ValidateShoot calls it with nil,
// ValidateShootUpdate with the old Shoot.
func validateShootExtensionComponents(shoot, oldShoot *core.Shoot) field.ErrorList {
	allErrs := field.ErrorList{}
	gateEnabled := features.DefaultFeatureGate.Enabled(features.ExtensionComponentVersions)
	fldPath := field.NewPath("spec", "extensions")

	for i, extension := range shoot.Spec.Extensions {
		idxPath := fldPath.Index(i)
		// With the gate off, the GEP-78 fields may only be kept exactly as the old Shoot's entry
		// of the same type has them.
		var oldExtension *core.Extension
		if !gateEnabled {
			oldExtension = findExtension(oldShoot, extension.Type)
		}
		autoUpdateAllowed := gateEnabled || (oldExtension != nil && apiequality.Semantic.DeepEqual(extension.AutoUpdate, oldExtension.AutoUpdate))
		channelAllowed := gateEnabled || (oldExtension != nil && apiequality.Semantic.DeepEqual(extension.Channel, oldExtension.Channel))
		componentsAllowed := gateEnabled || (oldExtension != nil && apiequality.Semantic.DeepEqual(extension.Components, oldExtension.Components))

		if extension.AutoUpdate != nil {
			if !autoUpdateAllowed {
				allErrs = append(allErrs, field.Forbidden(idxPath.Child("autoUpdate"), "autoUpdate "+featureGateMessage))
			}
			allErrs = append(allErrs, validateExtensionAutoUpdate(extension.AutoUpdate, idxPath.Child("autoUpdate"))...)
		}

		if extension.Channel != nil && !channelAllowed {
			allErrs = append(allErrs, field.Forbidden(idxPath.Child("channel"), "channel "+featureGateMessage))
		}
		allErrs = append(allErrs, validateReleaseChannel(extension.Channel, extension.AutoUpdate, idxPath)...)

		if len(extension.Components) > 0 && !componentsAllowed {
			allErrs = append(allErrs, field.Forbidden(idxPath.Child("components"), "components "+featureGateMessage))
		}
		allErrs = append(allErrs, validateComponentPins(extension.Components, idxPath.Child("components"),
			"must name a component of the extension's ExtensionProfile")...)
	}
	return append(allErrs, validateWorkerComponents(shoot, oldShoot)...)
}

// validateComponentPins validates a components[] list of pins at fldPath: each names a component
// (nameDetail says of which profile) once, and its version, autoUpdate and channel are well-formed.
func validateComponentPins(components []core.ExtensionComponent, fldPath *field.Path, nameDetail string) field.ErrorList {
	var allErrs field.ErrorList
	names := sets.New[string]()
	for j, component := range components {
		componentPath := fldPath.Index(j)
		namePath := componentPath.Child("name")
		switch {
		case component.Name == "":
			allErrs = append(allErrs, field.Required(namePath, nameDetail))
		case len(component.Name) > MaxNameLength:
			allErrs = append(allErrs, field.TooLong(namePath, "", MaxNameLength))
		case names.Has(component.Name):
			allErrs = append(allErrs, field.Duplicate(namePath, component.Name))
		}
		names.Insert(component.Name)

		if component.Version != nil && *component.Version == "" {
			allErrs = append(allErrs, field.Required(componentPath.Child("version"),
				"must not be empty if set; omit it to get the default version"))
		}
		allErrs = append(allErrs, validateOptionalMaxLength(component.Version, MaxVersionLength, componentPath.Child("version"))...)
		if component.AutoUpdate != nil {
			allErrs = append(allErrs, validateExtensionAutoUpdate(component.AutoUpdate, componentPath.Child("autoUpdate"))...)
		}
		allErrs = append(allErrs, validateReleaseChannel(component.Channel, component.AutoUpdate, componentPath)...)
	}
	return allErrs
}

// releaseChannels are the values of channel.
var releaseChannels = []string{string(core.ReleaseChannelRapid), string(core.ReleaseChannelRegular), string(core.ReleaseChannelStable)}

// validateReleaseChannel validates the channel of an extension or component entry at fldPath: one
// of releaseChannels (NotSupported), and not together with an autoUpdate of the same entry
// (Forbidden): a channel decides the target itself, so a strategy beside it would be ignored.
func validateReleaseChannel(channel *core.ReleaseChannel, autoUpdate *core.ExtensionAutoUpdate, fldPath *field.Path) field.ErrorList {
	if channel == nil {
		return nil
	}
	var allErrs field.ErrorList
	if !slices.Contains(releaseChannels, string(*channel)) {
		allErrs = append(allErrs, field.NotSupported(fldPath.Child("channel"), *channel, releaseChannels))
	}
	if autoUpdate != nil {
		allErrs = append(allErrs, field.Forbidden(fldPath.Child("autoUpdate"),
			"must not be set together with channel: a channel decides the version; remove one of them"))
	}
	return allErrs
}

// autoUpdateClassifications are the values of autoUpdate.classifications.
var autoUpdateClassifications = []string{string(core.ClassificationPreview), string(core.ClassificationSupported)}

// validateExtensionAutoUpdate validates an extension- or component-level autoUpdate:
//   - updateStrategy is patch, minor or major (NotSupported);
//   - classifications (GEP-78 "Future Enhancements", auto-upgrade into preview): each entry is
//     preview or supported (deprecated is Invalid, because a deprecated version is a target only
//     for a deprecated pin, which needs no opt-in; anything else NotSupported), no entry twice
//     (Duplicate), and a non-empty list contains supported (Required on the list): preview is an
//     addition to the supported versions, not a replacement, so that a later relaxation stays
//     compatible.
func validateExtensionAutoUpdate(autoUpdate *core.ExtensionAutoUpdate, fldPath *field.Path) field.ErrorList {
	var allErrs field.ErrorList
	if autoUpdate.UpdateStrategy != nil && !isUpdateStrategy(*autoUpdate.UpdateStrategy) {
		allErrs = append(allErrs, field.NotSupported(fldPath.Child("updateStrategy"), *autoUpdate.UpdateStrategy, updateStrategies))
	}

	classificationsPath := fldPath.Child("classifications")
	seen := sets.New[core.VersionClassification]()
	for i, classification := range autoUpdate.Classifications {
		idxPath := classificationsPath.Index(i)
		switch {
		case classification == core.ClassificationDeprecated:
			allErrs = append(allErrs, field.Invalid(idxPath, classification,
				"must be preview or supported: a deprecated version is an auto-update target only for a pin that is itself deprecated, without opt-in"))
		case !slices.Contains(autoUpdateClassifications, string(classification)):
			allErrs = append(allErrs, field.NotSupported(idxPath, classification, autoUpdateClassifications))
		case seen.Has(classification):
			allErrs = append(allErrs, field.Duplicate(idxPath, classification))
		}
		seen.Insert(classification)
	}
	if len(autoUpdate.Classifications) > 0 && !seen.Has(core.ClassificationSupported) {
		allErrs = append(allErrs, field.Required(classificationsPath,
			"must contain supported: preview versions are auto-update targets in addition to supported ones"))
	}
	return allErrs
}

// findExtension returns the first entry of shoot's spec.extensions with the given type, or nil
// (also for a nil shoot).
func findExtension(shoot *core.Shoot, extensionType string) *core.Extension {
	if shoot == nil {
		return nil
	}
	for i := range shoot.Spec.Extensions {
		if shoot.Spec.Extensions[i].Type == extensionType {
			return &shoot.Spec.Extensions[i]
		}
	}
	return nil
}

// validateExtensionComponentMoves validates status.extensionComponentMoves: each record names an
// extension type, a component and the versions, and a (type, component, pool) has one record.
func validateExtensionComponentMoves(moves []core.ExtensionComponentMove, fldPath *field.Path) field.ErrorList {
	allErrs := field.ErrorList{}
	seen := sets.New[string]()
	for i, move := range moves {
		idxPath := fldPath.Index(i)
		for _, required := range []struct{ name, value string }{{"type", move.Type}, {"component", move.Component}, {"from", move.From}, {"to", move.To}} {
			if required.value == "" {
				allErrs = append(allErrs, field.Required(idxPath.Child(required.name), "must not be empty"))
			}
		}
		if move.Time.IsZero() {
			allErrs = append(allErrs, field.Required(idxPath.Child("time"), "must be set"))
		}
		pool := ""
		if move.WorkerPool != nil {
			if pool = *move.WorkerPool; pool == "" {
				allErrs = append(allErrs, field.Required(idxPath.Child("workerPool"), "must not be empty when set"))
			}
		}
		if key := move.Type + "/" + move.Component + "/" + pool; seen.Has(key) {
			allErrs = append(allErrs, field.Duplicate(idxPath, key))
		} else {
			seen.Insert(key)
		}
	}
	return allErrs
}
