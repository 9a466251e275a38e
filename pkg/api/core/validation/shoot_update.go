// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package validation

import (
	"fmt"
	"slices"
	"strings"

	"github.com/Masterminds/semver/v3"
	"github.com/go-test/deep"
	apiequality "k8s.io/apimachinery/pkg/api/equality"
	apivalidation "k8s.io/apimachinery/pkg/api/validation"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/utils/ptr"

	"github.com/gep-78/gardener/pkg/apis/core"
	v1beta1constants "github.com/gep-78/gardener/pkg/apis/core/v1beta1/constants"
	versionutils "github.com/gep-78/gardener/pkg/utils/version"
)

// maxChangeLength bounds each change that the deletion rule of ValidateShootSpecUpdate lists.
const maxChangeLength = 4 * MaxQuotedValueLength

// ValidateShootSpecUpdate holds Gardener's rules for changing a Shoot's spec: nothing changes once
// the Shoot is being deleted; region, provider type, networking type and CIDRs are fixed; the
// cloud profile reference stays valid; control plane zones, bindings, DNS, node CIDR mask sizes,
// workerless-ness, IP families and the scheduler change only in the ways Gardener allows; no
// Kubernetes version is downgraded, and the control plane does not skip a minor version.
func ValidateShootSpecUpdate(newSpec, oldSpec *core.ShootSpec, newObjectMeta metav1.ObjectMeta, fldPath *field.Path) field.ErrorList {
	if newObjectMeta.DeletionTimestamp != nil && !apiequality.Semantic.DeepEqual(newSpec, oldSpec) {
		changes := deep.Equal(newSpec, oldSpec)
		for i := range changes {
			changes[i] = cutValue(changes[i], maxChangeLength)
		}
		return field.ErrorList{field.Forbidden(fldPath, "cannot update shoot spec if deletion timestamp is set. Requested changes: "+strings.Join(changes, ","))}
	}

	allErrs := apivalidation.ValidateImmutableField(newSpec.Region, oldSpec.Region, fldPath.Child("region"))
	allErrs = append(allErrs, ValidateCloudProfileReference(newSpec.CloudProfile, newSpec.CloudProfileName, newSpec.Kubernetes.Version, fldPath)...)
	allErrs = append(allErrs, validateControlPlaneZonesUpdate(newSpec.ControlPlane, oldSpec.ControlPlane, fldPath.Child("controlPlane"))...)

	if oldSpec.CredentialsBindingName != nil && ptr.Deref(newSpec.CredentialsBindingName, "") == "" {
		allErrs = append(allErrs, field.Forbidden(fldPath.Child("credentialsBindingName"), "the field cannot be unset"))
	}
	// Dropping the secret binding is the migration to a credentials binding, and allowed as such.
	migratesToCredentialsBinding := oldSpec.SecretBindingName != nil && newSpec.SecretBindingName == nil && ptr.Deref(newSpec.CredentialsBindingName, "") != ""
	if !migratesToCredentialsBinding {
		allErrs = append(allErrs, apivalidation.ValidateImmutableField(newSpec.SecretBindingName, oldSpec.SecretBindingName, fldPath.Child("secretBindingName"))...)
	}

	allErrs = append(allErrs, validateDNSUpdate(newSpec.DNS, oldSpec.DNS, newSpec.SeedName != nil, fldPath.Child("dns"))...)
	allErrs = append(allErrs, ValidateKubernetesVersionUpdate(newSpec.Kubernetes.Version, oldSpec.Kubernetes.Version, false, fldPath.Child("kubernetes", "version"))...)
	allErrs = append(allErrs, validateKubeControllerManagerUpdate(newSpec.Kubernetes.KubeControllerManager, oldSpec.Kubernetes.KubeControllerManager, fldPath.Child("kubernetes", "kubeControllerManager"))...)

	if err := validateWorkerUpdate(len(newSpec.Provider.Workers) > 0, len(oldSpec.Provider.Workers) > 0, fldPath.Child("provider", "workers")); err != nil {
		return append(allErrs, err)
	}
	allErrs = append(allErrs, ValidateProviderUpdate(&newSpec.Provider, &oldSpec.Provider, fldPath.Child("provider"))...)

	for i, newWorker := range newSpec.Provider.Workers {
		// A new pool is compared with itself, so only the control plane's own change counts.
		oldWorker := newWorker
		if j := slices.IndexFunc(oldSpec.Provider.Workers, func(w core.Worker) bool { return w.Name == newWorker.Name }); j >= 0 {
			oldWorker = oldSpec.Provider.Workers[j]
		}
		idxPath := fldPath.Child("provider", "workers").Index(i)
		oldVersion := ptr.Deref(poolKubernetesVersion(oldWorker), oldSpec.Kubernetes.Version)
		newVersion := ptr.Deref(poolKubernetesVersion(newWorker), newSpec.Kubernetes.Version)
		inPlace := isUpdateStrategyInPlace(newWorker.UpdateStrategy)
		allErrs = append(allErrs, ValidateKubernetesVersionUpdate(newVersion, oldVersion, !inPlace, idxPath.Child("kubernetes", "version"))...)
		if inPlace {
			allErrs = append(allErrs, validateMachineImageVersionInPlaceUpdate(newWorker.Machine.Image, oldWorker.Machine.Image, idxPath.Child("machine", "image", "version"))...)
		}
	}

	allErrs = append(allErrs, validateNetworkingUpdate(newSpec.Networking, oldSpec.Networking, fldPath.Child("networking"))...)

	// The only change of the scheduler is from unset to the default scheduler.
	if !apiequality.Semantic.DeepEqual(newSpec.SchedulerName, oldSpec.SchedulerName) &&
		(oldSpec.SchedulerName != nil || ptr.Deref(newSpec.SchedulerName, "") != v1beta1constants.DefaultSchedulerName) {
		allErrs = append(allErrs, field.Invalid(fldPath.Child("schedulerName"), newSpec.SchedulerName, "field is immutable"))
	}
	return allErrs
}

