// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package componentversion

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/Masterminds/semver/v3"

	v1beta1helper "github.com/gep-78/gardener/pkg/api/core/v1beta1/helper"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	versionutils "github.com/gep-78/gardener/pkg/utils/version"
)

// trigger says why maintenance considers updating a pinned version.
type trigger string

const (
	// triggerNone leaves the version alone: auto-update is off, the version neither expired nor
	// unlisted.
	triggerNone       trigger = ""
	triggerAutoUpdate trigger = "auto-update"
	// triggerExpired and triggerMissing (a version the profile no longer lists) force the update.
	triggerExpired trigger = "expiry"
	triggerMissing trigger = "missing"
	// triggerChannel is a component that follows a release channel.
	triggerChannel trigger = "channel"
)

func (t trigger) forced() bool { return t == triggerExpired || t == triggerMissing }

func (t trigger) adjective() string {
	if t == triggerMissing {
		return "unlisted"
	}
	return "expired"
}

// Reasons shoot maintenance records in status.lastMaintenance.
const (
	reasonVersionExpired      = "Component version expired - force update required"
	reasonVersionDoesNotExist = "Version does not exist in ExtensionProfile - force update required"
)

func reasonAutoUpdate(policy autoUpdatePolicy) string {
	if policy.unsupported == "" {
		return fmt.Sprintf("Automatic update of the component version is configured (update strategy: %s)", policy.updateStrategy)
	}
	return fmt.Sprintf("Automatic update of the component version is configured (update strategy: %s, instead of the unsupported %s)", policy.updateStrategy, policy.unsupported)
}

func reasonChannel(channel gardencorev1beta1.ReleaseChannel) string {
	return fmt.Sprintf("The component follows the %s release channel", channel)
}

// compatibleFunc returns the details of the compatibility rules a version fails against the
// Shoot; none means compatible. An error means the rules could not be evaluated at all.
type compatibleFunc func(version string) (failures []string, err error)

// rejectedVersion is a candidate passed over because it is incompatible with the Shoot.
type rejectedVersion struct {
	version  string
	failures []string
}

// describeRejected renders rejected candidates as `0.44.1 (msg; msg), 0.44.0 (msg)`.
func describeRejected(rejected []rejectedVersion) string {
	parts := make([]string, 0, len(rejected))
	for _, r := range rejected {
		parts = append(parts, fmt.Sprintf("%s (%s)", r.version, strings.Join(r.failures, "; ")))
	}
	return strings.Join(parts, ", ")
}

// versionUpdate is the maintenance decision for one pinned version before Decide renders it.
type versionUpdate struct {
	trigger trigger
	// reason is the text recorded in status.lastMaintenance; "" without trigger.
	reason string
	// target is the version to update to; "" for none.
	target string
	// rejected are the incompatible candidates, in the order they were tried.
	rejected []rejectedVersion
	// channel is the release channel followed, channelVersion its version at the decision.
	channel        gardencorev1beta1.ReleaseChannel
	channelVersion string
	// held says why the version stays: channelVersion is lower, or the target's rollout waits.
	held string
}

// forcedTrigger returns the trigger of a version that is not listed or expired at now.
func forcedTrigger(component gardencorev1beta1.ExtensionProfileComponent, current string, now time.Time) (trigger, string, *gardencorev1beta1.ExtensionComponentVersion) {
	entry := v1beta1helper.FindComponentVersion(&component, current)
	switch {
	case entry == nil:
		return triggerMissing, reasonVersionDoesNotExist, nil
	case v1beta1helper.CurrentClassification(entry.Lifecycle, now) == gardencorev1beta1.ClassificationExpired:
		return triggerExpired, reasonVersionExpired, entry
	}
	return triggerNone, "", entry
}

