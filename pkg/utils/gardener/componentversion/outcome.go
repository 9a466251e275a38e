// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package componentversion

import (
	"context"
	"fmt"
	"strings"
	"time"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
)

// ComponentVersionAction is what shoot maintenance does with a pinned component version after a
// ComponentVersionUpdate decision.
type ComponentVersionAction string

const (
	// ComponentActionKeep leaves the version without a failure: no update is considered, an
	// auto-update finds no (compatible) target, or an auto-update is skipped because the
	// ExtensionProfile is being deleted.
	ComponentActionKeep ComponentVersionAction = "keep"
	// ComponentActionUpdate auto-updates the version to the target.
	ComponentActionUpdate ComponentVersionAction = "update"
	// ComponentActionForceUpdate force-upgrades an expired or unlisted version to the target.
	ComponentActionForceUpdate ComponentVersionAction = "force update"
	// ComponentActionHold leaves the version with a failure in status.lastMaintenance: a forced
	// update finds no compatible target, the ExtensionProfile being deleted blocks it, or the
	// decision fails. A hold with Behind set is no failure: the release channel the component
	// follows gives a lower version, and the version stays until the channel catches up.
	ComponentActionHold ComponentVersionAction = "hold"
)

// ComponentVersionOutcome is a decision as maintenance acts on it.
type ComponentVersionOutcome struct {
	Action ComponentVersionAction
	// Target is the version of an update or force update; for a hold caused by the deletion of
	// the ExtensionProfile, the target the forced update would have taken.
	Target string
	// Reason is the decision's reason (ComponentVersionUpdate.Reason) of an update or force update.
	// For a keep it is empty unless candidates were rejected ("no compatible target: 0.44.1 (msg)"),
	// the profile is being deleted or the channel has no version ("channel stable has no
	// version"); for a hold it says why, e.g.
	// `no compatible version: 0.44.1 fails "requires Kubernetes 1.31 or later"`, or, Behind,
	// "channel stable gives 0.38.0, below the current 0.39.1; staying until the channel catches up".
	Reason string
	// Behind marks a hold because the channel gives a lower version (ChannelBehind): no failure.
	Behind bool

	// The fields below are set by Decide only.

	// Trigger says why an update is considered (ComponentVersionUpdate.Trigger); TriggerReason is
	// its reason as status.lastMaintenance records it.
	Trigger       ComponentUpdateTrigger
	TriggerReason string
	// Candidate is the target the decision found, whether or not maintenance takes it (it does not
	// while the ExtensionProfile is being deleted); "" when there is none or the decision failed.
	Candidate string
	// Rejected renders the candidates passed over as incompatible (DescribeRejectedVersions); ""
	// for none.
	Rejected string
	// Failure is, for a hold, the description shoot maintenance records: the decision's error, the
	// deletion of the ExtensionProfile, or its absence; "" for a hold that is Behind.
	Failure string
	// Channel is the release channel the component follows; "" for none. ChannelVersion is the
	// version it gives at the time of the decision; "" when it gives none.
	Channel        gardencorev1beta1.ReleaseChannel
	ChannelVersion string
	// Err is the decision's error, if any.
	Err error
}

// Forced reports whether the update is forced (an expired or unlisted version), whatever the
// action.
func (o ComponentVersionOutcome) Forced() bool { return o.Trigger.Forced() }

// Same reports whether two outcomes show the same: action, target and reason.
func (o ComponentVersionOutcome) Same(other ComponentVersionOutcome) bool {
	return o.Action == other.Action && o.Target == other.Target && o.Reason == other.Reason
}

// Decide is the one entry point of the maintenance decision for the component pinned at
// shoot.Spec.Extensions[extensionIndex].Components[componentIndex] as profile stands at the time
// at, with soak the soak period of the stable release channel (the controller-manager's
// stableChannelSoakPeriod): DecideComponentVersion, rendered by OutcomeOf. Shoot maintenance
// calls it with its working copy and now; the expiry metrics, the impact preview and the kubectl
// plugin with a later time or a changed profile. A nil profile (none exists) is a hold. It panics
// when the indexes are out of range or the component has no version.
func Decide(ctx context.Context, profile *gardencorev1beta1.ExtensionProfile, shoot *gardencorev1beta1.Shoot, extensionIndex, componentIndex int, at time.Time, soak time.Duration, checker CompatibilityChecker) ComponentVersionOutcome {
	if profile == nil {
		extensionType := shoot.Spec.Extensions[extensionIndex].Type
		return ComponentVersionOutcome{Action: ComponentActionHold, Reason: fmt.Sprintf("no ExtensionProfile %q", extensionType),
			TriggerReason: "ExtensionProfile is required for the maintenance of component versions",
			Failure:       fmt.Sprintf("ExtensionProfile %q does not exist", extensionType)}
	}
	decision, err := DecideComponentVersion(ctx, profile, shoot, extensionIndex, componentIndex, at, soak, checker)
	outcome := OutcomeOf(decision, err, profile.DeletionTimestamp != nil)
	outcome.Trigger, outcome.TriggerReason, outcome.Err = decision.Trigger, decision.Reason, err
	outcome.Channel, outcome.ChannelVersion = decision.Channel, decision.ChannelVersion
	if err == nil {
		outcome.Candidate = decision.Target
	}
	if len(decision.Rejected) > 0 {
		outcome.Rejected = DescribeRejectedVersions(decision.Rejected)
	}
	if outcome.Action == ComponentActionHold && !outcome.Behind {
		outcome.Failure = outcome.Reason
		switch {
		case err != nil:
			outcome.Failure = err.Error()
		case profile.DeletionTimestamp != nil:
			outcome.Failure = fmt.Sprintf("ExtensionProfile %q is being deleted; the version cannot be changed to %q", profile.Name, decision.Target)
		}
	}
	return outcome
}

