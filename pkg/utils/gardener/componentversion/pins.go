// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package componentversion

import (
	"slices"

	"k8s.io/utils/ptr"

	v1beta1helper "github.com/gep-78/gardener/pkg/api/core/v1beta1/helper"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
)

// This file holds what admission decides about a component entry by comparing it with the old
// Shoot's.

// PinChanged reports whether a component entry is new or sets a version that differs from the old
// entry's (GEP-78: the existence and classification checks run only when the pin changes).
// Removing a version is no change: there is nothing to check.
func PinChanged(oldPins []v1beta1helper.ComponentPin, pin v1beta1helper.ComponentPin) bool {
	old, found := v1beta1helper.FindComponentPin(oldPins, pin.ExtensionType, pin.Component)
	return !found || (pin.Pinned() && old.Version != pin.Version)
}

// NewlyPinned reports whether a component entry is new or sets a version where the old entry had
// none. Unlike PinChanged, a different version on an entry that was pinned already is no new pin:
// that is what shoot maintenance writes.
func NewlyPinned(oldPins []v1beta1helper.ComponentPin, pin v1beta1helper.ComponentPin) bool {
	old, found := v1beta1helper.FindComponentPin(oldPins, pin.ExtensionType, pin.Component)
	return !found || !old.Pinned()
}

// AutoUpdateChanged reports whether the extension-level or the component-level autoUpdate of a
// component differs from the old Shoot's (oldExtensions, its spec.extensions in v1beta1).
// Everything counts as changed on create (update false).
func AutoUpdateChanged(oldExtensions []gardencorev1beta1.Extension, update bool, extension *gardencorev1beta1.Extension, pin v1beta1helper.ComponentPin) bool {
	if !update {
		return true
	}
	component := &extension.Components[pin.ComponentIndex]
	for i := range oldExtensions {
		oldExtension := &oldExtensions[i]
		if oldExtension.Type != extension.Type {
			continue
		}
		if !AutoUpdateEqual(oldExtension.AutoUpdate, extension.AutoUpdate) {
			return true
		}
		for j := range oldExtension.Components {
			if oldComponent := &oldExtension.Components[j]; oldComponent.Name == component.Name {
				return !AutoUpdateEqual(oldComponent.AutoUpdate, component.AutoUpdate)
			}
		}
		return true
	}
	return true
}

// AutoUpdateEqual reports whether two autoUpdate policies are equal field by field (what
// apiequality.Semantic.DeepEqual decides, without reflection: this runs for every pin of every
// Shoot write). A field added to ExtensionAutoUpdate must be compared here; a unit test fails until
// it is.
func AutoUpdateEqual(a, b *gardencorev1beta1.ExtensionAutoUpdate) bool {
	if a == nil || b == nil {
		return a == b
	}
	return ptr.Equal(a.Enabled, b.Enabled) && ptr.Equal(a.UpdateStrategy, b.UpdateStrategy) && slices.Equal(a.Classifications, b.Classifications)
}
