// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package helper

import (
	"slices"
	"strings"

	"k8s.io/apimachinery/pkg/util/validation/field"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
)

// containerRuntimeProfilePrefix prefixes the ExtensionProfile name of a container runtime type.
const containerRuntimeProfilePrefix = "containerruntime-"

// ContainerRuntimeProfileName returns the name of the ExtensionProfile of a container runtime
// type: containerruntime-<type>.
func ContainerRuntimeProfileName(runtimeType string) string {
	return containerRuntimeProfilePrefix + runtimeType
}

// ContainerRuntimeTypeFromProfileName returns the container runtime type a profile name stands
// for, and false when the name lacks the prefix or a type after it.
func ContainerRuntimeTypeFromProfileName(name string) (string, bool) {
	runtimeType, ok := strings.CutPrefix(name, containerRuntimeProfilePrefix)
	if !ok || runtimeType == "" {
		return "", false
	}
	return runtimeType, true
}

// IsContainerRuntimeProfileName reports whether name has the prefix of a container runtime's
// profile, which an Extension-kind profile must not have.
func IsContainerRuntimeProfileName(name string) bool {
	return strings.HasPrefix(name, containerRuntimeProfilePrefix)
}

// PoolComponentPin is one component entry of a Shoot's worker pool: of a container runtime
// (workers[i].cri.containerRuntimes[j].components[k]) or of an extension override
// (workers[i].extensions[j].components[k]).
type PoolComponentPin struct {
	// ComponentPin holds the entry: ExtensionIndex is j, ComponentIndex k, ExtensionType the
	// ExtensionProfile name (containerruntime-<type> for a runtime, the type for an override).
	ComponentPin
	// Kind is ContainerRuntime for a runtime's entry and Extension for an override's.
	Kind gardencorev1beta1.ExtensionKind
	// WorkerIndex is i, Pool the pool's name.
	WorkerIndex int
	Pool        string
	// Type is the runtime or extension type of the entry.
	Type string
}

// Path returns the field path of the entry, e.g. spec.provider.workers[1].cri.containerRuntimes[0].components[0].
func (p PoolComponentPin) Path() *field.Path {
	worker := field.NewPath("spec", "provider", "workers").Index(p.WorkerIndex)
	if p.Kind == gardencorev1beta1.ExtensionKindContainerRuntime {
		return worker.Child("cri", "containerRuntimes").Index(p.ExtensionIndex).Child("components").Index(p.ComponentIndex)
	}
	return worker.Child("extensions").Index(p.ExtensionIndex).Child("components").Index(p.ComponentIndex)
}

// PoolComponentPins returns every component entry of the pools, with and without a version, in
// spec order: per pool its runtimes' entries, then its overrides'. An override's entry is Disabled
// when the Shoot's entry of its type in extensions (spec.extensions) is; a runtime's never is.
func PoolComponentPins(extensions []gardencorev1beta1.Extension, workers []gardencorev1beta1.Worker) []PoolComponentPin {
	n := 0
	for _, worker := range workers {
		if worker.CRI != nil {
			for _, runtime := range worker.CRI.ContainerRuntimes {
				n += len(runtime.Components)
			}
		}
		for _, override := range worker.Extensions {
			n += len(override.Components)
		}
	}
	if n == 0 {
		return nil
	}
	pins := make([]PoolComponentPin, 0, n)
	add := func(i int, kind gardencorev1beta1.ExtensionKind, j int, entryType, profileName string, disabled bool, components []gardencorev1beta1.ExtensionComponent) {
		for k, component := range components {
			pin := PoolComponentPin{
				ComponentPin: ComponentPin{ExtensionIndex: j, ComponentIndex: k, ExtensionType: profileName, Component: component.Name, Disabled: disabled},
				Kind:         kind,
				WorkerIndex:  i,
				Pool:         workers[i].Name,
				Type:         entryType,
			}
			if component.Version != nil {
				pin.Version = *component.Version
			}
			pins = append(pins, pin)
		}
	}
	for i, worker := range workers {
		if worker.CRI != nil {
			for j, runtime := range worker.CRI.ContainerRuntimes {
				if len(runtime.Components) == 0 {
					continue
				}
				add(i, gardencorev1beta1.ExtensionKindContainerRuntime, j, runtime.Type, ContainerRuntimeProfileName(runtime.Type), false, runtime.Components)
			}
		}
		for j, override := range worker.Extensions {
			if len(override.Components) == 0 {
				continue
			}
			add(i, gardencorev1beta1.ExtensionKindExtension, j, override.Type, override.Type, extensionDisabled(extensions, override.Type), override.Components)
		}
	}
	return pins
}

// ActivePoolComponentPins returns the Active entries of PoolComponentPins, in spec order.
func ActivePoolComponentPins(extensions []gardencorev1beta1.Extension, workers []gardencorev1beta1.Worker) []PoolComponentPin {
	return slices.DeleteFunc(PoolComponentPins(extensions, workers), func(p PoolComponentPin) bool { return !p.Active() })
}

// ActiveProfileNames returns the names of the ExtensionProfiles that the Active pins of a Shoot's
// spec.extensions[] and pools read, once each, in spec order.
func ActiveProfileNames(extensions []gardencorev1beta1.Extension, workers []gardencorev1beta1.Worker) []string {
	var names []string
	add := func(name string) {
		if !slices.Contains(names, name) {
			names = append(names, name)
		}
	}
	for _, pin := range ActiveComponentPins(extensions) {
		add(pin.ExtensionType)
	}
	for _, pin := range ActivePoolComponentPins(extensions, workers) {
		add(pin.ExtensionType)
	}
	return names
}

// extensionDisabled reports whether the Shoot's entry of extensionType in extensions is disabled.
func extensionDisabled(extensions []gardencorev1beta1.Extension, extensionType string) bool {
	for i := len(extensions) - 1; i >= 0; i-- {
		if extensions[i].Type == extensionType {
			return extensions[i].Disabled != nil && *extensions[i].Disabled
		}
	}
	return false
}

// EffectiveComponentVersion returns the version of an Extension-kind component in a pool: the
// pool's override when it sets one (fromPool true), else the Shoot's spec.extensions[] entry;
// "" when neither sets a version.
func EffectiveComponentVersion(spec gardencorev1beta1.ShootSpec, pool, extensionType, component string) (version string, fromPool bool) {
	for _, worker := range spec.Provider.Workers {
		if worker.Name != pool {
			continue
		}
		for _, override := range worker.Extensions {
			if override.Type != extensionType {
				continue
			}
			for _, c := range override.Components {
				if c.Name == component && c.Version != nil && *c.Version != "" {
					return *c.Version, true
				}
			}
		}
	}
	if pin, ok := FindComponentPin(ComponentPins(spec.Extensions), extensionType, component); ok {
		return pin.Version, false
	}
	return "", false
}
