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

// GetCloudProfile returns the CloudProfile of the given name: from the informer cache, or, when
// the cache does not have it (yet), from a live read through client, so that a profile created a
// moment ago is not reported missing because of informer lag. It returns nil and no error when
// neither knows the profile; any other failure is an error. A nil client disables the live read.
func GetCloudProfile(ctx context.Context, lister gardencorev1beta1listers.CloudProfileLister, client gardencoreclientset.Interface, name string) (*gardencorev1beta1.CloudProfile, error) {
	profile, err := lister.Get(name)
	switch {
	case err == nil:
		return profile, nil
	case !apierrors.IsNotFound(err):
		return nil, fmt.Errorf("could not get CloudProfile %q from the cache: %w", name, err)
	case client == nil:
		return nil, nil
	}
	profile, err = client.CoreV1beta1().CloudProfiles().Get(ctx, name, metav1.GetOptions{})
	switch {
	case apierrors.IsNotFound(err):
		return nil, nil
	case err != nil:
		return nil, fmt.Errorf("could not get CloudProfile %q: %w", name, err)
	}
	return profile, nil
}

// GetShootCloudProfile returns the CloudProfile a Shoot references (gardenerutils.CloudProfileReference)
// through GetCloudProfile. The field error is set, and the profile nil, when the reference is
// unusable and that is the request's doing, i.e. on create or when the reference changed:
//   - a kind other than CloudProfile: NotSupported on spec.cloudProfile.kind (this server serves no
//     NamespacedCloudProfiles);
//   - a profile that does not exist, or a name no object can have: NotFound on
//     spec.cloudProfile.name (or spec.cloudProfileName).
//
// On an update that keeps the reference, an unusable reference yields neither profile nor field
// error, so that the Shoot stays updatable (and deletable) after its profile is gone. A missing or
// over-long reference yields neither either: static validation reports it.
func GetShootCloudProfile(ctx context.Context, lister gardencorev1beta1listers.CloudProfileLister, client gardencoreclientset.Interface, shoot, oldShoot *core.Shoot) (*gardencorev1beta1.CloudProfile, *field.Error, error) {
	ref := gardenerutils.CloudProfileReference(shoot)
	if ref == nil || len(ref.Name) > validation.MaxNameLength || len(ref.Kind) > validation.MaxNameLength {
		return nil, nil, nil
	}
	changed := oldShoot == nil || !apiequality.Semantic.DeepEqual(ref, gardenerutils.CloudProfileReference(oldShoot))

	if ref.Kind != v1beta1constants.CloudProfileReferenceKindCloudProfile {
		if !changed {
			return nil, nil, nil
		}
		return nil, field.NotSupported(field.NewPath("spec", "cloudProfile", "kind"), ref.Kind, []string{v1beta1constants.CloudProfileReferenceKindCloudProfile}), nil
	}
	// A name that no object can have (e.g. with a "/") cannot be read, and is not found.
	var profile *gardencorev1beta1.CloudProfile
	if len(utilvalidation.IsDNS1123Subdomain(ref.Name)) == 0 {
		var err error
		if profile, err = GetCloudProfile(ctx, lister, client, ref.Name); err != nil || profile != nil {
			return profile, nil, err
		}
	}
	if !changed {
		return nil, nil, nil
	}
	namePath := field.NewPath("spec", "cloudProfile", "name")
	if shoot.Spec.CloudProfile == nil {
		namePath = field.NewPath("spec", "cloudProfileName")
	}
	return nil, field.NotFound(namePath, ref.Name), nil
}
