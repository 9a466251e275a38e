// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package extensionprofile

import (
	"k8s.io/apimachinery/pkg/util/validation/field"

	operatorv1alpha1 "github.com/gep-78/gardener/pkg/apis/operator/v1alpha1"
)

// ValidateExtensionProfiles checks that every spec.extensionProfiles[].type is the type of a
// spec.resources[] entry of kind Extension.
func ValidateExtensionProfiles(extension *operatorv1alpha1.Extension) field.ErrorList {
	var allErrs field.ErrorList
	types := map[string]bool{}
	var offered []string
	for _, resource := range extension.Spec.Resources {
		if resource.Kind == "Extension" {
			types[resource.Type] = true
			offered = append(offered, resource.Type)
		}
	}
	for i, template := range extension.Spec.ExtensionProfiles {
		path := field.NewPath("spec", "extensionProfiles").Index(i).Child("type")
		switch {
		case template.Type == "":
			allErrs = append(allErrs, field.Required(path, "the extension type"))
		case !types[template.Type]:
			allErrs = append(allErrs, field.NotSupported(path, template.Type, offered))
		}
	}
	if len(allErrs) > 0 && len(offered) == 0 {
		allErrs = append(allErrs, field.Required(field.NewPath("spec", "resources"), "an entry of kind Extension for each of spec.extensionProfiles[].type"))
	}
	return allErrs
}