// validateWorkerUpdate forbids turning a Shoot with workers into a workerless one and back.
func validateWorkerUpdate(newHasWorkers, oldHasWorkers bool, fldPath *field.Path) *field.Error {
	switch {
	case oldHasWorkers && !newHasWorkers:
		return field.Forbidden(fldPath, "cannot switch from a Shoot with workers to a workerless Shoot")
	case !oldHasWorkers && newHasWorkers:
		return field.Forbidden(fldPath, "cannot switch from a workerless Shoot to a Shoot with workers")
	}
	return nil
}

// ValidateProviderUpdate checks a change of spec.provider: the type is immutable; a pool keeps
// whether it updates in place, and an in-place pool keeps its machine type, image name, CRI and
// volume; a control plane pool keeps its backup provider and region; the Shoot stays self-hosted
// or hosted, with the same control plane pool. Gardener's InPlaceNodeUpdates gate is not modelled:
// new in-place pools are accepted as with the gate on.
func ValidateProviderUpdate(newProvider, oldProvider *core.Provider, fldPath *field.Path) field.ErrorList {
	allErrs := apivalidation.ValidateImmutableField(newProvider.Type, oldProvider.Type, fldPath.Child("type"))

	for i, newWorker := range newProvider.Workers {
		j := slices.IndexFunc(oldProvider.Workers, func(w core.Worker) bool { return w.Name == newWorker.Name })
		if j < 0 {
			continue
		}
		oldWorker, idxPath := oldProvider.Workers[j], fldPath.Child("workers").Index(i)
		newInPlace, oldInPlace := isUpdateStrategyInPlace(newWorker.UpdateStrategy), isUpdateStrategyInPlace(oldWorker.UpdateStrategy)
		switch {
		case oldInPlace && !newInPlace:
			allErrs = append(allErrs, field.Invalid(idxPath.Child("updateStrategy"), newWorker.UpdateStrategy, "update strategy cannot be changed from AutoInPlaceUpdate/ManualInPlaceUpdate to AutoRollingUpdate"))
		case !oldInPlace && newInPlace:
			allErrs = append(allErrs, field.Invalid(idxPath.Child("updateStrategy"), newWorker.UpdateStrategy, "update strategy cannot be changed from AutoRollingUpdate to AutoInPlaceUpdate/ManualInPlaceUpdate"))
		}
		if newInPlace && ptr.Equal(oldWorker.UpdateStrategy, newWorker.UpdateStrategy) {
			allErrs = append(allErrs, validateInPlaceWorkerUpdate(newWorker, oldWorker, idxPath)...)
		}
		allErrs = append(allErrs, validateWorkerBackupUpdate(newWorker.ControlPlane, oldWorker.ControlPlane, idxPath.Child("controlPlane"))...)
	}

	oldControlPlanePool, newControlPlanePool := controlPlaneWorkerPool(oldProvider.Workers), controlPlaneWorkerPool(newProvider.Workers)
	switch {
	case (oldControlPlanePool == nil) != (newControlPlanePool == nil):
		allErrs = append(allErrs, field.Forbidden(fldPath.Child("workers"), "cannot switch a Shoot between self-hosted and hosted mode"))
	case newControlPlanePool != nil && newControlPlanePool.Name != oldControlPlanePool.Name:
		allErrs = append(allErrs, field.Forbidden(fldPath.Child("workers"), "cannot change control plane worker pool"))
	}
	return allErrs
}

