// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Package helper holds the version decisions of Gardener's shoot maintenance for the control plane
// Kubernetes version and the machine images of worker pools, reproduced with their implemented
// behaviour (research spec §2.3–2.5). All functions are pure: they take values and a time.
package helper

import (
	"fmt"
	"slices"
	"time"

	"github.com/Masterminds/semver/v3"

	v1beta1helper "github.com/gep-78/gardener/pkg/api/core/v1beta1/helper"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	versionutils "github.com/gep-78/gardener/pkg/utils/version"
)

// Reasons for a version update, as Gardener records them in status.lastMaintenance.
const (
	// ReasonVersionDoesNotExist is the reason when the current version is not listed.
	ReasonVersionDoesNotExist = "Version does not exist in CloudProfile"
	// ReasonKubernetesVersionExpired is the reason when the Kubernetes version is expired.
	ReasonKubernetesVersionExpired = "Kubernetes version expired - force update required"
	// ReasonKubernetesAutoUpdate is the reason when Kubernetes auto-update is on.
	ReasonKubernetesAutoUpdate = "Automatic update of Kubernetes version configured"
)

// VersionUpdate is the decision of a maintenance step for one version.
type VersionUpdate struct {
	// Reason says why an update is considered; "" means it is not considered (auto-update off and
	// the version neither expired nor missing).
	Reason string
	// Forced is true when the current version is expired or missing: then no target is an error,
	// and the update happens whatever the auto-update setting.
	Forced bool
	// Target is the version to update to; "" when the current version is already the latest
	// suitable one (not an error unless Forced, in which case Err is set).
	Target string
}

// GetHigherVersion takes the versions of a CloudProfile and the current version and returns
// whether a higher suitable version was found, the version, or an error (Gardener's type; the
// v1beta1 helper's selectors bound to a time with at).
type GetHigherVersion func(versions []gardencorev1beta1.ExpirableVersion, currentVersion string) (bool, string, error)

// at binds a time-taking version selector of the v1beta1 helper to now.
func at(selector func([]gardencorev1beta1.ExpirableVersion, string, time.Time) (bool, string, error), now time.Time) GetHigherVersion {
	return func(versions []gardencorev1beta1.ExpirableVersion, current string) (bool, string, error) {
		return selector(versions, current, now)
	}
}

// DetermineVersionForStrategy returns the target version for currentVersion (Gardener's): the
// auto-update target if getHigherVersionAutoUpdate finds one, even when the version is expired;
// otherwise "" when it is not expired; otherwise the force target. Errors:
//   - auto fails: "failed to determine a higher patch version for automatic update: <err>";
//   - force fails: "failed to determine version for forceful update: <err>";
//   - force finds nothing: `cannot perform forceful update of expired version "<current>". No
//     suitable version found in CloudProfile - this is most likely a misconfiguration of the
//     CloudProfile`.
func DetermineVersionForStrategy(expirableVersions []gardencorev1beta1.ExpirableVersion, currentVersion string, getHigherVersionAutoUpdate GetHigherVersion, getHigherVersionForceUpdate GetHigherVersion, isCurrentVersionExpired bool) (string, error) {
	found, target, err := getHigherVersionAutoUpdate(expirableVersions, currentVersion)
	if err != nil {
		return "", fmt.Errorf("failed to determine a higher patch version for automatic update: %w", err)
	}
	if found {
		return target, nil
	}
	if !isCurrentVersionExpired {
		return "", nil
	}
	found, target, err = getHigherVersionForceUpdate(expirableVersions, currentVersion)
	if err != nil {
		return "", fmt.Errorf("failed to determine version for forceful update: %w", err)
	}
	if !found {
		return "", fmt.Errorf("cannot perform forceful update of expired version %q. No suitable version found in CloudProfile - this is most likely a misconfiguration of the CloudProfile", currentVersion)
	}
	return target, nil
}

