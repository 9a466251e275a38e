// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Package cloudprofile holds the registry strategies of CloudProfiles.
package cloudprofile

import (
	"context"

	apiequality "k8s.io/apimachinery/pkg/api/equality"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/apiserver/pkg/registry/rest"
	"k8s.io/apiserver/pkg/storage/names"
	"k8s.io/utils/clock"
	"sigs.k8s.io/structured-merge-diff/v6/fieldpath"

	"github.com/gep-78/gardener/pkg/api"
	"github.com/gep-78/gardener/pkg/api/core/validation"
	"github.com/gep-78/gardener/pkg/apis/core"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
)

// cloudProfileStrategy is the create, update and delete strategy of CloudProfiles.
type cloudProfileStrategy struct {
	// Clock is the time source of the update rules that depend on a version's classification.
	Clock clock.PassiveClock
	runtime.ObjectTyper
	names.NameGenerator
}

var (
	_ rest.RESTCreateStrategy  = cloudProfileStrategy{}
	_ rest.RESTUpdateStrategy  = cloudProfileStrategy{}
	_ rest.RESTDeleteStrategy  = cloudProfileStrategy{}
	_ rest.ResetFieldsStrategy = cloudProfileStrategy{}
	_ rest.RESTUpdateStrategy  = cloudProfileStatusStrategy{}
	_ rest.ResetFieldsStrategy = cloudProfileStatusStrategy{}
)

// Strategy is the strategy of CloudProfiles on the real clock.
var Strategy = NewStrategy(clock.RealClock{})

// StatusStrategy is the strategy of the status subresource on the real clock.
var StatusStrategy = NewStatusStrategy(clock.RealClock{})

// NewStrategy returns the strategy of the main resource.
func NewStrategy(c clock.PassiveClock) cloudProfileStrategy {
	if c == nil {
		c = clock.RealClock{}
	}
	return cloudProfileStrategy{ObjectTyper: api.Scheme, NameGenerator: names.SimpleNameGenerator, Clock: c}
}

// NewStatusStrategy returns the strategy of the status subresource.
func NewStatusStrategy(c clock.PassiveClock) cloudProfileStatusStrategy {
	return cloudProfileStatusStrategy{cloudProfileStrategy: NewStrategy(c)}
}

func (cloudProfileStrategy) NamespaceScoped() bool { return false }

// GetResetFields returns the fields a write to the main resource cannot set: status.
func (cloudProfileStrategy) GetResetFields() map[fieldpath.APIVersion]*fieldpath.Set {
	return map[fieldpath.APIVersion]*fieldpath.Set{
		fieldpath.APIVersion(gardencorev1beta1.SchemeGroupVersion.String()): fieldpath.NewSet(fieldpath.MakePathOrDie("status")),
	}
}

// PrepareForCreate clears the status and starts the generation at 1; inactive versions are kept.
func (cloudProfileStrategy) PrepareForCreate(_ context.Context, obj runtime.Object) {
	profile := obj.(*core.CloudProfile)
	profile.Status = core.CloudProfileStatus{}
	profile.Generation = 1
}

// PrepareForUpdate keeps the stored status and bumps the generation when the spec changes.
func (cloudProfileStrategy) PrepareForUpdate(_ context.Context, obj, old runtime.Object) {
	newProfile, oldProfile := obj.(*core.CloudProfile), old.(*core.CloudProfile)
	newProfile.Status = oldProfile.Status
	if !apiequality.Semantic.DeepEqual(newProfile.Spec, oldProfile.Spec) {
		newProfile.Generation = oldProfile.Generation + 1
	}
}

// Validate validates a new CloudProfile (validation.ValidateCloudProfile).
func (cloudProfileStrategy) Validate(_ context.Context, obj runtime.Object) field.ErrorList {
	return validation.ValidateCloudProfile(obj.(*core.CloudProfile))
}

// WarningsOnCreate returns no warnings.
func (cloudProfileStrategy) WarningsOnCreate(context.Context, runtime.Object) []string { return nil }

func (cloudProfileStrategy) Canonicalize(runtime.Object) {}

func (cloudProfileStrategy) AllowCreateOnUpdate(context.Context) bool { return false }

func (cloudProfileStrategy) AllowUnconditionalUpdate(context.Context) bool { return true }

// ValidateUpdate validates an update (validation.ValidateCloudProfileUpdateAt).
func (s cloudProfileStrategy) ValidateUpdate(_ context.Context, obj, old runtime.Object) field.ErrorList {
	return validation.ValidateCloudProfileUpdateAt(obj.(*core.CloudProfile), old.(*core.CloudProfile), s.Clock.Now())
}

// WarningsOnUpdate returns no warnings.
func (cloudProfileStrategy) WarningsOnUpdate(context.Context, runtime.Object, runtime.Object) []string {
	return nil
}

// cloudProfileStatusStrategy is the update strategy of the status subresource.
type cloudProfileStatusStrategy struct {
	cloudProfileStrategy
}

// GetResetFields returns the fields a status write cannot set: spec and metadata.
func (cloudProfileStatusStrategy) GetResetFields() map[fieldpath.APIVersion]*fieldpath.Set {
	return map[fieldpath.APIVersion]*fieldpath.Set{
		fieldpath.APIVersion(gardencorev1beta1.SchemeGroupVersion.String()): fieldpath.NewSet(
			fieldpath.MakePathOrDie("spec"), fieldpath.MakePathOrDie("metadata")),
	}
}

// PrepareForUpdate keeps the stored spec and the metadata a status write must not change.
func (cloudProfileStatusStrategy) PrepareForUpdate(_ context.Context, obj, old runtime.Object) {
	newProfile, oldProfile := obj.(*core.CloudProfile), old.(*core.CloudProfile)
	newProfile.Spec = oldProfile.Spec
	metav1.ResetObjectMetaForStatus(newProfile, oldProfile)
}

// ValidateUpdate validates a status update (validation.ValidateCloudProfileObjectStatusUpdate).
func (cloudProfileStatusStrategy) ValidateUpdate(_ context.Context, obj, old runtime.Object) field.ErrorList {
	return validation.ValidateCloudProfileObjectStatusUpdate(obj.(*core.CloudProfile), old.(*core.CloudProfile))
}