// validateInPlaceWorkerUpdate: what a pool that keeps its in-place strategy cannot change.
func validateInPlaceWorkerUpdate(newWorker, oldWorker core.Worker, idxPath *field.Path) field.ErrorList {
	const suffix = " cannot be changed if update strategy is AutoInPlaceUpdate/ManualInPlaceUpdate"
	allErrs := field.ErrorList{}
	if newWorker.Machine.Type != oldWorker.Machine.Type {
		allErrs = append(allErrs, field.Invalid(idxPath.Child("machine", "type"), newWorker.Machine.Type, "machine type"+suffix))
	}
	if newImage, oldImage := newWorker.Machine.Image, oldWorker.Machine.Image; newImage != nil && oldImage != nil && newImage.Name != oldImage.Name {
		allErrs = append(allErrs, field.Invalid(idxPath.Child("machine", "image", "name"), newImage.Name, "machine image name"+suffix))
	}
	if newWorker.CRI != nil && oldWorker.CRI != nil && newWorker.CRI.Name != oldWorker.CRI.Name {
		allErrs = append(allErrs, field.Invalid(idxPath.Child("cri", "name"), newWorker.CRI.Name, "CRI name"+suffix))
	}
	if !apiequality.Semantic.DeepEqual(newWorker.Volume, oldWorker.Volume) {
		allErrs = append(allErrs, field.Invalid(idxPath.Child("volume"), newWorker.Volume, "volume"+suffix))
	}
	return allErrs
}

// validateWorkerBackupUpdate: a control plane pool's backup, once set, keeps its provider and
// region and is not removed. (Gardener's code reads a removed controlPlane through a nil pointer;
// here that is a removed backup.)
func validateWorkerBackupUpdate(newControlPlane, oldControlPlane *core.WorkerControlPlane, fldPath *field.Path) field.ErrorList {
	if oldControlPlane == nil || oldControlPlane.Backup == nil {
		return nil
	}
	var newBackup *core.Backup
	if newControlPlane != nil {
		newBackup = newControlPlane.Backup
	}
	if newBackup == nil {
		return apivalidation.ValidateImmutableField(newBackup, oldControlPlane.Backup, fldPath.Child("backup"))
	}
	allErrs := apivalidation.ValidateImmutableField(newBackup.Provider, oldControlPlane.Backup.Provider, fldPath.Child("backup", "provider"))
	return append(allErrs, apivalidation.ValidateImmutableField(newBackup.Region, oldControlPlane.Backup.Region, fldPath.Child("backup", "region"))...)
}

// controlPlaneWorkerPool returns the pool that runs the control plane of a self-hosted Shoot.
func controlPlaneWorkerPool(workers []core.Worker) *core.Worker {
	if i := slices.IndexFunc(workers, func(w core.Worker) bool { return w.ControlPlane != nil }); i >= 0 {
		return &workers[i]
	}
	return nil
}

// ValidateKubernetesVersionUpdate forbids a Kubernetes version downgrade and, unless
// skipMinorVersionAllowed, an upgrade past the next minor version. An empty new version, or one
// that does not parse, is Invalid. (Gardener's code dereferences a nil version when the old one
// does not parse; here the skip check is left out then.)
func ValidateKubernetesVersionUpdate(newVersion, oldVersion string, skipMinorVersionAllowed bool, fldPath *field.Path) field.ErrorList {
	if newVersion == "" {
		return field.ErrorList{field.Invalid(fldPath, newVersion, "cannot validate kubernetes version upgrade because it is unset")}
	}
	allErrs := field.ErrorList{}
	downgrade, err := versionutils.CompareVersions(newVersion, "<", oldVersion)
	if err != nil {
		allErrs = append(allErrs, field.Invalid(fldPath, newVersion, err.Error()))
	}
	if downgrade {
		allErrs = append(allErrs, field.Forbidden(fldPath, "kubernetes version downgrade is not supported"))
	}
	if skipMinorVersionAllowed {
		return allErrs
	}
	old, err := semver.NewVersion(oldVersion)
	if err != nil {
		return append(allErrs, field.Invalid(fldPath, oldVersion, err.Error()))
	}
	afterNextMinor := old.IncMinor().IncMinor()
	skips, err := versionutils.CompareVersions(newVersion, ">=", afterNextMinor.String())
	if err != nil {
		allErrs = append(allErrs, field.Invalid(fldPath, newVersion, err.Error()))
	}
	if skips {
		allErrs = append(allErrs, field.Forbidden(fldPath, "kubernetes version upgrade cannot skip a minor version"))
	}
	return allErrs
}

