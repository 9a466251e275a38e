// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package extensionprofile

import (
	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/gep-78/gardener/pkg/apis/core"
)

// unservedPoolPins refuses the per-pool pins of a Shoot: the components[] of a container runtime
// and a pool's extensions[]. The plugin does not check them against ExtensionProfiles yet
// (docs/proposals/per-pool-component-versions.md), and storing them unchecked would acknowledge
// versions nothing validated.
func unservedPoolPins(shoot *core.Shoot) field.ErrorList {
	var allErrs field.ErrorList
	const detail = "per-pool component versions are not checked against ExtensionProfiles yet; pin versions in spec.extensions[].components[]"
	workersPath := field.NewPath("spec", "provider", "workers")
	for i, worker := range shoot.Spec.Provider.Workers {
		if worker.CRI != nil {
			for j, runtime := range worker.CRI.ContainerRuntimes {
				if len(runtime.Components) > 0 {
					allErrs = append(allErrs, field.Forbidden(workersPath.Index(i).Child("cri", "containerRuntimes").Index(j).Child("components"), detail))
				}
			}
		}
		if len(worker.Extensions) > 0 {
			allErrs = append(allErrs, field.Forbidden(workersPath.Index(i).Child("extensions"), detail))
		}
	}
	return allErrs
}
