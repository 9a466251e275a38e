// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Package storage holds the REST storage of CloudProfiles and their status subresource.
package storage

import (
	"context"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apiserver/pkg/registry/generic"
	genericregistry "k8s.io/apiserver/pkg/registry/generic/registry"
	"k8s.io/apiserver/pkg/registry/rest"
	"k8s.io/utils/clock"
	"sigs.k8s.io/structured-merge-diff/v6/fieldpath"

	"github.com/gep-78/gardener/pkg/apis/core"
	"github.com/gep-78/gardener/pkg/apiserver/registry/core/cloudprofile"
)

// REST is the storage of cloudprofiles.
type REST struct {
	*genericregistry.Store
}

// CloudProfileStorage is the storage of cloudprofiles and cloudprofiles/status.
type CloudProfileStorage struct {
	CloudProfile *REST
	Status       *StatusREST
}

// NewStorage returns the storage of cloudprofiles with the real clock (NewStorageWithClock).
func NewStorage(optsGetter generic.RESTOptionsGetter) CloudProfileStorage {
	return NewStorageWithClock(optsGetter, clock.RealClock{})
}

// NewStorageWithClock returns the storage of cloudprofiles whose strategies read the time from c.
func NewStorageWithClock(optsGetter generic.RESTOptionsGetter, c clock.PassiveClock) CloudProfileStorage {
	cloudProfileRest, cloudProfileStatusRest := NewRESTWithClock(optsGetter, c)
	return CloudProfileStorage{CloudProfile: cloudProfileRest, Status: cloudProfileStatusRest}
}

// NewREST returns the storage of cloudprofiles and cloudprofiles/status with the real clock.
func NewREST(optsGetter generic.RESTOptionsGetter) (*REST, *StatusREST) {
	return NewRESTWithClock(optsGetter, clock.RealClock{})
}

// NewRESTWithClock returns the storage of cloudprofiles and cloudprofiles/status on clock c.
func NewRESTWithClock(optsGetter generic.RESTOptionsGetter, c clock.PassiveClock) (*REST, *StatusREST) {
	strategy := cloudprofile.NewStrategy(c)
	store := &genericregistry.Store{
		NewFunc:                   func() runtime.Object { return &core.CloudProfile{} },
		NewListFunc:               func() runtime.Object { return &core.CloudProfileList{} },
		DefaultQualifiedResource:  core.Resource("cloudprofiles"),
		SingularQualifiedResource: core.Resource("cloudprofile"),
		EnableGarbageCollection:   true,

		CreateStrategy:      strategy,
		UpdateStrategy:      strategy,
		DeleteStrategy:      strategy,
		ResetFieldsStrategy: strategy,

		TableConvertor: newTableConvertor(),
	}
	if err := store.CompleteWithOptions(&generic.StoreOptions{RESTOptions: optsGetter}); err != nil {
		panic(err)
	}

	statusStrategy := cloudprofile.NewStatusStrategy(c)
	statusStore := *store
	statusStore.UpdateStrategy = statusStrategy
	statusStore.ResetFieldsStrategy = statusStrategy
	return &REST{Store: store}, &StatusREST{store: &statusStore}
}

var _ rest.ShortNamesProvider = &REST{}

// ShortNames implements the ShortNamesProvider interface.
func (r *REST) ShortNames() []string { return []string{"cprofile", "cpfl"} }

// StatusREST implements the REST endpoint for changing the status of a CloudProfile.
type StatusREST struct {
	store *genericregistry.Store
}

var (
	_ rest.Storage = &StatusREST{}
	_ rest.Patcher = &StatusREST{}
)

// New returns an empty CloudProfile.
func (r *StatusREST) New() runtime.Object { return &core.CloudProfile{} }

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
