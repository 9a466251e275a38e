// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Package utils holds look-ups that several admission plugins share.
package utils

import (
	"context"
	"fmt"

	apiequality "k8s.io/apimachinery/pkg/api/equality"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	utilvalidation "k8s.io/apimachinery/pkg/util/validation"
	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/gep-78/gardener/pkg/api/core/validation"
	"github.com/gep-78/gardener/pkg/apis/core"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	v1beta1constants "github.com/gep-78/gardener/pkg/apis/core/v1beta1/constants"
	gardencoreclientset "github.com/gep-78/gardener/pkg/client/core/clientset/versioned"
	gardencorev1beta1listers "github.com/gep-78/gardener/pkg/client/core/listers/core/v1beta1"
	gardenerutils "github.com/gep-78/gardener/pkg/utils/gardener"
)

// CanBeObjectName reports whether name is a DNS-1123 subdomain, as every stored object's; another
// name is not found without a read, and validation refuses it with its field path.
func CanBeObjectName(name string) bool {
	return len(utilvalidation.IsDNS1123Subdomain(name)) == 0
}

// CloudProfileListers are the listers of the profiles a Shoot can reference and the live client.
type CloudProfileListers struct {
	CloudProfiles           gardencorev1beta1listers.CloudProfileLister
	NamespacedCloudProfiles gardencorev1beta1listers.NamespacedCloudProfileLister
	Client                  gardencoreclientset.Interface
}

// GetCloudProfileSpec returns a CloudProfile's spec or a NamespacedCloudProfile's merged one, read
// live on a lister miss; merged is false before the merge, nil means no profile.
func (l CloudProfileListers) GetCloudProfileSpec(ctx context.Context, namespace string, ref *gardencorev1beta1.CloudProfileReference) (spec *gardencorev1beta1.CloudProfileSpec, merged bool, err error) {
	if !CanBeObjectName(ref.Name) {
		return nil, false, nil
	}
	shoot := &core.Shoot{ObjectMeta: metav1.ObjectMeta{Namespace: namespace}, Spec: core.ShootSpec{CloudProfile: &core.CloudProfileReference{Kind: ref.Kind, Name: ref.Name}}}
	spec, err = gardenerutils.GetCloudProfileSpec(l.CloudProfiles, l.NamespacedCloudProfiles, shoot)
	switch {
	case err == nil:
	case !apierrors.IsNotFound(err):
		return nil, false, fmt.Errorf("could not get %s %q from the cache: %w", ref.Kind, ref.Name, err)
	case l.Client == nil:
		return nil, false, nil
	case ref.Kind == v1beta1constants.CloudProfileReferenceKindNamespacedCloudProfile:
		profile, err := l.Client.CoreV1beta1().NamespacedCloudProfiles(namespace).Get(ctx, ref.Name, metav1.GetOptions{})
		if apierrors.IsNotFound(err) {
			return nil, false, nil
		} else if err != nil {
			return nil, false, fmt.Errorf("could not get %s %q: %w", ref.Kind, ref.Name, err)
		}
		spec = &profile.Status.CloudProfileSpec
	default:
		profile, err := l.Client.CoreV1beta1().CloudProfiles().Get(ctx, ref.Name, metav1.GetOptions{})
		if apierrors.IsNotFound(err) {
			return nil, false, nil
		} else if err != nil {
			return nil, false, fmt.Errorf("could not get %s %q: %w", ref.Kind, ref.Name, err)
		}
		spec = &profile.Spec
	}
	// A merged spec always has the parent's type and at least one Kubernetes version.
	if spec.Type == "" && len(spec.Kubernetes.Versions) == 0 {
		return nil, false, nil
	}
	return spec, true, nil
}

