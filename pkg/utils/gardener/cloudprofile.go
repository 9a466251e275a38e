// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package gardener

import (
	"context"
	"errors"
	"fmt"

	"github.com/Masterminds/semver/v3"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/gep-78/gardener/pkg/apis/core"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	v1beta1constants "github.com/gep-78/gardener/pkg/apis/core/v1beta1/constants"
	gardencorev1beta1listers "github.com/gep-78/gardener/pkg/client/core/listers/core/v1beta1"
)

var (
	constraintK8sLess133         = mustConstraint("< 1.33")
	constraintK8sGreaterEqual134 = mustConstraint(">= 1.34")
)

func mustConstraint(c string) *semver.Constraints {
	constraint, err := semver.NewConstraint(c)
	if err != nil {
		panic(err)
	}
	return constraint
}

// BuildCoreCloudProfileReference returns a copy of the CloudProfile reference of a Shoot, from
// spec.cloudProfile or else spec.cloudProfileName; nil without one.
func BuildCoreCloudProfileReference(shoot *core.Shoot) *gardencorev1beta1.CloudProfileReference {
	if shoot == nil {
		return nil
	}
	if ref := shoot.Spec.CloudProfile; ref != nil {
		out := &gardencorev1beta1.CloudProfileReference{Kind: ref.Kind, Name: ref.Name}
		if out.Kind == "" {
			out.Kind = v1beta1constants.CloudProfileReferenceKindCloudProfile
		}
		return out
	}
	if name := ptr.Deref(shoot.Spec.CloudProfileName, ""); name != "" {
		return &gardencorev1beta1.CloudProfileReference{Kind: v1beta1constants.CloudProfileReferenceKindCloudProfile, Name: name}
	}
	return nil
}

// BuildV1beta1CloudProfileReference is BuildCoreCloudProfileReference for a v1beta1 Shoot.
func BuildV1beta1CloudProfileReference(shoot *gardencorev1beta1.Shoot) *gardencorev1beta1.CloudProfileReference {
	if shoot == nil {
		return nil
	}
	if ref := shoot.Spec.CloudProfile; ref != nil {
		out := ref.DeepCopy()
		if out.Kind == "" {
			out.Kind = v1beta1constants.CloudProfileReferenceKindCloudProfile
		}
		return out
	}
	if name := ptr.Deref(shoot.Spec.CloudProfileName, ""); name != "" {
		return &gardencorev1beta1.CloudProfileReference{Kind: v1beta1constants.CloudProfileReferenceKindCloudProfile, Name: name}
	}
	return nil
}

// GetCloudProfile returns the CloudProfile a Shoot references; for a NamespacedCloudProfile, one of
// its name and namespace with the merged spec.
func GetCloudProfile(ctx context.Context, reader client.Reader, shoot *gardencorev1beta1.Shoot) (*gardencorev1beta1.CloudProfile, error) {
	ref := BuildV1beta1CloudProfileReference(shoot)
	if ref == nil {
		return nil, errors.New("could not determine cloudprofile from shoot")
	}
	switch ref.Kind {
	case v1beta1constants.CloudProfileReferenceKindCloudProfile:
		profile := &gardencorev1beta1.CloudProfile{}
		if err := reader.Get(ctx, client.ObjectKey{Name: ref.Name}, profile); err != nil {
			return nil, err
		}
		return profile, nil
	case v1beta1constants.CloudProfileReferenceKindNamespacedCloudProfile:
		profile := &gardencorev1beta1.NamespacedCloudProfile{}
		if err := reader.Get(ctx, client.ObjectKey{Namespace: shoot.Namespace, Name: ref.Name}, profile); err != nil {
			return nil, err
		}
		return &gardencorev1beta1.CloudProfile{
			ObjectMeta: metav1.ObjectMeta{Name: ref.Name, Namespace: shoot.Namespace},
			Spec:       profile.Status.CloudProfileSpec,
		}, nil
	}
	return nil, fmt.Errorf("unsupported cloud profile kind %q", ref.Kind)
}

// GetCloudProfileSpec returns the spec of the CloudProfile a Shoot references, from the listers; nil
// without a reference.
func GetCloudProfileSpec(cloudProfileLister gardencorev1beta1listers.CloudProfileLister, namespacedCloudProfileLister gardencorev1beta1listers.NamespacedCloudProfileLister, shoot *core.Shoot) (*gardencorev1beta1.CloudProfileSpec, error) {
	ref := BuildCoreCloudProfileReference(shoot)
	if ref == nil {
		return nil, nil
	}
	switch ref.Kind {
	case v1beta1constants.CloudProfileReferenceKindNamespacedCloudProfile:
		profile, err := namespacedCloudProfileLister.NamespacedCloudProfiles(shoot.Namespace).Get(ref.Name)
		if err != nil {
			return nil, err
		}
		return &profile.Status.CloudProfileSpec, nil
	case v1beta1constants.CloudProfileReferenceKindCloudProfile:
		profile, err := cloudProfileLister.Get(ref.Name)
		if err != nil {
			return nil, err
		}
		return &profile.Spec, nil
	}
	return nil, fmt.Errorf("could not find referenced cloud profile with kind %q", ref.Kind)
}

// SyncCloudProfileFields keeps the deprecated spec.cloudProfileName and spec.cloudProfile of a Shoot
// consistent on create (oldShoot nil) and update.
func SyncCloudProfileFields(oldShoot, newShoot *core.Shoot) {
	if newShoot.DeletionTimestamp != nil {
		return
	}
	spec := &newShoot.Spec
	version, _ := semver.NewVersion(spec.Kubernetes.Version)

	if version != nil && constraintK8sGreaterEqual134.Check(version) {
		if spec.CloudProfile != nil && spec.CloudProfile.Kind == "" {
			spec.CloudProfile.Kind = v1beta1constants.CloudProfileReferenceKindCloudProfile
		}
		if oldShoot != nil && spec.CloudProfileName != nil && spec.CloudProfile != nil &&
			spec.CloudProfile.Kind == v1beta1constants.CloudProfileReferenceKindCloudProfile &&
			*spec.CloudProfileName == ptr.Deref(oldShoot.Spec.CloudProfileName, "") &&
			*spec.CloudProfileName == spec.CloudProfile.Name {
			spec.CloudProfileName = nil
		}
		return
	}

	if spec.CloudProfile == nil && spec.CloudProfileName != nil {
		spec.CloudProfile = &core.CloudProfileReference{Kind: v1beta1constants.CloudProfileReferenceKindCloudProfile, Name: *spec.CloudProfileName}
	}
	if spec.CloudProfile != nil && spec.CloudProfile.Kind == "" {
		spec.CloudProfile.Kind = v1beta1constants.CloudProfileReferenceKindCloudProfile
	}
	if spec.CloudProfile == nil {
		return
	}
	if spec.CloudProfile.Kind != v1beta1constants.CloudProfileReferenceKindCloudProfile {
		spec.CloudProfileName = nil
		return
	}
	name := ptr.Deref(spec.CloudProfileName, "")
	if version == nil || constraintK8sLess133.Check(version) || (name != "" && name != spec.CloudProfile.Name) {
		spec.CloudProfileName = ptr.To(spec.CloudProfile.Name)
	}
}
