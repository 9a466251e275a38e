// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package helper

import (
	"slices"

	"github.com/Masterminds/semver/v3"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	v1beta1constants "github.com/gep-78/gardener/pkg/apis/core/v1beta1/constants"
	versionutils "github.com/gep-78/gardener/pkg/utils/version"
)

// architectureCapability is the name of the architecture capability (machineCapabilities).
const architectureCapability = "architecture"

// ArchitectureSupportedByDefaultedImageVersion is ArchitectureSupportedByImageVersion on the version
// as defaulted: one that yields no architecture supports amd64.
func ArchitectureSupportedByDefaultedImageVersion(version gardencorev1beta1.MachineImageVersion, architecture string, capabilityDefinitions []gardencorev1beta1.CapabilityDefinition) bool {
	if len(GetArchitecturesFromImageVersion(version, capabilityDefinitions)) == 0 {
		return architecture == v1beta1constants.ArchitectureAMD64
	}
	return ArchitectureSupportedByImageVersion(version, architecture, capabilityDefinitions)
}

// MachineImageVersionsForWorker returns the versions of image a worker pool can run, in profile
// order: those supporting its architecture (as defaulted) and CRI, admitting its kubelet version
// and, for in-place updates, updatable in place from the current version.
func MachineImageVersionsForWorker(image *gardencorev1beta1.MachineImage, worker gardencorev1beta1.Worker, kubeletVersion *semver.Version) *gardencorev1beta1.MachineImage {
	architecture := workerArchitecture(worker)
	return machineImageVersionsFor(image, worker, kubeletVersion, func(v gardencorev1beta1.MachineImageVersion) bool {
		return ArchitectureSupportedByDefaultedImageVersion(v, architecture, nil)
	})
}

// MachineImageVersionsForWorkerAndType is MachineImageVersionsForWorker as Gardener's maintenance
// filters (FilterMachineImageVersions): the architecture as ArchitectureSupportedByImageVersion
// reads it, and the machine type's capabilities (a nil machineType asks for none).
func MachineImageVersionsForWorkerAndType(image *gardencorev1beta1.MachineImage, worker gardencorev1beta1.Worker, kubeletVersion *semver.Version, machineType *gardencorev1beta1.MachineType, capabilityDefinitions []gardencorev1beta1.CapabilityDefinition) *gardencorev1beta1.MachineImage {
	architecture := workerArchitecture(worker)
	var capabilities gardencorev1beta1.Capabilities
	if machineType != nil {
		capabilities = machineType.Capabilities
	}
	return machineImageVersionsFor(image, worker, kubeletVersion, func(v gardencorev1beta1.MachineImageVersion) bool {
		return ArchitectureSupportedByImageVersion(v, architecture, capabilityDefinitions) &&
			(len(capabilityDefinitions) == 0 || AreCapabilitiesSupportedByImageFlavors(capabilities, v.CapabilityFlavors, capabilityDefinitions))
	})
}

func workerArchitecture(worker gardencorev1beta1.Worker) string {
	if worker.Machine.Architecture != nil && *worker.Machine.Architecture != "" {
		return *worker.Machine.Architecture
	}
	return v1beta1constants.ArchitectureAMD64
}

func machineImageVersionsFor(image *gardencorev1beta1.MachineImage, worker gardencorev1beta1.Worker, kubeletVersion *semver.Version, supportsMachine func(gardencorev1beta1.MachineImageVersion) bool) *gardencorev1beta1.MachineImage {
	cri := gardencorev1beta1.CRI{Name: gardencorev1beta1.CRINameContainerD}
	if worker.CRI != nil && worker.CRI.Name != "" {
		cri = *worker.CRI
	}
	var currentVersion *string
	if worker.Machine.Image != nil {
		currentVersion = worker.Machine.Image.Version
	}
	inPlace := IsUpdateStrategyInPlace(worker.UpdateStrategy)

	out := &gardencorev1beta1.MachineImage{
		Name:           image.Name,
		UpdateStrategy: image.UpdateStrategy,
		Versions:       []gardencorev1beta1.MachineImageVersion{},
	}
	for _, v := range image.Versions {
		if supportsMachine(v) && supportsCRI(v, cri) &&
			(kubeletVersion == nil || KubeletVersionSupported(v, kubeletVersion)) &&
			(!inPlace || updatableInPlace(v, currentVersion)) {
			out.Versions = append(out.Versions, v)
		}
	}
	return out
}

func supportsCRI(v gardencorev1beta1.MachineImageVersion, wanted gardencorev1beta1.CRI) bool {
	if len(v.CRI) == 0 {
		return wanted.Name == gardencorev1beta1.CRINameContainerD && len(wanted.ContainerRuntimes) == 0
	}
	for _, offered := range v.CRI {
		if offered.Name != wanted.Name {
			continue
		}
		for _, runtime := range wanted.ContainerRuntimes {
			if !slices.ContainsFunc(offered.ContainerRuntimes, func(r gardencorev1beta1.ContainerRuntime) bool { return r.Type == runtime.Type }) {
				return false
			}
		}
		return true
	}
	return false
}

func updatableInPlace(v gardencorev1beta1.MachineImageVersion, current *string) bool {
	if current == nil || v.InPlaceUpdates == nil || !v.InPlaceUpdates.Supported {
		return false
	}
	if v.Version == *current {
		return true
	}
	if v.InPlaceUpdates.MinVersionForUpdate == nil {
		return false
	}
	ok, _ := versionutils.CompareVersions(*v.InPlaceUpdates.MinVersionForUpdate, "<=", *current)
	return ok
}

// KubeletVersionSupported reports whether a machine image version's kubeletVersionConstraint admits
// the kubelet version; a constraint that does not parse admits nothing.
func KubeletVersionSupported(version gardencorev1beta1.MachineImageVersion, kubeletVersion *semver.Version) bool {
	if version.KubeletVersionConstraint == nil {
		return true
	}
	constraint, err := semver.NewConstraint(*version.KubeletVersionConstraint)
	return err == nil && constraint.Check(kubeletVersion)
}
