// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package validation

import (
	"fmt"
	"regexp"
	"slices"
	"time"

	"github.com/Masterminds/semver/v3"
	apivalidation "k8s.io/apimachinery/pkg/api/validation"
	"k8s.io/apimachinery/pkg/util/sets"
	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/gep-78/gardener/pkg/apis/core"
)

// kubernetesVersionPattern is the shape Gardener requires for Kubernetes versions in a
// CloudProfile: exactly MAJOR.MINOR.PATCH, digits only.
var kubernetesVersionPattern = regexp.MustCompile(`^([0-9]+\.){2}[0-9]+$`)

// ValidateCloudProfile validates a CloudProfile (the subset this project serves) with
// Gardener's rules:
//   - metadata.name is a DNS-1123 label, spec.type is required;
//   - at least one machine type, each with an architecture unless spec.machineCapabilities is
//     set, and at least one region;
//   - machine types, volume types, regions, capabilities, caBundle, seedSelector, bastion and
//     limits follow validateOfferings;
//   - at least one Kubernetes version; each matches ^([0-9]+\.){2}[0-9]+$ and is unique; the
//     latest one must not expire (no expirationDate, last lifecycle stage not expired);
//   - at least one machine image; names are unique; each image has at least one version;
//     versions parse as (loose) semantic versions and are unique per image; updateStrategy is
//     patch|minor|major;
//   - every version obeys the legacy/lifecycle rules of GEP-32 as Gardener implements them
//     (see validateExpirableVersion and validateLifecycle).
func ValidateCloudProfile(profile *core.CloudProfile) field.ErrorList {
	allErrs := apivalidation.ValidateObjectMeta(&profile.ObjectMeta, false, apivalidation.NameIsDNSLabel, field.NewPath("metadata"))

	specPath := field.NewPath("spec")
	if profile.Spec.Type == "" {
		allErrs = append(allErrs, field.Required(specPath.Child("type"), "must provide a provider type"))
	}

	allErrs = append(allErrs, validateCloudProfileMachineTypes(profile.Spec.MachineTypes, machineCapabilities(profile.Spec.MachineCapabilities), specPath.Child("machineTypes"))...)
	if len(profile.Spec.Regions) == 0 {
		allErrs = append(allErrs, field.Required(specPath.Child("regions"), "must provide at least one region"))
	}
	allErrs = append(allErrs, validateOfferings(&profile.Spec, specPath)...)
	allErrs = append(allErrs, validateKubernetesVersions(profile.Spec.Kubernetes.Versions, specPath.Child("kubernetes"))...)
	allErrs = append(allErrs, validateMachineImages(profile.Spec.MachineImages, specPath.Child("machineImages"))...)
	return allErrs
}

// ValidateCloudProfileUpdate is ValidateCloudProfileUpdateAt at the current time.
func ValidateCloudProfileUpdate(newProfile, oldProfile *core.CloudProfile) field.ErrorList {
	return ValidateCloudProfileUpdateAt(newProfile, oldProfile, time.Now())
}

// ValidateCloudProfileUpdateAt validates an update of a CloudProfile: the object metadata update
// rules, everything ValidateCloudProfile checks, and ValidateCloudProfileSpecUpdateAt at now.
func ValidateCloudProfileUpdateAt(newProfile, oldProfile *core.CloudProfile, now time.Time) field.ErrorList {
	allErrs := apivalidation.ValidateObjectMetaUpdate(&newProfile.ObjectMeta, &oldProfile.ObjectMeta, field.NewPath("metadata"))
	allErrs = append(allErrs, ValidateCloudProfile(newProfile)...)
	return append(allErrs, ValidateCloudProfileSpecUpdateAt(&newProfile.Spec, &oldProfile.Spec, field.NewPath("spec"), now)...)
}

// ValidateCloudProfileSpecUpdate is ValidateCloudProfileSpecUpdateAt at the current time.
func ValidateCloudProfileSpecUpdate(newSpec, oldSpec *core.CloudProfileSpec, fldPath *field.Path) field.ErrorList {
	return ValidateCloudProfileSpecUpdateAt(newSpec, oldSpec, fldPath, time.Now())
}

