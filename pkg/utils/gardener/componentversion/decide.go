// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package componentversion

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/Masterminds/semver/v3"

	v1beta1helper "github.com/gep-78/gardener/pkg/api/core/v1beta1/helper"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	versionutils "github.com/gep-78/gardener/pkg/utils/version"
)

// ComponentUpdateTrigger says why maintenance considers updating a pinned component version.
type ComponentUpdateTrigger string

const (
	// ComponentUpdateNone means the version is left alone: auto-update is off and the version is
	// neither expired nor missing.
	ComponentUpdateNone ComponentUpdateTrigger = ""
	// ComponentUpdateAutoUpdate means the effective autoUpdate of the component is enabled.
	ComponentUpdateAutoUpdate ComponentUpdateTrigger = "auto-update"
	// ComponentUpdateExpired means the pinned version is classified expired (GEP-78 "Force-upgrade
	// path"); the update is forced whatever the autoUpdate setting.
	ComponentUpdateExpired ComponentUpdateTrigger = "expiry"
	// ComponentUpdateMissing means the pinned version is no longer listed by the profile. It counts
	// as expired: the update is forced.
	ComponentUpdateMissing ComponentUpdateTrigger = "missing"
)

// Forced reports whether the trigger forces an update (expired or missing version).
func (t ComponentUpdateTrigger) Forced() bool {
	return t == ComponentUpdateExpired || t == ComponentUpdateMissing
}

// Reasons recorded in status.lastMaintenance for a component update.
const (
	// ReasonComponentVersionExpired is the reason of a forced update of an expired version.
	ReasonComponentVersionExpired = "Component version expired - force update required"
	// ReasonComponentVersionDoesNotExist is the reason of a forced update of a version the profile
	// no longer lists.
	ReasonComponentVersionDoesNotExist = "Version does not exist in ExtensionProfile - force update required"
)

// ReasonComponentAutoUpdate returns the reason of an automatic update with the given strategy.
func ReasonComponentAutoUpdate(strategy gardencorev1beta1.MachineImageUpdateStrategy) string {
	return fmt.Sprintf("Automatic update of the component version is configured (update strategy: %s)", strategy)
}

// reasonComponentAutoUpdate is ReasonComponentAutoUpdate for a policy, naming the requested
// strategy that ResolveEffectiveAutoUpdate replaced, if any.
func reasonComponentAutoUpdate(policy EffectiveAutoUpdate) string {
	if policy.Unsupported == "" {
		return ReasonComponentAutoUpdate(policy.UpdateStrategy)
	}
	return fmt.Sprintf("Automatic update of the component version is configured (update strategy: %s, instead of the unsupported %s)", policy.UpdateStrategy, policy.Unsupported)
}

// CompatibilityFunc returns the messages of the compatibility rules (the version's
// compatibility.validations[]) that a component version fails against the maintained Shoot; none
// means the version is compatible. An error means the rules could not be evaluated at all.
type CompatibilityFunc func(version string) (failures []string, err error)

// RejectedVersion is a candidate version passed over because it is incompatible with the Shoot.
type RejectedVersion struct {
	// Version is the candidate version.
	Version string
	// Failures are the messages of the rules it fails.
	Failures []string
}

// ComponentVersionUpdate is the maintenance decision for one pinned component version.
type ComponentVersionUpdate struct {
	// Trigger says why an update is considered; ComponentUpdateNone means it is not.
	Trigger ComponentUpdateTrigger
	// Reason is the text recorded in status.lastMaintenance; "" when Trigger is none.
	Reason string
	// Target is the version to update to; "" when there is none.
	Target string
	// Rejected lists the candidates that were passed over because they are incompatible with the
	// Shoot, in the order they were tried.
	Rejected []RejectedVersion
	// Channel is the release channel the component follows (ChannelUpdateFor); "" for none.
	Channel gardencorev1beta1.ReleaseChannel
	// ChannelVersion is the version Channel gives at the time of the decision; "" when it gives
	// none.
	ChannelVersion string
	// Held is, when ChannelVersion is below the current version, why the version stays
	// (ChannelBehind); "" otherwise.
	Held string
}

