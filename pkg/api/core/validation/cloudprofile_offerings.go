// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package validation

import (
	"crypto/x509"
	"encoding/pem"
	"fmt"
	"slices"
	"strings"

	"github.com/Masterminds/semver/v3"
	"k8s.io/apimachinery/pkg/api/resource"
	apivalidation "k8s.io/apimachinery/pkg/api/validation"
	metav1validation "k8s.io/apimachinery/pkg/apis/meta/v1/validation"
	"k8s.io/apimachinery/pkg/util/sets"
	"k8s.io/apimachinery/pkg/util/validation"
	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/gep-78/gardener/pkg/apis/core"
)

// supportedArchitectures are the CPU architectures Gardener accepts for machine types and
// machine image versions.
var supportedArchitectures = []string{"amd64", "arm64"}

// supportedCRINames are the container runtime interfaces Gardener accepts.
var supportedCRINames = []string{"containerd"}

// validateOfferings checks the parts of a CloudProfile spec beyond versions with Gardener's rules
// (pkg/api/core/validation/cloudprofile.go upstream):
//   - machineTypes and volumeTypes: names required and unique; machine type names are
//     qualified names without prefix; quantities not negative; a machine type's architecture
//     is amd64 or arm64, its storage sets exactly one of size and minSize;
//   - regions: names required and unique; zone and access restriction names unique per
//     region; labels are valid Kubernetes labels;
//   - machine image versions: architectures amd64|arm64, CRI names containerd and unique,
//     container runtime types unique per CRI, kubeletVersionConstraint a semver constraint,
//     inPlaceUpdates.minVersionForUpdate a semver version;
//   - machineCapabilities: names and values unique and non-empty; machine types and image
//     flavors use only defined capabilities and values;
//   - caBundle holds at least one PEM certificate; seedSelector is a valid label selector;
//     bastion names an offered image (and version) and machine type; limits.maxNodesTotal > 0.
//
// That a CloudProfile lists at least one machine type and region is checked by
// ValidateCloudProfile, not here: a merged NamespacedCloudProfile spec is validated with this too.
func validateOfferings(spec *core.CloudProfileSpec, specPath *field.Path) field.ErrorList {
	allErrs := field.ErrorList{}
	capabilities := machineCapabilities(spec.MachineCapabilities)
	allErrs = append(allErrs, validateCapabilityDefinitions(spec.MachineCapabilities, specPath.Child("machineCapabilities"))...)
	allErrs = append(allErrs, validateMachineTypes(spec.MachineTypes, machineCapabilities(spec.MachineCapabilities), specPath.Child("machineTypes"))...)
	allErrs = append(allErrs, validateVolumeTypes(spec.VolumeTypes, specPath.Child("volumeTypes"))...)
	allErrs = append(allErrs, validateRegions(spec.Regions, specPath.Child("regions"))...)
	for i, image := range spec.MachineImages {
		for j, v := range image.Versions {
			allErrs = append(allErrs, validateMachineImageVersionFields(v, capabilities, specPath.Child("machineImages").Index(i).Child("versions").Index(j))...)
		}
	}

	if spec.CABundle != nil {
		allErrs = append(allErrs, validateCABundle(*spec.CABundle, specPath.Child("caBundle"))...)
	}
	if spec.SeedSelector != nil {
		selectorPath := specPath.Child("seedSelector")
		allErrs = append(allErrs, metav1validation.ValidateLabelSelector(&spec.SeedSelector.LabelSelector, metav1validation.LabelSelectorValidationOptions{}, selectorPath)...)
		for i, t := range spec.SeedSelector.ProviderTypes {
			if t == "" {
				allErrs = append(allErrs, field.Required(selectorPath.Child("providerTypes").Index(i), "must not be empty"))
			}
		}
	}
	if spec.Bastion != nil {
		allErrs = append(allErrs, validateBastion(spec, specPath.Child("bastion"))...)
	}
	return append(allErrs, validateCloudProfileLimits(spec.Limits, specPath.Child("limits"))...)
}

// machineCapabilities returns the defined capabilities as name → values (a duplicate name keeps
// its first values; validateCapabilityDefinitions reports it); nil when none are defined.
func machineCapabilities(definitions []core.CapabilityDefinition) core.Capabilities {
	if len(definitions) == 0 {
		return nil
	}
	out := make(core.Capabilities, len(definitions))
	for _, d := range definitions {
		if _, ok := out[d.Name]; !ok {
			out[d.Name] = d.Values
		}
	}
	return out
}