// GetShootCloudProfileSpec returns the effective CloudProfile spec a Shoot references; an unusable
// reference is a field error only when new, so a Shoot whose profile is gone stays updatable.
func (l CloudProfileListers) GetShootCloudProfileSpec(ctx context.Context, shoot, oldShoot *core.Shoot) (*gardencorev1beta1.CloudProfileSpec, *field.Error, error) {
	ref := gardenerutils.BuildCoreCloudProfileReference(shoot)
	if ref == nil || len(ref.Name) > validation.MaxNameLength || len(ref.Kind) > validation.MaxNameLength {
		return nil, nil, nil
	}
	changed := oldShoot == nil || !apiequality.Semantic.DeepEqual(ref, gardenerutils.BuildCoreCloudProfileReference(oldShoot))

	if ref.Kind != v1beta1constants.CloudProfileReferenceKindCloudProfile && ref.Kind != v1beta1constants.CloudProfileReferenceKindNamespacedCloudProfile {
		if !changed {
			return nil, nil, nil
		}
		return nil, field.NotSupported(field.NewPath("spec", "cloudProfile", "kind"), ref.Kind, []string{
			v1beta1constants.CloudProfileReferenceKindCloudProfile, v1beta1constants.CloudProfileReferenceKindNamespacedCloudProfile}), nil
	}
	namePath := field.NewPath("spec", "cloudProfile", "name")
	if shoot.Spec.CloudProfile == nil {
		namePath = field.NewPath("spec", "cloudProfileName")
	}
	if CanBeObjectName(ref.Name) {
		spec, merged, err := l.GetCloudProfileSpec(ctx, shoot.Namespace, ref)
		if err != nil || spec != nil {
			return spec, nil, err
		}
		if merged || !changed {
			return nil, nil, nil
		}
		if ok, err := l.exists(ctx, shoot.Namespace, ref); err != nil {
			return nil, nil, err
		} else if ok {
			return nil, field.Invalid(namePath, ref.Name, "the NamespacedCloudProfile has not been merged with its parent CloudProfile yet; retry in a moment"), nil
		}
	}
	if !changed {
		return nil, nil, nil
	}
	return nil, field.NotFound(namePath, ref.Name), nil
}

// exists reports whether a NamespacedCloudProfile of the reference exists (listers, then live).
func (l CloudProfileListers) exists(ctx context.Context, namespace string, ref *gardencorev1beta1.CloudProfileReference) (bool, error) {
	if ref.Kind != v1beta1constants.CloudProfileReferenceKindNamespacedCloudProfile || !CanBeObjectName(ref.Name) {
		return false, nil
	}
	if _, err := l.NamespacedCloudProfiles.NamespacedCloudProfiles(namespace).Get(ref.Name); err == nil {
		return true, nil
	} else if !apierrors.IsNotFound(err) {
		return false, err
	}
	if l.Client == nil {
		return false, nil
	}
	_, err := l.Client.CoreV1beta1().NamespacedCloudProfiles(namespace).Get(ctx, ref.Name, metav1.GetOptions{})
	if apierrors.IsNotFound(err) {
		return false, nil
	}
	return err == nil, err
}

// GetCloudProfile returns the CloudProfile a v1beta1 Shoot references; nil when it cannot be read.
func (l CloudProfileListers) GetCloudProfile(ctx context.Context, shoot *gardencorev1beta1.Shoot) *gardencorev1beta1.CloudProfile {
	ref := gardenerutils.BuildV1beta1CloudProfileReference(shoot)
	if ref == nil || l.CloudProfiles == nil || l.NamespacedCloudProfiles == nil {
		return nil
	}
	spec, _, err := l.GetCloudProfileSpec(ctx, shoot.Namespace, ref)
	if err != nil || spec == nil {
		return nil
	}
	profile := &gardencorev1beta1.CloudProfile{ObjectMeta: metav1.ObjectMeta{Name: ref.Name}, Spec: *spec}
	if ref.Kind == v1beta1constants.CloudProfileReferenceKindNamespacedCloudProfile {
		profile.Namespace = shoot.Namespace
	}
	return profile
}
