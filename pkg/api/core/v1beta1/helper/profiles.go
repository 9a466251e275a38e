// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package helper

import (
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
)

func timePtr(t time.Time) *metav1.Time { return &metav1.Time{Time: t} }

// ExpirableVersionLifecycle returns the effective lifecycle of a CloudProfile version, honouring
// the legacy classification and expirationDate fields.
func ExpirableVersionLifecycle(v gardencorev1beta1.ExpirableVersion) []gardencorev1beta1.LifecycleStage {
	var expiration *time.Time
	if v.ExpirationDate != nil {
		expiration = &v.ExpirationDate.Time
	}
	return EffectiveLifecycle(v.Lifecycle, v.Classification, expiration)
}

// ExtensionProfileStatusAt computes the status of an ExtensionProfile at now: one entry per
// component and version, in spec order, each with its classification and NextVersionTransition.
func ExtensionProfileStatusAt(spec gardencorev1beta1.ExtensionProfileSpec, now time.Time) gardencorev1beta1.ExtensionProfileStatus {
	var status gardencorev1beta1.ExtensionProfileStatus
	for _, component := range spec.Components {
		componentStatus := gardencorev1beta1.ExtensionProfileComponentStatus{Name: component.Name}
		for _, version := range component.Versions {
			componentStatus.Versions = append(componentStatus.Versions, gardencorev1beta1.ExtensionComponentVersionStatus{
				Version:        version.Version,
				Classification: CurrentClassification(version.Lifecycle, now),
				NextTransition: NextVersionTransition(version.Lifecycle, now),
			})
		}
		status.Components = append(status.Components, componentStatus)
	}
	return status
}

// NextVersionTransition returns the next change of classification of a lifecycle after now, nil when
// it never changes again.
func NextVersionTransition(stages []gardencorev1beta1.LifecycleStage, now time.Time) *gardencorev1beta1.VersionTransition {
	current := CurrentClassification(stages, now)
	for at := now; ; {
		next, ok := NextTransition(stages, at)
		if !ok {
			return nil
		}
		if c := CurrentClassification(stages, next); c != current {
			return &gardencorev1beta1.VersionTransition{Classification: c, Time: metav1.Time{Time: next}}
		}
		at = next
	}
}

// ExpirationTime returns the startTime of the first expired stage, past or future; false without
// one.
func ExpirationTime(stages []gardencorev1beta1.LifecycleStage) (time.Time, bool) {
	for _, stage := range stages {
		if stage.Classification == gardencorev1beta1.ClassificationExpired && stage.StartTime != nil {
			return stage.StartTime.Time, true
		}
	}
	return time.Time{}, false
}

// CloudProfileStatusAt computes the status of a CloudProfile at now: Kubernetes versions and
// machine image versions in spec order; a section without versions is left empty.
func CloudProfileStatusAt(spec gardencorev1beta1.CloudProfileSpec, now time.Time) gardencorev1beta1.CloudProfileStatus {
	var status gardencorev1beta1.CloudProfileStatus
	if len(spec.Kubernetes.Versions) > 0 {
		status.Kubernetes = &gardencorev1beta1.KubernetesStatus{}
		for _, v := range spec.Kubernetes.Versions {
			status.Kubernetes.Versions = append(status.Kubernetes.Versions, gardencorev1beta1.ExpirableVersionStatus{
				Version: v.Version, Classification: CurrentClassification(ExpirableVersionLifecycle(v), now),
			})
		}
	}
	for _, image := range spec.MachineImages {
		imageStatus := gardencorev1beta1.MachineImageStatus{Name: image.Name}
		for _, v := range image.Versions {
			imageStatus.Versions = append(imageStatus.Versions, gardencorev1beta1.ExpirableVersionStatus{
				Version: v.Version, Classification: CurrentClassification(ExpirableVersionLifecycle(v.ExpirableVersion), now),
			})
		}
		status.MachineImages = append(status.MachineImages, imageStatus)
	}
	return status
}

// DurationUntilNextTransition returns the time from now until the earliest future lifecycle
// transition of any version in the given lifecycles, and false when there is none.
func DurationUntilNextTransition(now time.Time, lifecycles ...[]gardencorev1beta1.LifecycleStage) (time.Duration, bool) {
	var next time.Time
	found := false
	for _, stages := range lifecycles {
		if t, ok := NextTransition(stages, now); ok && (!found || t.Before(next)) {
			next, found = t, true
		}
	}
	if !found {
		return 0, false
	}
	return next.Sub(now), true
}

// ExtensionProfileLifecycles returns the lifecycle of every version of an ExtensionProfile.
func ExtensionProfileLifecycles(spec gardencorev1beta1.ExtensionProfileSpec) [][]gardencorev1beta1.LifecycleStage {
	var out [][]gardencorev1beta1.LifecycleStage
	for _, c := range spec.Components {
		for _, v := range c.Versions {
			out = append(out, v.Lifecycle)
		}
	}
	return out
}

// CloudProfileLifecycles returns the effective lifecycle of every Kubernetes and machine image
// version of a CloudProfile.
func CloudProfileLifecycles(spec gardencorev1beta1.CloudProfileSpec) [][]gardencorev1beta1.LifecycleStage {
	var out [][]gardencorev1beta1.LifecycleStage
	for _, v := range spec.Kubernetes.Versions {
		out = append(out, ExpirableVersionLifecycle(v))
	}
	for _, image := range spec.MachineImages {
		for _, v := range image.Versions {
			out = append(out, ExpirableVersionLifecycle(v.ExpirableVersion))
		}
	}
	return out
}

// FindExtensionComponent returns the component of the given name in a profile spec, or nil.
func FindExtensionComponent(spec gardencorev1beta1.ExtensionProfileSpec, name string) *gardencorev1beta1.ExtensionProfileComponent {
	for i := range spec.Components {
		if spec.Components[i].Name == name {
			return &spec.Components[i]
		}
	}
	return nil
}

// FindComponentVersion returns the version entry of the given version string in a component,
// or nil.
func FindComponentVersion(component *gardencorev1beta1.ExtensionProfileComponent, version string) *gardencorev1beta1.ExtensionComponentVersion {
	if component == nil {
		return nil
	}
	for i := range component.Versions {
		if component.Versions[i].Version == version {
			return &component.Versions[i]
		}
	}
	return nil
}
