// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package componentversion

import (
	"fmt"
	"time"

	v1beta1helper "github.com/gep-78/gardener/pkg/api/core/v1beta1/helper"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
)

// ComponentUpdateChannel means the component follows a release channel (EffectiveChannel): the
// channel takes the place of the auto-update policy.
const ComponentUpdateChannel ComponentUpdateTrigger = "channel"

// ReasonComponentChannel returns the reason of an update of a component that follows channel.
func ReasonComponentChannel(channel gardencorev1beta1.ReleaseChannel) string {
	return fmt.Sprintf("The component follows the %s release channel", channel)
}

// ChannelBehind returns why a component that follows channel stays at current although the channel
// gives version, which is lower: maintenance never downgrades.
func ChannelBehind(channel gardencorev1beta1.ReleaseChannel, version, current string) string {
	return fmt.Sprintf("channel %s gives %s, below the current %s; staying until the channel catches up", channel, version, current)
}

// ChannelUpdateFor decides the maintenance of a pinned version current of component, which
// follows channel (GEP-78 "Release channels"), at now with the stable channel's soak period soak.
// compatible is ComponentVersionUpdateFor's.
//
// Trigger, in this order: the pinned version not listed: missing (forced); classified expired at
// now: expiry (forced); otherwise channel. The decision records Channel and ChannelVersion (the
// channel's version at now, ChannelVersion; "" when the channel has none).
//
// Not forced: the channel's version is the target when it is higher than current and compatible
// (an incompatible one is recorded in Rejected and the version stays); equal, or no version in the
// channel, leaves the version; a lower one leaves it too, with Held set (ChannelBehind): the
// channel never downgrades, e.g. after a switch from rapid to stable.
//
// Forced: the channel's version when it is higher than current and compatible (a rapid follower
// may so be forced to a preview, its channel's tier); otherwise ComponentVersionUpdateFor's force
// path with auto-update off (the highest compatible supported version of the current minor, then
// of the next minor that holds one, never across the major), and its error when it finds none.
func ChannelUpdateFor(component gardencorev1beta1.ExtensionProfileComponent, current string, channel gardencorev1beta1.ReleaseChannel, now time.Time, soak time.Duration, compatible CompatibilityFunc) (ComponentVersionUpdate, error) {
	decision := ComponentVersionUpdate{Channel: channel}
	decision.ChannelVersion, _ = ChannelVersion(component, channel, now, soak)
	entry := v1beta1helper.FindComponentVersion(&component, current)
	switch {
	case entry == nil:
		decision.Trigger, decision.Reason = ComponentUpdateMissing, ReasonComponentVersionDoesNotExist
	case v1beta1helper.CurrentClassification(entry.Lifecycle, now) == gardencorev1beta1.ClassificationExpired:
		decision.Trigger, decision.Reason = ComponentUpdateExpired, ReasonComponentVersionExpired
	default:
		decision.Trigger, decision.Reason = ComponentUpdateChannel, ReasonComponentChannel(channel)
	}

	cur, err := parseComponentVersion(current)
	if err != nil {
		return decision, fmt.Errorf("cannot determine a target for version %q of component %q: %w", current, component.Name, err)
	}
	if decision.ChannelVersion != "" {
		target, _ := parseComponentVersion(decision.ChannelVersion)
		switch {
		case target.GreaterThan(cur):
			failures, err := compatible(decision.ChannelVersion)
			if err != nil {
				return decision, err
			}
			if len(failures) == 0 {
				decision.Target = decision.ChannelVersion
				return decision, nil
			}
			decision.Rejected = append(decision.Rejected, RejectedVersion{Version: decision.ChannelVersion, Failures: failures})
		case target.LessThan(cur) && !decision.Trigger.Forced():
			decision.Held = ChannelBehind(channel, decision.ChannelVersion, current)
		}
	}
	if !decision.Trigger.Forced() {
		return decision, nil
	}

	forced, err := ComponentVersionUpdateFor(component, current, EffectiveAutoUpdate{}, now, func(version string) ([]string, error) {
		if version == decision.ChannelVersion && len(decision.Rejected) > 0 {
			return decision.Rejected[0].Failures, nil
		}
		return compatible(version)
	})
	decision.Target = forced.Target
	for _, r := range forced.Rejected {
		if r.Version != decision.ChannelVersion || len(decision.Rejected) == 0 {
			decision.Rejected = append(decision.Rejected, r)
		}
	}
	return decision, err
}
