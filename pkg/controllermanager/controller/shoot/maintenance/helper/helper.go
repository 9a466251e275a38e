// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Package helper holds the version helpers of shoot maintenance; they delegate to the decisions
// in pkg/api/core/v1beta1/helper, which Shoot admission shares.
package helper

import (
	"fmt"
	"time"

	"github.com/Masterminds/semver/v3"

	v1beta1helper "github.com/gep-78/gardener/pkg/api/core/v1beta1/helper"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
)

// FilterMachineImageVersions returns the versions of machineImageFromCloudProfile the worker pool
// of the machine type can run.
func FilterMachineImageVersions(
	machineImageFromCloudProfile *gardencorev1beta1.MachineImage,
	worker gardencorev1beta1.Worker,
	kubeletVersion *semver.Version,
	machineTypeFromCloudProfile *gardencorev1beta1.MachineType,
	capabilityDefinitions []gardencorev1beta1.CapabilityDefinition,
) *gardencorev1beta1.MachineImage {
	return v1beta1helper.MachineImageVersionsForWorkerAndType(machineImageFromCloudProfile, worker, kubeletVersion, machineTypeFromCloudProfile, capabilityDefinitions)
}

// DetermineMachineImage returns the machine image of cloudProfile named like shootMachineImage
// (ignoring case), or an error naming both when the profile has none.
func DetermineMachineImage(cloudProfile *gardencorev1beta1.CloudProfile, shootMachineImage *gardencorev1beta1.ShootMachineImage) (gardencorev1beta1.MachineImage, error) {
	found, image := v1beta1helper.DetermineMachineImageForName(cloudProfile, shootMachineImage.Name)
	if !found {
		return gardencorev1beta1.MachineImage{}, fmt.Errorf("failure while determining the default machine image in the CloudProfile: no machineImage with name %q (specified in shoot) could be found in the cloudProfile %q", shootMachineImage.Name, cloudProfile.Name)
	}
	return image, nil
}

// GetHigherVersion takes the versions of a CloudProfile and the current version and returns
// whether a higher suitable version was found, the version, or an error.
type GetHigherVersion func(versions []gardencorev1beta1.ExpirableVersion, currentVersion string) (bool, string, error)

// DetermineMachineImageVersion is DetermineMachineImageVersionAt at time.Now.
func DetermineMachineImageVersion(shootMachineImage *gardencorev1beta1.ShootMachineImage, machineImage *gardencorev1beta1.MachineImage, isExpired bool) (string, error) {
	return DetermineMachineImageVersionAt(shootMachineImage, machineImage, isExpired, time.Now())
}

// DetermineVersionForStrategy returns the auto-update target of currentVersion, else for an
// expired version the force target.
func DetermineVersionForStrategy(expirableVersions []gardencorev1beta1.ExpirableVersion, currentVersion string, getHigherVersionAutoUpdate GetHigherVersion, getHigherVersionForceUpdate GetHigherVersion, isCurrentVersionExpired bool) (string, error) {
	return v1beta1helper.TargetVersionForStrategy(expirableVersions, currentVersion, getHigherVersionAutoUpdate, getHigherVersionForceUpdate, isCurrentVersionExpired)
}
