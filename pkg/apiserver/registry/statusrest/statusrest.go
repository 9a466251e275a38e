// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Package statusrest serves the status subresource of a registry resource: the resource's own
// store with a status update strategy swapped in, so that a status write never changes the spec.
package statusrest

import (
	"context"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	genericregistry "k8s.io/apiserver/pkg/registry/generic/registry"
	"k8s.io/apiserver/pkg/registry/rest"
	"sigs.k8s.io/structured-merge-diff/v6/fieldpath"
)

// Strategy is what a status strategy implements: the update strategy of the subresource and the
// fields a status write cannot set.
type Strategy interface {
	rest.RESTUpdateStrategy
	rest.ResetFieldsStrategy
}

// REST is the storage of a <resource>/status subresource.
type REST struct {
	store *genericregistry.Store
}

var (
	_ rest.Patcher = &REST{}
	_ rest.Storage = &REST{}
)

// New returns the status storage of the resource served by store: a shallow copy of store, which
// shares its underlying storage, with strategy as update and reset-fields strategy.
func New(store *genericregistry.Store, strategy Strategy) *REST {
	statusStore := *store
	statusStore.UpdateStrategy = strategy
	statusStore.ResetFieldsStrategy = strategy
	return &REST{store: &statusStore}
}

// New returns an empty object of the resource.
func (r *REST) New() runtime.Object { return r.store.NewFunc() }

// Destroy does nothing: the store is shared with the main resource, which destroys it.
func (r *REST) Destroy() {}

// Get retrieves the object, so that PATCH works on the subresource.
func (r *REST) Get(ctx context.Context, name string, options *metav1.GetOptions) (runtime.Object, error) {
	return r.store.Get(ctx, name, options)
}

// Update writes the status of the object only. The status subresource never creates objects.
func (r *REST) Update(ctx context.Context, name string, objInfo rest.UpdatedObjectInfo, createValidation rest.ValidateObjectFunc,
	updateValidation rest.ValidateObjectUpdateFunc, _ bool, options *metav1.UpdateOptions) (runtime.Object, bool, error) {
	return r.store.Update(ctx, name, objInfo, createValidation, updateValidation, false, options)
}

// GetResetFields returns the fields a status write cannot set.
func (r *REST) GetResetFields() map[fieldpath.APIVersion]*fieldpath.Set {
	return r.store.GetResetFields()
}

// ConvertToTable prints the subresource like the main resource.
func (r *REST) ConvertToTable(ctx context.Context, object runtime.Object, tableOptions runtime.Object) (*metav1.Table, error) {
	return r.store.ConvertToTable(ctx, object, tableOptions)
}
