// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Package storage holds the REST storage of NamespacedCloudProfiles and their status subresource.
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
	"github.com/gep-78/gardener/pkg/apiserver/registry/core/namespacedcloudprofile"
)

// REST is the storage of namespacedcloudprofiles.
type REST struct {
	*genericregistry.Store
}

// NamespacedCloudProfileStorage implements the storage for NamespacedCloudProfiles and their status.
type NamespacedCloudProfileStorage struct {
	NamespacedCloudProfile *REST
	Status                 *StatusREST
}

// NewStorage returns the storage of namespacedcloudprofiles (NewREST).
func NewStorage(optsGetter generic.RESTOptionsGetter) NamespacedCloudProfileStorage {
	namespacedCloudProfileRest, namespacedCloudProfileStatusRest := NewREST(optsGetter)
	return NamespacedCloudProfileStorage{NamespacedCloudProfile: namespacedCloudProfileRest, Status: namespacedCloudProfileStatusRest}
}

// NewREST returns the storage of namespacedcloudprofiles and namespacedcloudprofiles/status.
func NewREST(optsGetter generic.RESTOptionsGetter) (*REST, *StatusREST) {
	store := &genericregistry.Store{
		NewFunc:                   func() runtime.Object { return &core.NamespacedCloudProfile{} },
		NewListFunc:               func() runtime.Object { return &core.NamespacedCloudProfileList{} },
		DefaultQualifiedResource:  core.Resource("namespacedcloudprofiles"),
		SingularQualifiedResource: core.Resource("namespacedcloudprofile"),
		EnableGarbageCollection:   true,

		CreateStrategy:      namespacedcloudprofile.Strategy,
		UpdateStrategy:      namespacedcloudprofile.Strategy,
		DeleteStrategy:      namespacedcloudprofile.Strategy,
		ResetFieldsStrategy: namespacedcloudprofile.Strategy,

		TableConvertor: newTableConvertor(),
	}
	if err := store.CompleteWithOptions(&generic.StoreOptions{RESTOptions: optsGetter}); err != nil {
		panic(err)
	}

	statusStore := *store
	statusStore.UpdateStrategy = namespacedcloudprofile.StatusStrategy
	statusStore.ResetFieldsStrategy = namespacedcloudprofile.StatusStrategy
	return &REST{Store: store}, &StatusREST{store: &statusStore}
}

var _ rest.ShortNamesProvider = &REST{}

// ShortNames implements the ShortNamesProvider interface.
func (r *REST) ShortNames() []string { return []string{"nsprofile", "nscpfl"} }

// StatusREST implements the REST endpoint for changing the status of a NamespacedCloudProfile.
type StatusREST struct {
	store *genericregistry.Store
}

var (
	_ rest.Storage = &StatusREST{}
	_ rest.Patcher = &StatusREST{}
)

// New returns an empty NamespacedCloudProfile.
func (r *StatusREST) New() runtime.Object { return &core.NamespacedCloudProfile{} }

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
