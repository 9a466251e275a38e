// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package shared

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/gep-78/gardener/pkg/api/core/v1beta1/helper"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	extensionsv1alpha1 "github.com/gep-78/gardener/pkg/apis/extensions/v1alpha1"
	"github.com/gep-78/gardener/pkg/component/extensions/containerruntime"
)

// SetContainerRuntimeComponents sets the spec.components that deployer writes into the seed
// ContainerRuntime of each pool and runtime type from the pool's pins, an empty list where nothing
// is pinned, and returns a warning per pin it cannot resolve as written.
func SetContainerRuntimeComponents(ctx context.Context, gardenClient client.Reader, shoot *gardencorev1beta1.Shoot, deployer containerruntime.Interface) ([]ComponentWarning, error) {
	profiles, err := profilesFor(ctx, gardenClient, shoot, true, true)
	if err != nil {
		return nil, err
	}
	components, warnings := containerRuntimeComponents(shoot, profiles)
	containerruntime.SetComponents(deployer, components)
	return warnings, nil
}

// containerRuntimeComponents resolves the pins of every pool's container runtimes with the
// containerruntime-<type> profile, by pool name and runtime type.
func containerRuntimeComponents(shoot *gardencorev1beta1.Shoot, profiles map[string]*gardencorev1beta1.ExtensionProfile) (map[string]map[string][]extensionsv1alpha1.ExtensionComponent, []ComponentWarning) {
	var (
		result   = map[string]map[string][]extensionsv1alpha1.ExtensionComponent{}
		poolPins = helper.PoolComponentPins(shoot.Spec.Extensions, shoot.Spec.Provider.Workers)
		warnings []ComponentWarning
	)
	for i, worker := range shoot.Spec.Provider.Workers {
		if worker.CRI == nil {
			continue
		}
		result[worker.Name] = map[string][]extensionsv1alpha1.ExtensionComponent{}
		for j, runtime := range worker.CRI.ContainerRuntimes {
			components, componentWarnings := desiredComponents(entryPins(poolPins, gardencorev1beta1.ExtensionKindContainerRuntime, i, j), profiles[helper.ContainerRuntimeProfileName(runtime.Type)])
			if components == nil {
				components = []extensionsv1alpha1.ExtensionComponent{}
			}
			for k := range componentWarnings {
				componentWarnings[k].Pool = worker.Name
			}
			result[worker.Name][runtime.Type] = components
			warnings = append(warnings, componentWarnings...)
		}
	}
	return result, warnings
}