// versionUpdateFor decides the version current of component under policy at now. Candidates are
// above current (candidates); compatible checks each one tried. An auto-update takes the highest
// candidate of the policy's classifications within its strategy's boundary (a deprecated one only
// for a deprecated pin, after those); a forced update takes only a supported auto-update target,
// else the force path: the highest supported candidate of the current minor, then of each higher
// minor of the major. A forced update without target is an error naming the rejected candidates.
func versionUpdateFor(component gardencorev1beta1.ExtensionProfileComponent, current string, policy autoUpdatePolicy, now time.Time, compatible compatibleFunc) (versionUpdate, error) {
	var decision versionUpdate
	var entry *gardencorev1beta1.ExtensionComponentVersion
	decision.trigger, decision.reason, entry = forcedTrigger(component, current, now)
	if decision.trigger == triggerNone {
		if !policy.enabled {
			return decision, nil
		}
		decision.trigger, decision.reason = triggerAutoUpdate, reasonAutoUpdate(policy)
	}

	cur, err := parseComponentVersion(current)
	if err != nil {
		return decision, fmt.Errorf("cannot determine a target for version %q of component %q: %w", current, component.Name, err)
	}
	var above []candidate
	for _, c := range candidates(component, cur, now, policy.enabled && policy.allowsPreview()) {
		if c.parsed.GreaterThan(cur) {
			above = append(above, c)
		}
	}

	checked := map[string]bool{}
	isCompatible := func(version string) (bool, error) {
		if ok, done := checked[version]; done {
			return ok, nil
		}
		failures, err := compatible(version)
		if err != nil {
			return false, err
		}
		checked[version] = len(failures) == 0
		if len(failures) > 0 {
			decision.rejected = append(decision.rejected, rejectedVersion{version: version, failures: failures})
		}
		return len(failures) == 0, nil
	}
	tried := map[string]bool{}
	firstCompatible := func(accept func(candidate) bool) (string, error) {
		for _, c := range above {
			if !accept(c) {
				continue
			}
			tried[c.version] = true
			ok, err := isCompatible(c.version)
			if err != nil || ok {
				return c.version, err
			}
		}
		return "", nil
	}

	if policy.enabled {
		// Validation admits only preview and supported classifications; others are ignored.
		first := slices.DeleteFunc(policy.targetClassifications(), func(c gardencorev1beta1.VersionClassification) bool {
			return c != gardencorev1beta1.ClassificationPreview && c != gardencorev1beta1.ClassificationSupported
		})
		tiers := [][]gardencorev1beta1.VersionClassification{first}
		if decision.trigger.forced() {
			tiers[0] = []gardencorev1beta1.VersionClassification{gardencorev1beta1.ClassificationSupported}
		} else if v1beta1helper.CurrentClassification(entry.Lifecycle, now) == gardencorev1beta1.ClassificationDeprecated {
			tiers = append(tiers, []gardencorev1beta1.VersionClassification{gardencorev1beta1.ClassificationDeprecated})
		}
		for _, tier := range tiers {
			target, err := firstCompatible(func(c candidate) bool {
				return slices.Contains(tier, c.classification) && withinUpdateBoundary(policy.updateStrategy, cur, c.parsed)
			})
			if err != nil || target != "" {
				decision.target = target
				return decision, err
			}
		}
	}
	if !decision.trigger.forced() {
		return decision, nil
	}

	// Force path: the current minor, then each higher minor of the same major in ascending order.
	clear(tried)
	var minors []uint64
	for _, c := range above {
		if c.classification == gardencorev1beta1.ClassificationSupported && c.parsed.Major() == cur.Major() && !slices.Contains(minors, c.parsed.Minor()) {
			minors = append(minors, c.parsed.Minor())
		}
	}
	slices.SortFunc(minors, cmp.Compare[uint64])
	for _, minor := range minors {
		target, err := firstCompatible(func(c candidate) bool {
			return c.classification == gardencorev1beta1.ClassificationSupported && c.parsed.Major() == cur.Major() && c.parsed.Minor() == minor
		})
		if err != nil || target != "" {
			decision.target = target
			return decision, err
		}
	}

	var forceRejected []rejectedVersion
	for _, r := range decision.rejected {
		if tried[r.version] {
			forceRejected = append(forceRejected, r)
		}
	}
	detail := fmt.Sprintf("no higher version of minor %d.%d or of a higher minor of major %d is classified supported", cur.Major(), cur.Minor(), cur.Major())
	if len(forceRejected) > 0 {
		detail = fmt.Sprintf("no higher supported version of minor %d.%d or of a higher minor of major %d is compatible with the Shoot: %s",
			cur.Major(), cur.Minor(), cur.Major(), describeRejected(forceRejected))
	}
	return decision, fmt.Errorf("cannot perform forceful update of %s version %q of component %q: %s", decision.trigger.adjective(), current, component.Name, detail)
}

