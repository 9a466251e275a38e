// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package extensionprofileimpact

import (
	"cmp"
	"context"
	"slices"
	"time"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	"github.com/gep-78/gardener/pkg/utils/gardener/componentversion"
)

// MaxNamedShoots is how many Shoots an Impact names, in namespace/name order; counts cover all.
const MaxNamedShoots = 10

// PinningShoot is a Shoot that actively pins a component version, at these indexes of its spec.
type PinningShoot struct {
	Shoot                          *gardencorev1beta1.Shoot
	ExtensionIndex, ComponentIndex int
}

// Key returns the Shoot's namespace/name.
func (s PinningShoot) Key() string { return s.Shoot.Namespace + "/" + s.Shoot.Name }

// PinLookup returns the Shoots not being deleted that actively pin a version of a component of the
// profile, sorted by namespace/name.
type PinLookup func(component, version string) ([]PinningShoot, error)

// EventKind is what an Impact is about.
type EventKind string

const (
	// EventNow is a change of the classification at the time of the write, decided at now.
	EventNow EventKind = "now"
	// EventExpiration is an expiration date newly set or moved ahead, decided at that date.
	EventExpiration EventKind = "expiration"
	// EventExpirationRemoved is an expiration date dropped while ahead; its Shoots are only counted.
	EventExpirationRemoved EventKind = "expirationRemoved"
	// EventRules is a change of the compatibility rules, evaluated against every pinning Shoot.
	EventRules EventKind = "rules"
)

// Outcome is where the maintenance decision moves a pinning Shoot.
type Outcome struct {
	// Forced is true for a forced update (an expired or unlisted version), false for an automatic one.
	Forced bool
	Target string
}

// OutcomeCount is how many pinning Shoots an Outcome applies to.
type OutcomeCount struct {
	Outcome
	Count int
}

// NamedShoot is a Shoot named by an Impact, with why it is named.
type NamedShoot struct {
	// Shoot is namespace/name.
	Shoot string
	// Reason says why the Shoot is named: the failing rule's message, or its outcome
	// ("force-upgraded to 0.42.1").
	Reason string
	// Before is, for EventMoves, the outcome without the change.
	Before string
	// From and To are, for EventChannel, the versions before and after the move.
	From, To string
}

// Impact is the effect of one event of a Change on the Shoots that pin the version.
type Impact struct {
	Change Change
	Kind   EventKind
	// At is when the decision is taken: the write's time, or the new or removed expiration.
	At      time.Time
	Pinning int

	// Outcomes are the updates maintenance decides, most frequent first, then by target.
	Outcomes []OutcomeCount
	// Staying counts the Shoots that maintenance leaves on the version without an error.
	Staying int
	// Holding counts the Shoots for which a forced update finds no compatible target.
	Holding int
	// Holders are the first MaxNamedShoots of them, with the reason.
	Holders []NamedShoot
	// Moved names the first MaxNamedShoots Shoots force-upgraded, or whose outcome the write changes.
	Moved []NamedShoot

	// Failing counts the pinning Shoots that the new rules fail; FailingShoots names the first.
	Failing       int
	FailingShoots []NamedShoot

	// Channel is the move of an EventChannel Impact.
	Channel *ChannelMove
}

// Preview returns the Impacts of changes on the Shoots that pins returns, decided with
// componentversion.Decide against profile as the write would store it: per Change EventNow,
// EventExpiration, EventExpirationRemoved and EventRules, in this order, if any Shoot pins it.
func Preview(ctx context.Context, profile *gardencorev1beta1.ExtensionProfile, changes []Change, now time.Time, soak time.Duration, pins PinLookup, checker componentversion.CompatibilityChecker) ([]Impact, error) {
	checker = newSharedChecker(checker)
	var impacts []Impact
	for _, change := range changes {
		shoots, err := pins(change.Component, change.Version)
		if err != nil {
			return nil, err
		}
		if len(shoots) == 0 {
			continue
		}
		if change.ClassificationChanged() {
			impacts = append(impacts, decideAll(ctx, profile, change, EventNow, now, soak, shoots, checker))
		}
		if change.ExpirationChanged(now) {
			impacts = append(impacts, decideAll(ctx, profile, change, EventExpiration, *change.Expiration, soak, shoots, checker))
		}
		if change.ExpirationRemoved(now) {
			impacts = append(impacts, Impact{Change: change, Kind: EventExpirationRemoved, At: *change.OldExpiration, Pinning: len(shoots)})
		}
		if change.RulesChanged {
			impacts = append(impacts, checkRules(ctx, profile, change, now, shoots, checker))
		}
	}
	return impacts, nil
}

// decideAll takes the maintenance decision at at for every pinning Shoot.
func decideAll(ctx context.Context, profile *gardencorev1beta1.ExtensionProfile, change Change, kind EventKind, at time.Time, soak time.Duration, shoots []PinningShoot, checker componentversion.CompatibilityChecker) Impact {
	impact := Impact{Change: change, Kind: kind, At: at, Pinning: len(shoots)}
	counts := map[Outcome]int{}
	for _, s := range shoots {
		outcome := componentversion.Decide(ctx, profile, s.Shoot, s.ExtensionIndex, s.ComponentIndex, at, soak, checker)
		switch outcome.Action {
		case componentversion.ComponentActionHold:
			impact.Holding++
			if len(impact.Holders) < MaxNamedShoots {
				impact.Holders = append(impact.Holders, NamedShoot{Shoot: s.Key(), Reason: outcome.Reason})
			}
		case componentversion.ComponentActionKeep:
			impact.Staying++
		default:
			forced := outcome.Action == componentversion.ComponentActionForceUpdate
			counts[Outcome{Forced: forced, Target: outcome.Target}]++
			if forced && len(impact.Moved) < MaxNamedShoots {
				impact.Moved = append(impact.Moved, NamedShoot{Shoot: s.Key(), Reason: verb(true) + " to " + outcome.Target})
			}
		}
	}
	impact.Outcomes = sortedOutcomes(counts)
	return impact
}

// sortedOutcomes returns counts most frequent first, then by target, forced first.
func sortedOutcomes(counts map[Outcome]int) []OutcomeCount {
	var out []OutcomeCount
	for outcome, count := range counts {
		out = append(out, OutcomeCount{Outcome: outcome, Count: count})
	}
	slices.SortFunc(out, func(a, b OutcomeCount) int {
		forced := func(o OutcomeCount) int {
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
func checkRules(ctx context.Context, profile *gardencorev1beta1.ExtensionProfile, change Change, now time.Time, shoots []PinningShoot, checker componentversion.CompatibilityChecker) Impact {
	impact := Impact{Change: change, Kind: EventRules, At: now, Pinning: len(shoots)}
	for _, s := range shoots {
		failures, _ := checker.ForShoot(s.Shoot).Check(ctx, profile, change.Component, change.Version)
		if len(failures) == 0 {
			continue
		}
		impact.Failing++
		if len(impact.FailingShoots) < MaxNamedShoots {
			impact.FailingShoots = append(impact.FailingShoots, NamedShoot{Shoot: s.Key(), Reason: failures[0].Detail()})
		}
	}
	return impact
}

// sharedChecker prepares each Shoot for CEL once for all decisions of a Preview; every check keeps
// its own cost budget.
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
