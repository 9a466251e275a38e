// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package validator

import (
	"fmt"
	"slices"

	"github.com/Masterminds/semver/v3"
	apiequality "k8s.io/apimachinery/pkg/api/equality"
	"k8s.io/apimachinery/pkg/api/resource"
	"k8s.io/apimachinery/pkg/util/sets"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/apiserver/pkg/admission"
	"k8s.io/utils/ptr"

	v1beta1helper "github.com/gep-78/gardener/pkg/api/core/v1beta1/helper"
	"github.com/gep-78/gardener/pkg/apis/core"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	v1beta1constants "github.com/gep-78/gardener/pkg/apis/core/v1beta1/constants"
)

// validateWorkers checks every worker pool against the profile, in this order: machine type,
// image, container runtimes and kubelet constraint, volume, Kubernetes version, zones.
func (c *validationContext) validateWorkers(fldPath *field.Path, a admission.Attributes) field.ErrorList {
	allErrs := field.ErrorList{}
	controlPlaneVersion, cpErr := semver.NewVersion(c.shoot.Spec.Kubernetes.Version)
	for i, worker := range c.shoot.Spec.Provider.Workers {
		idxPath := fldPath.Index(i)
		oldWorker, isNewWorkerPool := c.getOldWorker(worker.Name)

		machineErr := c.validateMachineType(idxPath, worker, oldWorker)
		if machineErr == nil {
			machineErr = c.validateMachineImage(idxPath, worker, oldWorker, isNewWorkerPool, a)
		}
		if machineErr != nil {
			allErrs = append(allErrs, machineErr)
		} else {
			allErrs = append(allErrs, validateContainerRuntimeInterface(c.profile.MachineImages, worker, oldWorker, idxPath.Child("cri"))...)
		}
		if machineErr == nil && cpErr == nil {
			kubeletVersion := controlPlaneVersion
			if worker.Kubernetes != nil && worker.Kubernetes.Version != nil {
				v, err := semver.NewVersion(*worker.Kubernetes.Version)
				if err != nil {
					allErrs = append(allErrs, field.Invalid(idxPath.Child("kubernetes", "version"), *worker.Kubernetes.Version, "cannot determine effective Kubernetes version for worker pool"))
				}
				kubeletVersion = v
			}
			if kubeletVersion != nil {
				if err := validateKubeletVersion(c.profile.MachineImages, worker, kubeletVersion, idxPath); err != nil {
					allErrs = append(allErrs, err)
				}
			}
		}
		if err := c.validateWorkerVolume(idxPath, worker, oldWorker); err != nil {
			allErrs = append(allErrs, err)
		}
		allErrs = append(allErrs, c.validateWorkerKubernetesVersion(idxPath, worker, oldWorker, isNewWorkerPool, a)...)
		allErrs = append(allErrs, validateZones(c.profile.Regions, c.shoot.Spec.Region, c.oldShoot.Spec.Region, worker, oldWorker, idxPath)...)
	}
	return allErrs
}

