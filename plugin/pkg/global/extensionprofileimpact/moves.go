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

// eventMoves is a change of the next maintenance window of Shoots on a version that the write
// itself leaves alone (a version above it, its rules or an updateStrategy changed).
const eventMoves eventKind = "moves"

// moveImpacts returns an eventMoves fleetImpact per pinned version whose Shoots' next-window outcome differs
// between the two profiles, in spec order; only versions a difference can reach are decided.
// Shoots that follow a release channel are left to channelImpacts; a create has none.
func moveImpacts(ctx context.Context, oldProfile, profile *gardencorev1beta1.ExtensionProfile, changes []profileChange, now time.Time, soak time.Duration, pins pinLookup, checker componentversion.CompatibilityChecker) ([]fleetImpact, error) {
	if oldProfile == nil {
		return nil, nil
	}
	checker = newSharedChecker(checker)
	profileStrategyChanged := !apiequality.Semantic.DeepEqual(oldProfile.Spec.UpdateStrategy, profile.Spec.UpdateStrategy)
	var impacts []fleetImpact
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
			if c.classificationChanged() {
				changedNow[c.Version] = true
			}
			if c.classificationChanged() || c.RulesChanged {
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

// compareAll decides every pinning Shoot that follows no channel with both profiles; nil when no
// outcome differs.
func compareAll(ctx context.Context, oldProfile, profile *gardencorev1beta1.ExtensionProfile, component, version string, now time.Time, soak time.Duration, shoots []pinningShoot, checker componentversion.CompatibilityChecker) *fleetImpact {
	shoots = slices.DeleteFunc(slices.Clone(shoots), func(s pinningShoot) bool { _, follows := s.follows(); return follows })
	impact := &fleetImpact{Change: profileChange{Component: component, Version: version, OldListed: true}, Kind: eventMoves, At: now, Pinning: len(shoots)}
	counts := map[targetOutcome]int{}
	outcome := func(p *gardencorev1beta1.ExtensionProfile, s pinningShoot) componentversion.Outcome {
		return s.decide(ctx, p, now, soak, checker)
	}
	changed := 0
	for _, s := range shoots {
		before, after := outcome(oldProfile, s), outcome(profile, s)
		if before.Action == after.Action && before.Target == after.Target {
			continue
		}
		changed++
		named := namedShoot{Shoot: s.Key()}
		switch after.Action {
		case componentversion.ActionUpdate, componentversion.ActionForceUpdate:
			o := targetOutcome{Forced: after.Action == componentversion.ActionForceUpdate, Target: after.Target}
			counts[o]++
			named.Reason = fmt.Sprintf("%s to %s", verb(o.Forced), o.Target)
		case componentversion.ActionHold:
			impact.Holding++
			named.Reason = "held (" + after.Reason + ")"
		default:
			impact.Staying++
			named.Reason = "kept on it"
		}
		named.Before = before.String()
		if len(impact.Moved) < maxNamedShoots {
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