// OutcomeOf returns what maintenance does with decision and its error err (as returned by
// ComponentVersionUpdateFor or DecideComponentVersion) when the ExtensionProfile is being deleted
// (profileDeleting) or not. It is the one mapping that the maintenance step, the impact preview
// and the kubectl plugin share.
func OutcomeOf(decision ComponentVersionUpdate, err error, profileDeleting bool) ComponentVersionOutcome {
	switch {
	case decision.Trigger == ComponentUpdateNone:
		return ComponentVersionOutcome{Action: ComponentActionKeep}
	case err != nil:
		return ComponentVersionOutcome{Action: ComponentActionHold, Reason: noCompatibleVersion(decision, err)}
	case decision.Target == "" && decision.Trigger.Forced():
		// ComponentVersionUpdateFor returns an error then; kept for a decision built elsewhere.
		return ComponentVersionOutcome{Action: ComponentActionHold, Reason: noCompatibleVersion(decision, nil)}
	case decision.Target == "" && len(decision.Rejected) > 0:
		return ComponentVersionOutcome{Action: ComponentActionKeep, Reason: "no compatible target: " + DescribeRejectedVersions(decision.Rejected)}
	case decision.Target == "" && decision.Held != "":
		return ComponentVersionOutcome{Action: ComponentActionHold, Reason: decision.Held, Behind: true}
	case decision.Target == "" && decision.Channel != "" && decision.ChannelVersion == "":
		return ComponentVersionOutcome{Action: ComponentActionKeep, Reason: fmt.Sprintf("channel %s has no version", decision.Channel)}
	case decision.Target == "":
		return ComponentVersionOutcome{Action: ComponentActionKeep}
	case profileDeleting && !decision.Trigger.Forced():
		return ComponentVersionOutcome{Action: ComponentActionKeep, Reason: "ExtensionProfile is being deleted"}
	case profileDeleting:
		return ComponentVersionOutcome{Action: ComponentActionHold, Target: decision.Target,
			Reason: fmt.Sprintf("ExtensionProfile is being deleted; the version cannot be changed to %q", decision.Target)}
	case decision.Trigger.Forced():
		return ComponentVersionOutcome{Action: ComponentActionForceUpdate, Target: decision.Target, Reason: decision.Reason}
	default:
		return ComponentVersionOutcome{Action: ComponentActionUpdate, Target: decision.Target, Reason: decision.Reason}
	}
}

// noCompatibleVersion is why a forced update finds no target or the decision fails: the failing
// rules of the first candidate passed over as incompatible, else the error.
func noCompatibleVersion(decision ComponentVersionUpdate, err error) string {
	if len(decision.Rejected) > 0 {
		r := decision.Rejected[0]
		return fmt.Sprintf("no compatible version: %s fails %q", r.Version, strings.Join(r.Failures, "; "))
	}
	if err != nil {
		return err.Error()
	}
	return "no compatible version: no higher supported version in this minor or a higher minor of this major"
}

// String renders the outcome as the kubectl plugin and the docs show it: "keep",
// "keep: no compatible target: ...", "update to 0.44.1 (reason)", "force update to 0.44.1
// (reason)", "hold, no compatible version: ...", "hold, channel stable gives 0.38.0, below ...".
func (o ComponentVersionOutcome) String() string {
	switch o.Action {
	case ComponentActionUpdate, ComponentActionForceUpdate:
		return fmt.Sprintf("%s to %s (%s)", o.Action, o.Target, o.Reason)
	case ComponentActionHold:
		return string(o.Action) + ", " + o.Reason
	}
	if o.Reason != "" {
		return string(o.Action) + ": " + o.Reason
	}
	return string(o.Action)
}
