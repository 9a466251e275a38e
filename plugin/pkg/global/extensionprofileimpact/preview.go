// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package extensionprofileimpact

import (
	"cmp"
	"context"
	"slices"
	"time"

	v1beta1helper "github.com/gep-78/gardener/pkg/api/core/v1beta1/helper"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	"github.com/gep-78/gardener/pkg/utils/gardener/componentversion"
)

// maxNamedShoots is how many Shoots a fleetImpact names, in namespace/name order; counts cover all.
const maxNamedShoots = 10

// pinningShoot is a Shoot that actively pins a component version, at these indexes of its spec, or
// in the pool entry Pool addresses.
type pinningShoot struct {
	Shoot                          *gardencorev1beta1.Shoot
	ExtensionIndex, ComponentIndex int
	Pool                           *v1beta1helper.PoolComponentPin
}

// Key returns the Shoot's namespace/name, with [pool] for a pool's pin.
func (s pinningShoot) Key() string {
	if s.Pool != nil {
		return s.Shoot.Namespace + "/" + s.Shoot.Name + "[" + s.Pool.Pool + "]"
	}
	return s.Shoot.Namespace + "/" + s.Shoot.Name
}

// entry returns the pinning component entry in s.Shoot.
func (s pinningShoot) entry() *gardencorev1beta1.ExtensionComponent {
	if s.Pool == nil {
		return &s.Shoot.Spec.Extensions[s.ExtensionIndex].Components[s.ComponentIndex]
	}
	worker := &s.Shoot.Spec.Provider.Workers[s.Pool.WorkerIndex]
	if s.Pool.Kind == gardencorev1beta1.ExtensionKindContainerRuntime {
		return &worker.CRI.ContainerRuntimes[s.Pool.ExtensionIndex].Components[s.Pool.ComponentIndex]
	}
	return &worker.Extensions[s.Pool.ExtensionIndex].Components[s.Pool.ComponentIndex]
}

// decide is maintenance's decision for the pinning entry at at.
func (s pinningShoot) decide(ctx context.Context, profile *gardencorev1beta1.ExtensionProfile, at time.Time, soak time.Duration, checker componentversion.CompatibilityChecker) componentversion.Outcome {
	if s.Pool != nil {
		return componentversion.DecidePool(ctx, profile, s.Shoot, *s.Pool, at, soak, nil, checker)
	}
	return componentversion.Decide(ctx, profile, s.Shoot, s.ExtensionIndex, s.ComponentIndex, at, soak, nil, checker)
}

// pinLookup returns the Shoots not being deleted that actively pin a component, sorted.
type pinLookup func(component, version string) ([]pinningShoot, error)

// eventKind is what a fleetImpact is about.
type eventKind string

const (
	// eventNow is a change of the classification at the time of the write, decided at now.
	eventNow eventKind = "now"
	// eventExpiration is an expiration date newly set or moved ahead, decided at that date.
	eventExpiration eventKind = "expiration"
	// eventExpirationRemoved is an expiration date dropped while ahead; its Shoots are only counted.
	eventExpirationRemoved eventKind = "expirationRemoved"
	// eventRules is a change of the compatibility rules, evaluated against every pinning Shoot.
	eventRules eventKind = "rules"
)

// targetOutcome is where the maintenance decision moves a pinning Shoot.
type targetOutcome struct {
	// Forced is true for a forced update (an expired or unlisted version), false for an automatic one.
	Forced bool
	Target string
}

// outcomeCount is how many pinning Shoots a targetOutcome applies to.
type outcomeCount struct {
	targetOutcome
	Count int
}

// namedShoot is a Shoot named by a fleetImpact, with why it is named.
type namedShoot struct {
	// Shoot is namespace/name.
	Shoot string
	// Reason says why the Shoot is named: the failing rule's message, or its outcome.
	Reason string
	// Before is, for eventMoves, the outcome without the change.
	Before string
	// From and To are, for eventChannel, the versions before and after the move.
	From, To string
}

// fleetImpact is the effect of one event of a profileChange on the Shoots that pin the version.
type fleetImpact struct {
	Change profileChange
	Kind   eventKind
	// At is when the decision is taken: the write's time, or the new or removed expiration.
	At      time.Time
	Pinning int

	// Outcomes are the updates maintenance decides, most frequent first, then by target.
	Outcomes []outcomeCount
	// Staying counts the Shoots that maintenance leaves on the version without an error.
	Staying int
	// Holding counts the Shoots for which a forced update finds no compatible target.
	Holding int
	// Holders are the first maxNamedShoots of them, with the reason.
	Holders []namedShoot
	// Moved names the first maxNamedShoots Shoots force-upgraded, or whose outcome the write changes.
	Moved []namedShoot

	// Failing counts the pinning Shoots that the new rules fail; FailingShoots names the first.
	Failing       int
	FailingShoots []namedShoot

	// Channel is the move of an eventChannel fleetImpact.
	Channel *channelMove
}