func validateCapabilityDefinitions(definitions []core.CapabilityDefinition, fldPath *field.Path) field.ErrorList {
	allErrs := field.ErrorList{}
	names := sets.New[string]()
	for i, d := range definitions {
		idxPath := fldPath.Index(i)
		switch {
		case d.Name == "":
			allErrs = append(allErrs, field.Required(fldPath, "capability keys must not be empty"))
		case names.Has(d.Name):
			allErrs = append(allErrs, field.Duplicate(idxPath.Child("name"), d.Name))
		}
		names.Insert(d.Name)
		if len(d.Values) == 0 {
			allErrs = append(allErrs, field.Required(fldPath.Child(d.Name), "capability values must not be empty"))
		}
		values := sets.New[string]()
		for j, value := range d.Values {
			switch {
			case value == "":
				allErrs = append(allErrs, field.Required(fldPath.Child(d.Name).Index(j), "capability values must not be empty"))
			case values.Has(value):
				allErrs = append(allErrs, field.Duplicate(idxPath.Child("values").Index(j), value))
			}
			values.Insert(value)
		}
	}
	return allErrs
}

// validateCapabilities checks that a capability map only uses defined capabilities and values;
// definitions nil means none are defined.
func validateCapabilities(capabilities core.Capabilities, definitions core.Capabilities, fldPath *field.Path) field.ErrorList {
	allErrs := field.ErrorList{}
	if len(capabilities) > 0 && definitions == nil {
		return append(allErrs, field.Forbidden(fldPath, "must not provide capabilities without global definition"))
	}
	for _, name := range sets.List(sets.KeySet(capabilities)) {
		allowed, ok := definitions[name]
		if !ok {
			allErrs = append(allErrs, field.NotSupported(fldPath, name, sets.List(sets.KeySet(definitions))))
			continue
		}
		for j, value := range capabilities[name] {
			if !slices.Contains(allowed, value) {
				allErrs = append(allErrs, field.NotSupported(fldPath.Child(name).Index(j), value, allowed))
			}
		}
	}
	return allErrs
}

// validateMachineTypes checks machine types; capabilities are the profile's definitions (nil: none,
// and then a machine type may not name any).
func validateMachineTypes(machineTypes []core.MachineType, capabilities core.Capabilities, fldPath *field.Path) field.ErrorList {
	allErrs := field.ErrorList{}
	names := sets.New[string]()
	for i, mt := range machineTypes {
		idxPath := fldPath.Index(i)
		switch {
		case mt.Name == "":
			allErrs = append(allErrs, field.Required(idxPath.Child("name"), "must provide a name"))
		case names.Has(mt.Name):
			allErrs = append(allErrs, field.Duplicate(idxPath.Child("name"), mt.Name))
		default:
			if msgs := validateUnprefixedQualifiedName(mt.Name); len(msgs) > 0 {
				allErrs = append(allErrs, field.Invalid(idxPath.Child("name"), mt.Name, fmt.Sprintf("machine type name must be a qualified name: %v", msgs)))
			}
		}
		names.Insert(mt.Name)
		allErrs = append(allErrs, validateNonNegativeQuantity(mt.CPU, idxPath.Child("cpu"))...)
		allErrs = append(allErrs, validateNonNegativeQuantity(mt.GPU, idxPath.Child("gpu"))...)
		allErrs = append(allErrs, validateNonNegativeQuantity(mt.Memory, idxPath.Child("memory"))...)
		if mt.Architecture != nil && !sets.New(supportedArchitectures...).Has(*mt.Architecture) {
			allErrs = append(allErrs, field.NotSupported(idxPath.Child("architecture"), *mt.Architecture, supportedArchitectures))
		}
		if s := mt.Storage; s != nil {
			storagePath := idxPath.Child("storage")
			switch {
			case s.StorageSize == nil && s.MinSize == nil:
				allErrs = append(allErrs, field.Invalid(storagePath, *s, `must either configure "size" or "minSize"`))
			case s.StorageSize != nil && s.MinSize != nil:
				allErrs = append(allErrs, field.Invalid(storagePath, *s, `not allowed to configure both "size" and "minSize"`))
			}
			if s.StorageSize != nil {
				allErrs = append(allErrs, validateNonNegativeQuantity(*s.StorageSize, storagePath.Child("size"))...)
			}
			if s.MinSize != nil {
				allErrs = append(allErrs, validateNonNegativeQuantity(*s.MinSize, storagePath.Child("minSize"))...)
			}
		}
		allErrs = append(allErrs, validateCapabilities(mt.Capabilities, capabilities, idxPath.Child("capabilities"))...)
	}
	return allErrs
}

