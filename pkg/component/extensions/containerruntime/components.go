// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package containerruntime

import (
	extensionsv1alpha1 "github.com/gep-78/gardener/pkg/apis/extensions/v1alpha1"
)

// SetComponents sets the spec.components that deployer writes into the ContainerRuntimes, by worker
// pool name and runtime type (Values.Components). It leaves any other implementation of Interface alone.
func SetComponents(deployer Interface, components map[string]map[string][]extensionsv1alpha1.ExtensionComponent) {
	if c, ok := deployer.(*containerRuntime); ok {
		c.values.Components = components
	}
}