// previewImpacts returns the impacts of changes on the Shoots that pins returns, decided against
// profile as the write would store it, per change and event kind in order.
func previewImpacts(ctx context.Context, profile *gardencorev1beta1.ExtensionProfile, changes []profileChange, now time.Time, soak time.Duration, pins pinLookup, checker componentversion.CompatibilityChecker) ([]fleetImpact, error) {
	checker = newSharedChecker(checker)
	var impacts []fleetImpact
	for _, change := range changes {
		shoots, err := pins(change.Component, change.Version)
		if err != nil {
			return nil, err
		}
		if len(shoots) == 0 {
			continue
		}
		if change.classificationChanged() {
			impacts = append(impacts, decideAll(ctx, profile, change, eventNow, now, soak, shoots, checker))
		}
		if change.expirationChanged(now) {
			impacts = append(impacts, decideAll(ctx, profile, change, eventExpiration, *change.Expiration, soak, shoots, checker))
		}
		if change.expirationRemoved(now) {
			impacts = append(impacts, fleetImpact{Change: change, Kind: eventExpirationRemoved, At: *change.OldExpiration, Pinning: len(shoots)})
		}
		if change.RulesChanged {
			impacts = append(impacts, checkRules(ctx, profile, change, now, shoots, checker))
		}
	}
	return impacts, nil
}

// decideAll takes the maintenance decision at at for every pinning Shoot.
func decideAll(ctx context.Context, profile *gardencorev1beta1.ExtensionProfile, change profileChange, kind eventKind, at time.Time, soak time.Duration, shoots []pinningShoot, checker componentversion.CompatibilityChecker) fleetImpact {
	impact := fleetImpact{Change: change, Kind: kind, At: at, Pinning: len(shoots)}
	counts := map[targetOutcome]int{}
	for _, s := range shoots {
		outcome := s.decide(ctx, profile, at, soak, checker)
		switch outcome.Action {
		case componentversion.ActionHold, componentversion.ActionWait:
			impact.Holding++
			if len(impact.Holders) < maxNamedShoots {
				impact.Holders = append(impact.Holders, namedShoot{Shoot: s.Key(), Reason: outcome.Reason})
			}
		case componentversion.ActionKeep:
			impact.Staying++
		default:
			forced := outcome.Action == componentversion.ActionForceUpdate
			counts[targetOutcome{Forced: forced, Target: outcome.Target}]++
			if forced && len(impact.Moved) < maxNamedShoots {
				impact.Moved = append(impact.Moved, namedShoot{Shoot: s.Key(), Reason: verb(true) + " to " + outcome.Target})
			}
		}
	}
	impact.Outcomes = sortedOutcomes(counts)
	return impact
}

// sortedOutcomes returns counts most frequent first, then by target, forced first.
func sortedOutcomes(counts map[targetOutcome]int) []outcomeCount {
	var out []outcomeCount
	for outcome, count := range counts {
		out = append(out, outcomeCount{targetOutcome: outcome, Count: count})
	}
	slices.SortFunc(out, func(a, b outcomeCount) int {
		forced := func(o outcomeCount) int {
			if o.Forced {
				return 0
			}
			return 1
		}
		return cmp.Or(cmp.Compare(b.Count, a.Count), cmp.Compare(a.Target, b.Target), cmp.Compare(forced(a), forced(b)))
	})
	return out
}

// checkRules evaluates the new rules of the version against every pinning Shoot.
func checkRules(ctx context.Context, profile *gardencorev1beta1.ExtensionProfile, change profileChange, now time.Time, shoots []pinningShoot, checker componentversion.CompatibilityChecker) fleetImpact {
	impact := fleetImpact{Change: change, Kind: eventRules, At: now, Pinning: len(shoots)}
	for _, s := range shoots {
		var failures []componentversion.RuleFailure
		if s.Pool != nil {
			failures, _ = checker.ForShoot(s.Shoot).CheckWorker(ctx, profile, change.Component, change.Version, s.Pool.Pool)
		} else {
			failures, _ = checker.ForShoot(s.Shoot).Check(ctx, profile, change.Component, change.Version)
		}
		if len(failures) == 0 {
			continue
		}
		impact.Failing++
		if len(impact.FailingShoots) < maxNamedShoots {
			impact.FailingShoots = append(impact.FailingShoots, namedShoot{Shoot: s.Key(), Reason: failures[0].Detail()})
		}
	}
	return impact
}

// sharedChecker prepares each Shoot for CEL once for all decisions of a preview.
type sharedChecker struct {
	checker componentversion.CompatibilityChecker
	shoots  map[*gardencorev1beta1.Shoot]componentversion.ShootCompatibility
}

func newSharedChecker(checker componentversion.CompatibilityChecker) *sharedChecker {
	return &sharedChecker{checker: checker, shoots: map[*gardencorev1beta1.Shoot]componentversion.ShootCompatibility{}}
}

func (c *sharedChecker) ForShoot(shoot *gardencorev1beta1.Shoot) componentversion.ShootCompatibility {
	if s, ok := c.shoots[shoot]; ok {
		return s
	}
	s := c.checker.ForShoot(shoot)
	c.shoots[shoot] = s
	return s
}
