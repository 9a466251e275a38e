// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package validation

import (
	apivalidation "k8s.io/apimachinery/pkg/api/validation"
	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/gep-78/gardener/pkg/apis/core"
	v1beta1constants "github.com/gep-78/gardener/pkg/apis/core/v1beta1/constants"
)

// ValidateNamespacedCloudProfile validates a NamespacedCloudProfile on its own, with Gardener's
// rules (the checks against the parent are the NamespacedCloudProfileValidator admission
// plugin's, plugin/pkg/namespacedcloudprofile/validator):
//   - metadata.name is a DNS subdomain, the object is namespaced;
//   - spec.parent is a CloudProfile (kind CloudProfile, name required);
//   - Kubernetes versions match ^([0-9]+\.){2}[0-9]+$, are unique, carry no classification, and
//     obey the lifecycle rules of validateExpirableVersion; none is required;
//   - machine images: names required and unique, updateStrategy (optional) patch|minor|major,
//     versions semantic and unique, fields as in a CloudProfile; an image may list no version;
//   - machine and volume types as in a CloudProfile; caBundle holds PEM certificates;
//     limits.maxNodesTotal > 0.
func ValidateNamespacedCloudProfile(profile *core.NamespacedCloudProfile) field.ErrorList {
	allErrs := apivalidation.ValidateObjectMeta(&profile.ObjectMeta, true, apivalidation.NameIsDNSSubdomain, field.NewPath("metadata"))
	specPath := field.NewPath("spec")
	spec := &profile.Spec

	allErrs = append(allErrs, validateNamespacedCloudProfileParent(spec.Parent, specPath.Child("parent"))...)
	if spec.Kubernetes != nil {
		versionsPath := specPath.Child("kubernetes", "versions")
		for i, v := range spec.Kubernetes.Versions {
			if v.Classification != nil {
				allErrs = append(allErrs, field.Forbidden(versionsPath.Index(i).Child("classification"), "must not provide a classification to a Kubernetes version in NamespacedCloudProfile"))
			}
		}
		allErrs = append(allErrs, validateKubernetesVersionEntries(spec.Kubernetes.Versions, versionsPath)...)
	}

	imagesPath := specPath.Child("machineImages")
	allErrs = append(allErrs, validateMachineImageEntries(spec.MachineImages, false, imagesPath)...)
	for i, image := range spec.MachineImages {
		for j, v := range image.Versions {
			allErrs = append(allErrs, validateMachineImageVersionOwnFields(v, imagesPath.Index(i).Child("versions").Index(j))...)
		}
	}
	// Capabilities are checked against the parent's definitions on the merged spec (admission).
	allErrs = append(allErrs, validateMachineTypes(withoutCapabilities(spec.MachineTypes), nil, specPath.Child("machineTypes"))...)
	allErrs = append(allErrs, validateVolumeTypes(spec.VolumeTypes, specPath.Child("volumeTypes"))...)
	if spec.CABundle != nil {
		allErrs = append(allErrs, validateCABundle(*spec.CABundle, specPath.Child("caBundle"))...)
	}
	allErrs = append(allErrs, validateCloudProfileLimits(spec.Limits, specPath.Child("limits"))...)
	return allErrs
}

// ValidateNamespacedCloudProfileUpdate validates an update: the metadata update rules, an
// immutable spec.parent, and everything ValidateNamespacedCloudProfile checks.
func ValidateNamespacedCloudProfileUpdate(newProfile, oldProfile *core.NamespacedCloudProfile) field.ErrorList {
	allErrs := apivalidation.ValidateObjectMetaUpdate(&newProfile.ObjectMeta, &oldProfile.ObjectMeta, field.NewPath("metadata"))
	allErrs = append(allErrs, ValidateNamespacedCloudProfileSpecUpdate(&newProfile.Spec, &oldProfile.Spec, field.NewPath("spec"))...)
	return append(allErrs, ValidateNamespacedCloudProfile(newProfile)...)
}

// ValidateNamespacedCloudProfileSpecUpdate checks, as Gardener does, that spec.parent does not
// change and that the limits are valid (ValidateNamespacedCloudProfile checks them too, so an
// invalid maxNodesTotal is reported twice on update, as in Gardener). Unlike a CloudProfile's, a
// NamespacedCloudProfile's maxNodesTotal may be decreased.
func ValidateNamespacedCloudProfileSpecUpdate(newSpec, oldSpec *core.NamespacedCloudProfileSpec, fldPath *field.Path) field.ErrorList {
	allErrs := apivalidation.ValidateImmutableField(newSpec.Parent, oldSpec.Parent, fldPath.Child("parent"))
	return append(allErrs, validateCloudProfileLimits(newSpec.Limits, fldPath.Child("limits"))...)
}

// ValidateNamespacedCloudProfileStatus validates a merged spec (status.cloudProfileSpec) with the
// CloudProfile rules that concern offerings: at least one Kubernetes version and the latest one
// not expiring; machine images (when any) complete with update strategy and versions; machine
// types, volume types, capabilities, regions, caBundle and limits as in a CloudProfile.
func ValidateNamespacedCloudProfileStatus(spec *core.CloudProfileSpec, fldPath *field.Path) field.ErrorList {
	allErrs := validateOfferings(spec, fldPath)
	allErrs = append(allErrs, validateKubernetesVersions(spec.Kubernetes.Versions, fldPath.Child("kubernetes"))...)
	if len(spec.MachineImages) > 0 {
		allErrs = append(allErrs, validateMachineImages(spec.MachineImages, fldPath.Child("machineImages"))...)
	}
	return allErrs
}

// ValidateNamespacedCloudProfileStatusUpdate validates a write to the status subresource: the
// metadata update rules only (the controller writes what it merged from validated objects).
func ValidateNamespacedCloudProfileStatusUpdate(newProfile, oldProfile *core.NamespacedCloudProfile) field.ErrorList {
	return apivalidation.ValidateObjectMetaUpdate(&newProfile.ObjectMeta, &oldProfile.ObjectMeta, field.NewPath("metadata"))
}

func validateNamespacedCloudProfileParent(parent core.CloudProfileReference, fldPath *field.Path) field.ErrorList {
	allErrs := field.ErrorList{}
	if parent.Kind != v1beta1constants.CloudProfileReferenceKindCloudProfile {
		allErrs = append(allErrs, field.NotSupported(fldPath.Child("kind"), parent.Kind, []string{v1beta1constants.CloudProfileReferenceKindCloudProfile}))
	}
	if parent.Name == "" {
		allErrs = append(allErrs, field.Required(fldPath.Child("name"), "must provide a parent name"))
	} else {
		for _, msg := range apivalidation.NameIsDNSLabel(parent.Name, false) {
			allErrs = append(allErrs, field.Invalid(fldPath.Child("name"), QuotedValue(parent.Name), msg))
		}
	}
	return allErrs
}

// validateCloudProfileLimits: limits.maxNodesTotal, when set, is positive.
func validateCloudProfileLimits(limits *core.Limits, fldPath *field.Path) field.ErrorList {
	if limits != nil && limits.MaxNodesTotal != nil && *limits.MaxNodesTotal <= 0 {
		return field.ErrorList{field.Invalid(fldPath.Child("maxNodesTotal"), *limits.MaxNodesTotal, "maxNodesTotal must be greater than 0")}
	}
	return nil
}

func withoutCapabilities(machineTypes []core.MachineType) []core.MachineType {
	out := make([]core.MachineType, len(machineTypes))
	for i, mt := range machineTypes {
		out[i] = mt
		out[i].Capabilities = nil
	}
	return out
}
