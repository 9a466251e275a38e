// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Package storage holds the REST storage of Shoots and their status subresource.
package storage

import (
	"context"

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

// StatusREST is the storage of shoots/status.
type StatusREST struct {
	store *genericregistry.Store
}

var (
	_ rest.CategoriesProvider = &REST{}
	_ rest.Patcher            = &StatusREST{}
	_ rest.Storage            = &StatusREST{}
)

// NewREST returns the storage of shoots and shoots/status. Both share one
// underlying store; the status store only swaps in the status update strategy.
func NewREST(optsGetter generic.RESTOptionsGetter) (*REST, *StatusREST, error) {
	strategy := shoot.NewStrategy()
	store := &genericregistry.Store{
		NewFunc:                   func() runtime.Object { return &core.Shoot{} },
		NewListFunc:               func() runtime.Object { return &core.ShootList{} },
		DefaultQualifiedResource:  core.Resource("shoots"),
		SingularQualifiedResource: core.Resource("shoot"),
		EnableGarbageCollection:   true,

		CreateStrategy:      strategy,
		UpdateStrategy:      strategy,
		DeleteStrategy:      strategy,
		ResetFieldsStrategy: strategy,

		TableConvertor: newTableConvertor(),
	}
	if err := store.CompleteWithOptions(&generic.StoreOptions{RESTOptions: optsGetter}); err != nil {
		return nil, nil, err
	}

	statusStrategy := shoot.NewStatusStrategy()
	statusStore := *store
	statusStore.UpdateStrategy = statusStrategy
	statusStore.ResetFieldsStrategy = statusStrategy
	return &REST{Store: store}, &StatusREST{store: &statusStore}, nil
}

// Categories implements rest.CategoriesProvider: Shoots are part of kubectl get all, as in
// Gardener.
func (r *REST) Categories() []string { return []string{"all"} }

// New returns an empty Shoot.
func (r *StatusREST) New() runtime.Object { return &core.Shoot{} }

// Destroy does nothing: the store is shared with the main resource, which destroys it.
func (r *StatusREST) Destroy() {}

// Get retrieves the object, so that PATCH works on the subresource.
func (r *StatusREST) Get(ctx context.Context, name string, options *metav1.GetOptions) (runtime.Object, error) {
	return r.store.Get(ctx, name, options)
}

// Update writes the status of the object only.
func (r *StatusREST) Update(ctx context.Context, name string, objInfo rest.UpdatedObjectInfo, createValidation rest.ValidateObjectFunc,
	updateValidation rest.ValidateObjectUpdateFunc, forceAllowCreate bool, options *metav1.UpdateOptions) (runtime.Object, bool, error) {
	// The status subresource never creates objects.
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
