// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package gardener

import (
	"k8s.io/apimachinery/pkg/util/sets"
	"k8s.io/utils/ptr"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	v1beta1constants "github.com/gep-78/gardener/pkg/apis/core/v1beta1/constants"
)

// MergeCloudProfiles writes the parent's spec with the NamespacedCloudProfile's spec merged in into
// namespacedCloudProfile.Status.CloudProfileSpec; entries keep the parent's order, additions follow.
func MergeCloudProfiles(namespacedCloudProfile *gardencorev1beta1.NamespacedCloudProfile, cloudProfile *gardencorev1beta1.CloudProfile) {
	merged := *cloudProfile.Spec.DeepCopy()
	spec := TransformSpecToParentFormat(*namespacedCloudProfile.Spec.DeepCopy(), cloudProfile.Spec.MachineCapabilities)

	if spec.Kubernetes != nil {
		merged.Kubernetes.Versions = mergeDeep(merged.Kubernetes.Versions, spec.Kubernetes.Versions,
			func(v gardencorev1beta1.ExpirableVersion) string { return v.Version }, mergeExpirationDates, false)
	}
	merged.MachineImages = mergeDeep(merged.MachineImages, spec.MachineImages,
		func(i gardencorev1beta1.MachineImage) string { return i.Name }, mergeMachineImages, true)
	merged.MachineTypes = mergeDeep(merged.MachineTypes, spec.MachineTypes,
		func(t gardencorev1beta1.MachineType) string { return t.Name }, nil, true)
	merged.VolumeTypes = mergeDeep(merged.VolumeTypes, spec.VolumeTypes,
		func(t gardencorev1beta1.VolumeType) string { return t.Name }, nil, true)
	if spec.CABundle != nil {
		merged.CABundle = ptr.To(ptr.Deref(merged.CABundle, "") + *spec.CABundle)
	}
	if spec.Limits != nil {
		if merged.Limits == nil {
			merged.Limits = &gardencorev1beta1.Limits{}
		}
		if ptr.Deref(spec.Limits.MaxNodesTotal, 0) > 0 {
			merged.Limits.MaxNodesTotal = spec.Limits.MaxNodesTotal
		}
	}
	defaultMergedArchitectures(&merged)
	namespacedCloudProfile.Status.CloudProfileSpec = merged
}

func mergeExpirationDates(base, override gardencorev1beta1.ExpirableVersion) gardencorev1beta1.ExpirableVersion {
	base.ExpirationDate = override.ExpirationDate
	return base
}

func mergeMachineImages(base, override gardencorev1beta1.MachineImage) gardencorev1beta1.MachineImage {
	if ptr.Deref(override.UpdateStrategy, "") != "" {
		base.UpdateStrategy = override.UpdateStrategy
	}
	base.Versions = mergeDeep(base.Versions, override.Versions,
		func(v gardencorev1beta1.MachineImageVersion) string { return v.Version }, mergeMachineImageVersions, true)
	return base
}

func mergeMachineImageVersions(base, override gardencorev1beta1.MachineImageVersion) gardencorev1beta1.MachineImageVersion {
	// A version that sets more than an expiration date was added by the NamespacedCloudProfile
	// before the parent offered it: it stays as the NamespacedCloudProfile defines it.
	if len(override.Architectures) > 0 || len(override.CapabilityFlavors) > 0 || len(override.CRI) > 0 ||
		ptr.Deref(override.KubeletVersionConstraint, "") != "" || ptr.Deref(override.Classification, "") != "" {
		return override
	}
	base.ExpirableVersion = mergeExpirationDates(base.ExpirableVersion, override.ExpirableVersion)
	return base
}

// mergeDeep merges override into base by key: an entry of both is merged with merge (nil:
// replaced by the override's), an entry only in override is appended when allowAdditional.
func mergeDeep[T any](base, override []T, key func(T) string, merge func(T, T) T, allowAdditional bool) []T {
	index := make(map[string]int, len(base))
	out := append([]T(nil), base...)
	for i, v := range out {
		index[key(v)] = i
	}
	for _, v := range override {
		i, ok := index[key(v)]
		switch {
		case !ok && allowAdditional:
			index[key(v)] = len(out)
			out = append(out, v)
		case ok && merge != nil:
			out[i] = merge(out[i], v)
		case ok:
			out[i] = v
		}
	}
	if out == nil {
		return base
	}
	return out
}

// defaultMergedArchitectures fills the architecture of machine types and the architectures of
// machine image versions that have none: from their capabilities, else amd64.
func defaultMergedArchitectures(spec *gardencorev1beta1.CloudProfileSpec) {
	for i := range spec.MachineTypes {
		mt := &spec.MachineTypes[i]
		if mt.Architecture != nil {
			continue
		}
		arch := v1beta1constants.ArchitectureAMD64
		if archs := mt.Capabilities[architectureCapability]; len(archs) > 0 {
			arch = archs[0]
		}
		mt.Architecture = ptr.To(arch)
	}
	for i := range spec.MachineImages {
		for j := range spec.MachineImages[i].Versions {
			v := &spec.MachineImages[i].Versions[j]
			if len(v.Architectures) > 0 {
				continue
			}
			archs := sets.New[string]()
			for _, flavor := range v.CapabilityFlavors {
				archs.Insert(flavor.Capabilities[architectureCapability]...)
			}
			if archs.Len() == 0 {
				archs.Insert(v1beta1constants.ArchitectureAMD64)
			}
			v.Architectures = sets.List(archs)
		}
	}
}
