// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package validation

import (
	"fmt"
	"time"

	apiequality "k8s.io/apimachinery/pkg/api/equality"
	apivalidation "k8s.io/apimachinery/pkg/api/validation"
	"k8s.io/apimachinery/pkg/util/sets"
	"k8s.io/apimachinery/pkg/util/validation"
	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/gep-78/gardener/pkg/apis/core"
	"github.com/gep-78/gardener/pkg/features"
	"github.com/gep-78/gardener/pkg/utils/timewindow"
)

const featureGateMessage = "requires the " + string(features.ExtensionComponentVersions) + " feature gate"

// ValidateShoot validates a new Shoot (the subset this project models):
//   - metadata: namespaced, name a DNS-1123 label;
//   - spec.region, spec.provider.type and spec.kubernetes.version are required;
//   - worker pool names are unique DNS-1123 labels;
//   - spec.extensions[].type is required and unique across spec.extensions;
//   - spec.extensions[].components[].name is required and unique within the extension, a pinned
//     version is not empty, and autoUpdate.updateStrategy (extension and component level) is
//     patch|minor|major (GEP-78 "How a cluster owner pins a version");
//   - spec.maintenance.timeWindow, if set, is valid (see validateMaintenanceTimeWindow);
//   - with the ExtensionComponentVersions feature gate off, spec.extensions[].autoUpdate and
//     spec.extensions[].components are forbidden (GEP-78 "Rollout and feature gating").
func ValidateShoot(shoot *core.Shoot) field.ErrorList {
	return validateShoot(shoot, nil)
}

// ValidateShootUpdate validates an update of a Shoot: the object metadata update rules and
// everything ValidateShoot checks, except that
//   - with the ExtensionComponentVersions feature gate off, an extension entry may keep its
//     spec.extensions[].autoUpdate and spec.extensions[].components exactly as the old Shoot's
//     entry of the same type has them (semantically equal), or drop them, so that existing
//     objects keep working; new or changed values are forbidden (Gardener's "forbidden on new
//     use" pattern for gated fields). The ShootExtensionProfile admission plugin does not run
//     with the gate off, so accepting a change here would store pins nobody checked;
//   - spec.maintenance.timeWindow is validated only if it changed, so that Shoots stored before
//     the check existed stay updatable.
func ValidateShootUpdate(newShoot, oldShoot *core.Shoot) field.ErrorList {
	allErrs := apivalidation.ValidateObjectMetaUpdate(&newShoot.ObjectMeta, &oldShoot.ObjectMeta, field.NewPath("metadata"))
	return append(allErrs, validateShoot(newShoot, oldShoot)...)
}

// ValidateShootStatusUpdate validates a write to the Shoot status subresource: the object
// metadata update rules.
func ValidateShootStatusUpdate(newShoot, oldShoot *core.Shoot) field.ErrorList {
	return apivalidation.ValidateObjectMetaUpdate(&newShoot.ObjectMeta, &oldShoot.ObjectMeta, field.NewPath("metadata"))
}

func validateShoot(shoot *core.Shoot, oldShoot *core.Shoot) field.ErrorList {
	allErrs := apivalidation.ValidateObjectMeta(&shoot.ObjectMeta, true, apivalidation.NameIsDNSLabel, field.NewPath("metadata"))

	specPath := field.NewPath("spec")
	if shoot.Spec.Region == "" {
		allErrs = append(allErrs, field.Required(specPath.Child("region"), "must name the provider region"))
	}
	if shoot.Spec.Provider.Type == "" {
		allErrs = append(allErrs, field.Required(specPath.Child("provider", "type"), "must name the provider type"))
	}
	if shoot.Spec.Kubernetes.Version == "" {
		allErrs = append(allErrs, field.Required(specPath.Child("kubernetes", "version"), "must specify the Kubernetes version"))
	}
	allErrs = append(allErrs, validateWorkerNames(shoot.Spec.Provider.Workers, specPath.Child("provider", "workers"))...)
	if window := maintenanceTimeWindow(shoot); window != nil &&
		(oldShoot == nil || !apiequality.Semantic.DeepEqual(window, maintenanceTimeWindow(oldShoot))) {
		allErrs = append(allErrs, validateMaintenanceTimeWindow(window, specPath.Child("maintenance", "timeWindow"))...)
	}
	allErrs = append(allErrs, validateShootExtensions(shoot.Spec.Extensions, oldShoot, specPath.Child("extensions"))...)
	return allErrs
}

func validateWorkerNames(workers []core.Worker, fldPath *field.Path) field.ErrorList {
	allErrs := field.ErrorList{}
	names := sets.New[string]()
	for i, worker := range workers {
		namePath := fldPath.Index(i).Child("name")
		switch {
		case worker.Name == "":
			allErrs = append(allErrs, field.Required(namePath, "must name the worker pool"))
		case names.Has(worker.Name):
			allErrs = append(allErrs, field.Duplicate(namePath, worker.Name))
		default:
			for _, msg := range validation.IsDNS1123Label(worker.Name) {
				allErrs = append(allErrs, field.Invalid(namePath, worker.Name, msg))
			}
		}
		names.Insert(worker.Name)
	}
	return allErrs
}

// Gardener's bounds for the duration of a Shoot maintenance time window
// (core.MaintenanceTimeWindowDurationMinimum and core.MaintenanceTimeWindowDurationMaximum in
// gardener/gardener pkg/apis/core).
const (
	maintenanceTimeWindowDurationMinimum = 30 * time.Minute
	maintenanceTimeWindowDurationMaximum = 6 * time.Hour
)

