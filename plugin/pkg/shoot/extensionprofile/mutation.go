// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package extensionprofile

import (
	"context"

	"k8s.io/apiserver/pkg/admission"
	"k8s.io/apiserver/pkg/warning"
	"k8s.io/utils/ptr"

	"github.com/gep-78/gardener/pkg/apis/core"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	"github.com/gep-78/gardener/pkg/utils/gardener/componentversion"
)

// Admit stores the component versions componentversion.ResolvePins decides for a Shoot, so that every
// write method sending the same spec stores the same versions; unresolvable pins are Forbidden.
func (p *ShootExtensionProfile) Admit(ctx context.Context, a admission.Attributes, _ admission.ObjectInterfaces) error {
	shoot, oldShoot, err := p.shootsToCheck(a)
	if shoot == nil || err != nil {
		return err
	}
	req := componentversion.MutationRequest{
		Shoot:                   func() (*gardencorev1beta1.Shoot, error) { return toV1beta1(shoot) },
		Profile:                 p.getProfile,
		Rules:                   p.rules,
		Now:                     p.Clock.Now(),
		StableChannelSoakPeriod: p.StableChannelSoakPeriod,
	}
	if req.Extensions, err = extensionsToV1beta1(shoot); err != nil {
		return err
	}
	if oldShoot != nil {
		if req.OldExtensions, err = extensionsToV1beta1(oldShoot); err != nil {
			return err
		}
	}
	if hasPoolPins(shoot) || hasPoolPins(oldShoot) {
		if req.Workers, err = poolPinsToV1beta1(shoot); err != nil {
			return err
		}
		if oldShoot != nil {
			if req.OldWorkers, err = oldPoolPins(oldShoot, shoot, req.Workers); err != nil {
				return err
			}
		}
	}

	stored, allErrs, warnings, err := componentversion.ResolvePins(ctx, req)
	for _, msg := range warnings {
		warning.AddWarning(ctx, "", msg)
	}
	if err != nil {
		return err
	}
	if len(allErrs) > 0 {
		return admission.NewForbidden(a, allErrs.ToAggregate())
	}
	for _, s := range stored {
		storeVersion(shoot, s)
	}
	return nil
}

// storeVersion sets a stored version on its component entry, in spec.extensions[] or a pool's
// list, adding the entry when s is past the list entry's components.
func storeVersion(shoot *core.Shoot, s componentversion.StoredVersion) {
	var components *[]core.ExtensionComponent
	if s.Pool {
		components = poolComponents(shoot, s.Worker, s.ContainerRuntime, s.ExtensionIndex)
	} else {
		components = &shoot.Spec.Extensions[s.ExtensionIndex].Components
	}
	j := s.ComponentIndex
	if j >= len(*components) {
		*components = append(*components, core.ExtensionComponent{Name: s.Component})
		j = len(*components) - 1
	}
	(*components)[j].Version = ptr.To(s.Version)
}