// channelUpdate decides the version current of component, which follows channel, at now: the
// channel's version when it is higher and compatible; a lower one keeps current (held). An
// expired or unlisted version without such a target takes versionUpdateFor's force path.
func channelUpdate(component gardencorev1beta1.ExtensionProfileComponent, current string, channel gardencorev1beta1.ReleaseChannel, now time.Time, soak time.Duration, compatible compatibleFunc) (versionUpdate, error) {
	decision := versionUpdate{channel: channel}
	decision.channelVersion, _ = ChannelVersion(component, channel, now, soak)
	decision.trigger, decision.reason, _ = forcedTrigger(component, current, now)
	if decision.trigger == triggerNone {
		decision.trigger, decision.reason = triggerChannel, reasonChannel(channel)
	}

	cur, err := parseComponentVersion(current)
	if err != nil {
		return decision, fmt.Errorf("cannot determine a target for version %q of component %q: %w", current, component.Name, err)
	}
	if decision.channelVersion != "" {
		target, _ := parseComponentVersion(decision.channelVersion)
		switch {
		case target.GreaterThan(cur):
			failures, err := compatible(decision.channelVersion)
			if err != nil {
				return decision, err
			}
			if len(failures) == 0 {
				decision.target = decision.channelVersion
				return decision, nil
			}
			decision.rejected = append(decision.rejected, rejectedVersion{version: decision.channelVersion, failures: failures})
		case target.LessThan(cur) && !decision.trigger.forced():
			decision.held = fmt.Sprintf("channel %s gives %s, below the current %s; staying until the channel catches up", channel, decision.channelVersion, current)
		}
	}
	if !decision.trigger.forced() {
		return decision, nil
	}

	forced, err := versionUpdateFor(component, current, autoUpdatePolicy{}, now, func(version string) ([]string, error) {
		if version == decision.channelVersion && len(decision.rejected) > 0 {
			return decision.rejected[0].failures, nil
		}
		return compatible(version)
	})
	decision.target = forced.target
	for _, r := range forced.rejected {
		if r.version != decision.channelVersion || len(decision.rejected) == 0 {
			decision.rejected = append(decision.rejected, r)
		}
	}
	return decision, err
}

// withinUpdateBoundary reports whether v lies within strategy's boundary around cur: patch keeps
// major.minor, minor keeps the major, major (and any other value) allows all.
func withinUpdateBoundary(strategy gardencorev1beta1.MachineImageUpdateStrategy, cur, v *semver.Version) bool {
	switch strategy {
	case gardencorev1beta1.UpdateStrategyPatch:
		return v.Major() == cur.Major() && v.Minor() == cur.Minor()
	case gardencorev1beta1.UpdateStrategyMinor:
		return v.Major() == cur.Major()
	}
	return true
}

// parseComponentVersion parses a pin strictly or, for one stored before admission normalised it,
// with the coercing parser.
func parseComponentVersion(s string) (*semver.Version, error) {
	if v, err := versionutils.ParseProfileVersion(s); err == nil {
		return v, nil
	}
	return semver.NewVersion(s)
}
