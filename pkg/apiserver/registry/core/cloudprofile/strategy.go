// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Package cloudprofile holds the registry strategies of the cluster-scoped CloudProfile
// resource (the subset of Gardener's CloudProfile this project serves): spec writes never touch
// status and status writes never touch spec.
package cloudprofile

import (
	"context"
	"k8s.io/utils/clock"

	apiequality "k8s.io/apimachinery/pkg/api/equality"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/apiserver/pkg/registry/rest"
	"k8s.io/apiserver/pkg/storage/names"
	"sigs.k8s.io/structured-merge-diff/v6/fieldpath"

	"github.com/gep-78/gardener/pkg/api"
	"github.com/gep-78/gardener/pkg/api/core/validation"
	"github.com/gep-78/gardener/pkg/apis/core"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
)

// Strategy is the create, update and delete strategy of CloudProfiles.
type Strategy struct {
	// Clock is the time source of the update rules that depend on a version's current
	// classification (the server's one clock, also injected into admission).
	Clock clock.PassiveClock
	runtime.ObjectTyper
	names.NameGenerator
}

var (
	_ rest.RESTCreateStrategy  = Strategy{}
	_ rest.RESTUpdateStrategy  = Strategy{}
	_ rest.RESTDeleteStrategy  = Strategy{}
	_ rest.ResetFieldsStrategy = Strategy{}
	_ rest.RESTUpdateStrategy  = StatusStrategy{}
	_ rest.ResetFieldsStrategy = StatusStrategy{}
)

// NewStrategy returns the strategy of the main resource.
func NewStrategy(c clock.PassiveClock) Strategy {
	if c == nil {
		c = clock.RealClock{}
	}
	return Strategy{ObjectTyper: api.Scheme, NameGenerator: names.SimpleNameGenerator, Clock: c}
}

// NewStatusStrategy returns the strategy of the status subresource.
func NewStatusStrategy(c clock.PassiveClock) StatusStrategy {
	return StatusStrategy{Strategy: NewStrategy(c)}
}

// NamespaceScoped is false: CloudProfiles are cluster-scoped.
func (Strategy) NamespaceScoped() bool { return false }

// GetResetFields returns the fields a write to the main resource cannot set: status.
func (Strategy) GetResetFields() map[fieldpath.APIVersion]*fieldpath.Set {
	return map[fieldpath.APIVersion]*fieldpath.Set{
		fieldpath.APIVersion(gardencorev1beta1.SchemeGroupVersion.String()): fieldpath.NewSet(fieldpath.MakePathOrDie("status")),
	}
}

// PrepareForCreate clears the status (gardener-controller-manager computes it) and starts the
// generation at 1. Unlike Gardener it does not drop inactive versions: what the operator
// applies is what is stored.
func (Strategy) PrepareForCreate(_ context.Context, obj runtime.Object) {
	profile := obj.(*core.CloudProfile)
	profile.Status = core.CloudProfileStatus{}
	profile.Generation = 1
}

// PrepareForUpdate keeps the stored status and bumps the generation when the spec changes.
func (Strategy) PrepareForUpdate(_ context.Context, obj, old runtime.Object) {
	newProfile, oldProfile := obj.(*core.CloudProfile), old.(*core.CloudProfile)
	newProfile.Status = oldProfile.Status
	if !apiequality.Semantic.DeepEqual(newProfile.Spec, oldProfile.Spec) {
		newProfile.Generation = oldProfile.Generation + 1
	}
}

// Validate validates a new CloudProfile (validation.ValidateCloudProfile).
func (Strategy) Validate(_ context.Context, obj runtime.Object) field.ErrorList {
	return validation.ValidateCloudProfile(obj.(*core.CloudProfile))
}

// WarningsOnCreate returns no warnings.
func (Strategy) WarningsOnCreate(context.Context, runtime.Object) []string { return nil }

// Canonicalize does nothing.
func (Strategy) Canonicalize(runtime.Object) {}

// AllowCreateOnUpdate is false: PUT on a missing object fails.
func (Strategy) AllowCreateOnUpdate(context.Context) bool { return false }

// AllowUnconditionalUpdate is true: updates without resourceVersion are allowed, as in Gardener.
func (Strategy) AllowUnconditionalUpdate(context.Context) bool { return true }

// ValidateUpdate validates an update (validation.ValidateCloudProfileUpdateAt).
func (s Strategy) ValidateUpdate(_ context.Context, obj, old runtime.Object) field.ErrorList {
	return validation.ValidateCloudProfileUpdateAt(obj.(*core.CloudProfile), old.(*core.CloudProfile), s.Clock.Now())
}

// WarningsOnUpdate returns no warnings.
func (Strategy) WarningsOnUpdate(context.Context, runtime.Object, runtime.Object) []string {
	return nil
}

// StatusStrategy is the update strategy of the status subresource.
type StatusStrategy struct {
	Strategy
}

// GetResetFields returns the fields a write to the status subresource cannot set: spec and
// metadata.
func (StatusStrategy) GetResetFields() map[fieldpath.APIVersion]*fieldpath.Set {
	return map[fieldpath.APIVersion]*fieldpath.Set{
		fieldpath.APIVersion(gardencorev1beta1.SchemeGroupVersion.String()): fieldpath.NewSet(
			fieldpath.MakePathOrDie("spec"), fieldpath.MakePathOrDie("metadata")),
	}
}

// PrepareForUpdate keeps the stored spec and the metadata a status write must not change
// (labels, annotations, finalizers, owner references, generation).
func (StatusStrategy) PrepareForUpdate(_ context.Context, obj, old runtime.Object) {
	newProfile, oldProfile := obj.(*core.CloudProfile), old.(*core.CloudProfile)
	newProfile.Spec = oldProfile.Spec
	metav1.ResetObjectMetaForStatus(newProfile, oldProfile)
}

// ValidateUpdate validates a status update (validation.ValidateCloudProfileObjectStatusUpdate).
func (StatusStrategy) ValidateUpdate(_ context.Context, obj, old runtime.Object) field.ErrorList {
	return validation.ValidateCloudProfileObjectStatusUpdate(obj.(*core.CloudProfile), old.(*core.CloudProfile))
}
