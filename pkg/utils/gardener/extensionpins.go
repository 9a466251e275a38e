// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package gardener

import (
	"slices"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
)

// ComponentPin is one component version a Shoot pins under an extension type.
type ComponentPin struct {
	// Component is the component name, spec.extensions[].components[].name.
	Component string
	// Version is the pinned version, spec.extensions[].components[].version, as stored.
	Version string
}

// PinnedComponents returns the component versions a Shoot's extensions pin under extensionType,
// in spec order: every spec.extensions[] entry of that type, every component entry of it with a
// non-empty version. Entries of disabled extensions count: their pins stay in the spec and take
// effect again when the extension is re-enabled, so the in-use protection of GEP-78 ("Admission":
// a pin never dangles) has to cover them.
func PinnedComponents(extensions []gardencorev1beta1.Extension, extensionType string) []ComponentPin {
	var pins []ComponentPin
	for _, extension := range extensions {
		if extension.Type != extensionType {
			continue
		}
		for _, component := range extension.Components {
			if component.Version != nil && *component.Version != "" {
				pins = append(pins, ComponentPin{Component: component.Name, Version: *component.Version})
			}
		}
	}
	return pins
}

// PinnedExtensionTypes returns the extension types under which a Shoot's extensions pin at least
// one component version (see PinnedComponents), sorted and without duplicates; nil when there are
// none. It is the index value both in-use protections use to find the Shoots that pin an
// ExtensionProfile, named like the type (GEP-78 "Admission"): the ExtensionProfileInUse admission
// plugin's informer index and the field index of the ExtensionProfile controller.
func PinnedExtensionTypes(extensions []gardencorev1beta1.Extension) []string {
	var types []string
	for _, extension := range extensions {
		if len(PinnedComponents([]gardencorev1beta1.Extension{extension}, extension.Type)) > 0 && !slices.Contains(types, extension.Type) {
			types = append(types, extension.Type)
		}
	}
	slices.Sort(types)
	return types
}
