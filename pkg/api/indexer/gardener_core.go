// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Package indexer holds the field indexes that controllers register on the caches of their
// managers, with the field names to query them by (client.MatchingFields), and the pin indexes
// that admission plugins add to gardener-apiserver's Shoot informer.
package indexer

import (
	"context"
	"fmt"
	"slices"

	"k8s.io/client-go/tools/cache"
	"sigs.k8s.io/controller-runtime/pkg/client"

	v1beta1helper "github.com/gep-78/gardener/pkg/api/core/v1beta1/helper"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
)

// ShootPinnedExtensionTypes is the field index of Shoots by the ExtensionProfiles under which they
// pin at least one component version (GEP-78), in spec.extensions[] or a pool. It is not a field
// of the Shoot; the value is computed by ShootPinnedExtensionTypesIndexerFunc.
const ShootPinnedExtensionTypes = "spec.extensions.pinnedTypes"

// ShootPinnedExtensionTypesIndexerFunc returns the index values of a Shoot for
// ShootPinnedExtensionTypes: the sorted profile names of its pinned entries, Shoot-level
// (v1beta1helper.PinnedExtensionTypes) and per pool. Other objects have none.
func ShootPinnedExtensionTypesIndexerFunc(obj client.Object) []string {
	shoot, ok := obj.(*gardencorev1beta1.Shoot)
	if !ok {
		return nil
	}
	return pinnedProfiles(shoot)
}

// pinnedProfiles returns the sorted names of the ExtensionProfiles a Shoot pins a version of, in
// spec.extensions[] or a pool.
func pinnedProfiles(shoot *gardencorev1beta1.Shoot) []string {
	types := v1beta1helper.PinnedExtensionTypes(shoot.Spec.Extensions)
	added := false
	for _, pin := range poolPins(shoot) {
		if !slices.Contains(types, pin.ExtensionType) {
			types, added = append(types, pin.ExtensionType), true
		}
	}
	if added {
		slices.Sort(types)
	}
	return types
}

// poolPins returns the pinned entries of a Shoot's pools; nil, without allocating, for none.
func poolPins(shoot *gardencorev1beta1.Shoot) []v1beta1helper.PoolComponentPin {
	var pins []v1beta1helper.PoolComponentPin
	for _, pin := range v1beta1helper.PoolComponentPins(shoot.Spec.Extensions, shoot.Spec.Provider.Workers) {
		if pin.Pinned() {
			pins = append(pins, pin)
		}
	}
	return pins
}

// AddShootPinnedExtensionTypes registers the ShootPinnedExtensionTypes index on Shoots with
// indexer (a manager's field indexer). Registering it twice on the same cache fails.
func AddShootPinnedExtensionTypes(ctx context.Context, indexer client.FieldIndexer) error {
	if err := indexer.IndexField(ctx, &gardencorev1beta1.Shoot{}, ShootPinnedExtensionTypes, ShootPinnedExtensionTypesIndexerFunc); err != nil {
		return fmt.Errorf("failed to add indexer for %s to Shoot informer: %w", ShootPinnedExtensionTypes, err)
	}
	return nil
}

// ShootPinnedComponentVersionsField is the field index of Shoots by PinnedComponentVersionKey
// (ShootPinnedComponentVersions), for client.MatchingFields.
const ShootPinnedComponentVersionsField = "spec.extensions.pinnedComponentVersions"

// ShootPinnedComponentVersionsIndexerFunc returns the index values of a Shoot for
// ShootPinnedComponentVersionsField.
func ShootPinnedComponentVersionsIndexerFunc(obj client.Object) []string {
	return ShootPinnedComponentVersions(obj)
}

// AddShootPinnedComponentVersions registers the ShootPinnedComponentVersionsField index on Shoots
// with indexer (a manager's field indexer).
func AddShootPinnedComponentVersions(ctx context.Context, indexer client.FieldIndexer) error {
	if err := indexer.IndexField(ctx, &gardencorev1beta1.Shoot{}, ShootPinnedComponentVersionsField, ShootPinnedComponentVersionsIndexerFunc); err != nil {
		return fmt.Errorf("failed to add indexer for %s to Shoot informer: %w", ShootPinnedComponentVersionsField, err)
	}
	return nil
}

// ShootExtensionComponentMovesField is the field index of Shoots by the PinnedComponentVersionKey
// of each version maintenance moved them to (status.extensionComponentMoves[].to), for
// client.MatchingFields. A Shoot being deleted is in none.
const ShootExtensionComponentMovesField = "status.extensionComponentMoves.to"

// ShootExtensionComponentMovesIndexerFunc returns the index values of a Shoot for
// ShootExtensionComponentMovesField, without duplicates.
func ShootExtensionComponentMovesIndexerFunc(obj client.Object) []string {
	shoot, ok := obj.(*gardencorev1beta1.Shoot)
	if !ok || shoot.DeletionTimestamp != nil {
		return nil
	}
	var keys []string
	for _, move := range shoot.Status.ExtensionComponentMoves {
		if k := PinnedComponentVersionKey(move.Type, move.Component, move.To); !slices.Contains(keys, k) {
			keys = append(keys, k)
		}
	}
	return keys
}