// ValidateCloudProfileSpecUpdateAt holds Gardener's rules for changing a CloudProfile's spec:
// limits.maxNodesTotal is not decreased, and no Kubernetes or machine image version present in
// both specs is turned unavailable (ValidateCloudProfileExpirableVersionsUpdateAt).
func ValidateCloudProfileSpecUpdateAt(newSpec, oldSpec *core.CloudProfileSpec, fldPath *field.Path, now time.Time) field.ErrorList {
	allErrs := validateCloudProfileLimitsUpdate(newSpec.Limits, oldSpec.Limits, fldPath.Child("limits"))
	allErrs = append(allErrs, ValidateCloudProfileExpirableVersionsUpdateAt(newSpec.Kubernetes.Versions, oldSpec.Kubernetes.Versions, fldPath.Child("kubernetes", "versions"), now)...)
	for i, image := range newSpec.MachineImages {
		j := slices.IndexFunc(oldSpec.MachineImages, func(old core.MachineImage) bool { return old.Name == image.Name })
		if j < 0 {
			continue
		}
		allErrs = append(allErrs, ValidateCloudProfileExpirableVersionsUpdateAt(expirableVersions(image.Versions), expirableVersions(oldSpec.MachineImages[j].Versions),
			fldPath.Child("machineImages").Index(i).Child("versions"), now)...)
	}
	return allErrs
}

func expirableVersions(versions []core.MachineImageVersion) []core.ExpirableVersion {
	out := make([]core.ExpirableVersion, len(versions))
	for i, v := range versions {
		out[i] = v.ExpirableVersion
	}
	return out
}

// ValidateCloudProfileExpirableVersionsUpdate is ValidateCloudProfileExpirableVersionsUpdateAt at
// the current time.
func ValidateCloudProfileExpirableVersionsUpdate(newVersions, oldVersions []core.ExpirableVersion, fldPath *field.Path) field.ErrorList {
	return ValidateCloudProfileExpirableVersionsUpdateAt(newVersions, oldVersions, fldPath, time.Now())
}

// ValidateCloudProfileExpirableVersionsUpdateAt forbids, on the new version's index, turning a
// version listed in both lists unavailable at now when it classified otherwise.
func ValidateCloudProfileExpirableVersionsUpdateAt(newVersions, oldVersions []core.ExpirableVersion, fldPath *field.Path, now time.Time) field.ErrorList {
	allErrs := field.ErrorList{}
	for i, v := range newVersions {
		if j := slices.IndexFunc(oldVersions, func(old core.ExpirableVersion) bool { return old.Version == v.Version }); j >= 0 {
			allErrs = append(allErrs, validateCloudProfileNotTurnedUnavailable(v, oldVersions[j], now, fldPath.Index(i))...)
		}
	}
	return allErrs
}

// validateCloudProfileLimitsUpdate: limits and maxNodesTotal may be added, removed or increased,
// but maxNodesTotal is not decreased.
func validateCloudProfileLimitsUpdate(newLimits, oldLimits *core.Limits, fldPath *field.Path) field.ErrorList {
	if newLimits == nil || oldLimits == nil || newLimits.MaxNodesTotal == nil || oldLimits.MaxNodesTotal == nil ||
		*newLimits.MaxNodesTotal >= *oldLimits.MaxNodesTotal {
		return nil
	}
	return field.ErrorList{field.Invalid(fldPath.Child("maxNodesTotal"), *newLimits.MaxNodesTotal, "maxNodesTotal cannot be decreased")}
}

// ValidateCloudProfileObjectStatusUpdate validates a write to the status subresource: the object
// metadata update rules and ValidateCloudProfileStatusUpdate.
func ValidateCloudProfileObjectStatusUpdate(newProfile, oldProfile *core.CloudProfile) field.ErrorList {
	allErrs := apivalidation.ValidateObjectMetaUpdate(&newProfile.ObjectMeta, &oldProfile.ObjectMeta, field.NewPath("metadata"))
	return append(allErrs, ValidateCloudProfileStatusUpdate(&newProfile.Status, &oldProfile.Status)...)
}