// ComponentVersionUpdateFor decides the maintenance of one pinned component version (GEP-78
// "Design Details → 2. Classification, auto-upgrade and resolution" and "3. Force-upgrade path").
// component is the profile's component, current the pinned version, policy its effective
// autoUpdate (ResolveEffectiveAutoUpdate), now the evaluation time, and compatible evaluates a
// candidate's compatibility rules against the maintained working copy (after the machine-image and
// Kubernetes steps).
//
// Trigger, in this order: the pinned version not listed by the component: missing (forced);
// classified expired at now: expiry (forced); policy.Enabled: auto-update; otherwise none.
//
// Candidates are ComponentVersionCandidates above current (never preview,
// unavailable or expired, never a pre-release unless current is one of the same version, never
// lower than or equal to current), and every candidate must be compatible; incompatible ones are
// recorded in Rejected. A policy that opted into preview (policy.AllowsPreview, the Shoot's
// autoUpdate.classifications) takes ComponentVersionCandidatesWithPreview instead, and preview
// candidates are then auto-update targets only (GEP-78 "Future Enhancements").
//
// Auto-update (policy.Enabled): the highest candidate whose classification is one of
// policy.TargetClassifications ([supported] by default; [preview, supported] makes the highest
// of both the target) within the boundary of policy.UpdateStrategy — patch: same major.minor;
// minor: same major; major: any. A deprecated
// candidate is taken only when the pinned version is itself deprecated, and then only when no
// supported one is found: auto-update never moves a Shoot down the classification ladder (a
// supported 1.0.2 stays when the only newer patch, 1.0.5, is deprecated). This deliberately
// deviates from Gardener's auto-update helpers, which fall back to deprecated versions
// (gardener/gardener#13647, #9537), and follows the fix proposed in gardener/gardener#15691
// (docs/usage/extension-component-versions.md, "Auto-update"). Unlike Gardener's machine-image
// helpers there is no patch-first step: GEP-78 defines minor and major as "the newest supported
// version within the boundary".
//
// An expired or missing pin with auto-update on (GEP-78: "On expired, apply the force-upgrade
// path") takes the auto-update target only if it is classified supported (never preview, whatever
// policy.Classifications say), for example a higher
// minor than the force path would reach with the minor or major strategy. A deprecated
// auto-update target, which would soon expire as well, is not taken: the force path decides,
// even when it finds no target.
//
// Force (forced, when auto-update is off or found no supported target): the highest compatible candidate
// classified supported in the current minor; otherwise the highest compatible supported candidate
// of the next available minor, which is the lowest minor above the current one, within the same
// major, that holds at least one compatible supported candidate. Minors that hold only preview,
// unavailable, expired, deprecated or incompatible versions are skipped. The force path never
// crosses a major (GEP-5 for Kubernetes); with the major strategy the auto-update path does.
// A forced update without target is an error that names the rejected candidates.
//
// An unparsable current version is an error when an update is considered; an error of compatible
// is returned as is.
func ComponentVersionUpdateFor(component gardencorev1beta1.ExtensionProfileComponent, current string, policy EffectiveAutoUpdate, now time.Time, compatible CompatibilityFunc) (ComponentVersionUpdate, error) {
	var decision ComponentVersionUpdate
	entry := v1beta1helper.FindComponentVersion(&component, current)
	switch {
	case entry == nil:
		decision.Trigger, decision.Reason = ComponentUpdateMissing, ReasonComponentVersionDoesNotExist
	case v1beta1helper.CurrentClassification(entry.Lifecycle, now) == gardencorev1beta1.ClassificationExpired:
		decision.Trigger, decision.Reason = ComponentUpdateExpired, ReasonComponentVersionExpired
	case policy.Enabled:
		decision.Trigger, decision.Reason = ComponentUpdateAutoUpdate, reasonComponentAutoUpdate(policy)
	default:
		return decision, nil
	}

	cur, err := parseComponentVersion(current)
	if err != nil {
		return decision, fmt.Errorf("cannot determine a target for version %q of component %q: %w", current, component.Name, err)
	}

	// Candidates above current (ComponentVersionCandidates), highest first.
	var candidates []ComponentVersionCandidate
	candidatesOf := ComponentVersionCandidates
	if policy.Enabled && policy.AllowsPreview() {
		candidatesOf = ComponentVersionCandidatesWithPreview
	}
	for _, c := range candidatesOf(component, cur, now) {
		if c.Parsed.GreaterThan(cur) {
			candidates = append(candidates, c)
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
			decision.Rejected = append(decision.Rejected, RejectedVersion{Version: version, Failures: failures})
		}
		return len(failures) == 0, nil
	}
	tried := map[string]bool{}
	firstCompatible := func(accept func(ComponentVersionCandidate) bool) (string, error) {
		for _, c := range candidates {
			if !accept(c) {
				continue
			}
			tried[c.Version] = true
			ok, err := isCompatible(c.Version)
			if err != nil || ok {
				return c.Version, err
			}
		}
		return "", nil
	}

	if policy.Enabled {
		inBoundary := func(c ComponentVersionCandidate) bool {
			return withinUpdateBoundary(policy.UpdateStrategy, cur, c.Parsed)
		}
		// First the policy's classifications together (the highest of preview and supported for a
		// Shoot that opted into preview). Never down the classification ladder: a deprecated target
		// only for a deprecated pin, and only after those. A forced update takes only a supported
		// auto-update target; otherwise the force path decides.
		// Validation admits only preview and supported; anything else a policy carries is ignored.
		first := slices.DeleteFunc(policy.TargetClassifications(), func(c gardencorev1beta1.VersionClassification) bool {
			return c != gardencorev1beta1.ClassificationPreview && c != gardencorev1beta1.ClassificationSupported
		})
		tiers := [][]gardencorev1beta1.VersionClassification{first}
		if decision.Trigger.Forced() {
			tiers[0] = []gardencorev1beta1.VersionClassification{gardencorev1beta1.ClassificationSupported}
		} else if v1beta1helper.CurrentClassification(entry.Lifecycle, now) == gardencorev1beta1.ClassificationDeprecated {
			tiers = append(tiers, []gardencorev1beta1.VersionClassification{gardencorev1beta1.ClassificationDeprecated})
		}
		for _, tier := range tiers {
			target, err := firstCompatible(func(c ComponentVersionCandidate) bool {
				return slices.Contains(tier, c.Classification) && inBoundary(c)
			})
			if err != nil || target != "" {
				decision.Target = target
				return decision, err
			}
		}
	}
	if !decision.Trigger.Forced() {
		return decision, nil
	}

	// Force path: the current minor, then each higher minor of the same major in ascending order.
	clear(tried)
	var minors []uint64
	for _, c := range candidates {
		if c.Classification == gardencorev1beta1.ClassificationSupported && c.Parsed.Major() == cur.Major() && !slices.Contains(minors, c.Parsed.Minor()) {
			minors = append(minors, c.Parsed.Minor())
		}
	}
	slices.SortFunc(minors, cmp.Compare[uint64])
	for _, minor := range minors {
		target, err := firstCompatible(func(c ComponentVersionCandidate) bool {
			return c.Classification == gardencorev1beta1.ClassificationSupported && c.Parsed.Major() == cur.Major() && c.Parsed.Minor() == minor
		})
		if err != nil || target != "" {
			decision.Target = target
			return decision, err
		}
	}

	var forceRejected []RejectedVersion
	for _, r := range decision.Rejected {
		if tried[r.Version] {
			forceRejected = append(forceRejected, r)
		}
	}
	detail := fmt.Sprintf("no higher version of minor %d.%d or of a higher minor of major %d is classified supported", cur.Major(), cur.Minor(), cur.Major())
	if len(forceRejected) > 0 {
		detail = fmt.Sprintf("no higher supported version of minor %d.%d or of a higher minor of major %d is compatible with the Shoot: %s",
			cur.Major(), cur.Minor(), cur.Major(), DescribeRejectedVersions(forceRejected))
	}
	return decision, fmt.Errorf("cannot perform forceful update of %s version %q of component %q: %s", decision.Trigger.adjective(), current, component.Name, detail)
}