// validateUnprefixedQualifiedName returns why name is not a Kubernetes qualified name without a prefix;
// nil when it is one.
func validateUnprefixedQualifiedName(name string) []string {
	if msgs := validation.IsQualifiedName(name); len(msgs) > 0 {
		return msgs
	}
	if strings.Contains(name, "/") {
		return []string{fmt.Sprintf("name '%s' must not contain a prefix", name)}
	}
	return nil
}

func validateVolumeTypes(volumeTypes []core.VolumeType, fldPath *field.Path) field.ErrorList {
	allErrs := field.ErrorList{}
	names := sets.New[string]()
	for i, vt := range volumeTypes {
		idxPath := fldPath.Index(i)
		switch {
		case vt.Name == "":
			allErrs = append(allErrs, field.Required(idxPath.Child("name"), "must provide a name"))
		case names.Has(vt.Name):
			allErrs = append(allErrs, field.Duplicate(idxPath.Child("name"), vt.Name))
		}
		names.Insert(vt.Name)
		if vt.MinSize != nil {
			allErrs = append(allErrs, validateNonNegativeQuantity(*vt.MinSize, idxPath.Child("minSize"))...)
		}
	}
	return allErrs
}

func validateRegions(regions []core.Region, fldPath *field.Path) field.ErrorList {
	allErrs := field.ErrorList{}
	names := sets.New[string]()
	for i, region := range regions {
		idxPath := fldPath.Index(i)
		switch {
		case region.Name == "":
			allErrs = append(allErrs, field.Required(idxPath.Child("name"), "must provide a region name"))
		case names.Has(region.Name):
			allErrs = append(allErrs, field.Duplicate(idxPath.Child("name"), region.Name))
		}
		names.Insert(region.Name)

		zones := sets.New[string]()
		for j, zone := range region.Zones {
			zonePath := idxPath.Child("zones").Index(j).Child("name")
			switch {
			case zone.Name == "":
				allErrs = append(allErrs, field.Required(zonePath, "zone name cannot be empty"))
			case zones.Has(zone.Name):
				allErrs = append(allErrs, field.Duplicate(zonePath, zone.Name))
			}
			zones.Insert(zone.Name)
		}
		allErrs = append(allErrs, metav1validation.ValidateLabels(region.Labels, idxPath.Child("labels"))...)

		restrictions := sets.New[string]()
		for j, r := range region.AccessRestrictions {
			namePath := idxPath.Child("accessRestrictions").Index(j).Child("name")
			switch {
			case r.Name == "":
				allErrs = append(allErrs, field.Required(namePath, "must name the access restriction"))
			case restrictions.Has(r.Name):
				allErrs = append(allErrs, field.Duplicate(namePath, r.Name))
			}
			restrictions.Insert(r.Name)
		}
	}
	return allErrs
}

func validateMachineImageVersionFields(v core.MachineImageVersion, capabilities core.Capabilities, fldPath *field.Path) field.ErrorList {
	allErrs := validateMachineImageVersionOwnFields(v, fldPath)
	for i, flavor := range v.CapabilityFlavors {
		allErrs = append(allErrs, validateCapabilities(flavor.Capabilities, capabilities, fldPath.Child("capabilityFlavors").Index(i))...)
	}
	return allErrs
}