// KubernetesVersionUpdate decides the maintenance of the control plane Kubernetes version
// (Gardener's shouldKubernetesVersionBeUpdated and maintainKubernetesVersion). The current
// version is looked up after normalisation. In this order:
//   - not listed: forced, reason ReasonVersionDoesNotExist;
//   - expired at now: forced, reason ReasonKubernetesVersionExpired;
//   - autoUpdate: reason ReasonKubernetesAutoUpdate;
//   - otherwise no update (zero VersionUpdate).
//
// The target is DetermineVersionForStrategy with the patch auto-update rule and the consecutive
// minor force rule: Kubernetes auto-updates are patch-only, a minor update happens only when the
// version is forced, and then to minor+1. An error comes with the decision's Reason and Forced.
func KubernetesVersionUpdate(versions []gardencorev1beta1.ExpirableVersion, current string, autoUpdate bool, now time.Time) (VersionUpdate, error) {
	var decision VersionUpdate
	entry, found, err := findNormalizedVersion(versions, current)
	if err != nil {
		return decision, err
	}
	switch {
	case !found:
		decision.Reason, decision.Forced = ReasonVersionDoesNotExist, true
	case v1beta1helper.CurrentClassification(v1beta1helper.ExpirableVersionLifecycle(entry), now) == gardencorev1beta1.ClassificationExpired:
		decision.Reason, decision.Forced = ReasonKubernetesVersionExpired, true
	case autoUpdate:
		decision.Reason = ReasonKubernetesAutoUpdate
	default:
		return decision, nil
	}
	decision.Target, err = DetermineVersionForStrategy(versions, current,
		at(v1beta1helper.GetLatestVersionForPatchAutoUpdate, now), at(v1beta1helper.GetVersionForForcefulUpdateToConsecutiveMinor, now), decision.Forced)
	return decision, err
}

// findNormalizedVersion returns the listed version equal to current after normalisation.
func findNormalizedVersion(versions []gardencorev1beta1.ExpirableVersion, current string) (gardencorev1beta1.ExpirableVersion, bool, error) {
	for _, v := range versions {
		equal, err := versionutils.CompareVersions(v.Version, "=", current)
		if err != nil {
			return gardencorev1beta1.ExpirableVersion{}, false, err
		}
		if equal {
			return v, true, nil
		}
	}
	return gardencorev1beta1.ExpirableVersion{}, false, nil
}

// Defaults Gardener's API applies to workers and machine image versions; this project's API does
// not default them, so maintenance applies them when reading.
const (
	// DefaultArchitecture is the architecture of a pool or image version that names none.
	DefaultArchitecture = "amd64"
	// DefaultCRIName is the container runtime of a pool or image version that names none.
	DefaultCRIName = "containerd"
)

// FilterMachineImageVersions returns the versions of machineImageFromCloudProfile a worker pool
// can run (Gardener's FilterMachineImageVersions), in profile order, as a MachineImage with the
// name and update strategy of the profile's:
//   - the pool's architecture (DefaultArchitecture when unset) is listed by the version (a version
//     listing none supports DefaultArchitecture);
//   - the pool's CRI (DefaultCRIName when unset) is listed by the version (a version listing none
//     supports DefaultCRIName), with every container runtime type the pool requests;
//   - the version's kubeletVersionConstraint, if any, admits kubeletVersion (the pool's
//     Kubernetes version, else the control plane's); a nil kubeletVersion admits every version;
//   - for a pool with an in-place update strategy: the current version, and versions that
//     support in-place updates from it (inPlaceUpdates.minVersionForUpdate <= current).
//
// Machine capabilities are not filtered (machineTypeFromCloudProfile and capabilityDefinitions
// are accepted for Gardener's signature and ignored).
func FilterMachineImageVersions(
	machineImageFromCloudProfile *gardencorev1beta1.MachineImage,
	worker gardencorev1beta1.Worker,
	kubeletVersion *semver.Version,
	_ *gardencorev1beta1.MachineType,
	_ []gardencorev1beta1.CapabilityDefinition,
) *gardencorev1beta1.MachineImage {
	architecture := DefaultArchitecture
	if worker.Machine.Architecture != nil && *worker.Machine.Architecture != "" {
		architecture = *worker.Machine.Architecture
	}
	cri := gardencorev1beta1.CRI{Name: DefaultCRIName}
	if worker.CRI != nil && worker.CRI.Name != "" {
		cri = *worker.CRI
	}
	var currentVersion *string
	if worker.Machine.Image != nil {
		currentVersion = worker.Machine.Image.Version
	}
	inPlace := worker.UpdateStrategy != nil &&
		(*worker.UpdateStrategy == gardencorev1beta1.AutoInPlaceUpdate || *worker.UpdateStrategy == gardencorev1beta1.ManualInPlaceUpdate)

	out := &gardencorev1beta1.MachineImage{
		Name:           machineImageFromCloudProfile.Name,
		UpdateStrategy: machineImageFromCloudProfile.UpdateStrategy,
		Versions:       []gardencorev1beta1.MachineImageVersion{},
	}
	for _, v := range machineImageFromCloudProfile.Versions {
		if supportsArchitecture(v, architecture) && supportsCRI(v, cri) && admitsKubelet(v, kubeletVersion) &&
			(!inPlace || updatableInPlace(v, currentVersion)) {
			out.Versions = append(out.Versions, v)
		}
	}
	return out
}

func supportsArchitecture(v gardencorev1beta1.MachineImageVersion, architecture string) bool {
	if len(v.Architectures) == 0 {
		return architecture == DefaultArchitecture
	}
	return slices.Contains(v.Architectures, architecture)
}

