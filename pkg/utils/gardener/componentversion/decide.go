// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package componentversion

import (
	"context"
	"fmt"
	"strings"
	"time"

	v1beta1helper "github.com/gep-78/gardener/pkg/api/core/v1beta1/helper"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
)

// Action is what shoot maintenance does with a pinned component version.
type Action string

const (
	// ActionKeep leaves the version; nothing is recorded.
	ActionKeep Action = "keep"
	// ActionUpdate auto-updates the version to the target.
	ActionUpdate Action = "update"
	// ActionForceUpdate force-upgrades an expired or unlisted version to the target.
	ActionForceUpdate Action = "force update"
	// ActionHold leaves the version and records a failure.
	ActionHold Action = "hold"
	// ActionWait leaves the version and records why, no failure: the release channel the component
	// follows gives a lower version, or the target's rollout is paused, halted or has not opened
	// the Shoot's stage.
	ActionWait Action = "wait"
)

// Outcome is the maintenance decision for one pinned component version.
type Outcome struct {
	Action Action
	// Target is the version of an update; for a hold because the ExtensionProfile is being deleted,
	// the version the forced update would have taken.
	Target string
	// Reason says why, as the kubectl plugin and the impact preview show it.
	Reason string
	// Forced marks an expired or unlisted version, whatever the action.
	Forced bool
	// UpdateReason is why an update is considered, as status.lastMaintenance records it.
	UpdateReason string
	// Candidate is the target found, whether or not maintenance takes it; "" for none.
	Candidate string
	// Rejected renders the candidates passed over as incompatible; "" for none.
	Rejected string
	// Failure is what shoot maintenance records for a hold.
	Failure string
	// Channel is the release channel the component follows, ChannelVersion its version at the
	// time of the decision; "" for none.
	Channel        gardencorev1beta1.ReleaseChannel
	ChannelVersion string
	// Err is the decision's error, if any.
	Err error
}

// Same reports whether two outcomes show the same: action, target and reason.
func (o Outcome) Same(other Outcome) bool {
	return o.Action == other.Action && o.Target == other.Target && o.Reason == other.Reason
}

// String renders the outcome as the kubectl plugin shows it, e.g. "update to 0.44.1 (reason)" or
// "hold, no compatible version: ..."; a wait shows as a hold.
func (o Outcome) String() string {
	switch o.Action {
	case ActionUpdate, ActionForceUpdate:
		return fmt.Sprintf("%s to %s (%s)", o.Action, o.Target, o.Reason)
	case ActionHold, ActionWait:
		return string(ActionHold) + ", " + o.Reason
	}
	if o.Reason != "" {
		return string(o.Action) + ": " + o.Reason
	}
	return string(o.Action)
}

// Decide is the maintenance decision for the component pinned at
// shoot.Spec.Extensions[extensionIndex].Components[componentIndex] as profile stands at the time
// at, with soak the stable channel's soak period and rollout the configured default rollout policy
// (nil: the one profile's status publishes, else the built-in one); candidates are checked by
// checker against shoot. A nil profile is a
// hold. It panics when the indexes are out of range or the pin has no version. The rules are
// channelUpdate's, versionUpdateFor's and, for staged rollouts, rolloutBlock's and rolloutWait's;
// docs/usage/shoot-maintenance.md tells them for users.
func Decide(ctx context.Context, profile *gardencorev1beta1.ExtensionProfile, shoot *gardencorev1beta1.Shoot, extensionIndex, componentIndex int, at time.Time, soak time.Duration, rollout *gardencorev1beta1.RolloutPolicy, checker CompatibilityChecker) Outcome {
	return decide(ctx, profile, shoot, shootEntry(shoot, extensionIndex, componentIndex), at, soak, rollout, checker.ForShoot(shoot).Check)
}

