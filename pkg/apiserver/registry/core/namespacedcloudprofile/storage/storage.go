// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Package storage holds the REST storage of NamespacedCloudProfiles and their status subresource.
package storage

import (
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apiserver/pkg/registry/generic"
	genericregistry "k8s.io/apiserver/pkg/registry/generic/registry"
	"k8s.io/apiserver/pkg/registry/rest"

	"github.com/gep-78/gardener/pkg/apis/core"
	"github.com/gep-78/gardener/pkg/apiserver/registry/core/namespacedcloudprofile"
	"github.com/gep-78/gardener/pkg/apiserver/registry/statusrest"
)

// REST is the storage of namespacedcloudprofiles.
type REST struct {
	*genericregistry.Store
}

var _ rest.ShortNamesProvider = &REST{}

// NewREST returns the storage of namespacedcloudprofiles and namespacedcloudprofiles/status.
// Both share one underlying store; the status store only swaps in the status update strategy.
func NewREST(optsGetter generic.RESTOptionsGetter) (*REST, *statusrest.REST, error) {
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
		return nil, nil, err
	}
	return &REST{Store: store}, statusrest.New(store, namespacedcloudprofile.StatusStrategy), nil
}

// ShortNames implements rest.ShortNamesProvider: kubectl get nsprofile / nscpfl, as in Gardener.
func (r *REST) ShortNames() []string { return []string{"nsprofile", "nscpfl"} }
