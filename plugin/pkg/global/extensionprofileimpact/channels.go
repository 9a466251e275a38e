// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package extensionprofileimpact

import (
	"context"
	"slices"
	"strings"
	"time"

	v1beta1helper "github.com/gep-78/gardener/pkg/api/core/v1beta1/helper"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	"github.com/gep-78/gardener/pkg/utils/gardener/componentversion"
)

// eventChannel is a move of a release channel that the write causes, at the write or later.
const eventChannel eventKind = "channel"

// channelMove is one move of a release channel of a component.
type channelMove struct {
	Channel gardencorev1beta1.ReleaseChannel
	// From and To are the channel's versions before and after the move; "" for none.
	From, To string
	AtWrite  bool
}

// channelMoves returns the moves of each channel that the write from old to component causes, now
// or later.
func channelMoves(old, component gardencorev1beta1.ExtensionProfileComponent, now time.Time, soak time.Duration) ([]channelMove, []time.Time) {
	times := []time.Time{now}
	for _, t := range componentversion.ChannelTimes(component, now, soak) {
		times = append(times, t.At)
	}
	var moves []channelMove
	var at []time.Time
	for _, channel := range componentversion.ReleaseChannels {
		previous, _ := componentversion.ChannelVersion(old, channel, now, soak)
		for _, t := range times {
			version, _ := componentversion.ChannelVersion(component, channel, t, soak)
			without, _ := componentversion.ChannelVersion(old, channel, t, soak)
			if version != previous && version != without {
				moves = append(moves, channelMove{Channel: channel, From: previous, To: version, AtWrite: t.Equal(now)})
				at = append(at, t)
			}
			previous = version
		}
	}
	return moves, at
}

// follows returns the release channel the pinning entry of s follows, if any.
func (s pinningShoot) follows() (gardencorev1beta1.ReleaseChannel, bool) {
	if s.Pool != nil {
		// A pool's entry follows only its own channel.
		return componentversion.EffectiveChannel(gardencorev1beta1.Extension{}, *s.entry())
	}
	extension := s.Shoot.Spec.Extensions[s.ExtensionIndex]
	return componentversion.EffectiveChannel(extension, extension.Components[s.ComponentIndex])
}

// channelImpacts returns an eventChannel fleetImpact per channel move of an update that Shoots
// follow, deciding each follower at the move's time on the version earlier moves left it on.
func channelImpacts(ctx context.Context, oldProfile, profile *gardencorev1beta1.ExtensionProfile, now time.Time, soak time.Duration, pins pinLookup, checker componentversion.CompatibilityChecker) ([]fleetImpact, error) {
	if oldProfile == nil {
		return nil, nil
	}
	checker = newSharedChecker(checker)
	var impacts []fleetImpact
	for _, component := range profile.Spec.Components {
		old := v1beta1helper.FindExtensionComponent(oldProfile.Spec, component.Name)
		if old == nil {
			continue
		}
		moves, at := channelMoves(*old, component, now, soak)
		if len(moves) == 0 {
			continue
		}
		followers, err := channelFollowers(*old, component, pins)
		if err != nil {
			return nil, err
		}
		// working holds each follower as its earlier moves left it.
		working := map[string]pinningShoot{}
		for i, move := range moves {
			var shoots []pinningShoot
			for _, s := range followers {
				if channel, _ := s.follows(); channel == move.Channel {
					if w, ok := working[s.Key()]; ok {
						s = w
					}
					shoots = append(shoots, s)
				}
			}
			if len(shoots) == 0 {
				continue
			}
			impact, moved := decideFollowers(ctx, profile, component.Name, move, at[i], soak, shoots, checker)
			for key, s := range moved {
				working[key] = s
			}
			impacts = append(impacts, impact)
		}
	}
	return impacts, nil
}

// channelFollowers returns the Shoots that pin the component and follow a release channel, sorted.
func channelFollowers(old, component gardencorev1beta1.ExtensionProfileComponent, pins pinLookup) ([]pinningShoot, error) {
	var versions []string
	for _, v := range append(slices.Clone(old.Versions), component.Versions...) {
		if !slices.Contains(versions, v.Version) {
			versions = append(versions, v.Version)
		}
	}
	var out []pinningShoot
	for _, version := range versions {
		shoots, err := pins(component.Name, version)
		if err != nil {
			return nil, err
		}
		for _, s := range shoots {
			if _, ok := s.follows(); ok {
				out = append(out, s)
			}
		}
	}
	slices.SortFunc(out, func(a, b pinningShoot) int { return strings.Compare(a.Key(), b.Key()) })
	return out, nil
}

// decideFollowers decides at at for every follower of the moved channel and returns the updated
// Shoots, sorted.
func decideFollowers(ctx context.Context, profile *gardencorev1beta1.ExtensionProfile, component string, move channelMove, at time.Time, soak time.Duration, shoots []pinningShoot, checker componentversion.CompatibilityChecker) (fleetImpact, map[string]pinningShoot) {
	impact := fleetImpact{Change: profileChange{Component: component, Version: move.To, OldListed: true}, Kind: eventChannel, At: at,
		Pinning: len(shoots), Channel: &move}
	counts := map[targetOutcome]int{}
	moved := map[string]pinningShoot{}
	for _, s := range shoots {
		outcome := s.decide(ctx, profile, at, soak, checker)
		stored := *s.entry().Version
		switch outcome.Action {
		case componentversion.ActionUpdate, componentversion.ActionForceUpdate:
			o := targetOutcome{Forced: outcome.Action == componentversion.ActionForceUpdate, Target: outcome.Target}
			counts[o]++
			if len(impact.Moved) < maxNamedShoots {
				impact.Moved = append(impact.Moved, namedShoot{Shoot: s.Key(), Reason: verb(o.Forced) + " to " + o.Target, From: stored, To: o.Target})
			}
			updated := s
			updated.Shoot = s.Shoot.DeepCopy()
			updated.entry().Version = &o.Target
			moved[s.Key()] = updated
		case componentversion.ActionHold:
			impact.Holding++
			if len(impact.Holders) < maxNamedShoots {
				impact.Holders = append(impact.Holders, namedShoot{Shoot: s.Key(), Reason: outcome.Reason, From: stored})
			}
		default:
			impact.Staying++
		}
	}
	impact.Outcomes = sortedOutcomes(counts)
	return impact, moved
}