// validateMachineType checks that a new or changed pool's machine type is offered, usable and
// available in the pool's zones; a profile that lists no machine types constrains none.
func (c *validationContext) validateMachineType(idxPath *field.Path, worker core.Worker, oldWorker core.Worker) *field.Error {
	fldPath := idxPath.Child("machine", "type")
	machine := worker.Machine
	// The empty oldWorker of a new pool has no type, and static validation requires one.
	if len(c.profile.MachineTypes) == 0 ||
		(machine.Type == oldWorker.Machine.Type && ptr.Equal(machine.Architecture, oldWorker.Machine.Architecture)) {
		return nil
	}
	architecture := ptr.Deref(machine.Architecture, v1beta1constants.ArchitectureAMD64)
	var (
		found                           bool
		architectureOK, zonesOK, usable = sets.New[string](), sets.New[string](), sets.New[string]()
		unavailable                     = func(z gardencorev1beta1.AvailabilityZone) []string { return z.UnavailableMachineTypes }
	)
	for _, t := range c.profile.MachineTypes {
		found = found || t.Name == machine.Type
		if machineTypeArchitecture(t, c.profile.MachineCapabilities) == architecture {
			architectureOK.Insert(t.Name)
		}
		if ptr.Deref(t.Usable, false) {
			usable.Insert(t.Name)
		}
		if !c.unavailableInAZone(worker.Zones, t.Name, unavailable) {
			zonesOK.Insert(t.Name)
		}
	}
	supported := sets.List(architectureOK.Intersection(zonesOK).Intersection(usable))
	if !found {
		return field.NotSupported(fldPath, machine.Type, supported)
	}
	if usable.Has(machine.Type) && zonesOK.Has(machine.Type) && architectureOK.Has(machine.Type) {
		return nil
	}
	detail := fmt.Sprintf("machine type %q ", machine.Type)
	if !usable.Has(machine.Type) {
		detail += "is unusable, "
	}
	if !zonesOK.Has(machine.Type) {
		detail += "is unavailable in at least one zone, "
	}
	if !architectureOK.Has(machine.Type) {
		detail += fmt.Sprintf("does not support CPU architecture %q, ", architecture)
	}
	return field.Invalid(fldPath, machine.Type, fmt.Sprintf("%ssupported types are %+v", detail, supported))
}

// architectureCapability is the name of the machine capability that holds the CPU architecture.
const architectureCapability = "architecture"

// machineTypeArchitecture is a machine type's CPU architecture: its single "architecture"
// capability value, else spec.machineTypes[].architecture.
func machineTypeArchitecture(t gardencorev1beta1.MachineType, definitions []gardencorev1beta1.CapabilityDefinition) string {
	for _, d := range definitions {
		if d.Name != architectureCapability {
			continue
		}
		values, ok := t.Capabilities[d.Name]
		if !ok {
			values = d.Values
		}
		if len(values) == 1 {
			return values[0]
		}
	}
	return ptr.Deref(t.Architecture, "")
}

// unavailableInAZone reports whether a zone of the Shoot's region lists the type as unavailable.
func (c *validationContext) unavailableInAZone(zones []string, name string, unavailable func(gardencorev1beta1.AvailabilityZone) []string) bool {
	for _, r := range c.profile.Regions {
		if r.Name != c.shoot.Spec.Region {
			continue
		}
		for _, z := range r.Zones {
			if slices.Contains(zones, z.Name) && slices.Contains(unavailable(z), name) {
				return true
			}
		}
	}
	return false
}

// validateWorkerVolume checks that a new or changed volume type is offered, usable and available in
// the pool's zones, and the size against the minimum of the machine type's or volume type's storage.
func (c *validationContext) validateWorkerVolume(idxPath *field.Path, worker, oldWorker core.Worker) *field.Error {
	fldPath := idxPath.Child("volume")
	volume := worker.Volume
	if volume == nil || volume.Type == nil {
		return nil
	}
	if oldVolume := oldWorker.Volume; oldVolume == nil || oldVolume.Type == nil || *oldVolume.Type != *volume.Type {
		if err := c.validateVolumeType(fldPath.Child("type"), *volume.Type, worker.Zones); err != nil {
			return err
		}
	}
	size, err := resource.ParseQuantity(volume.VolumeSize)
	if err != nil {
		return nil // static validation reports it
	}
	if minSize := c.violatedMinVolumeSize(worker.Machine.Type, *volume.Type, size); minSize != nil {
		return field.Invalid(fldPath.Child("size"), volume.VolumeSize, fmt.Sprintf("size must be >= %s", minSize.String()))
	}
	return nil
}