// AddShootExtensionComponentMoves registers the ShootExtensionComponentMovesField index on Shoots
// with indexer (a manager's field indexer).
func AddShootExtensionComponentMoves(ctx context.Context, indexer client.FieldIndexer) error {
	if err := indexer.IndexField(ctx, &gardencorev1beta1.Shoot{}, ShootExtensionComponentMovesField, ShootExtensionComponentMovesIndexerFunc); err != nil {
		return fmt.Errorf("failed to add indexer for %s to Shoot informer: %w", ShootExtensionComponentMovesField, err)
	}
	return nil
}

// PinnedComponentKey is the value of a (extension type, component) pair in the index of Shoots by
// pinned component: "<extension type>/<component>". ExtensionProfile names and component names are
// DNS labels, so the key of a valid profile's component is unambiguous.
func PinnedComponentKey(extensionType, component string) string {
	return extensionType + "/" + component
}

// PinnedComponentVersionKey is the value of a pinned component version in the index of Shoots by
// pinned component version: "<extension type>/<component>/<version>".
func PinnedComponentVersionKey(extensionType, component, version string) string {
	return extensionType + "/" + component + "/" + version
}

// ShootPinnedComponents returns the index values of a v1beta1 Shoot by pinned component: one
// PinnedComponentKey per (extension type, component) under which it pins a version
// (v1beta1helper.PinnedComponents, and per pool), without duplicates. Other objects, and Shoots that pin
// nothing, have none; for them the function allocates nothing.
func ShootPinnedComponents(obj any) []string {
	return shootPinKeys(obj, func(extensionType string, pin v1beta1helper.ComponentPin) string {
		return PinnedComponentKey(extensionType, pin.Component)
	})
}

// ShootPinnedComponentVersions returns the index values of a v1beta1 Shoot by pinned component
// version: one PinnedComponentVersionKey per pinned version (v1beta1helper.PinnedComponents, and per pool),
// without duplicates. Other objects, and Shoots that pin nothing, have none.
func ShootPinnedComponentVersions(obj any) []string {
	return shootPinKeys(obj, func(extensionType string, pin v1beta1helper.ComponentPin) string {
		return PinnedComponentVersionKey(extensionType, pin.Component, pin.Version)
	})
}

func shootPinKeys(obj any, key func(string, v1beta1helper.ComponentPin) string) []string {
	shoot, ok := obj.(*gardencorev1beta1.Shoot)
	if !ok || shoot.DeletionTimestamp != nil {
		return nil
	}
	var keys []string
	for _, extensionType := range v1beta1helper.PinnedExtensionTypes(shoot.Spec.Extensions) {
		for _, pin := range v1beta1helper.PinnedComponents(shoot.Spec.Extensions, extensionType) {
			if k := key(extensionType, pin); !slices.Contains(keys, k) {
				keys = append(keys, k)
			}
		}
	}
	for _, pin := range poolPins(shoot) {
		if k := key(pin.ExtensionType, pin.ComponentPin); !slices.Contains(keys, k) {
			keys = append(keys, k)
		}
	}
	return keys
}

// Names of the pin indexes that admission plugins add to the Shoot informer of gardener-apiserver
// (AddShootPinIndexers). The values of each index are the keys above.
const (
	// ShootPinnedExtensionTypeIndex indexes Shoots by the ExtensionProfiles under which they pin at
	// least one component version, in spec.extensions[] or a pool.
	ShootPinnedExtensionTypeIndex = "pinnedExtensionType"
	// ShootPinnedComponentIndex indexes Shoots by PinnedComponentKey (ShootPinnedComponents).
	ShootPinnedComponentIndex = "pinnedComponent"
	// ShootPinnedComponentVersionIndex indexes Shoots by PinnedComponentVersionKey
	// (ShootPinnedComponentVersions).
	ShootPinnedComponentVersionIndex = "pinnedComponentVersion"
)

// ShootPinIndexers returns the index functions of ShootPinnedExtensionTypeIndex,
// ShootPinnedComponentIndex and ShootPinnedComponentVersionIndex. A Shoot being deleted is in
// none of them: its pins protect nothing, so a lookup never has to read the object to skip it.
func ShootPinIndexers() cache.Indexers {
	return cache.Indexers{
		ShootPinnedExtensionTypeIndex: func(obj any) ([]string, error) {
			shoot, ok := obj.(*gardencorev1beta1.Shoot)
			if !ok || shoot.DeletionTimestamp != nil {
				return nil, nil
			}
			return pinnedProfiles(shoot), nil
		},
		ShootPinnedComponentIndex:        func(obj any) ([]string, error) { return ShootPinnedComponents(obj), nil },
		ShootPinnedComponentVersionIndex: func(obj any) ([]string, error) { return ShootPinnedComponentVersions(obj), nil },
	}
}

// AddShootPinIndexers adds the ShootPinIndexers that informer (the v1beta1 Shoot informer) does
// not have yet, so that several plugins built on the same informer factory share one set of
// indexes, and returns the informer's indexer. Adding indexes fails once the informer has started.
func AddShootPinIndexers(informer cache.SharedIndexInformer) (cache.Indexer, error) {
	missing := cache.Indexers{}
	existing := informer.GetIndexer().GetIndexers()
	for name, indexFunc := range ShootPinIndexers() {
		if _, exists := existing[name]; !exists {
			missing[name] = indexFunc
		}
	}
	if len(missing) > 0 {
		if err := informer.AddIndexers(missing); err != nil {
			return nil, fmt.Errorf("could not add the pin indexes to the Shoot informer: %w", err)
		}
	}
	return informer.GetIndexer(), nil
}
