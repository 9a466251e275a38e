// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package helper

import (
	"fmt"
	"slices"
	"time"

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
	// suitable one (not an error unless Forced, in which case an error is returned).
	Target string
}

// VersionSelector returns whether a suitable higher version exists among versions for
// currentVersion, and which.
type VersionSelector = func(versions []gardencorev1beta1.ExpirableVersion, currentVersion string) (bool, string, error)

// selectorAt binds a time-taking version selector to now.
func selectorAt(selector func([]gardencorev1beta1.ExpirableVersion, string, time.Time) (bool, string, error), now time.Time) VersionSelector {
	return func(versions []gardencorev1beta1.ExpirableVersion, current string) (bool, string, error) {
		return selector(versions, current, now)
	}
}

// TargetVersionForStrategy returns the auto-update target if autoUpdate finds one, else "" for a
// version that is not expired, else the force target; an expired version without one is an error.
func TargetVersionForStrategy(versions []gardencorev1beta1.ExpirableVersion, currentVersion string, autoUpdate, forceUpdate VersionSelector, isCurrentVersionExpired bool) (string, error) {
	found, target, err := autoUpdate(versions, currentVersion)
	if err != nil {
		return "", fmt.Errorf("failed to determine a higher patch version for automatic update: %w", err)
	}
	if found {
		return target, nil
	}
	if !isCurrentVersionExpired {
		return "", nil
	}
	found, target, err = forceUpdate(versions, currentVersion)
	if err != nil {
		return "", fmt.Errorf("failed to determine version for forceful update: %w", err)
	}
	if !found {
		return "", fmt.Errorf("cannot perform forceful update of expired version %q. No suitable version found in CloudProfile - this is most likely a misconfiguration of the CloudProfile", currentVersion)
	}
	return target, nil
}

// KubernetesVersionUpdate decides the maintenance of a Kubernetes version: forced when it is not
// listed or expired at now, else an update when autoUpdate is set. Auto-updates are patch-only;
// a forced update goes to minor+1.
func KubernetesVersionUpdate(versions []gardencorev1beta1.ExpirableVersion, current string, autoUpdate bool, now time.Time) (VersionUpdate, error) {
	var decision VersionUpdate
	entry, found, err := findNormalizedVersion(versions, current)
	if err != nil {
		return decision, err
	}
	switch {
	case !found:
		decision.Reason, decision.Forced = ReasonVersionDoesNotExist, true
	case CurrentLifecycleClassificationAt(entry, now) == gardencorev1beta1.ClassificationExpired:
		decision.Reason, decision.Forced = ReasonKubernetesVersionExpired, true
	case autoUpdate:
		decision.Reason = ReasonKubernetesAutoUpdate
	default:
		return decision, nil
	}
	decision.Target, err = TargetVersionForStrategy(versions, current,
		selectorAt(GetLatestVersionForPatchAutoUpdateAt, now), selectorAt(GetVersionForForcefulUpdateToConsecutiveMinorAt, now), decision.Forced)
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

// MachineImageUpdateStrategyOf returns the update strategy of a machine image, major when unset
// (Gardener's v1beta1 default).
func MachineImageUpdateStrategyOf(image gardencorev1beta1.MachineImage) gardencorev1beta1.MachineImageUpdateStrategy {
	if image.UpdateStrategy == nil || *image.UpdateStrategy == "" {
		return gardencorev1beta1.UpdateStrategyMajor
	}
	return *image.UpdateStrategy
}

// MachineImageTargetVersion returns the maintenance target of a machine image version by the image's
// update strategy (patch, minor or major).
func MachineImageTargetVersion(image gardencorev1beta1.MachineImage, current string, isExpired bool, now time.Time) (string, error) {
	strategy := MachineImageUpdateStrategyOf(image)
	var auto, force VersionSelector
	switch strategy {
	case gardencorev1beta1.UpdateStrategyPatch:
		auto, force = selectorAt(GetLatestVersionForPatchAutoUpdateAt, now), selectorAt(GetVersionForForcefulUpdateToNextHigherMinorAt, now)
	case gardencorev1beta1.UpdateStrategyMinor:
		auto, force = selectorAt(GetLatestVersionForMinorAutoUpdateAt, now), selectorAt(GetVersionForForcefulUpdateToNextHigherMajorAt, now)
	default:
		auto = selectorAt(GetOverallLatestVersionForAutoUpdateAt, now)
		force = func([]gardencorev1beta1.ExpirableVersion, string) (bool, string, error) {
			return false, "", fmt.Errorf("either the machine image %q is reaching end of life and migration to another machine image is required or there is a misconfiguration in the CloudProfile. If it is the latter, make sure the machine image in the CloudProfile has at least one version that is not expired, not in preview and greater or equal to the current Shoot image version %q", image.Name, current)
		}
	}
	target, err := TargetVersionForStrategy(ToExpirableVersions(image.Versions), current, auto, force, isExpired)
	if err != nil {
		return "", fmt.Errorf("failed to determine the target version for maintenance of machine image %q with strategy %q: %w", image.Name, strategy, err)
	}
	return target, nil
}

// MachineImageVersionUpdate decides the maintenance of a pool's machine image version among the
// versions the pool can run: forced when it is not among them or expired at now, else an update
// when autoUpdate is set; the target is MachineImageTargetVersion.
func MachineImageVersionUpdate(image gardencorev1beta1.MachineImage, current string, autoUpdate bool, now time.Time) (VersionUpdate, error) {
	strategy := MachineImageUpdateStrategyOf(image)
	var decision VersionUpdate
	index := slices.IndexFunc(image.Versions, func(v gardencorev1beta1.MachineImageVersion) bool { return v.Version == current })
	switch {
	case index < 0:
		decision.Reason, decision.Forced = ReasonVersionDoesNotExist, true
	case CurrentLifecycleClassificationAt(image.Versions[index].ExpirableVersion, now) == gardencorev1beta1.ClassificationExpired:
		decision.Reason, decision.Forced = fmt.Sprintf("Machine image version expired - force update required (image update strategy: %s)", strategy), true
	case autoUpdate:
		decision.Reason = fmt.Sprintf("Automatic update of the machine image version is configured (image update strategy: %s)", strategy)
	default:
		return decision, nil
	}
	target, err := MachineImageTargetVersion(image, current, decision.Forced, now)
	decision.Target = target
	return decision, err
}