// DecidePool is Decide for the entry of a worker pool that pin addresses, as
// v1beta1helper.PoolComponentPins lists it (a container runtime's or an override's). The entry
// follows only its own autoUpdate and channel, as admission reads it; rules see shoot as it is, the
// pool's image and Kubernetes version included, and `worker` is that pool.
func DecidePool(ctx context.Context, profile *gardencorev1beta1.ExtensionProfile, shoot *gardencorev1beta1.Shoot, pin v1beta1helper.PoolComponentPin, at time.Time, soak time.Duration, rollout *gardencorev1beta1.RolloutPolicy, checker CompatibilityChecker) Outcome {
	worker := shoot.Spec.Provider.Workers[pin.WorkerIndex]
	entry := pinnedEntry{profileName: pin.ExtensionType, extension: gardencorev1beta1.Extension{Type: pin.ExtensionType}}
	if pin.Kind == gardencorev1beta1.ExtensionKindContainerRuntime {
		entry.component = worker.CRI.ContainerRuntimes[pin.ExtensionIndex].Components[pin.ComponentIndex]
	} else {
		entry.component = worker.Extensions[pin.ExtensionIndex].Components[pin.ComponentIndex]
	}
	compatibility := checker.ForShoot(shoot)
	return decide(ctx, profile, shoot, entry, at, soak, rollout, func(ctx context.Context, profile *gardencorev1beta1.ExtensionProfile, component, version string) ([]RuleFailure, bool) {
		return compatibility.CheckWorker(ctx, profile, component, version, pin.Pool)
	})
}

// pinnedEntry is a component entry with the extension-level defaults it follows and the name of
// its ExtensionProfile.
type pinnedEntry struct {
	profileName string
	extension   gardencorev1beta1.Extension
	component   gardencorev1beta1.ExtensionComponent
}

func shootEntry(shoot *gardencorev1beta1.Shoot, extensionIndex, componentIndex int) pinnedEntry {
	extension := shoot.Spec.Extensions[extensionIndex]
	return pinnedEntry{profileName: extension.Type, extension: extension, component: extension.Components[componentIndex]}
}

// checkFunc is ShootCompatibility.Check of the Shoot (and pool) a pin is decided for.
type checkFunc func(ctx context.Context, profile *gardencorev1beta1.ExtensionProfile, component, version string) ([]RuleFailure, bool)

func decide(ctx context.Context, profile *gardencorev1beta1.ExtensionProfile, shoot *gardencorev1beta1.Shoot, pin pinnedEntry, at time.Time, soak time.Duration, rollout *gardencorev1beta1.RolloutPolicy, check checkFunc) Outcome {
	if profile == nil {
		return Outcome{Action: ActionHold, Reason: fmt.Sprintf("no ExtensionProfile %q", pin.profileName),
			UpdateReason: "ExtensionProfile is required for the maintenance of component versions",
			Failure:      fmt.Sprintf("ExtensionProfile %q does not exist", pin.profileName)}
	}
	if rollout == nil {
		rollout = profile.Status.DefaultRolloutPolicy
	}
	decision, err := decideEntry(ctx, profile, pin, at, soak, check)
	candidate := decision.target
	if err == nil && candidate != "" && !decision.trigger.forced() {
		if wait := rolloutWait(profile, rollout, pin.component.Name, candidate, shoot.Spec.Purpose, at); wait != "" {
			decision.target, decision.held = "", wait
		}
	}
	outcome := outcomeOf(decision, err, profile.DeletionTimestamp != nil)
	outcome.Forced, outcome.UpdateReason, outcome.Err = decision.trigger.forced(), decision.reason, err
	outcome.Channel, outcome.ChannelVersion = decision.channel, decision.channelVersion
	if err == nil {
		outcome.Candidate = candidate
	}
	if len(decision.rejected) > 0 {
		outcome.Rejected = describeRejected(decision.rejected)
	}
	if outcome.Action == ActionHold {
		outcome.Failure = outcome.Reason
		switch {
		case err != nil:
			outcome.Failure = err.Error()
		case profile.DeletionTimestamp != nil:
			outcome.Failure = fmt.Sprintf("ExtensionProfile %q is being deleted; the version cannot be changed to %q", profile.Name, decision.target)
		}
	}
	return outcome
}

