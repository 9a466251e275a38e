// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package shared

import (
	"context"
	"fmt"
	"slices"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/gep-78/gardener/pkg/api/core/v1beta1/helper"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	extensionsv1alpha1 "github.com/gep-78/gardener/pkg/apis/extensions/v1alpha1"
	"github.com/gep-78/gardener/pkg/component/extensions/extension"
)

// SetExtensionComponents sets spec.components of the Extensions from the Shoot's active pins, an
// empty list where nothing is pinned, and returns a warning per pin it cannot resolve as written.
func SetExtensionComponents(ctx context.Context, gardenClient client.Reader, shoot *gardencorev1beta1.Shoot, extensions map[string]extension.Extension) ([]ComponentWarning, error) {
	profiles, err := profilesFor(ctx, gardenClient, shoot, true, false)
	if err != nil {
		return nil, err
	}
	warnings := setComponents(shoot, profiles, extensions)
	for extensionType, ext := range extensions {
		if ext.Spec.Components == nil {
			ext.Spec.Components = []extensionsv1alpha1.ExtensionComponent{}
			extensions[extensionType] = ext
		}
	}
	return warnings, nil
}

// setComponents sets spec.components of each Extension from the pins of the last Shoot extension
// entry of its type, each with the providerConfig of its profile entry (GEP-78 "Optional
// per-version providerConfig"); a pin without an entry is written without one.
func setComponents(shoot *gardencorev1beta1.Shoot, profiles map[string]*gardencorev1beta1.ExtensionProfile, extensions map[string]extension.Extension) []ComponentWarning {
	var (
		pins     = helper.ActiveComponentPins(shoot.Spec.Extensions)
		poolPins = helper.PoolComponentPins(shoot.Spec.Extensions, shoot.Spec.Provider.Workers)
		warnings []ComponentWarning
	)
	for i, entry := range shoot.Spec.Extensions {
		ext, ok := extensions[entry.Type]
		if !ok || lastIndex(shoot.Spec.Extensions, entry.Type) != i {
			continue
		}
		components, componentWarnings := desiredComponents(slices.DeleteFunc(slices.Clone(pins), func(p helper.ComponentPin) bool { return p.ExtensionIndex != i }), profiles[entry.Type])
		poolComponents, poolWarnings := poolOverrides(shoot, poolPins, entry.Type, profiles[entry.Type])
		ext.Spec.Components = append(components, poolComponents...)
		componentWarnings = append(componentWarnings, poolWarnings...)
		extensions[entry.Type] = ext
		warnings = append(warnings, componentWarnings...)
	}
	return warnings
}

// poolOverrides returns one spec.components[] entry per versioned component of each pool's
// workers[].extensions[] override of extensionType (poolPins: the Shoot's PoolComponentPins), with
// the pool's name in workerPool.
func poolOverrides(shoot *gardencorev1beta1.Shoot, poolPins []helper.PoolComponentPin, extensionType string, profile *gardencorev1beta1.ExtensionProfile) ([]extensionsv1alpha1.ExtensionComponent, []ComponentWarning) {
	var (
		components []extensionsv1alpha1.ExtensionComponent
		warnings   []ComponentWarning
	)
	for i, worker := range shoot.Spec.Provider.Workers {
		for j, override := range worker.Extensions {
			if override.Type != extensionType {
				continue
			}
			poolComponents, poolWarnings := desiredComponents(entryPins(poolPins, gardencorev1beta1.ExtensionKindExtension, i, j), profile)
			for k := range poolComponents {
				poolComponents[k].WorkerPool = worker.Name
			}
			for k := range poolWarnings {
				poolWarnings[k].Pool = worker.Name
			}
			components = append(components, poolComponents...)
			warnings = append(warnings, poolWarnings...)
		}
	}
	return components, warnings
}

// entryPins returns the versioned pins of one pool entry among poolPins: the runtime or override at
// index j of the pool at index i.
func entryPins(poolPins []helper.PoolComponentPin, kind gardencorev1beta1.ExtensionKind, i, j int) []helper.ComponentPin {
	var pins []helper.ComponentPin
	for _, pin := range poolPins {
		if pin.Kind == kind && pin.WorkerIndex == i && pin.ExtensionIndex == j && pin.Pinned() {
			pins = append(pins, pin.ComponentPin)
		}
	}
	return pins
}

// lastIndex is the index of the last entry of type extensionType, which takes effect.
func lastIndex(entries []gardencorev1beta1.Extension, extensionType string) int {
	last := -1
	for i, entry := range entries {
		if entry.Type == extensionType {
			last = i
		}
	}
	return last
}

// profilesFor returns the ExtensionProfiles of the Shoot's active pins and its pools' pins by
// name, those of container runtimes or those of Extensions; none with the gate off.
func profilesFor(ctx context.Context, c client.Reader, shoot *gardencorev1beta1.Shoot, componentVersions, containerRuntimes bool) (map[string]*gardencorev1beta1.ExtensionProfile, error) {
	profiles := map[string]*gardencorev1beta1.ExtensionProfile{}
	if !componentVersions {
		return profiles, nil
	}
	for _, name := range helper.ActiveProfileNames(shoot.Spec.Extensions, shoot.Spec.Provider.Workers) {
		if helper.IsContainerRuntimeProfileName(name) != containerRuntimes {
			continue
		}
		profile := &gardencorev1beta1.ExtensionProfile{}
		if err := c.Get(ctx, client.ObjectKey{Name: name}, profile); err != nil {
			if apierrors.IsNotFound(err) {
				continue
			}
			return nil, fmt.Errorf("failed reading ExtensionProfile %s: %w", name, err)
		}
		profiles[name] = profile
	}
	return profiles, nil
}

// desiredComponents returns the spec.components of the seed object that the pins of one Shoot
// entry (an extension or a pool's runtime) resolve to with the entry's profile.
func desiredComponents(pins []helper.ComponentPin, profile *gardencorev1beta1.ExtensionProfile) ([]extensionsv1alpha1.ExtensionComponent, []ComponentWarning) {
	var (
		components []extensionsv1alpha1.ExtensionComponent
		warnings   []ComponentWarning
		seen       = map[string]bool{}
	)

	for _, pin := range pins {
		warn := func(reason WarningReason) {
			warnings = append(warnings, ComponentWarning{ExtensionType: pin.ExtensionType, Component: pin.Component, Version: pin.Version, Reason: reason})
		}
		if seen[pin.Component] {
			warn(WarningDuplicateComponent)
			continue
		}
		seen[pin.Component] = true

		component := extensionsv1alpha1.ExtensionComponent{Name: pin.Component, Version: pin.Version}
		switch profileComponent := profileComponent(profile, pin.Component); {
		case profile == nil:
			warn(WarningProfileNotFound)
		case profileComponent == nil:
			warn(WarningComponentNotFound)
		default:
			version := helper.FindComponentVersion(profileComponent, pin.Version)
			if version == nil {
				warn(WarningVersionNotFound)
				break
			}
			if !isEmptyRaw(version.ProviderConfig) {
				component.ProviderConfig = version.ProviderConfig.DeepCopy()
			}
		}
		components = append(components, component)
	}
	return components, warnings
}

func profileComponent(profile *gardencorev1beta1.ExtensionProfile, name string) *gardencorev1beta1.ExtensionProfileComponent {
	if profile == nil {
		return nil
	}
	return helper.FindExtensionComponent(profile.Spec, name)
}

func isEmptyRaw(raw *runtime.RawExtension) bool {
	return raw == nil || (raw.Object == nil && (len(raw.Raw) == 0 || string(raw.Raw) == "null"))
}
