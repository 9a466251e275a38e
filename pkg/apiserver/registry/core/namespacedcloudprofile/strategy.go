// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Package namespacedcloudprofile holds the registry strategies of NamespacedCloudProfiles.
package namespacedcloudprofile

import (
	"context"

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

type namespacedCloudProfileStrategy struct {
	runtime.ObjectTyper
	names.NameGenerator
}

// Strategy is the create, update and delete strategy of NamespacedCloudProfiles.
var Strategy = namespacedCloudProfileStrategy{api.Scheme, names.SimpleNameGenerator}

type namespacedCloudProfileStatusStrategy struct {
	namespacedCloudProfileStrategy
}

// StatusStrategy is the update strategy of the status subresource.
var StatusStrategy = namespacedCloudProfileStatusStrategy{Strategy}

var (
	_ rest.RESTCreateStrategy  = Strategy
	_ rest.RESTUpdateStrategy  = Strategy
	_ rest.RESTDeleteStrategy  = Strategy
	_ rest.ResetFieldsStrategy = Strategy
	_ rest.RESTUpdateStrategy  = StatusStrategy
	_ rest.ResetFieldsStrategy = StatusStrategy
)

func (namespacedCloudProfileStrategy) NamespaceScoped() bool { return true }

// GetResetFields returns the fields a write to the main resource cannot set: status.
func (namespacedCloudProfileStrategy) GetResetFields() map[fieldpath.APIVersion]*fieldpath.Set {
	return map[fieldpath.APIVersion]*fieldpath.Set{
		fieldpath.APIVersion(gardencorev1beta1.SchemeGroupVersion.String()): fieldpath.NewSet(fieldpath.MakePathOrDie("status")),
	}
}

// PrepareForCreate clears the status and starts the generation at 1; expired versions are kept.
func (namespacedCloudProfileStrategy) PrepareForCreate(_ context.Context, obj runtime.Object) {
	profile := obj.(*core.NamespacedCloudProfile)
	profile.Status = core.NamespacedCloudProfileStatus{}
	profile.Generation = 1
}

// PrepareForUpdate keeps the status and bumps the generation on a spec change or deletion.
func (namespacedCloudProfileStrategy) PrepareForUpdate(_ context.Context, obj, old runtime.Object) {
	newProfile, oldProfile := obj.(*core.NamespacedCloudProfile), old.(*core.NamespacedCloudProfile)
	newProfile.Status = oldProfile.Status
	if !apiequality.Semantic.DeepEqual(newProfile.Spec, oldProfile.Spec) ||
		(oldProfile.DeletionTimestamp == nil && newProfile.DeletionTimestamp != nil) {
		newProfile.Generation = oldProfile.Generation + 1
	}
}

// Validate validates a new NamespacedCloudProfile (validation.ValidateNamespacedCloudProfile).
func (namespacedCloudProfileStrategy) Validate(_ context.Context, obj runtime.Object) field.ErrorList {
	return validation.ValidateNamespacedCloudProfile(obj.(*core.NamespacedCloudProfile))
}

// WarningsOnCreate returns no warnings.
func (namespacedCloudProfileStrategy) WarningsOnCreate(context.Context, runtime.Object) []string {
	return nil
}

func (namespacedCloudProfileStrategy) Canonicalize(runtime.Object) {}

func (namespacedCloudProfileStrategy) AllowCreateOnUpdate(context.Context) bool { return false }

func (namespacedCloudProfileStrategy) AllowUnconditionalUpdate(context.Context) bool { return true }

// ValidateUpdate validates an update (validation.ValidateNamespacedCloudProfileUpdate).
func (namespacedCloudProfileStrategy) ValidateUpdate(_ context.Context, obj, old runtime.Object) field.ErrorList {
	return validation.ValidateNamespacedCloudProfileUpdate(obj.(*core.NamespacedCloudProfile), old.(*core.NamespacedCloudProfile))
}

// WarningsOnUpdate returns no warnings.
func (namespacedCloudProfileStrategy) WarningsOnUpdate(context.Context, runtime.Object, runtime.Object) []string {
	return nil
}

// GetResetFields returns the fields a status write cannot set: spec and metadata.
func (namespacedCloudProfileStatusStrategy) GetResetFields() map[fieldpath.APIVersion]*fieldpath.Set {
	return map[fieldpath.APIVersion]*fieldpath.Set{
		fieldpath.APIVersion(gardencorev1beta1.SchemeGroupVersion.String()): fieldpath.NewSet(
			fieldpath.MakePathOrDie("spec"), fieldpath.MakePathOrDie("metadata")),
	}
}

// PrepareForUpdate keeps the stored spec and the metadata a status write must not change.
func (namespacedCloudProfileStatusStrategy) PrepareForUpdate(_ context.Context, obj, old runtime.Object) {
	newProfile, oldProfile := obj.(*core.NamespacedCloudProfile), old.(*core.NamespacedCloudProfile)
	newProfile.Spec = oldProfile.Spec
	metav1.ResetObjectMetaForStatus(newProfile, oldProfile)
}

// ValidateUpdate validates a status update (validation.ValidateNamespacedCloudProfileStatusUpdate).
func (namespacedCloudProfileStatusStrategy) ValidateUpdate(_ context.Context, obj, old runtime.Object) field.ErrorList {
	return validation.ValidateNamespacedCloudProfileStatusUpdate(obj.(*core.NamespacedCloudProfile), old.(*core.NamespacedCloudProfile))
}
