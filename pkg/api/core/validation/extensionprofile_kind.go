// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package validation

import (
	apivalidation "k8s.io/apimachinery/pkg/api/validation"
	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/gep-78/gardener/pkg/api/core/v1beta1/helper"
	"github.com/gep-78/gardener/pkg/apis/core"
)

var extensionKinds = []string{string(core.ExtensionKindExtension), string(core.ExtensionKindContainerRuntime)}

// validateExtensionProfileKind checks that the name fits spec.extensionKind, so that a (kind, type)
// names exactly one profile: an Extension profile is named after its type and does not start with
// containerruntime-, a ContainerRuntime profile is named containerruntime-<type>. On update the
// kind is immutable: it decides which Shoot fields pin against the profile.
func validateExtensionProfileKind(profile, oldProfile *core.ExtensionProfile) field.ErrorList {
	var (
		allErrs  field.ErrorList
		namePath = field.NewPath("metadata", "name")
		kindPath = field.NewPath("spec", "extensionKind")
	)
	switch kind := profile.Spec.ExtensionKind; kind {
	case core.ExtensionKindExtension:
		if helper.IsContainerRuntimeProfileName(profile.Name) {
			allErrs = append(allErrs, field.Invalid(namePath, profile.Name, "must not start with "+helper.ContainerRuntimeProfileName("")+
				": the prefix names the profile of a container runtime (spec.extensionKind ContainerRuntime)"))
		}
	case core.ExtensionKindContainerRuntime:
		if _, ok := helper.ContainerRuntimeTypeFromProfileName(profile.Name); !ok {
			allErrs = append(allErrs, field.Invalid(namePath, profile.Name, "must be "+helper.ContainerRuntimeProfileName("<type>")+
				" for spec.extensionKind ContainerRuntime"))
		}
		// Forbidden, not ignored: a runtime's components are always per pool, and a stored true
		// would claim a choice the profile does not have.
		for i, component := range profile.Spec.Components {
			if component.PerWorkerPool {
				allErrs = append(allErrs, field.Forbidden(field.NewPath("spec", "components").Index(i).Child("perWorkerPool"),
					"must not be set for spec.extensionKind ContainerRuntime: a container runtime's components are pinned per pool already"))
			}
		}
	case "":
		allErrs = append(allErrs, field.Required(kindPath, "must be one of Extension, ContainerRuntime"))
	default:
		allErrs = append(allErrs, field.NotSupported(kindPath, kind, extensionKinds))
	}
	if oldProfile != nil {
		allErrs = append(allErrs, apivalidation.ValidateImmutableField(profile.Spec.ExtensionKind, oldProfile.Spec.ExtensionKind, kindPath)...)
	}
	return allErrs
}
