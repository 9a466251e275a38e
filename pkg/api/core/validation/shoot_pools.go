// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package validation

import (
	apiequality "k8s.io/apimachinery/pkg/api/equality"
	"k8s.io/apimachinery/pkg/util/sets"
	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/gep-78/gardener/pkg/apis/core"
	"github.com/gep-78/gardener/pkg/features"
)

// validateWorkerComponents validates the per-pool pins of spec.provider.workers[]: the components[]
// of every container runtime and the pool's extensions[] overrides. With the
// ExtensionComponentVersions feature gate off, neither may be new or changed against the pool of
// the same name in oldShoot (nil on create).
func validateWorkerComponents(shoot, oldShoot *core.Shoot) field.ErrorList {
	allErrs := field.ErrorList{}
	gateEnabled := features.DefaultFeatureGate.Enabled(features.ExtensionComponentVersions)
	fldPath := field.NewPath("spec", "provider", "workers")

	for i, worker := range shoot.Spec.Provider.Workers {
		idxPath := fldPath.Index(i)
		var oldWorker *core.Worker
		if !gateEnabled {
			oldWorker = findWorker(oldShoot, worker.Name)
		}

		if worker.CRI != nil {
			runtimesPath := idxPath.Child("cri", "containerRuntimes")
			types := sets.New[string]()
			for j, runtime := range worker.CRI.ContainerRuntimes {
				runtimePath := runtimesPath.Index(j)
				switch {
				case runtime.Type == "":
					allErrs = append(allErrs, field.Required(runtimePath.Child("type"), "must specify a container runtime type"))
				case types.Has(runtime.Type):
					allErrs = append(allErrs, field.Duplicate(runtimePath.Child("type"), runtime.Type))
				}
				types.Insert(runtime.Type)

				if len(runtime.Components) > 0 && !gateEnabled &&
					!apiequality.Semantic.DeepEqual(runtime.Components, oldRuntimeComponents(oldWorker, runtime.Type)) {
					allErrs = append(allErrs, field.Forbidden(runtimePath.Child("components"), "components "+featureGateMessage))
				}
				allErrs = append(allErrs, validateComponentPins(runtime.Components, runtimePath.Child("components"),
					"must name a component of the container runtime's ExtensionProfile")...)
			}
		}

		if len(worker.Extensions) > 0 && !gateEnabled &&
			(oldWorker == nil || !apiequality.Semantic.DeepEqual(worker.Extensions, oldWorker.Extensions)) {
			allErrs = append(allErrs, field.Forbidden(idxPath.Child("extensions"), "extensions "+featureGateMessage))
		}
		allErrs = append(allErrs, validateWorkerExtensions(shoot, worker.Extensions, idxPath.Child("extensions"))...)
	}
	return allErrs
}

// validateWorkerExtensions validates a pool's overrides: each names, once, an extension that
// spec.extensions enables, and its components[] are valid pins.
func validateWorkerExtensions(shoot *core.Shoot, overrides []core.WorkerExtension, fldPath *field.Path) field.ErrorList {
	var allErrs field.ErrorList
	types := sets.New[string]()
	for i, override := range overrides {
		idxPath := fldPath.Index(i)
		typePath := idxPath.Child("type")
		switch extension := findExtension(shoot, override.Type); {
		case override.Type == "":
			allErrs = append(allErrs, field.Required(typePath, "must name an extension of spec.extensions"))
		case types.Has(override.Type):
			allErrs = append(allErrs, field.Duplicate(typePath, override.Type))
		case extension == nil || (extension.Disabled != nil && *extension.Disabled):
			allErrs = append(allErrs, field.Invalid(typePath, override.Type,
				"must be the type of an extension the Shoot enables in spec.extensions: a pool overrides versions, it does not enable an extension"))
		}
		types.Insert(override.Type)
		allErrs = append(allErrs, validateComponentPins(override.Components, idxPath.Child("components"),
			"must name a component of the extension's ExtensionProfile")...)
	}
	return allErrs
}

// oldRuntimeComponents returns the components[] of the container runtime of the given type in
// worker, or nil (also for a nil worker).
func oldRuntimeComponents(worker *core.Worker, runtimeType string) []core.ExtensionComponent {
	if worker == nil || worker.CRI == nil {
		return nil
	}
	for _, runtime := range worker.CRI.ContainerRuntimes {
		if runtime.Type == runtimeType {
			return runtime.Components
		}
	}
	return nil
}

// findWorker returns the pool of shoot with the given name, or nil (also for a nil shoot).
func findWorker(shoot *core.Shoot, name string) *core.Worker {
	if shoot == nil {
		return nil
	}
	for i := range shoot.Spec.Provider.Workers {
		if shoot.Spec.Provider.Workers[i].Name == name {
			return &shoot.Spec.Provider.Workers[i]
		}
	}
	return nil
}