func (c *validationContext) validateVolumeType(fldPath *field.Path, volumeType string, zones []string) *field.Error {
	var (
		found           bool
		zonesOK, usable = sets.New[string](), sets.New[string]()
		unavailable     = func(z gardencorev1beta1.AvailabilityZone) []string { return z.UnavailableVolumeTypes }
	)
	for _, v := range c.profile.VolumeTypes {
		found = found || v.Name == volumeType
		if ptr.Deref(v.Usable, false) {
			usable.Insert(v.Name)
		}
		if !c.unavailableInAZone(zones, v.Name, unavailable) {
			zonesOK.Insert(v.Name)
		}
	}
	supported := sets.List(usable.Intersection(zonesOK))
	if !found {
		return field.NotSupported(fldPath, volumeType, supported)
	}
	if usable.Has(volumeType) && zonesOK.Has(volumeType) {
		return nil
	}
	detail := fmt.Sprintf("volume type %q ", volumeType)
	if !usable.Has(volumeType) {
		detail += "is unusable, "
	}
	if !zonesOK.Has(volumeType) {
		detail += "is unavailable in at least one zone, "
	}
	return field.Invalid(fldPath, volumeType, fmt.Sprintf("%ssupported types are %+v", detail, supported))
}

// violatedMinVolumeSize returns the first minimum size is below, the machine type's storage then
// the volume type's; nil when size meets both.
func (c *validationContext) violatedMinVolumeSize(machineType, volumeType string, size resource.Quantity) *resource.Quantity {
	for _, t := range c.profile.MachineTypes {
		if t.Name == machineType && t.Storage != nil && t.Storage.MinSize != nil && t.Storage.Type == volumeType && size.Cmp(*t.Storage.MinSize) < 0 {
			return t.Storage.MinSize
		}
	}
	for _, v := range c.profile.VolumeTypes {
		if v.Name == volumeType && v.MinSize != nil && size.Cmp(*v.MinSize) < 0 {
			return v.MinSize
		}
	}
	return nil
}

// validateKubeletVersion refuses an image version whose kubeletVersionConstraint excludes it.
func validateKubeletVersion(constraints []gardencorev1beta1.MachineImage, worker core.Worker, kubeletVersion *semver.Version, fldPath *field.Path) *field.Error {
	image := worker.Machine.Image
	if image == nil {
		return nil
	}
	version := image.Version
	entry, found := v1beta1helper.FindMachineImageVersion(constraints, image.Name, version)
	if !found || v1beta1helper.KubeletVersionSupported(entry, kubeletVersion) {
		return nil
	}
	return field.Invalid(fldPath.Child("machine", "image"), image.Name+":"+version, fmt.Sprintf(
		"machine image '%s@%s' does not support kubelet version '%s', supported kubelet versions by this machine image version: '%s'",
		image.Name, version, kubeletVersion, *entry.KubeletVersionConstraint))
}

// validateWorkerKubernetesVersion checks a pool's changed Kubernetes version like the control
// plane's, and for a new pool not expired.
func (c *validationContext) validateWorkerKubernetesVersion(idxPath *field.Path, worker, oldWorker core.Worker, isNewWorkerPool bool, a admission.Attributes) field.ErrorList {
	if worker.Kubernetes == nil || worker.Kubernetes.Version == nil {
		return nil
	}
	oldVersion := c.oldShoot.Spec.Kubernetes.Version
	if oldWorker.Kubernetes != nil && oldWorker.Kubernetes.Version != nil {
		oldVersion = *oldWorker.Kubernetes.Version
	}
	return c.validateOfferedKubernetesVersion(idxPath.Child("kubernetes", "version"), *worker.Kubernetes.Version, oldVersion,
		a.GetOperation() == admission.Create || isNewWorkerPool)
}

