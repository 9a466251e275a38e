// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Package storage holds the REST storage of CloudProfiles and their status subresource.
package storage

import (
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apiserver/pkg/registry/generic"
	genericregistry "k8s.io/apiserver/pkg/registry/generic/registry"
	"k8s.io/apiserver/pkg/registry/rest"
	"k8s.io/utils/clock"

	"github.com/gep-78/gardener/pkg/apis/core"
	"github.com/gep-78/gardener/pkg/apiserver/registry/core/cloudprofile"
	"github.com/gep-78/gardener/pkg/apiserver/registry/statusrest"
)

// REST is the storage of cloudprofiles.
type REST struct {
	*genericregistry.Store
}

var (
	_ rest.ShortNamesProvider = &REST{}
)

// NewREST returns the storage of cloudprofiles and cloudprofiles/status. Both share one
// underlying store; the status store only swaps in the status update strategy.
func NewREST(optsGetter generic.RESTOptionsGetter, c clock.PassiveClock) (*REST, *statusrest.REST, error) {
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
		return nil, nil, err
	}

	return &REST{Store: store}, statusrest.New(store, cloudprofile.NewStatusStrategy(c)), nil
}

// ShortNames implements rest.ShortNamesProvider: kubectl get cprofile / cpfl.
func (r *REST) ShortNames() []string { return []string{"cprofile", "cpfl"} }
