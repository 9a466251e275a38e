// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package extensionprofileimpact

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/Masterminds/semver/v3"
	apiequality "k8s.io/apimachinery/pkg/api/equality"

	v1beta1helper "github.com/gep-78/gardener/pkg/api/core/v1beta1/helper"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	"github.com/gep-78/gardener/pkg/utils/gardener/componentversion"
	versionutils "github.com/gep-78/gardener/pkg/utils/version"
)

// EventMoves is a change of what the next maintenance window does with the Shoots on a version
// that the write itself leaves alone: a version above it was added, promoted or demoted, or its
// rules changed, or an updateStrategy changed. The decisions at the time of the write with the old
// and the new profile are compared per Shoot.
const EventMoves EventKind = "moves"

// Moves returns the EventMoves Impacts of an update from oldProfile to profile at now, one per
// pinned version whose Shoots' next-window outcome (componentversion.Decide with soak, the stable
// channel's soak period) differs between the two profiles, in spec order. changes are
// ProfileChanges(oldProfile, profile, now). oldProfile nil (a create) has none. Shoots that follow
// a release channel are ChannelMoves' and left out.
//
// Only versions that a difference can reach are read: decisions consider candidates above the
// pinned version only, so for a component whose updateStrategy (or the profile's) is unchanged,
// the pinned versions below the highest version with a change of classification or rules;
// with a changed updateStrategy, every version below the highest one. Versions whose own
// classification changes are left to EventNow. The cost grows with the Shoots pinning those versions, not with the fleet.
//
// In an Impact, Outcomes count the Shoots that are updated (Forced for an expired pin), Holding
// those that a forced update newly finds no target for, and Staying those that the old profile
// would have updated or held and the new one keeps; Moved names the first MaxNamedShoots of all
// three, with the outcome before the change.
func Moves(ctx context.Context, oldProfile, profile *gardencorev1beta1.ExtensionProfile, changes []Change, now time.Time, soak time.Duration, pins PinLookup, checker componentversion.CompatibilityChecker) ([]Impact, error) {
	if oldProfile == nil {
		return nil, nil
	}
	checker = newSharedChecker(checker)
	profileStrategyChanged := !apiequality.Semantic.DeepEqual(oldProfile.Spec.UpdateStrategy, profile.Spec.UpdateStrategy)
	var impacts []Impact
	for _, component := range profile.Spec.Components {
		strategyChanged := profileStrategyChanged
		if old := v1beta1helper.FindExtensionComponent(oldProfile.Spec, component.Name); old != nil {
			strategyChanged = strategyChanged || !apiequality.Semantic.DeepEqual(old.UpdateStrategy, component.UpdateStrategy)
		}
		var threshold *semver.Version
		changedNow := map[string]bool{}
		for _, c := range changes {
			if c.Component != component.Name {
				continue
			}
			if c.ClassificationChanged() {
				changedNow[c.Version] = true
			}
			if c.ClassificationChanged() || c.RulesChanged {
				if v, err := versionutils.ParseProfileVersion(c.Version); err == nil && (threshold == nil || v.GreaterThan(threshold)) {
					threshold = v
				}
			}
		}
		if strategyChanged {
			// Every version may move, except the highest, which has no candidate above it.
			for _, version := range component.Versions {
				if v, err := versionutils.ParseProfileVersion(version.Version); err == nil && (threshold == nil || v.GreaterThan(threshold)) {
					threshold = v
				}
			}
		}
		if threshold == nil {
			continue
		}
		for _, version := range component.Versions {
			if changedNow[version.Version] {
				continue
			}
			if v, err := versionutils.ParseProfileVersion(version.Version); err == nil && !v.LessThan(threshold) {
				continue
			}
			shoots, err := pins(component.Name, version.Version)
			if err != nil {
				return nil, err
			}
			if len(shoots) == 0 {
				continue
			}
			if impact := compareAll(ctx, oldProfile, profile, component.Name, version.Version, now, soak, shoots, checker); impact != nil {
				impacts = append(impacts, *impact)
			}
		}
	}
	return impacts, nil
}

// compareAll decides for every pinning Shoot that follows no channel with both profiles; nil when
// no outcome differs. Pinning counts those Shoots: the channel warnings cover the followers.
func compareAll(ctx context.Context, oldProfile, profile *gardencorev1beta1.ExtensionProfile, component, version string, now time.Time, soak time.Duration, shoots []PinningShoot, checker componentversion.CompatibilityChecker) *Impact {
	shoots = slices.DeleteFunc(slices.Clone(shoots), func(s PinningShoot) bool { _, follows := s.follows(); return follows })
	impact := &Impact{Change: Change{Component: component, Version: version, OldListed: true}, Kind: EventMoves, At: now, Pinning: len(shoots)}
	counts := map[Outcome]int{}
	outcome := func(p *gardencorev1beta1.ExtensionProfile, s PinningShoot) componentversion.ComponentVersionOutcome {
		return componentversion.Decide(ctx, p, s.Shoot, s.ExtensionIndex, s.ComponentIndex, now, soak, checker)
	}
	changed := 0
	for _, s := range shoots {
		before, after := outcome(oldProfile, s), outcome(profile, s)
		if before.Action == after.Action && before.Target == after.Target {
			continue
		}
		changed++
		named := NamedShoot{Shoot: s.Key()}
		switch after.Action {
		case componentversion.ComponentActionUpdate, componentversion.ComponentActionForceUpdate:
			o := Outcome{Forced: after.Action == componentversion.ComponentActionForceUpdate, Target: after.Target}
			counts[o]++
			named.Reason = fmt.Sprintf("%s to %s", verb(o.Forced), o.Target)
		case componentversion.ComponentActionHold:
			impact.Holding++
			named.Reason = "held (" + after.Reason + ")"
		default:
			impact.Staying++
			named.Reason = "kept on it"
		}
		named.Before = before.String()
		if len(impact.Moved) < MaxNamedShoots {
			impact.Moved = append(impact.Moved, named)
		}
	}
	if changed == 0 {
		return nil
	}
	impact.Outcomes = sortedOutcomes(counts)
	return impact
}

// verb names an update in warnings.
func verb(forced bool) string {
	if forced {
		return "force-upgraded"
	}
	return "auto-updated"
}
