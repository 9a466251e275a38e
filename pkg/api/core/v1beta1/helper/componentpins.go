// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package helper

import (
	"slices"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
)

// ComponentPin is one component entry of a Shoot's spec.extensions[].components[].
type ComponentPin struct {
	// ExtensionIndex and ComponentIndex locate the entry in spec.extensions[].components[].
	ExtensionIndex, ComponentIndex int
	// ExtensionType is spec.extensions[].type, the name of the ExtensionProfile the pin refers to.
	ExtensionType string
	// Component is spec.extensions[].components[].name.
	Component string
	// Version is spec.extensions[].components[].version as stored; "" when the entry sets none.
	Version string
	// Disabled is spec.extensions[].disabled of the entry's extension.
	Disabled bool
}

// Pinned reports whether the entry sets a version.
func (p ComponentPin) Pinned() bool { return p.Version != "" }

// Active reports whether the pin takes effect: it sets a version and its extension is enabled.
// Disabled pins stay protected: they take effect again when the extension is re-enabled.
func (p ComponentPin) Active() bool { return p.Pinned() && !p.Disabled }

// ComponentPins returns every component entry of a Shoot's spec.extensions[] in spec order, with and
// without a version, of enabled and disabled extensions; callers filter with Pinned or Active.
func ComponentPins(extensions []gardencorev1beta1.Extension) []ComponentPin {
	return AppendComponentPins(nil, extensions)
}

// AppendComponentPins appends the entries ComponentPins returns to pins, so that a caller can reuse
// one slice for several lists.
func AppendComponentPins(pins []ComponentPin, extensions []gardencorev1beta1.Extension) []ComponentPin {
	for i, extension := range extensions {
		disabled := extension.Disabled != nil && *extension.Disabled
		for j, component := range extension.Components {
			pin := ComponentPin{ExtensionIndex: i, ComponentIndex: j, ExtensionType: extension.Type, Component: component.Name, Disabled: disabled}
			if component.Version != nil {
				pin.Version = *component.Version
			}
			pins = append(pins, pin)
		}
	}
	return pins
}

// ActiveComponentPins returns the Active entries of ComponentPins, in spec order.
func ActiveComponentPins(extensions []gardencorev1beta1.Extension) []ComponentPin {
	return slices.DeleteFunc(ComponentPins(extensions), func(p ComponentPin) bool { return !p.Active() })
}

// PinnedComponents returns the Pinned entries under extensionType, active or not, in spec order.
func PinnedComponents(extensions []gardencorev1beta1.Extension, extensionType string) []ComponentPin {
	return slices.DeleteFunc(ComponentPins(extensions), func(p ComponentPin) bool { return !p.Pinned() || p.ExtensionType != extensionType })
}

// PinnedExtensionTypes returns the sorted extension types with a Pinned entry; nil for none.
func PinnedExtensionTypes(extensions []gardencorev1beta1.Extension) []string {
	var types []string
	for _, pin := range ComponentPins(extensions) {
		if pin.Pinned() && !slices.Contains(types, pin.ExtensionType) {
			types = append(types, pin.ExtensionType)
		}
	}
	slices.Sort(types)
	return types
}

// FindComponentPin returns the first entry of pins for the extension type and component name.
func FindComponentPin(pins []ComponentPin, extensionType, component string) (ComponentPin, bool) {
	for _, pin := range pins {
		if pin.ExtensionType == extensionType && pin.Component == component {
			return pin, true
		}
	}
	return ComponentPin{}, false
}
