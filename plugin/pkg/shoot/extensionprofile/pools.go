// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package extensionprofile

import (
	"fmt"
	"slices"

	apiequality "k8s.io/apimachinery/pkg/api/equality"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/utils/ptr"

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

// oldPoolPins returns what the pin lists read of the old Shoot's pools: converted, the new Shoot's
// pools in v1beta1, when every old pool has the name and pins of the new one at its index (an
// update that leaves the pins alone), else poolPinsToV1beta1 of the old Shoot.
func oldPoolPins(oldShoot, shoot *core.Shoot, converted []gardencorev1beta1.Worker) ([]gardencorev1beta1.Worker, error) {
	if !slices.EqualFunc(oldShoot.Spec.Provider.Workers, shoot.Spec.Provider.Workers, samePoolPins) {
		return poolPinsToV1beta1(oldShoot)
	}
	return converted, nil
}

// samePoolPins reports whether two pools have the same name and, for the pin lists, the same
// runtime and override entries: type and components.
func samePoolPins(a, b core.Worker) bool {
	if a.Name != b.Name || (a.CRI == nil) != (b.CRI == nil) {
		return false
	}
	if a.CRI != nil && !slices.EqualFunc(a.CRI.ContainerRuntimes, b.CRI.ContainerRuntimes, func(x, y core.ContainerRuntime) bool {
		return x.Type == y.Type && sameComponents(x.Components, y.Components)
	}) {
		return false
	}
	return slices.EqualFunc(a.Extensions, b.Extensions, func(x, y core.WorkerExtension) bool {
		return x.Type == y.Type && sameComponents(x.Components, y.Components)
	})
}

// sameComponents reports whether two component lists are equal, field by field.
func sameComponents(a, b []core.ExtensionComponent) bool {
	return slices.EqualFunc(a, b, func(x, y core.ExtensionComponent) bool {
		return x.Name == y.Name && ptr.Equal(x.Version, y.Version) && ptr.Equal(x.Channel, y.Channel) &&
			((x.AutoUpdate == nil && y.AutoUpdate == nil) || apiequality.Semantic.DeepEqual(x.AutoUpdate, y.AutoUpdate))
	})
}

// poolComponents returns the components[] a pool's stored version goes to.
func poolComponents(shoot *core.Shoot, worker int, containerRuntime bool, index int) *[]core.ExtensionComponent {
	pool := &shoot.Spec.Provider.Workers[worker]
	if containerRuntime {
		return &pool.CRI.ContainerRuntimes[index].Components
	}
	return &pool.Extensions[index].Components
}
