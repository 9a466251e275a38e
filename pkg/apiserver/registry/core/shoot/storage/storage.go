// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Package storage holds the REST storage of Shoots and their status subresource.
package storage

import (
	"context"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apiserver/pkg/registry/generic"
	genericregistry "k8s.io/apiserver/pkg/registry/generic/registry"
	"k8s.io/apiserver/pkg/registry/rest"
	"sigs.k8s.io/structured-merge-diff/v6/fieldpath"

	"github.com/gep-78/gardener/pkg/apis/core"
	"github.com/gep-78/gardener/pkg/apiserver/registry/core/shoot"
)

// REST is the storage of shoots.
type REST struct {
	*genericregistry.Store
}

// NewREST returns the storage of shoots and shoots/status.
func NewREST(optsGetter generic.RESTOptionsGetter, credentialsRotationInterval time.Duration) (*REST, *StatusREST) {
	strategy := shoot.NewStrategy(credentialsRotationInterval)
	store := &genericregistry.Store{
		NewFunc:                   func() runtime.Object { return &core.Shoot{} },
		NewListFunc:               func() runtime.Object { return &core.ShootList{} },
		DefaultQualifiedResource:  core.Resource("shoots"),
		SingularQualifiedResource: core.Resource("shoot"),
		EnableGarbageCollection:   true,
		PredicateFunc:             shoot.MatchShoot,

		CreateStrategy:      strategy,
		UpdateStrategy:      strategy,
		DeleteStrategy:      strategy,
		ResetFieldsStrategy: strategy,

		TableConvertor: newTableConvertor(),
	}
	if err := store.CompleteWithOptions(&generic.StoreOptions{RESTOptions: optsGetter, AttrFunc: shoot.GetAttrs}); err != nil {
		panic(err)
	}

	statusStrategy := shoot.NewStatusStrategy()
	statusStore := *store
	statusStore.UpdateStrategy = statusStrategy
	statusStore.ResetFieldsStrategy = statusStrategy
	return &REST{Store: store}, &StatusREST{store: &statusStore}
}

var _ rest.CategoriesProvider = &REST{}

// Categories implements the CategoriesProvider interface.
func (r *REST) Categories() []string { return []string{"all"} }

// StatusREST implements the REST endpoint for changing the status of a Shoot.
type StatusREST struct {
	store *genericregistry.Store
}

var (
	_ rest.Storage = &StatusREST{}
	_ rest.Patcher = &StatusREST{}
)

// New returns an empty Shoot.
func (r *StatusREST) New() runtime.Object { return &core.Shoot{} }

// Destroy cleans up its resources on shutdown.
func (r *StatusREST) Destroy() {}

// Get retrieves the object from the storage. It is required to support Patch.
func (r *StatusREST) Get(ctx context.Context, name string, options *metav1.GetOptions) (runtime.Object, error) {
	return r.store.Get(ctx, name, options)
}

// Update alters the status subset of an object.
func (r *StatusREST) Update(ctx context.Context, name string, objInfo rest.UpdatedObjectInfo, createValidation rest.ValidateObjectFunc,
	updateValidation rest.ValidateObjectUpdateFunc, _ bool, options *metav1.UpdateOptions) (runtime.Object, bool, error) {
	return r.store.Update(ctx, name, objInfo, createValidation, updateValidation, false, options)
}

// GetResetFields returns the fields a status write cannot set.
func (r *StatusREST) GetResetFields() map[fieldpath.APIVersion]*fieldpath.Set {
	return r.store.GetResetFields()
}

// ConvertToTable prints the subresource like the main resource.
func (r *StatusREST) ConvertToTable(ctx context.Context, object runtime.Object, tableOptions runtime.Object) (*metav1.Table, error) {
	return r.store.ConvertToTable(ctx, object, tableOptions)
}