// validateZones checks that a pool's changed zones are zones of region in constraints, each
// once; a new pool's empty oldWorker has no zones.
func validateZones(constraints []gardencorev1beta1.Region, region, oldRegion string, worker, oldWorker core.Worker, fldPath *field.Path) field.ErrorList {
	allErrs := field.ErrorList{}
	if region == oldRegion && apiequality.Semantic.DeepEqual(worker.Zones, oldWorker.Zones) {
		return allErrs
	}
	fldPath = fldPath.Child("zones")
	var valid []string
	for _, r := range constraints {
		if r.Name == region {
			for _, z := range r.Zones {
				valid = append(valid, z.Name)
			}
			break
		}
	}
	used := sets.New[string]()
	for j, zone := range worker.Zones {
		jdxPath := fldPath.Index(j)
		switch {
		case slices.Contains(valid, zone):
		case len(valid) == 0:
			allErrs = append(allErrs, field.Invalid(jdxPath, region, "this region does not support availability zones, please do not configure them"))
		default:
			allErrs = append(allErrs, field.NotSupported(jdxPath, zone, valid))
		}
		if used.Has(zone) {
			allErrs = append(allErrs, field.Duplicate(jdxPath, zone))
		}
		used.Insert(zone)
	}
	return allErrs
}

// validateContainerRuntimeInterface checks that the machine image version of a new pool, or of a
// pool whose CRI or image changed, supports the pool's CRI and container runtimes. An image the
// profile does not offer is left to the machine image check.
func validateContainerRuntimeInterface(constraints []gardencorev1beta1.MachineImage, worker, oldWorker core.Worker, fldPath *field.Path) field.ErrorList {
	if worker.CRI == nil || worker.Machine.Image == nil ||
		(apiequality.Semantic.DeepEqual(worker.CRI, oldWorker.CRI) && apiequality.Semantic.DeepEqual(worker.Machine.Image, oldWorker.Machine.Image)) {
		return nil
	}
	entry, found := v1beta1helper.FindMachineImageVersion(constraints, worker.Machine.Image.Name, worker.Machine.Image.Version)
	if !found {
		return nil
	}
	return validateCRI(entry.CRI, worker, fldPath)
}

// validateCRI refuses a CRI name the image version does not list (Invalid on name) and, for a
// listed one, each container runtime type it does not list with it (Invalid on the entry's type).
func validateCRI(constraints []gardencorev1beta1.CRI, worker core.Worker, fldPath *field.Path) field.ErrorList {
	if worker.CRI == nil {
		return nil
	}
	image := worker.Machine.Image
	i := slices.IndexFunc(constraints, func(cri gardencorev1beta1.CRI) bool { return string(cri.Name) == string(worker.CRI.Name) })
	if i < 0 {
		names := make([]string, 0, len(constraints))
		for _, cri := range constraints {
			names = append(names, string(cri.Name))
		}
		return field.ErrorList{field.Invalid(fldPath.Child("name"), worker.CRI.Name, fmt.Sprintf(
			"machine image '%s@%s' does not support CRI '%s', supported values: %+v", image.Name, image.Version, worker.CRI.Name, names))}
	}
	supported := &core.CRI{}
	if err := gardencorev1beta1.Convert_v1beta1_CRI_To_core_CRI(&constraints[i], supported, nil); err != nil {
		return field.ErrorList{field.Invalid(fldPath, worker.CRI.Name, fmt.Sprintf("cannot read the CloudProfile's CRI: %v", err))}
	}
	allErrs := field.ErrorList{}
	for j, runtime := range worker.CRI.ContainerRuntimes {
		if ok, types := validateCRMembership(supported.ContainerRuntimes, runtime.Type); !ok {
			allErrs = append(allErrs, field.Invalid(fldPath.Child("containerRuntimes").Index(j).Child("type"), runtime.Type, fmt.Sprintf(
				"machine image '%s@%s' does not support container runtime '%s', supported values: %+v", image.Name, image.Version, runtime.Type, types)))
		}
	}
	return allErrs
}

// validateCRMembership reports whether constraints list runtime type cr, and if not the types
// they list.
func validateCRMembership(constraints []core.ContainerRuntime, cr string) (bool, []string) {
	types := make([]string, 0, len(constraints))
	for _, c := range constraints {
		if c.Type == cr {
			return true, nil
		}
		types = append(types, c.Type)
	}
	return false, types
}