// validateMachineImageVersionOwnFields checks the fields of a machine image version that need no
// capability definitions: architectures, CRI, kubeletVersionConstraint, inPlaceUpdates.
func validateMachineImageVersionOwnFields(v core.MachineImageVersion, fldPath *field.Path) field.ErrorList {
	allErrs := field.ErrorList{}
	for i, arch := range v.Architectures {
		if !sets.New(supportedArchitectures...).Has(arch) {
			allErrs = append(allErrs, field.NotSupported(fldPath.Child("architectures").Index(i), arch, supportedArchitectures))
		}
	}

	criNames := sets.New[string]()
	for i, cri := range v.CRI {
		criPath := fldPath.Child("cri").Index(i)
		switch {
		case !sets.New(supportedCRINames...).Has(string(cri.Name)):
			allErrs = append(allErrs, field.NotSupported(criPath.Child("name"), cri.Name, supportedCRINames))
		case criNames.Has(string(cri.Name)):
			allErrs = append(allErrs, field.Duplicate(criPath, cri.Name))
		}
		criNames.Insert(string(cri.Name))
		runtimes := sets.New[string]()
		for j, rt := range cri.ContainerRuntimes {
			runtimePath := criPath.Child("containerRuntimes").Index(j)
			typePath := runtimePath.Child("type")
			if len(rt.Components) > 0 {
				allErrs = append(allErrs, field.Forbidden(runtimePath.Child("components"),
					"a profile offers container runtimes; their component versions are pinned in a Shoot's worker pool"))
			}
			switch {
			case rt.Type == "":
				allErrs = append(allErrs, field.Invalid(typePath, rt.Type, fmt.Sprintf("container runtime type must be a qualified name: %v", validateUnprefixedQualifiedName(rt.Type))))
			case runtimes.Has(rt.Type):
				allErrs = append(allErrs, field.Duplicate(typePath, rt.Type))
			}
			runtimes.Insert(rt.Type)
		}
	}

	if c := v.KubeletVersionConstraint; c != nil {
		if _, err := semver.NewConstraint(*c); err != nil {
			allErrs = append(allErrs, field.Invalid(fldPath.Child("kubeletVersionConstraint"), c, fmt.Sprintf("cannot parse the kubeletVersionConstraint: %s", err.Error())))
		}
	}
	if u := v.InPlaceUpdates; u != nil && u.MinVersionForUpdate != nil {
		if _, err := semver.NewVersion(*u.MinVersionForUpdate); err != nil {
			allErrs = append(allErrs, field.Invalid(fldPath.Child("minVersionForInPlaceUpdate"), *u.MinVersionForUpdate, "could not parse version. Use a semantic version."))
		}
	}
	return allErrs
}

// validateCABundle requires one or more PEM blocks, each a parseable CERTIFICATE.
func validateCABundle(bundle string, fldPath *field.Path) field.ErrorList {
	invalid := field.ErrorList{field.Invalid(fldPath, bundle, "caBundle is not a valid PEM-encoded certificate")}
	rest := []byte(bundle)
	found := false
	for {
		var block *pem.Block
		block, rest = pem.Decode(rest)
		if block == nil {
			break
		}
		if block.Type != "CERTIFICATE" {
			return invalid
		}
		if _, err := x509.ParseCertificate(block.Bytes); err != nil {
			return invalid
		}
		found = true
	}
	if !found {
		return invalid
	}
	return nil
}

func validateBastion(spec *core.CloudProfileSpec, fldPath *field.Path) field.ErrorList {
	allErrs := field.ErrorList{}
	if img := spec.Bastion.MachineImage; img != nil {
		imagePath := fldPath.Child("machineImage")
		var image *core.MachineImage
		for i := range spec.MachineImages {
			if spec.MachineImages[i].Name == img.Name {
				image = &spec.MachineImages[i]
			}
		}
		switch {
		case img.Name == "" || image == nil:
			allErrs = append(allErrs, field.Invalid(imagePath.Child("name"), img.Name, "image name not found in spec.machineImages"))
		case img.Version != nil:
			offered := false
			for _, v := range image.Versions {
				offered = offered || v.Version == *img.Version
			}
			if !offered {
				allErrs = append(allErrs, field.Invalid(imagePath.Child("version"), img.Version, "image version not found in spec.machineImages"))
			}
		}
	}
	if mt := spec.Bastion.MachineType; mt != nil {
		offered := false
		for _, t := range spec.MachineTypes {
			offered = offered || t.Name == mt.Name
		}
		if !offered {
			allErrs = append(allErrs, field.Invalid(fldPath.Child("machineType", "name"), mt.Name, "machine type not found in spec.machineTypes"))
		}
	}
	return allErrs
}

func validateNonNegativeQuantity(q resource.Quantity, fldPath *field.Path) field.ErrorList {
	if q.Sign() < 0 {
		return field.ErrorList{field.Invalid(fldPath, q.String(), apivalidation.IsNegativeErrorMsg)}
	}
	return nil
}