func (t ComponentUpdateTrigger) adjective() string {
	if t == ComponentUpdateMissing {
		return "unlisted"
	}
	return "expired"
}

// DescribeRejectedVersions renders rejected candidates as `0.44.1 (msg; msg), 0.44.0 (msg)`.
func DescribeRejectedVersions(rejected []RejectedVersion) string {
	parts := make([]string, 0, len(rejected))
	for _, r := range rejected {
		parts = append(parts, fmt.Sprintf("%s (%s)", r.Version, strings.Join(r.Failures, "; ")))
	}
	return strings.Join(parts, ", ")
}

// withinUpdateBoundary reports whether v lies within the auto-update boundary of strategy around
// cur: patch keeps major.minor, minor keeps the major, major (and any other value) allows all.
func withinUpdateBoundary(strategy gardencorev1beta1.MachineImageUpdateStrategy, cur, v *semver.Version) bool {
	switch strategy {
	case gardencorev1beta1.UpdateStrategyPatch:
		return v.Major() == cur.Major() && v.Minor() == cur.Minor()
	case gardencorev1beta1.UpdateStrategyMinor:
		return v.Major() == cur.Major()
	}
	return true
}

// parseComponentVersion parses a pinned version: strictly, or, for a pin stored before admission
// normalised it, with the coercing parser.
func parseComponentVersion(s string) (*semver.Version, error) {
	if v, err := versionutils.ParseProfileVersion(s); err == nil {
		return v, nil
	}
	return semver.NewVersion(s)
}

