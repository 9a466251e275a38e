// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package validation

import (
	apivalidation "k8s.io/apimachinery/pkg/api/validation"
	"k8s.io/apimachinery/pkg/util/sets"
	"k8s.io/apimachinery/pkg/util/validation"
	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/gep-78/gardener/pkg/apis/core"
	"github.com/gep-78/gardener/pkg/features"
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
//   - with the ExtensionComponentVersions feature gate off, spec.extensions[].autoUpdate and
//     spec.extensions[].components are forbidden (GEP-78 "Rollout and feature gating").
func ValidateShoot(shoot *core.Shoot) field.ErrorList {
	return validateShoot(shoot, nil)
}

// ValidateShootUpdate validates an update of a Shoot: the object metadata update rules and
// everything ValidateShoot checks, except that with the ExtensionComponentVersions feature gate
// off, the GEP-78 fields stay allowed if the old Shoot already used them, so that existing
// objects keep working (Gardener's pattern for gated fields).
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

func validateShootExtensions(extensions []core.Extension, oldShoot *core.Shoot, fldPath *field.Path) field.ErrorList {
	allErrs := field.ErrorList{}
	gateEnabled := features.Enabled(features.ExtensionComponentVersions)
	autoUpdateAllowed := gateEnabled || (oldShoot != nil && usesExtensionAutoUpdate(oldShoot))
	componentsAllowed := gateEnabled || (oldShoot != nil && usesExtensionComponents(oldShoot))

	types := sets.New[string]()
	for i, extension := range extensions {
		idxPath := fldPath.Index(i)
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

func usesExtensionAutoUpdate(shoot *core.Shoot) bool {
	for _, extension := range shoot.Spec.Extensions {
		if extension.AutoUpdate != nil {
			return true
		}
	}
	return false
}

func usesExtensionComponents(shoot *core.Shoot) bool {
	for _, extension := range shoot.Spec.Extensions {
		if len(extension.Components) > 0 {
			return true
		}
	}
	return false
}