// validateMachineImageVersionInPlaceUpdate forbids downgrading the machine image of a pool that
// updates in place; the new version must be set.
func validateMachineImageVersionInPlaceUpdate(newMachineImage, oldMachineImage *core.ShootMachineImage, fldPath *field.Path) field.ErrorList {
	var newVersion, oldVersion string
	if newMachineImage != nil {
		newVersion = newMachineImage.Version
	}
	if oldMachineImage != nil {
		oldVersion = oldMachineImage.Version
	}
	if newVersion == "" {
		return field.ErrorList{field.Invalid(fldPath, newMachineImage, "cannot validate machine image version upgrade because it is unset")}
	}
	allErrs := field.ErrorList{}
	downgrade, err := versionutils.CompareVersions(newVersion, "<", oldVersion)
	if err != nil {
		allErrs = append(allErrs, field.Invalid(fldPath, newVersion, err.Error()))
	}
	if downgrade {
		allErrs = append(allErrs, field.Forbidden(fldPath, "machine image version downgrade is not supported when the update strategy is AutoInPlaceUpdate or ManualInPlaceUpdate"))
	}
	return allErrs
}

// validateNetworkingUpdate: networking, once set, is not removed; its type is immutable, pods and
// services are immutable once set, and the IP families change only as validateIPFamiliesUpdate
// allows. The nodes CIDR may change.
func validateNetworkingUpdate(newNetworking, oldNetworking *core.Networking, fldPath *field.Path) field.ErrorList {
	if oldNetworking == nil {
		return nil
	}
	if newNetworking == nil {
		return field.ErrorList{field.Forbidden(fldPath, "networking cannot be set to nil if it's already set")}
	}
	allErrs := apivalidation.ValidateImmutableField(newNetworking.Type, oldNetworking.Type, fldPath.Child("type"))
	if oldNetworking.Pods != nil {
		allErrs = append(allErrs, apivalidation.ValidateImmutableField(newNetworking.Pods, oldNetworking.Pods, fldPath.Child("pods"))...)
	}
	if oldNetworking.Services != nil {
		allErrs = append(allErrs, apivalidation.ValidateImmutableField(newNetworking.Services, oldNetworking.Services, fldPath.Child("services"))...)
	}
	return append(allErrs, validateIPFamiliesUpdate(newNetworking.IPFamilies, oldNetworking.IPFamilies, fldPath.Child("ipFamilies"))...)
}

// validateIPFamiliesUpdate allows the IP families to change only from [IPv4] to [IPv4, IPv6]
// (dual-stack migration) and from [IPv4, IPv6] back to [IPv4].
func validateIPFamiliesUpdate(newIPFamilies, oldIPFamilies []core.IPFamily, fldPath *field.Path) field.ErrorList {
	ipv4, dualStack := []core.IPFamily{core.IPFamilyIPv4}, []core.IPFamily{core.IPFamilyIPv4, core.IPFamilyIPv6}
	if (slices.Equal(oldIPFamilies, ipv4) && slices.Equal(newIPFamilies, dualStack)) ||
		(slices.Equal(oldIPFamilies, dualStack) && slices.Equal(newIPFamilies, ipv4)) ||
		apiequality.Semantic.DeepEqual(newIPFamilies, oldIPFamilies) {
		return nil
	}
	return field.ErrorList{field.Forbidden(fldPath, fmt.Sprintf("unsupported IP family update: oldIPFamilies=%v, newIPFamilies=%v", oldIPFamilies, newIPFamilies))}
}

