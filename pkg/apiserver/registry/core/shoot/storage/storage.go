// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Package storage holds the REST storage of Shoots and their status subresource.
package storage

import (
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apiserver/pkg/registry/generic"
	genericregistry "k8s.io/apiserver/pkg/registry/generic/registry"
	"k8s.io/apiserver/pkg/registry/rest"

	"github.com/gep-78/gardener/pkg/apis/core"
	"github.com/gep-78/gardener/pkg/apiserver/registry/core/shoot"
	"github.com/gep-78/gardener/pkg/apiserver/registry/statusrest"
)

// REST is the storage of shoots.
type REST struct {
	*genericregistry.Store
}

var (
	_ rest.CategoriesProvider = &REST{}
)

// NewREST returns the storage of shoots and shoots/status. Both share one
// underlying store; the status store only swaps in the status update strategy.
func NewREST(optsGetter generic.RESTOptionsGetter) (*REST, *statusrest.REST, error) {
	strategy := shoot.NewStrategy(0)
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
		return nil, nil, err
	}

	return &REST{Store: store}, statusrest.New(store, shoot.NewStatusStrategy()), nil
}

// Categories implements rest.CategoriesProvider: Shoots are part of kubectl get all, as in
// Gardener.
func (r *REST) Categories() []string { return []string{"all"} }
