// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package extensionprofile

import (
	"fmt"

	apierrors "k8s.io/apimachinery/pkg/api/errors"

	"github.com/gep-78/gardener/pkg/apis/core"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
)

// hasPoolPins reports whether a pool of shoot sets components: a runtime's or an override's.
func hasPoolPins(shoot *core.Shoot) bool {
	if shoot == nil {
		return false
	}
	for _, worker := range shoot.Spec.Provider.Workers {
		if len(worker.Extensions) > 0 {
			return true
		}
		if worker.CRI == nil {
			continue
		}
		for _, runtime := range worker.CRI.ContainerRuntimes {
			if len(runtime.Components) > 0 {
				return true
			}
		}
	}
	return false
}

// poolPinsToV1beta1 converts what the pin lists read of spec.provider.workers of an internal Shoot
// to v1beta1, in order: each pool's name, cri and extensions, nothing else.
func poolPinsToV1beta1(shoot *core.Shoot) ([]gardencorev1beta1.Worker, error) {
	workers := make([]gardencorev1beta1.Worker, len(shoot.Spec.Provider.Workers))
	for i := range shoot.Spec.Provider.Workers {
		worker := &shoot.Spec.Provider.Workers[i]
		pins := core.Worker{Name: worker.Name, CRI: worker.CRI, Extensions: worker.Extensions}
		if err := gardencorev1beta1.Convert_core_Worker_To_v1beta1_Worker(&pins, &workers[i], nil); err != nil {
			return nil, apierrors.NewInternalError(fmt.Errorf("could not convert spec.provider.workers[%d]: %w", i, err))
		}
	}
	return workers, nil
}

// poolComponents returns the components[] a pool's stored version goes to.
func poolComponents(shoot *core.Shoot, worker int, containerRuntime bool, index int) *[]core.ExtensionComponent {
	pool := &shoot.Spec.Provider.Workers[worker]
	if containerRuntime {
		return &pool.CRI.ContainerRuntimes[index].Components
	}
	return &pool.Extensions[index].Components
}
