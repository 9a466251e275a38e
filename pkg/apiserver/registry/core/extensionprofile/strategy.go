// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Package extensionprofile holds the registry strategies of ExtensionProfiles.
package extensionprofile

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

// extensionProfileStrategy is the create, update and delete strategy of ExtensionProfiles.
type extensionProfileStrategy struct {
	// Clock is the time source of the update rules that depend on a version's classification.
	Clock clock.PassiveClock
	runtime.ObjectTyper
	names.NameGenerator
}

var (
	_ rest.RESTCreateStrategy  = extensionProfileStrategy{}
	_ rest.RESTUpdateStrategy  = extensionProfileStrategy{}
	_ rest.RESTDeleteStrategy  = extensionProfileStrategy{}
	_ rest.ResetFieldsStrategy = extensionProfileStrategy{}
	_ rest.RESTUpdateStrategy  = extensionProfileStatusStrategy{}
	_ rest.ResetFieldsStrategy = extensionProfileStatusStrategy{}
)

// NewStrategy returns the strategy of the main resource.
func NewStrategy(c clock.PassiveClock) extensionProfileStrategy {
	if c == nil {
		c = clock.RealClock{}
	}
	return extensionProfileStrategy{ObjectTyper: api.Scheme, NameGenerator: names.SimpleNameGenerator, Clock: c}
}

// NewStatusStrategy returns the strategy of the status subresource.
func NewStatusStrategy(c clock.PassiveClock) extensionProfileStatusStrategy {
	return extensionProfileStatusStrategy{extensionProfileStrategy: NewStrategy(c)}
}

func (extensionProfileStrategy) NamespaceScoped() bool { return false }

// GetResetFields returns the fields a write to the main resource cannot set: status.
func (extensionProfileStrategy) GetResetFields() map[fieldpath.APIVersion]*fieldpath.Set {
	return map[fieldpath.APIVersion]*fieldpath.Set{
		fieldpath.APIVersion(gardencorev1beta1.SchemeGroupVersion.String()): fieldpath.NewSet(fieldpath.MakePathOrDie("status")),
	}
}

// PrepareForCreate clears the status and starts the generation at 1.
func (extensionProfileStrategy) PrepareForCreate(_ context.Context, obj runtime.Object) {
	profile := obj.(*core.ExtensionProfile)
	profile.Status = core.ExtensionProfileStatus{}
	profile.Generation = 1
}

// PrepareForUpdate keeps the stored status and bumps the generation when the spec changes.
func (extensionProfileStrategy) PrepareForUpdate(_ context.Context, obj, old runtime.Object) {
	newProfile, oldProfile := obj.(*core.ExtensionProfile), old.(*core.ExtensionProfile)
	newProfile.Status = oldProfile.Status
	if !apiequality.Semantic.DeepEqual(newProfile.Spec, oldProfile.Spec) {
		newProfile.Generation = oldProfile.Generation + 1
	}
}

// Validate validates a new ExtensionProfile (validation.ValidateExtensionProfile).
func (extensionProfileStrategy) Validate(_ context.Context, obj runtime.Object) field.ErrorList {
	return validation.ValidateExtensionProfile(obj.(*core.ExtensionProfile))
}

// WarningsOnCreate returns no warnings.
func (extensionProfileStrategy) WarningsOnCreate(context.Context, runtime.Object) []string {
	return nil
}

func (extensionProfileStrategy) Canonicalize(runtime.Object) {}

func (extensionProfileStrategy) AllowCreateOnUpdate(context.Context) bool { return false }

func (extensionProfileStrategy) AllowUnconditionalUpdate(context.Context) bool { return true }

// ValidateUpdate validates an update (validation.ValidateExtensionProfileUpdate).
func (s extensionProfileStrategy) ValidateUpdate(_ context.Context, obj, old runtime.Object) field.ErrorList {
	return validation.ValidateExtensionProfileUpdate(obj.(*core.ExtensionProfile), old.(*core.ExtensionProfile), s.Clock.Now())
}

// WarningsOnUpdate returns no warnings.
func (extensionProfileStrategy) WarningsOnUpdate(context.Context, runtime.Object, runtime.Object) []string {
	return nil
}

// extensionProfileStatusStrategy is the update strategy of the status subresource.
type extensionProfileStatusStrategy struct {
	extensionProfileStrategy
}

// GetResetFields returns the fields a status write cannot set: spec and metadata.
func (extensionProfileStatusStrategy) GetResetFields() map[fieldpath.APIVersion]*fieldpath.Set {
	return map[fieldpath.APIVersion]*fieldpath.Set{
		fieldpath.APIVersion(gardencorev1beta1.SchemeGroupVersion.String()): fieldpath.NewSet(
			fieldpath.MakePathOrDie("spec"), fieldpath.MakePathOrDie("metadata")),
	}
}

// PrepareForUpdate keeps the stored spec and the metadata a status write must not change.
func (extensionProfileStatusStrategy) PrepareForUpdate(_ context.Context, obj, old runtime.Object) {
	newProfile, oldProfile := obj.(*core.ExtensionProfile), old.(*core.ExtensionProfile)
	newProfile.Spec = oldProfile.Spec
	metav1.ResetObjectMetaForStatus(newProfile, oldProfile)
}

// ValidateUpdate validates a status update (validation.ValidateExtensionProfileStatusUpdate).
func (extensionProfileStatusStrategy) ValidateUpdate(_ context.Context, obj, old runtime.Object) field.ErrorList {
	return validation.ValidateExtensionProfileStatusUpdate(obj.(*core.ExtensionProfile), old.(*core.ExtensionProfile))
}