// validateKubeControllerManagerUpdate: nodeCIDRMaskSize is immutable; nodeCIDRMaskSizeIPv6 may be
// added (dual-stack migration) but not changed or removed.
func validateKubeControllerManagerUpdate(newConfig, oldConfig *core.KubeControllerManagerConfig, fldPath *field.Path) field.ErrorList {
	var newMask, oldMask, newMaskIPv6, oldMaskIPv6 *int32
	if newConfig != nil {
		newMask, newMaskIPv6 = newConfig.NodeCIDRMaskSize, newConfig.NodeCIDRMaskSizeIPv6
	}
	if oldConfig != nil {
		oldMask, oldMaskIPv6 = oldConfig.NodeCIDRMaskSize, oldConfig.NodeCIDRMaskSizeIPv6
	}
	allErrs := apivalidation.ValidateImmutableField(newMask, oldMask, fldPath.Child("nodeCIDRMaskSize"))
	if oldMaskIPv6 != nil {
		allErrs = append(allErrs, apivalidation.ValidateImmutableField(newMaskIPv6, oldMaskIPv6, fldPath.Child("nodeCIDRMaskSizeIPv6"))...)
	}
	return allErrs
}

// validateDNSUpdate: dns, once set, is not removed and its domain is immutable once set; once a
// seed is assigned, the primary provider is not removed, nor its type removed or changed.
func validateDNSUpdate(newDNS, oldDNS *core.DNS, seedGotAssigned bool, fldPath *field.Path) field.ErrorList {
	if oldDNS == nil {
		return nil
	}
	if newDNS == nil {
		return apivalidation.ValidateImmutableField(newDNS, oldDNS, fldPath)
	}
	allErrs := field.ErrorList{}
	if oldDNS.Domain != nil {
		allErrs = append(allErrs, apivalidation.ValidateImmutableField(newDNS.Domain, oldDNS.Domain, fldPath.Child("domain"))...)
	}
	if !seedGotAssigned {
		return allErrs
	}
	oldPrimary, newPrimary := primaryDNSProvider(oldDNS.Providers), primaryDNSProvider(newDNS.Providers)
	providersPath := fldPath.Child("providers")
	switch {
	case oldPrimary == nil:
	case newPrimary == nil:
		allErrs = append(allErrs, field.Forbidden(providersPath, "removing a primary provider is not allowed"))
	case oldPrimary.Type != nil && newPrimary.Type == nil:
		allErrs = append(allErrs, field.Forbidden(providersPath, "removing the primary provider type is not allowed"))
	case oldPrimary.Type != nil && *oldPrimary.Type != *newPrimary.Type:
		allErrs = append(allErrs, field.Forbidden(providersPath, "changing primary provider type is not allowed"))
	}
	return allErrs
}

func primaryDNSProvider(providers []core.DNSProvider) *core.DNSProvider {
	if i := slices.IndexFunc(providers, func(p core.DNSProvider) bool { return ptr.Deref(p.Primary, false) }); i >= 0 {
		return &providers[i]
	}
	return nil
}

// validateControlPlaneZonesUpdate: spec.controlPlane.zones is immutable, except that it may be
// cleared, and grown (keeping the old zones) when the failure tolerance becomes zone.
func validateControlPlaneZonesUpdate(newControlPlane, oldControlPlane *core.ControlPlane, fldPath *field.Path) field.ErrorList {
	oldZones, newZones := controlPlaneZones(oldControlPlane), controlPlaneZones(newControlPlane)
	if slices.Equal(oldZones, newZones) || len(newZones) == 0 {
		return nil
	}
	if !toleratesZoneFailure(oldControlPlane) && toleratesZoneFailure(newControlPlane) && len(oldZones) > 0 {
		for _, zone := range oldZones {
			if !slices.Contains(newZones, zone) {
				return field.ErrorList{field.Forbidden(fldPath.Child("zones"), "existing zones cannot be removed when expanding for zone failure tolerance upgrade")}
			}
		}
		return nil
	}
	return field.ErrorList{field.Forbidden(fldPath.Child("zones"), "field is immutable")}
}

func controlPlaneZones(controlPlane *core.ControlPlane) []string {
	if controlPlane == nil {
		return nil
	}
	return controlPlane.Zones
}

func toleratesZoneFailure(controlPlane *core.ControlPlane) bool {
	return controlPlane != nil && controlPlane.HighAvailability != nil &&
		controlPlane.HighAvailability.FailureTolerance.Type == core.FailureToleranceTypeZone
}