// DecideComponentVersion is the maintenance decision (GEP-78 "Automatic updates", "Forced
// updates", "Release channels") for the component pinned at
// shoot.Spec.Extensions[extensionIndex].Components[componentIndex] as profile stands, taken at the
// time at with the stable channel's soak period soak: for a component that follows a release
// channel (EffectiveChannel) ChannelUpdateFor, otherwise the effective autoUpdate
// (ResolveEffectiveAutoUpdate) and then ComponentVersionUpdateFor, with every candidate checked by checker against shoot,
// which is prepared for evaluation once for all of them. The maintenance step calls it with the
// window's working copy and its clock's now; the expiry metrics, the impact preview of
// ExtensionProfile writes and the kubectl plugin call it with a later time or a changed profile,
// so that all of them take the same decision. shoot must not change during the call.
//
// It panics when the indexes are out of range or the component has no version.
func DecideComponentVersion(ctx context.Context, profile *gardencorev1beta1.ExtensionProfile, shoot *gardencorev1beta1.Shoot, extensionIndex, componentIndex int, at time.Time, soak time.Duration, checker CompatibilityChecker) (ComponentVersionUpdate, error) {
	extension := shoot.Spec.Extensions[extensionIndex]
	component := extension.Components[componentIndex]
	profileComponent := gardencorev1beta1.ExtensionProfileComponent{Name: component.Name}
	if c := v1beta1helper.FindExtensionComponent(profile.Spec, component.Name); c != nil {
		profileComponent = *c
	}
	compatibility := checker.ForShoot(shoot)
	compatible := func(version string) ([]string, error) {
		failures, _ := compatibility.Check(ctx, profile, component.Name, version)
		return RuleFailureDetails(failures), nil
	}
	if channel, follows := EffectiveChannel(extension, component); follows {
		return ChannelUpdateFor(profileComponent, *component.Version, channel, at, soak, compatible)
	}
	policy := ResolveEffectiveAutoUpdate(profile.Spec, component.Name, extension.AutoUpdate, component.AutoUpdate)
	return ComponentVersionUpdateFor(profileComponent, *component.Version, policy, at, compatible)
}
