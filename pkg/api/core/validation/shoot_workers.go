// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package validation

import (
	"github.com/Masterminds/semver/v3"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/utils/ptr"

	"github.com/gep-78/gardener/pkg/apis/core"
)

// validateWorkerKubernetesVersions checks each pool's spec.provider.workers[].kubernetes.version
// against the control plane as Gardener does (validateWorkerGroupAndControlPlaneKubernetesVersion):
// not higher than the control plane's, and at most three minor versions behind it (Kubernetes'
// kubelet skew), Forbidden on the pool's kubernetes.version. Versions that do not parse are left
// to the version checks that report them. Updates are ValidateShootSpecUpdate's.
func validateWorkerKubernetesVersions(spec *core.ShootSpec, specPath *field.Path) field.ErrorList {
	allErrs := field.ErrorList{}
	for i, worker := range spec.Provider.Workers {
		if poolVersion := poolKubernetesVersion(worker); poolVersion != nil {
			fldPath := specPath.Child("provider", "workers").Index(i).Child("kubernetes", "version")
			allErrs = append(allErrs, validateWorkerGroupAndControlPlaneKubernetesVersion(spec.Kubernetes.Version, *poolVersion, fldPath)...)
		}
	}
	return allErrs
}

func poolKubernetesVersion(worker core.Worker) *string {
	if worker.Kubernetes == nil {
		return nil
	}
	return worker.Kubernetes.Version
}

func isUpdateStrategyInPlace(strategy *core.MachineUpdateStrategy) bool {
	s := ptr.Deref(strategy, "")
	return s == core.AutoInPlaceUpdate || s == core.ManualInPlaceUpdate
}

// validateWorkerGroupAndControlPlaneKubernetesVersion: the pool's version is at most the control
// plane's and more than three minor versions behind it is refused (upstream's rule and messages).
// A version that does not parse yields no error here (the version checks report it).
func validateWorkerGroupAndControlPlaneKubernetesVersion(controlPlaneVersion, workerGroupVersion string, fldPath *field.Path) field.ErrorList {
	controlPlane, err := semver.NewVersion(controlPlaneVersion)
	if err != nil {
		return nil
	}
	pool, err := semver.NewVersion(workerGroupVersion)
	if err != nil {
		return nil
	}
	allErrs := field.ErrorList{}
	if pool.GreaterThan(controlPlane) {
		allErrs = append(allErrs, field.Forbidden(fldPath, "worker group kubernetes version must not be higher than control plane version"))
	}
	if skew := pool.IncMinor().IncMinor().IncMinor().IncMinor(); !controlPlane.LessThan(&skew) {
		allErrs = append(allErrs, field.Forbidden(fldPath, "worker group kubernetes version must be at most three minor versions behind control plane version"))
	}
	return allErrs
}