// ValidateCloudProfileStatusUpdate validates a new status: every classification in it is a known
// one (paths under "status").
func ValidateCloudProfileStatusUpdate(newStatus, _ *core.CloudProfileStatus) field.ErrorList {
	allErrs := field.ErrorList{}
	statusPath := field.NewPath("status")
	if k := newStatus.Kubernetes; k != nil {
		allErrs = append(allErrs, validateVersionStatuses(k.Versions, statusPath.Child("kubernetes", "versions"))...)
	}
	for i, image := range newStatus.MachineImages {
		allErrs = append(allErrs, validateVersionStatuses(image.Versions, statusPath.Child("machineImages").Index(i).Child("versions"))...)
	}
	return allErrs
}

// validateCloudProfileMachineTypes checks what a CloudProfile requires of its machine types beyond
// validateMachineTypes (which validateOfferings applies): at least one, and an architecture on
// each when capabilities (the profile's definitions) are empty.
func validateCloudProfileMachineTypes(machineTypes []core.MachineType, capabilities core.Capabilities, fldPath *field.Path) field.ErrorList {
	allErrs := field.ErrorList{}
	if len(machineTypes) == 0 {
		allErrs = append(allErrs, field.Required(fldPath, "must provide at least one machine type"))
	}
	if len(capabilities) > 0 {
		return allErrs
	}
	for i, mt := range machineTypes {
		if mt.Architecture == nil || *mt.Architecture == "" {
			allErrs = append(allErrs, field.Required(fldPath.Index(i).Child("architecture"), "must provide an architecture"))
		}
	}
	return allErrs
}

// validateKubernetesVersions checks a CloudProfile's Kubernetes versions; fldPath is the
// "kubernetes" field.
func validateKubernetesVersions(versions []core.ExpirableVersion, fldPath *field.Path) field.ErrorList {
	allErrs := field.ErrorList{}
	if len(versions) == 0 {
		return append(allErrs, field.Required(fldPath.Child("versions"), "must provide at least one Kubernetes version"))
	}

	allErrs = append(allErrs, validateKubernetesVersionEntries(versions, fldPath.Child("versions"))...)
	latest := -1
	var latestVersion *semver.Version
	for i, v := range versions {
		if !kubernetesVersionPattern.MatchString(v.Version) {
			continue
		}
		if parsed, err := semver.NewVersion(v.Version); err == nil && (latestVersion == nil || parsed.GreaterThan(latestVersion)) {
			latest, latestVersion = i, parsed
		}
	}

	// The latest Kubernetes version must stay available, so that force upgrades always have a
	// target (Gardener's CloudProfile rule). Both errors name "versions[]", not an index.
	if latest >= 0 {
		v := versions[latest]
		if v.ExpirationDate != nil {
			allErrs = append(allErrs, field.Invalid(fldPath.Child("versions[]").Child("expirationDate"), v.ExpirationDate,
				fmt.Sprintf("expiration date of latest kubernetes version ('%s') must not be set", v.Version)))
		}
		if n := len(v.Lifecycle); n > 0 && v.Lifecycle[n-1].Classification == core.ClassificationExpired {
			allErrs = append(allErrs, field.Invalid(fldPath.Child("versions[]").Child("lifecycle"), v.ExpirationDate,
				fmt.Sprintf("classification %s of latest kubernetes version ('%s') must not be set", core.ClassificationExpired, v.Version)))
		}
	}
	return allErrs
}

// validateKubernetesVersionEntries checks each Kubernetes version on its own: the version
// pattern, uniqueness and validateExpirableVersion.
func validateKubernetesVersionEntries(versions []core.ExpirableVersion, fldPath *field.Path) field.ErrorList {
	allErrs := field.ErrorList{}
	seen := sets.New[string]()
	for i, v := range versions {
		idxPath := fldPath.Index(i)
		switch {
		case !kubernetesVersionPattern.MatchString(v.Version):
			allErrs = append(allErrs, field.Invalid(idxPath, v, fmt.Sprintf("all Kubernetes versions must match the regex %s", kubernetesVersionPattern)))
		case seen.Has(v.Version):
			allErrs = append(allErrs, field.Duplicate(idxPath.Child("version"), v.Version))
		}
		seen.Insert(v.Version)
		allErrs = append(allErrs, validateExpirableVersion(v, idxPath)...)
	}
	return allErrs
}

func validateMachineImages(images []core.MachineImage, fldPath *field.Path) field.ErrorList {
	if len(images) == 0 {
		return field.ErrorList{field.Required(fldPath, "must provide at least one machine image")}
	}
	return validateMachineImageEntries(images, true, fldPath)
}

