// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package helper

import (
	"github.com/Masterminds/semver/v3"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	v1beta1constants "github.com/gep-78/gardener/pkg/apis/core/v1beta1/constants"
	"github.com/gep-78/gardener/pkg/utils"
)

// CalculateEffectiveKubernetesVersion returns the kubelet version of a worker pool: its own
// Kubernetes version when set, else controlPlaneVersion.
func CalculateEffectiveKubernetesVersion(controlPlaneVersion *semver.Version, workerKubernetes *gardencorev1beta1.WorkerKubernetes) (*semver.Version, error) {
	if workerKubernetes != nil && workerKubernetes.Version != nil {
		return semver.NewVersion(*workerKubernetes.Version)
	}
	return controlPlaneVersion, nil
}

// IsWorkerless reports whether the Shoot has no worker pools.
func IsWorkerless(shoot *gardencorev1beta1.Shoot) bool {
	return len(shoot.Spec.Provider.Workers) == 0
}

// IsUpdateStrategyInPlace reports whether a pool's update strategy updates machines in place.
func IsUpdateStrategyInPlace(updateStrategy *gardencorev1beta1.MachineUpdateStrategy) bool {
	return updateStrategy != nil && (*updateStrategy == gardencorev1beta1.AutoInPlaceUpdate || *updateStrategy == gardencorev1beta1.ManualInPlaceUpdate)
}

// GetShootGardenerOperations returns the operations of the gardener.cloud/operation annotation,
// split at ";" and trimmed.
func GetShootGardenerOperations(annotations map[string]string) []string {
	return utils.SplitAndTrimString(annotations[v1beta1constants.GardenerOperation], v1beta1constants.GardenerOperationsSeparator)
}

// GetShootMaintenanceOperations returns the operations of the maintenance.gardener.cloud/operation
// annotation, split at ";" and trimmed.
func GetShootMaintenanceOperations(annotations map[string]string) []string {
	return utils.SplitAndTrimString(annotations[v1beta1constants.GardenerMaintenanceOperation], v1beta1constants.GardenerOperationsSeparator)
}