func maintenanceTimeWindow(shoot *core.Shoot) *core.MaintenanceTimeWindow {
	if shoot == nil || shoot.Spec.Maintenance == nil {
		return nil
	}
	return shoot.Spec.Maintenance.TimeWindow
}

// validateMaintenanceTimeWindow checks spec.maintenance.timeWindow as Gardener does
// (ValidateShootSpec → validateMaintenance in gardener/gardener pkg/api/core/validation/shoot.go):
//   - begin and end are times of day in the form HHMMSS+ZZZZ (timewindow.Layout), else Invalid
//     on .begin / .end;
//   - the window, from begin to end converted to UTC and spanning midnight when end lies before
//     begin, lasts at least 30 minutes and at most 6 hours (Gardener's
//     MaintenanceTimeWindowDurationMinimum and ...Maximum), else Forbidden on the window. A
//     window whose begin equals its end lasts zero seconds and is too short.
func validateMaintenanceTimeWindow(window *core.MaintenanceTimeWindow, fldPath *field.Path) field.ErrorList {
	allErrs := field.ErrorList{}
	begin, err := timewindow.ParseMaintenanceTime(window.Begin)
	if err != nil {
		allErrs = append(allErrs, field.Invalid(fldPath.Child("begin"), window.Begin, err.Error()))
	}
	end, endErr := timewindow.ParseMaintenanceTime(window.End)
	if endErr != nil {
		allErrs = append(allErrs, field.Invalid(fldPath.Child("end"), window.End, endErr.Error()))
	}
	if err != nil || endErr != nil {
		return allErrs
	}

	parsed := timewindow.MaintenanceTimeWindow{Begin: begin, End: end}
	switch duration := parsed.Duration(); {
	case duration < maintenanceTimeWindowDurationMinimum:
		allErrs = append(allErrs, field.Forbidden(fldPath, fmt.Sprintf(
			"time window must last at least %s, but %s lasts %s", maintenanceTimeWindowDurationMinimum, parsed, duration)))
	case duration > maintenanceTimeWindowDurationMaximum:
		allErrs = append(allErrs, field.Forbidden(fldPath, fmt.Sprintf(
			"time window must last at most %s, but %s lasts %s", maintenanceTimeWindowDurationMaximum, parsed, duration)))
	}
	return allErrs
}

func validateShootExtensions(extensions []core.Extension, oldShoot *core.Shoot, fldPath *field.Path) field.ErrorList {
	allErrs := field.ErrorList{}
	gateEnabled := features.Enabled(features.ExtensionComponentVersions)

	types := sets.New[string]()
	for i, extension := range extensions {
		idxPath := fldPath.Index(i)
		// With the gate off, the GEP-78 fields may only be kept exactly as the old Shoot's entry
		// of the same type has them.
		var oldExtension *core.Extension
		if !gateEnabled {
			oldExtension = findExtension(oldShoot, extension.Type)
		}
		autoUpdateAllowed := gateEnabled || (oldExtension != nil && apiequality.Semantic.DeepEqual(extension.AutoUpdate, oldExtension.AutoUpdate))
		componentsAllowed := gateEnabled || (oldExtension != nil && apiequality.Semantic.DeepEqual(extension.Components, oldExtension.Components))

		typePath := idxPath.Child("type")
		switch {
		case extension.Type == "":
			allErrs = append(allErrs, field.Required(typePath, "must name the extension type"))
		case types.Has(extension.Type):
			allErrs = append(allErrs, field.Duplicate(typePath, extension.Type))
		}
		types.Insert(extension.Type)

		if extension.AutoUpdate != nil {
			if !autoUpdateAllowed {
				allErrs = append(allErrs, field.Forbidden(idxPath.Child("autoUpdate"), "autoUpdate "+featureGateMessage))
			}
			allErrs = append(allErrs, validateExtensionAutoUpdate(extension.AutoUpdate, idxPath.Child("autoUpdate"))...)
		}

		if len(extension.Components) > 0 && !componentsAllowed {
			allErrs = append(allErrs, field.Forbidden(idxPath.Child("components"), "components "+featureGateMessage))
		}
		names := sets.New[string]()
		for j, component := range extension.Components {
			componentPath := idxPath.Child("components").Index(j)
			namePath := componentPath.Child("name")
			switch {
			case component.Name == "":
				allErrs = append(allErrs, field.Required(namePath, "must name a component of the extension's ExtensionProfile"))
			case names.Has(component.Name):
				allErrs = append(allErrs, field.Duplicate(namePath, component.Name))
			}
			names.Insert(component.Name)

			if component.Version != nil && *component.Version == "" {
				allErrs = append(allErrs, field.Required(componentPath.Child("version"),
					"must not be empty if set; omit it to get the default version"))
			}
			if component.AutoUpdate != nil {
				allErrs = append(allErrs, validateExtensionAutoUpdate(component.AutoUpdate, componentPath.Child("autoUpdate"))...)
			}
		}
	}
	return allErrs
}

func validateExtensionAutoUpdate(autoUpdate *core.ExtensionAutoUpdate, fldPath *field.Path) field.ErrorList {
	if autoUpdate.UpdateStrategy != nil && !isUpdateStrategy(*autoUpdate.UpdateStrategy) {
		return field.ErrorList{field.NotSupported(fldPath.Child("updateStrategy"), *autoUpdate.UpdateStrategy, updateStrategies)}
	}
	return nil
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
