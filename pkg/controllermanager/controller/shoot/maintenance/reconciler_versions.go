// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package maintenance

import (
	"fmt"
	"time"

	"github.com/Masterminds/semver/v3"
	"github.com/go-logr/logr"

	v1beta1helper "github.com/gep-78/gardener/pkg/api/core/v1beta1/helper"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	"github.com/gep-78/gardener/pkg/controllermanager/controller/shoot/maintenance/helper"
	gardenerutils "github.com/gep-78/gardener/pkg/utils/gardener"
)

// maintainMachineImages is maintainMachineImagesAt at time.Now.
func maintainMachineImages(log logr.Logger, shoot *gardencorev1beta1.Shoot, cloudProfile *gardencorev1beta1.CloudProfile) (map[string]updateResult, error) {
	return maintainMachineImagesAt(log, shoot, cloudProfile, time.Now())
}

// maintainMachineImagesAt updates the machine image versions of shoot's pools at now and returns
// a result per pool that changed or failed; a pool the profile cannot run ends it with an error.
func maintainMachineImagesAt(log logr.Logger, shoot *gardencorev1beta1.Shoot, cloudProfile *gardencorev1beta1.CloudProfile, now time.Time) (map[string]updateResult, error) {
	maintenanceResults := make(map[string]updateResult)

	controlPlaneVersion, err := semver.NewVersion(shoot.Spec.Kubernetes.Version)
	if err != nil {
		return nil, err
	}

	for i, worker := range shoot.Spec.Provider.Workers {
		workerImage := worker.Machine.Image
		if workerImage == nil || workerImage.Version == nil {
			continue
		}
		workerLog := log.WithValues("worker", worker.Name, "image", workerImage.Name, "version", workerImage.Version)

		machineTypeFromCloudProfile := v1beta1helper.FindMachineTypeByName(cloudProfile.Spec.MachineTypes, worker.Machine.Type)
		if machineTypeFromCloudProfile == nil {
			return nil, fmt.Errorf("machine type %q of worker %q does not exist in cloudprofile", worker.Machine.Type, worker.Name)
		}

		machineImageFromCloudProfile, err := helper.DetermineMachineImage(cloudProfile, workerImage)
		if err != nil {
			return nil, err
		}

		kubeletVersion, err := v1beta1helper.CalculateEffectiveKubernetesVersion(controlPlaneVersion, worker.Kubernetes)
		if err != nil {
			return nil, err
		}

		filteredMachineImageVersionsFromCloudProfile := helper.FilterMachineImageVersions(&machineImageFromCloudProfile, worker, kubeletVersion, machineTypeFromCloudProfile, cloudProfile.Spec.MachineCapabilities)

		shouldBeUpdated, reason, isExpired := shouldMachineImageVersionBeUpdatedAt(workerImage, filteredMachineImageVersionsFromCloudProfile, gardenerutils.MachineImageAutoUpdateEnabled(shoot), now)
		if !shouldBeUpdated {
			continue
		}

		updatedMachineImageVersion, err := helper.DetermineMachineImageVersionAt(workerImage, filteredMachineImageVersionsFromCloudProfile, isExpired, now)
		if err != nil {
			workerLog.Error(err, "Maintenance of machine image failed")
			maintenanceResults[worker.Name] = updateResult{
				description:  fmt.Sprintf("failed to update machine image %q: %s", workerImage.Name, err.Error()),
				reason:       reason,
				isSuccessful: false,
			}
			continue
		}
		// current version is already the latest
		if updatedMachineImageVersion == "" {
			continue
		}

		workerLog.Info("MachineImage will be updated", "newVersion", updatedMachineImageVersion, "reason", reason)
		maintenanceResults[worker.Name] = updateResult{
			description:  fmt.Sprintf("Updated machine image %q from %q to %q", workerImage.Name, *workerImage.Version, updatedMachineImageVersion),
			reason:       reason,
			isSuccessful: true,
		}
		shoot.Spec.Provider.Workers[i].Machine.Image.Version = &updatedMachineImageVersion
	}

	return maintenanceResults, nil
}

// maintainKubernetesVersion is maintainKubernetesVersionAt at time.Now.
func maintainKubernetesVersion(log logr.Logger, kubernetesVersion string, autoUpdate bool, profile *gardencorev1beta1.CloudProfile, updateFunc func(string) (string, error)) (*updateResult, error) {
	return maintainKubernetesVersionAt(log, kubernetesVersion, autoUpdate, profile, updateFunc, time.Now())
}

// maintainKubernetesVersionAt decides the Kubernetes version kubernetesVersion at now; a target
// goes to updateFunc, which applies it and returns the version applied. It returns nil when
// nothing is to be done, else the result; a failed result also as the error.
func maintainKubernetesVersionAt(log logr.Logger, kubernetesVersion string, autoUpdate bool, profile *gardencorev1beta1.CloudProfile, updateFunc func(string) (string, error), now time.Time) (*updateResult, error) {
	shouldBeUpdated, reason, isExpired, err := shouldKubernetesVersionBeUpdatedAt(kubernetesVersion, autoUpdate, profile, now)
	if err != nil {
		return nil, err
	}
	if !shouldBeUpdated {
		return nil, nil
	}

	updatedKubernetesVersion, err := determineKubernetesVersionAt(kubernetesVersion, profile, isExpired, now)
	if err != nil {
		return &updateResult{
			description:  fmt.Sprintf("could not determine higher suitable version than %q: %v", kubernetesVersion, err),
			reason:       reason,
			isSuccessful: false,
		}, err
	}
	// current version is already the latest
	if updatedKubernetesVersion == "" {
		return nil, nil
	}

	actualUpdatedKubernetesVersion, err := updateFunc(updatedKubernetesVersion)
	if err != nil {
		return &updateResult{
			description:  err.Error(),
			reason:       reason,
			isSuccessful: false,
		}, err
	}

	log.Info("Kubernetes version will be updated", "version", kubernetesVersion, "newVersion", actualUpdatedKubernetesVersion, "reason", reason)
	return &updateResult{
		description:  fmt.Sprintf("Updated Kubernetes version from %q to %q", kubernetesVersion, actualUpdatedKubernetesVersion),
		reason:       reason,
		isSuccessful: true,
	}, nil
}

