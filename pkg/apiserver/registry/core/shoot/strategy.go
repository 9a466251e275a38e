// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Package shoot holds the registry strategies of Shoots.
package shoot

import (
	"context"
	"fmt"
	"time"

	apiequality "k8s.io/apimachinery/pkg/api/equality"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/fields"
	"k8s.io/apimachinery/pkg/labels"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/apiserver/pkg/registry/generic"
	"k8s.io/apiserver/pkg/registry/rest"
	"k8s.io/apiserver/pkg/storage"
	"k8s.io/apiserver/pkg/storage/names"
	"sigs.k8s.io/structured-merge-diff/v6/fieldpath"

	"github.com/gep-78/gardener/pkg/api"
	"github.com/gep-78/gardener/pkg/api/core/validation"
	"github.com/gep-78/gardener/pkg/apis/core"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	gardenerutils "github.com/gep-78/gardener/pkg/utils/gardener"
)

// shootStrategy is the create, update and delete strategy of Shoots.
type shootStrategy struct {
	runtime.ObjectTyper
	names.NameGenerator
}

var (
	_ rest.RESTCreateStrategy  = shootStrategy{}
	_ rest.RESTUpdateStrategy  = shootStrategy{}
	_ rest.RESTDeleteStrategy  = shootStrategy{}
	_ rest.ResetFieldsStrategy = shootStrategy{}
	_ rest.RESTUpdateStrategy  = shootStatusStrategy{}
	_ rest.ResetFieldsStrategy = shootStatusStrategy{}
)

// NewStrategy returns the strategy of the main resource; nothing here uses credentialsRotationInterval.
func NewStrategy(_ time.Duration) shootStrategy {
	return shootStrategy{ObjectTyper: api.Scheme, NameGenerator: names.SimpleNameGenerator}
}

// NewStatusStrategy returns the strategy of the status subresource.
func NewStatusStrategy() shootStatusStrategy {
	return shootStatusStrategy{shootStrategy: NewStrategy(0)}
}

func (shootStrategy) NamespaceScoped() bool { return true }

// GetResetFields returns the fields a write to the main resource cannot set: status.
func (shootStrategy) GetResetFields() map[fieldpath.APIVersion]*fieldpath.Set {
	return map[fieldpath.APIVersion]*fieldpath.Set{
		fieldpath.APIVersion(gardencorev1beta1.SchemeGroupVersion.String()): fieldpath.NewSet(fieldpath.MakePathOrDie("status")),
	}
}

// PrepareForCreate clears the status, starts the generation and syncs the cloud profile fields.
func (shootStrategy) PrepareForCreate(_ context.Context, obj runtime.Object) {
	shoot := obj.(*core.Shoot)
	shoot.Status = core.ShootStatus{}
	shoot.Generation = 1
	gardenerutils.SyncCloudProfileFields(nil, shoot)
}

// PrepareForUpdate keeps the status, syncs the cloud profile fields and bumps the generation.
func (shootStrategy) PrepareForUpdate(_ context.Context, obj, old runtime.Object) {
	newShoot, oldShoot := obj.(*core.Shoot), old.(*core.Shoot)
	newShoot.Status = oldShoot.Status
	gardenerutils.SyncCloudProfileFields(oldShoot, newShoot)
	if !apiequality.Semantic.DeepEqual(newShoot.Spec, oldShoot.Spec) {
		newShoot.Generation = oldShoot.Generation + 1
	}
}

// Validate validates a new Shoot, which must not carry the force-deletion annotation.
func (shootStrategy) Validate(_ context.Context, obj runtime.Object) field.ErrorList {
	shoot := obj.(*core.Shoot)
	return append(validation.ValidateShoot(shoot), validation.ValidateForceDeletion(shoot, nil)...)
}

// WarningsOnCreate returns no warnings.
func (shootStrategy) WarningsOnCreate(context.Context, runtime.Object) []string { return nil }

func (shootStrategy) Canonicalize(runtime.Object) {}

func (shootStrategy) AllowCreateOnUpdate(context.Context) bool { return false }

func (shootStrategy) AllowUnconditionalUpdate(context.Context) bool { return false }

// ValidateUpdate validates an update (validation.ValidateShootUpdate).
func (shootStrategy) ValidateUpdate(_ context.Context, obj, old runtime.Object) field.ErrorList {
	return validation.ValidateShootUpdate(obj.(*core.Shoot), old.(*core.Shoot))
}

// WarningsOnUpdate returns no warnings.
func (shootStrategy) WarningsOnUpdate(context.Context, runtime.Object, runtime.Object) []string {
	return nil
}

// shootStatusStrategy is the update strategy of the status subresource.
type shootStatusStrategy struct {
	shootStrategy
}

// GetResetFields returns the fields a status write cannot set: spec and metadata.
func (shootStatusStrategy) GetResetFields() map[fieldpath.APIVersion]*fieldpath.Set {
	return map[fieldpath.APIVersion]*fieldpath.Set{
		fieldpath.APIVersion(gardencorev1beta1.SchemeGroupVersion.String()): fieldpath.NewSet(
			fieldpath.MakePathOrDie("spec"), fieldpath.MakePathOrDie("metadata")),
	}
}

// PrepareForUpdate keeps the stored spec and the metadata a status write must not change.
func (shootStatusStrategy) PrepareForUpdate(_ context.Context, obj, old runtime.Object) {
	newShoot, oldShoot := obj.(*core.Shoot), old.(*core.Shoot)
	newShoot.Spec = oldShoot.Spec
	metav1.ResetObjectMetaForStatus(newShoot, oldShoot)
}

// ValidateUpdate validates a status update (validation.ValidateShootObjectStatusUpdate).
func (shootStatusStrategy) ValidateUpdate(_ context.Context, obj, old runtime.Object) field.ErrorList {
	return validation.ValidateShootObjectStatusUpdate(obj.(*core.Shoot), old.(*core.Shoot))
}

// ToSelectableFields returns the fields of a Shoot that field selectors can match.
func ToSelectableFields(shoot *core.Shoot) fields.Set {
	set := make(fields.Set, 6)
	set[core.ShootSeedName] = ""
	if shoot.Spec.SeedName != nil {
		set[core.ShootSeedName] = *shoot.Spec.SeedName
	}
	if shoot.Spec.CloudProfileName != nil {
		set[core.ShootCloudProfileName] = *shoot.Spec.CloudProfileName
	}
	if shoot.Spec.CloudProfile != nil {
		set[core.ShootCloudProfileRefName] = shoot.Spec.CloudProfile.Name
		set[core.ShootCloudProfileRefKind] = shoot.Spec.CloudProfile.Kind
	}
	return generic.AddObjectMetaFieldsSet(set, &shoot.ObjectMeta, true)
}

// GetAttrs returns the labels and selectable fields of a Shoot.
func GetAttrs(obj runtime.Object) (labels.Set, fields.Set, error) {
	shoot, ok := obj.(*core.Shoot)
	if !ok {
		return nil, nil, fmt.Errorf("not a shoot: %T", obj)
	}
	return shoot.Labels, ToSelectableFields(shoot), nil
}

// MatchShoot returns the predicate that matches Shoots against a label and a field selector.
func MatchShoot(label labels.Selector, field fields.Selector) storage.SelectionPredicate {
	return storage.SelectionPredicate{Label: label, Field: field, GetAttrs: GetAttrs}
}
