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

// MaxNamedShoots is how many Shoots an Impact names (Holders, Moved, Failing), in namespace/name order;
// the counts cover all.
const MaxNamedShoots = 10

// PinningShoot is a Shoot that actively pins a component version (v1beta1helper.ComponentPin
// Active): the indexes of the pin in its spec.extensions[].components[].
type PinningShoot struct {
	Shoot                          *gardencorev1beta1.Shoot
	ExtensionIndex, ComponentIndex int
}

// Key returns the Shoot's namespace/name.
func (s PinningShoot) Key() string { return s.Shoot.Namespace + "/" + s.Shoot.Name }

// PinLookup returns the non-deleting Shoots that actively pin a version of a component of the
// profile, sorted by namespace/name. The plugin reads them from the pin index of the Shoot
// informer, so the cost of a lookup grows with the pinning Shoots, not with the fleet.
type PinLookup func(component, version string) ([]PinningShoot, error)

// EventKind is what an Impact is about.
type EventKind string

const (
	// EventNow is a change of the effective classification at the time of the write
	// (Change.ClassificationChanged): the decision is taken at now.
	EventNow EventKind = "now"
	// EventExpiration is an expiration date newly set or moved into the future
	// (Change.ExpirationChanged): the decision is taken at the new date.
	EventExpiration EventKind = "expiration"
	// EventExpirationRemoved is an expiration date that the write drops while it was still ahead
	// (Change.ExpirationRemoved): no decision, the pinning Shoots are counted.
	EventExpirationRemoved EventKind = "expirationRemoved"
	// EventRules is a change of the version's compatibility rules (Change.RulesChanged): the new
	// rules are evaluated against every pinning Shoot.
	EventRules EventKind = "rules"
)

// Outcome is where the maintenance decision moves a pinning Shoot.
type Outcome struct {
	// Forced is true for a forced update (an expired or unlisted version, GEP-5), false for an
	// automatic update.
	Forced bool
	// Target is the version the Shoot is updated to.
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
	// Reason is, for a Shoot that holds, the failing rule's message of the candidate the forced
	// update could not take (or that no candidate exists); for a Shoot that fails changed rules,
	// the message of the first failing rule; for a Shoot in Moved, its outcome ("force-upgraded to
	// 0.42.1", "auto-updated to 0.41.3", "held (no compatible version: ...)", "kept on it").
	Reason string
	// Before is, for EventMoves, the outcome without the change (componentversion.ComponentVersionOutcome.String).
	Before string
	// From is, for EventChannel, the version the Shoot is on before the move; To, for one in Moved,
	// the version it is updated to.
	From, To string
}

// Impact is the effect of one event of a Change on the Shoots that pin the version, as the profile
// would stand after the write.
type Impact struct {
	Change Change
	Kind   EventKind
	// At is when the decision is taken: the write's time for EventNow and EventRules, the new
	// expiration for EventExpiration, the removed one for EventExpirationRemoved.
	At time.Time
	// Pinning is the number of Shoots that actively pin the version.
	Pinning int

	// Outcomes are the updates maintenance decides (componentversion.Decide), most
	// frequent first, then by target (EventNow, EventExpiration).
	Outcomes []OutcomeCount
	// Staying counts the Shoots that maintenance leaves on the version without an error: no
	// update is considered, or auto-update finds no target.
	Staying int
	// Holding counts the Shoots for which a forced update finds no compatible target (or the
	// decision fails): they stay on the version and their maintenance reports the failure.
	Holding int
	// Holders are the first MaxNamedShoots of them, with componentversion.ComponentVersionOutcome's
	// reason (`no compatible version: 0.42.1 fails "<message>"`).
	Holders []NamedShoot
	// Moved names the first MaxNamedShoots Shoots that are force-upgraded (EventNow,
	// EventExpiration; Reason "force-upgraded to 0.42.1"), or whose outcome the write changes
	// (EventMoves; Reason "auto-updated to 0.41.3", Before "keep").
	Moved []NamedShoot

	// Failing counts the pinning Shoots that the new rules fail (EventRules); FailingShoots names
	// the first MaxNamedShoots.
	Failing       int
	FailingShoots []NamedShoot

	// Channel is the move of an EventChannel Impact.
	Channel *ChannelMove
}

// Preview computes the Impacts of changes on the pinning Shoots that pins returns, against profile
// (the v1beta1 ExtensionProfile as the write would store it) at now. Per Change: EventNow when the
// classification changes now, EventExpiration when a date is set or moved ahead, EventExpirationRemoved,
// and EventRules when the rules change, in this order. An event of a version that no Shoot pins
// has no Impact; a Shoot counts once per event. The decisions are componentversion.Decide,
// the function shoot maintenance calls, with checker and soak, the stable channel's soak period; each Shoot is prepared for rule evaluation
// once for all its decisions of the call. An error of pins is returned as is.
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

// sharedChecker hands out one ShootCompatibility per Shoot, so that all decisions of a Preview
// about the same Shoot share its preparation for CEL; every check keeps its own cost budget.
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