// determineKubernetesVersion is determineKubernetesVersionAt at time.Now.
func determineKubernetesVersion(kubernetesVersion string, profile *gardencorev1beta1.CloudProfile, isExpired bool) (string, error) {
	return determineKubernetesVersionAt(kubernetesVersion, profile, isExpired, time.Now())
}

// determineKubernetesVersionAt returns the target of kubernetesVersion at now: the latest patch of
// its minor, else, when it is expired, the latest patch of the next minor; "" when there is none
// and the version is not expired.
func determineKubernetesVersionAt(kubernetesVersion string, profile *gardencorev1beta1.CloudProfile, isExpired bool, now time.Time) (string, error) {
	getHigherVersionAutoUpdate := func(versions []gardencorev1beta1.ExpirableVersion, currentVersion string) (bool, string, error) {
		return v1beta1helper.GetLatestVersionForPatchAutoUpdateAt(versions, currentVersion, now)
	}
	getHigherVersionForceUpdate := func(versions []gardencorev1beta1.ExpirableVersion, currentVersion string) (bool, string, error) {
		return v1beta1helper.GetVersionForForcefulUpdateToConsecutiveMinorAt(versions, currentVersion, now)
	}

	return helper.DetermineVersionForStrategy(profile.Spec.Kubernetes.Versions, kubernetesVersion, getHigherVersionAutoUpdate, getHigherVersionForceUpdate, isExpired)
}

// shouldKubernetesVersionBeUpdated is shouldKubernetesVersionBeUpdatedAt at time.Now.
func shouldKubernetesVersionBeUpdated(kubernetesVersion string, autoUpdate bool, profile *gardencorev1beta1.CloudProfile) (shouldBeUpdated bool, reason string, isExpired bool, err error) {
	return shouldKubernetesVersionBeUpdatedAt(kubernetesVersion, autoUpdate, profile, time.Now())
}

// shouldKubernetesVersionBeUpdatedAt reports whether kubernetesVersion must be updated (not in the
// profile, or expired at now: isExpired) or may be (autoUpdate), and why.
func shouldKubernetesVersionBeUpdatedAt(kubernetesVersion string, autoUpdate bool, profile *gardencorev1beta1.CloudProfile, now time.Time) (shouldBeUpdated bool, reason string, isExpired bool, err error) {
	versionExistsInCloudProfile, version, err := v1beta1helper.KubernetesVersionExistsInCloudProfile(profile, kubernetesVersion)
	if err != nil {
		return false, "", false, err
	}

	switch {
	case !versionExistsInCloudProfile:
		return true, "Version does not exist in CloudProfile", true, nil
	case v1beta1helper.CurrentLifecycleClassificationAt(version, now) == gardencorev1beta1.ClassificationExpired:
		return true, "Kubernetes version expired - force update required", true, nil
	case autoUpdate:
		return true, "Automatic update of Kubernetes version configured", false, nil
	}
	return false, "", false, nil
}

// shouldMachineImageVersionBeUpdated is shouldMachineImageVersionBeUpdatedAt at time.Now.
func shouldMachineImageVersionBeUpdated(shootMachineImage *gardencorev1beta1.ShootMachineImage, machineImage *gardencorev1beta1.MachineImage, autoUpdate bool) (shouldBeUpdated bool, reason string, isExpired bool) {
	return shouldMachineImageVersionBeUpdatedAt(shootMachineImage, machineImage, autoUpdate, time.Now())
}

// shouldMachineImageVersionBeUpdatedAt reports whether the pool's image version must (unlisted or
// expired at now) or may (autoUpdate) be updated, and why.
func shouldMachineImageVersionBeUpdatedAt(shootMachineImage *gardencorev1beta1.ShootMachineImage, machineImage *gardencorev1beta1.MachineImage, autoUpdate bool, now time.Time) (shouldBeUpdated bool, reason string, isExpired bool) {
	versionExistsInCloudProfile, versionIndex := v1beta1helper.ShootMachineImageVersionExists(*machineImage, *shootMachineImage)
	strategy := v1beta1helper.MachineImageUpdateStrategyOf(*machineImage)

	switch {
	case !versionExistsInCloudProfile:
		return true, "Version does not exist in CloudProfile", true
	case v1beta1helper.CurrentLifecycleClassificationAt(machineImage.Versions[versionIndex].ExpirableVersion, now) == gardencorev1beta1.ClassificationExpired:
		return true, fmt.Sprintf("Machine image version expired - force update required (image update strategy: %s)", strategy), true
	case autoUpdate:
		return true, fmt.Sprintf("Automatic update of the machine image version is configured (image update strategy: %s)", strategy), false
	}
	return false, "", false
}