// validateMachineImageEntries checks each machine image on its own: name required and unique,
// updateStrategy patch|minor|major (required when strict), at least one version (when strict),
// versions semantic and unique per image, and validateExpirableVersion per version.
func validateMachineImageEntries(images []core.MachineImage, strict bool, fldPath *field.Path) field.ErrorList {
	allErrs := field.ErrorList{}
	names := sets.New[string]()
	for i, image := range images {
		idxPath := fldPath.Index(i)
		namePath := idxPath.Child("name")
		switch {
		case image.Name == "":
			allErrs = append(allErrs, field.Required(namePath, "machine image name must not be empty"))
		case names.Has(image.Name):
			allErrs = append(allErrs, field.Duplicate(idxPath, image.Name))
		}
		names.Insert(image.Name)

		strategyPath := idxPath.Child("updateStrategy")
		switch {
		case image.UpdateStrategy == nil:
			if strict {
				allErrs = append(allErrs, field.Required(strategyPath, "must provide an update strategy"))
			}
		case !isUpdateStrategy(*image.UpdateStrategy):
			allErrs = append(allErrs, field.NotSupported(strategyPath, *image.UpdateStrategy, updateStrategies))
		}

		versionsPath := idxPath.Child("versions")
		if len(image.Versions) == 0 && strict {
			allErrs = append(allErrs, field.Required(versionsPath, fmt.Sprintf("must provide at least one version for the machine image '%s'", image.Name)))
		}
		seen := sets.New[string]()
		for j, v := range image.Versions {
			if _, err := semver.NewVersion(v.Version); err != nil {
				allErrs = append(allErrs, field.Invalid(versionsPath.Index(j).Child("version"), v.Version, "could not parse version. Use a semantic version. In case there is no semantic version for this image use the extensibility provider (define mapping in the CloudProfile) to map to the actual non semantic version"))
			} else if seen.Has(v.Version) {
				allErrs = append(allErrs, field.Duplicate(versionsPath.Index(j), fmt.Sprintf("%s-%s", image.Name, v.Version)))
			}
			seen.Insert(v.Version)
			allErrs = append(allErrs, validateExpirableVersion(v.ExpirableVersion, versionsPath.Index(j))...)
		}
	}
	return allErrs
}

// validateExpirableVersion checks the classification fields of one CloudProfile version
// (Gardener's validateExpirableVersion, rules B–H): the legacy classification is one of
// preview, supported, deprecated or expired, expired only together with a lifecycle (which in
// turn is forbidden); classification or expirationDate cannot be combined with lifecycle; the
// lifecycle itself follows validateLifecycle.
func validateExpirableVersion(v core.ExpirableVersion, fldPath *field.Path) field.ErrorList {
	allErrs := field.ErrorList{}
	if v.Classification != nil {
		classificationPath := fldPath.Child("classification")
		if !isDeclarable(*v.Classification) {
			allErrs = append(allErrs, field.NotSupported(classificationPath, *v.Classification, declarableClassifications))
		}
		if *v.Classification == core.ClassificationExpired && len(v.Lifecycle) == 0 {
			allErrs = append(allErrs, field.Forbidden(classificationPath, "cannot specify `classification` expired"))
		}
	}
	if (v.Classification != nil || v.ExpirationDate != nil) && len(v.Lifecycle) > 0 {
		allErrs = append(allErrs, field.Forbidden(fldPath, "cannot specify `classification` or `expirationDate` in combination with `lifecycle`"))
	}
	return append(allErrs, validateLifecycle(v.Lifecycle, fldPath.Child("lifecycle"))...)
}

// validateCloudProfileNotTurnedUnavailable forbids (on fldPath, the version) that a version present
// in the old and the new object classifies as unavailable now when it did not before.
func validateCloudProfileNotTurnedUnavailable(newVersion, oldVersion core.ExpirableVersion, now time.Time, fldPath *field.Path) field.ErrorList {
	if turnedUnavailable(effectiveLifecycle(newVersion), effectiveLifecycle(oldVersion), now) {
		return field.ErrorList{field.Forbidden(fldPath, "a version cannot be turned unavailable if it was already moved into a later lifecycle stage")}
	}
	return nil
}