func supportsCRI(v gardencorev1beta1.MachineImageVersion, wanted gardencorev1beta1.CRI) bool {
	if len(v.CRI) == 0 {
		return string(wanted.Name) == DefaultCRIName && len(wanted.ContainerRuntimes) == 0
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

// admitsKubelet reports whether the version's kubeletVersionConstraint admits kubelet; a nil
// kubelet is admitted by every version.
func admitsKubelet(v gardencorev1beta1.MachineImageVersion, kubelet *semver.Version) bool {
	return kubelet == nil || v1beta1helper.KubeletVersionSupported(v, kubelet)
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

// MachineImageUpdateStrategyOf returns the update strategy of a machine image, major when unset
// (Gardener's v1beta1 default).
func MachineImageUpdateStrategyOf(image gardencorev1beta1.MachineImage) gardencorev1beta1.MachineImageUpdateStrategy {
	if image.UpdateStrategy == nil || *image.UpdateStrategy == "" {
		return gardencorev1beta1.UpdateStrategyMajor
	}
	return *image.UpdateStrategy
}

// MachineImageVersionUpdate decides the maintenance of a worker pool's machine image version
// (Gardener's shouldMachineImageVersionBeUpdated and maintainMachineImages). versions are the
// image's versions the pool can run (FilterMachineImageVersions); the current version is matched
// by its exact string. In this order:
//   - not among versions: forced, reason ReasonVersionDoesNotExist (a version filtered out for the
//     pool counts as missing);
//   - expired at now: forced, reason "Machine image version expired - force update required
//     (image update strategy: <s>)";
//   - autoUpdate: reason "Automatic update of the machine image version is configured (image
//     update strategy: <s>)";
//   - otherwise no update.
//
// The target follows the image's update strategy s (DetermineVersionForStrategy):
//   - patch: patch auto-update, else force to the next higher minor;
//   - minor: patch first, then the same major, else force to the next higher major;
//   - major (or any other value): patch first, then any version; a forced update without target
//     is the end-of-life error below.
//
// Errors are wrapped as `failed to determine the target version for maintenance of machine image
// "<name>" with strategy "<s>": <err>`.
func MachineImageVersionUpdate(image gardencorev1beta1.MachineImage, versions []gardencorev1beta1.MachineImageVersion, current string, autoUpdate bool, now time.Time) (VersionUpdate, error) {
	strategy := MachineImageUpdateStrategyOf(image)
	var decision VersionUpdate
	index := slices.IndexFunc(versions, func(v gardencorev1beta1.MachineImageVersion) bool { return v.Version == current })
	switch {
	case index < 0:
		decision.Reason, decision.Forced = ReasonVersionDoesNotExist, true
	case v1beta1helper.CurrentClassification(v1beta1helper.ExpirableVersionLifecycle(versions[index].ExpirableVersion), now) == gardencorev1beta1.ClassificationExpired:
		decision.Reason, decision.Forced = fmt.Sprintf("Machine image version expired - force update required (image update strategy: %s)", strategy), true
	case autoUpdate:
		decision.Reason = fmt.Sprintf("Automatic update of the machine image version is configured (image update strategy: %s)", strategy)
	default:
		return decision, nil
	}

	expirable := make([]gardencorev1beta1.ExpirableVersion, 0, len(versions))
	for _, v := range versions {
		expirable = append(expirable, v.ExpirableVersion)
	}

	var auto, force GetHigherVersion
	switch strategy {
	case gardencorev1beta1.UpdateStrategyPatch:
		auto, force = at(v1beta1helper.GetLatestVersionForPatchAutoUpdate, now), at(v1beta1helper.GetVersionForForcefulUpdateToNextHigherMinor, now)
	case gardencorev1beta1.UpdateStrategyMinor:
		auto, force = at(v1beta1helper.GetLatestVersionForMinorAutoUpdate, now), at(v1beta1helper.GetVersionForForcefulUpdateToNextHigherMajor, now)
	default:
		auto = at(v1beta1helper.GetOverallLatestVersionForAutoUpdate, now)
		force = func([]gardencorev1beta1.ExpirableVersion, string) (bool, string, error) {
			return false, "", fmt.Errorf("either the machine image %q is reaching end of life and migration to another machine image is required or there is a misconfiguration in the CloudProfile. If it is the latter, make sure the machine image in the CloudProfile has at least one version that is not expired, not in preview and greater or equal to the current Shoot image version %q", image.Name, current)
		}
	}

	target, err := DetermineVersionForStrategy(expirable, current, auto, force, decision.Forced)
	if err != nil {
		return decision, fmt.Errorf("failed to determine the target version for maintenance of machine image %q with strategy %q: %w", image.Name, strategy, err)
	}
	decision.Target = target
	return decision, nil
}
