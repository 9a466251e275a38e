// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package validation

import (
	"slices"

	"github.com/Masterminds/semver/v3"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/utils/ptr"

	"github.com/gep-78/gardener/pkg/apis/core"
)

// validateWorkerKubernetesVersions checks each pool's spec.provider.workers[].kubernetes.version
// against the control plane as Gardener does (validateWorkerGroupAndControlPlaneKubernetesVersion
// and, on update, ValidateKubernetesVersionUpdate per pool), all Forbidden on the pool's
// kubernetes.version:
//   - a pool version is not higher than the control plane's, and at most three minor versions
//     behind it (Kubernetes' kubelet skew);
//   - on update a pool's effective version (its own, else the control plane's) is not
//     downgraded; a pool of an in-place update strategy also may not skip a minor version.
//
// Versions that do not parse are left to the version checks that report them.
func validateWorkerKubernetesVersions(spec, oldSpec *core.ShootSpec, specPath *field.Path) field.ErrorList {
	allErrs := field.ErrorList{}
	for i, worker := range spec.Provider.Workers {
		fldPath := specPath.Child("provider", "workers").Index(i).Child("kubernetes", "version")
		poolVersion := poolKubernetesVersion(worker)
		if poolVersion != nil {
			allErrs = append(allErrs, validateWorkerGroupAndControlPlaneKubernetesVersion(spec.Kubernetes.Version, *poolVersion, fldPath)...)
		}
		if oldSpec == nil {
			continue
		}
		j := slices.IndexFunc(oldSpec.Provider.Workers, func(w core.Worker) bool { return w.Name == worker.Name })
		if j < 0 {
			continue
		}
		newVersion := ptr.Deref(poolVersion, spec.Kubernetes.Version)
		oldVersion := ptr.Deref(poolKubernetesVersion(oldSpec.Provider.Workers[j]), oldSpec.Kubernetes.Version)
		allErrs = append(allErrs, validatePoolKubernetesVersionUpdate(newVersion, oldVersion, isUpdateStrategyInPlace(worker.UpdateStrategy), fldPath)...)
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

// validatePoolKubernetesVersionUpdate: no downgrade; with an in-place strategy no skipped minor.
func validatePoolKubernetesVersionUpdate(newVersion, oldVersion string, inPlace bool, fldPath *field.Path) field.ErrorList {
	newV, err := semver.NewVersion(newVersion)
	if err != nil {
		return nil
	}
	oldV, err := semver.NewVersion(oldVersion)
	if err != nil {
		return nil
	}
	allErrs := field.ErrorList{}
	if newV.LessThan(oldV) {
		allErrs = append(allErrs, field.Forbidden(fldPath, "kubernetes version downgrade is not supported"))
	}
	if next := oldV.IncMinor().IncMinor(); inPlace && !newV.LessThan(&next) {
		allErrs = append(allErrs, field.Forbidden(fldPath, "kubernetes version upgrade cannot skip a minor version"))
	}
	return allErrs
}