// decideUpdate is decideEntry for the pin at shoot.Spec.Extensions[extensionIndex].Components[componentIndex].
func decideUpdate(ctx context.Context, profile *gardencorev1beta1.ExtensionProfile, shoot *gardencorev1beta1.Shoot, extensionIndex, componentIndex int, at time.Time, soak time.Duration, checker CompatibilityChecker) (versionUpdate, error) {
	return decideEntry(ctx, profile, shootEntry(shoot, extensionIndex, componentIndex), at, soak, checker.ForShoot(shoot).Check)
}

// decideEntry decides the pin with channelUpdate for a component that follows a release
// channel, otherwise with versionUpdate under the effective autoUpdate.
func decideEntry(ctx context.Context, profile *gardencorev1beta1.ExtensionProfile, pin pinnedEntry, at time.Time, soak time.Duration, check checkFunc) (versionUpdate, error) {
	extension, component := pin.extension, pin.component
	profileComponent := gardencorev1beta1.ExtensionProfileComponent{Name: component.Name}
	if c := v1beta1helper.FindExtensionComponent(profile.Spec, component.Name); c != nil {
		profileComponent = *c
	}
	forced, _, _ := forcedTrigger(profileComponent, *component.Version, at)
	compatible := func(version string) ([]string, error) {
		if block := rolloutBlock(profile, component.Name, version, forced.forced()); block != "" {
			return []string{block}, nil
		}
		failures, _ := check(ctx, profile, component.Name, version)
		return ruleFailureDetails(failures), nil
	}
	if channel, follows := EffectiveChannel(extension, component); follows {
		return channelUpdate(profileComponent, *component.Version, channel, at, soak, compatible)
	}
	policy := resolveAutoUpdate(profile.Spec, component.Name, extension.AutoUpdate, component.AutoUpdate)
	return versionUpdateFor(profileComponent, *component.Version, policy, at, compatible)
}

// outcomeOf maps a decision and its error to what maintenance does, with the ExtensionProfile
// being deleted (profileDeleting) or not.
func outcomeOf(decision versionUpdate, err error, profileDeleting bool) Outcome {
	switch {
	case decision.trigger == triggerNone:
		return Outcome{Action: ActionKeep}
	case err != nil:
		return Outcome{Action: ActionHold, Reason: noCompatibleVersion(decision, err)}
	case decision.target == "" && decision.trigger.forced():
		return Outcome{Action: ActionHold, Reason: noCompatibleVersion(decision, nil)}
	case decision.target == "" && decision.held != "":
		return Outcome{Action: ActionWait, Reason: decision.held}
	case decision.target == "" && len(decision.rejected) > 0:
		return Outcome{Action: ActionKeep, Reason: "no compatible target: " + describeRejected(decision.rejected)}
	case decision.target == "" && decision.channel != "" && decision.channelVersion == "":
		return Outcome{Action: ActionKeep, Reason: fmt.Sprintf("channel %s has no version", decision.channel)}
	case decision.target == "":
		return Outcome{Action: ActionKeep}
	case profileDeleting && !decision.trigger.forced():
		return Outcome{Action: ActionKeep, Reason: "ExtensionProfile is being deleted"}
	case profileDeleting:
		return Outcome{Action: ActionHold, Target: decision.target,
			Reason: fmt.Sprintf("ExtensionProfile is being deleted; the version cannot be changed to %q", decision.target)}
	case decision.trigger.forced():
		return Outcome{Action: ActionForceUpdate, Target: decision.target, Reason: decision.reason}
	default:
		return Outcome{Action: ActionUpdate, Target: decision.target, Reason: decision.reason}
	}
}

// noCompatibleVersion is why a forced update finds no target or the decision fails: the failing
// rules of the first rejected candidate, else the error.
func noCompatibleVersion(decision versionUpdate, err error) string {
	if len(decision.rejected) > 0 {
		r := decision.rejected[0]
		return fmt.Sprintf("no compatible version: %s fails %q", r.version, strings.Join(r.failures, "; "))
	}
	if err != nil {
		return err.Error()
	}
	return "no compatible version: no higher supported version in this minor or a higher minor of this major"
}
