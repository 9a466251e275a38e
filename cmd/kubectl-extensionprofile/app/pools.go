// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package app

import (
	v1beta1helper "github.com/gep-78/gardener/pkg/api/core/v1beta1/helper"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
)

// poolPin is a worker pool's component entry that sets a version.
type poolPin struct {
	v1beta1helper.PoolComponentPin
	// Entry is the component entry; it follows only its own autoUpdate and channel, as admission
	// and maintenance read it.
	Entry gardencorev1beta1.ExtensionComponent
}

// poolPins returns the pool entries of shoot that set a version, in spec order, Disabled as
// v1beta1helper.PoolComponentPins decides.
func poolPins(shoot *gardencorev1beta1.Shoot) []poolPin {
	var pins []poolPin
	workers := shoot.Spec.Provider.Workers
	for _, pin := range v1beta1helper.PoolComponentPins(shoot.Spec.Extensions, workers) {
		if !pin.Pinned() {
			continue
		}
		p := poolPin{PoolComponentPin: pin}
		if pin.Kind == gardencorev1beta1.ExtensionKindContainerRuntime {
			p.Entry = workers[pin.WorkerIndex].CRI.ContainerRuntimes[pin.ExtensionIndex].Components[pin.ComponentIndex]
		} else {
			p.Entry = workers[pin.WorkerIndex].Extensions[pin.ExtensionIndex].Components[pin.ComponentIndex]
		}
		pins = append(pins, p)
	}
	return pins
}

// hasPins reports whether shoot pins a version of the ExtensionProfile named profileName, at
// Shoot level or in a pool, of an enabled extension or not.
func hasPins(shoot *gardencorev1beta1.Shoot, profileName string) bool {
	if len(v1beta1helper.PinnedComponents(shoot.Spec.Extensions, profileName)) > 0 {
		return true
	}
	for _, pin := range poolPins(shoot) {
		if pin.ExtensionType == profileName {
			return true
		}
	}
	return false
}

// poolName names a Shoot's pool as the views print it: namespace/name[pool].
func poolName(shoot *gardencorev1beta1.Shoot, pool string) string {
	return shoot.Namespace + "/" + shoot.Name + "[" + pool + "]"
}
