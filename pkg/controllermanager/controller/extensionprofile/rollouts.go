// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package extensionprofile

import (
	"context"
	"fmt"
	"slices"
	"time"

	"sigs.k8s.io/controller-runtime/pkg/client"

	v1beta1helper "github.com/gep-78/gardener/pkg/api/core/v1beta1/helper"
	"github.com/gep-78/gardener/pkg/api/indexer"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	"github.com/gep-78/gardener/pkg/utils/gardener/rollout"
)

// eventActionRollout is the action of the rollout events.
const eventActionRollout = "Rollout"

// rollouts computes status.components[].rollouts of profile into status at now, from the previous
// status (a staged rollout starts when a version becomes a target: a new version, or one that
// turned supported or a channel's version; a target first seen otherwise has every stage open; a
// preview that the rapid channel targeted starts again when it turns supported) and
// the Shoots that maintenance moved to each version of an unsettled rollout (listed by the field
// index, so the cost follows the moved Shoots, not the fleet). It returns the transitions to record and the earliest
// time the rollout state changes next.
func (r *Reconciler) rollouts(ctx context.Context, profile *gardencorev1beta1.ExtensionProfile, status *gardencorev1beta1.ExtensionProfileStatus, now time.Time) ([]rollout.Event, *time.Time, error) {
	var (
		events []rollout.Event
		next   *time.Time
	)
	for i, component := range profile.Spec.Components {
		componentStatus := &status.Components[i]
		previousComponent := findComponentStatus(profile.Status, component.Name)
		for _, version := range component.Versions {
			// A completed rollout of a version that only the rapid channel targeted (a preview)
			// starts anew when the version turns supported: auto-update now targets it too.
			supported := isSupported(*componentStatus, version.Version)
			previous := v1beta1helper.CurrentRolloutStatus(profile.Status, component.Name, version.Version, supported)
			target := isTarget(*componentStatus, version.Version)
			promoted := previousComponent != nil && supported && !isSupported(*previousComponent, version.Version)
			if previous == nil && !target {
				continue
			}
			policy := v1beta1helper.EffectiveRolloutPolicy(r.Config.Rollout, profile.Spec, component.Name, version.Version)
			if rollout.Settled(previous, policy, now) {
				componentStatus.Rollouts = append(componentStatus.Rollouts, *previous)
				continue
			}
			// A profile's or component's first versions have no Shoot on an older one to stage.
			becameTarget := target && previousComponent != nil && (promoted || !isTarget(*previousComponent, version.Version))
			var shoots []gardencorev1beta1.Shoot
			if previous != nil || becameTarget {
				var err error
				if shoots, err = r.shootsMovedTo(ctx, profile.Name, component.Name, version.Version); err != nil {
					return nil, nil, err
				}
			}
			result := rollout.Compute(rollout.Input{
				ExtensionType: profile.Name,
				Component:     component.Name,
				Version:       version,
				Policy:        policy,
				Target:        target,
				BecameTarget:  becameTarget,
				Previous:      previous,
				Shoots:        shoots,
			}, now)
			if result.Status == nil {
				continue
			}
			componentStatus.Rollouts = append(componentStatus.Rollouts, *result.Status)
			events = append(events, result.Events...)
			if at := result.RequeueAt; at != nil && (next == nil || at.Before(*next)) {
				next = at
			}
		}
	}
	return events, next, nil
}

func findComponentStatus(status gardencorev1beta1.ExtensionProfileStatus, name string) *gardencorev1beta1.ExtensionProfileComponentStatus {
	for i := range status.Components {
		if status.Components[i].Name == name {
			return &status.Components[i]
		}
	}
	return nil
}

// isTarget reports whether auto-update or a release channel targets version: it is classified
// supported, or it is a channel's version.
func isTarget(status gardencorev1beta1.ExtensionProfileComponentStatus, version string) bool {
	return isSupported(status, version) ||
		slices.ContainsFunc(status.Channels, func(c gardencorev1beta1.ReleaseChannelStatus) bool { return c.Version == version })
}

// isSupported reports whether version is classified supported, which makes it a target of
// auto-update.
func isSupported(status gardencorev1beta1.ExtensionProfileComponentStatus, version string) bool {
	return slices.ContainsFunc(status.Versions, func(v gardencorev1beta1.ExtensionComponentVersionStatus) bool {
		return v.Version == version && v.Classification == gardencorev1beta1.ClassificationSupported
	})
}

// shootsMovedTo lists the Shoots that maintenance moved to version of component under
// extensionType, by the indexer.ShootExtensionComponentMovesField index.
func (r *Reconciler) shootsMovedTo(ctx context.Context, extensionType, component, version string) ([]gardencorev1beta1.Shoot, error) {
	list := &gardencorev1beta1.ShootList{}
	if err := r.Client.List(ctx, list, client.MatchingFields{indexer.ShootExtensionComponentMovesField: indexer.PinnedComponentVersionKey(extensionType, component, version)}); err != nil {
		return nil, fmt.Errorf("failed listing the Shoots moved to %s %s %s: %w", extensionType, component, version, err)
	}
	return list.Items, nil
}
