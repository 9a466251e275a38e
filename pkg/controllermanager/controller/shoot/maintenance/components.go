// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package maintenance

import (
	"context"
	"fmt"

	"github.com/go-logr/logr"

	v1beta1helper "github.com/gep-78/gardener/pkg/api/core/v1beta1/helper"
	"github.com/gep-78/gardener/pkg/utils/gardener/componentversion"
)

// Failure categories of component results, the "reason" label of the failure metric.
const (
	failureNoTarget     = "no-target"
	failureIncompatible = "incompatible"
	failureError        = "error"
	failureRejected     = "write-rejected"
)

// MaintainExtensionComponents is the third step (GEP-78 "Order of evaluation within a maintenance
// window"): the pinned version of every component of every enabled extension, in spec order,
// evaluated against the working copy as already changed by the machine-image and Kubernetes steps.
// It does nothing while the ExtensionComponentVersions feature gate is off (op.ComponentVersions).
//
// For each pin it decides with componentversion.Decide (for a component that follows a release
// channel componentversion.ChannelUpdateFor with op.StableChannelSoakPeriod; otherwise the
// effective autoUpdate, where a strategy the component no longer supports falls back to a
// supported default, and then componentversion.ComponentVersionUpdateFor), checking candidates
// with checker against the working copy. A target is set on the working copy and recorded as a
// successful result (`Updated version from "<old>" to "<new>"`, with the auto-update, channel or
// expiry reason). A component that follows a channel is named in the description
// (` (channel <c>)`); one whose channel gives a lower version keeps it (never a downgrade) with a
// successful result that says so (`Kept version "<v>": channel <c> gives <lower>, below the current
// <v>; staying until the channel catches up`), which counts neither as an upgrade nor as a
// failure. A forced
// update without target, a missing ExtensionProfile or an evaluation error is a failed result and
// the component keeps its version; an auto-update without target records nothing. A component
// whose ExtensionProfile is being deleted keeps its version, because admission rejects new pins of
// such a profile: a forced update is then a failed result, an auto-update records nothing. One
// component's failure does not stop the others.
func MaintainExtensionComponents(ctx context.Context, log logr.Logger, op *Operation, checker componentversion.CompatibilityChecker) {
	if !op.ComponentVersions {
		return
	}
	for _, pin := range v1beta1helper.ActiveComponentPins(op.Shoot.Spec.Extensions) {
		maintainComponent(ctx, log, op, checker, pin)
	}
}

func maintainComponent(ctx context.Context, log logr.Logger, op *Operation, checker componentversion.CompatibilityChecker, pin v1beta1helper.ComponentPin) {
	log = log.WithValues("extensionType", pin.ExtensionType, "component", pin.Component)
	c := change{kind: ResultKindExtensionComponent, name: componentKey(pin.ExtensionType, pin.Component), from: pin.Version, to: pin.Version}
	var result updateResult

	outcome := componentversion.Decide(ctx, op.ExtensionProfiles[pin.ExtensionType], op.Shoot, pin.ExtensionIndex, pin.ComponentIndex, op.Now, op.StableChannelSoakPeriod, checker)
	result.reason, c.forced, c.trigger = outcome.TriggerReason, outcome.Forced(), outcome.Trigger
	channel := ""
	if outcome.Channel != "" {
		channel = fmt.Sprintf(" (channel %s)", outcome.Channel)
	}
	switch {
	case outcome.Behind:
		// The channel gives a lower version (e.g. after a switch from rapid to stable): no
		// downgrade and no failure; lastMaintenance says why the version stays.
		result.isSuccessful, c.kept = true, true
		result.description = fmt.Sprintf("Kept version %q: %s", pin.Version, outcome.Reason)
		log.Info("Extension component follows a channel below its version, keeping it", "version", pin.Version, "channel", outcome.Channel, "channelVersion", outcome.ChannelVersion)
		op.record(c, result)
		return
	}
	switch outcome.Action {
	case componentversion.ComponentActionKeep:
		switch {
		case outcome.Candidate != "":
			log.V(1).Info("ExtensionProfile is being deleted, not auto-updating", "version", pin.Version, "target", outcome.Candidate)
		case outcome.Rejected != "":
			log.V(1).Info("No compatible auto-update target", "version", pin.Version, "rejected", outcome.Rejected)
		}
		return
	case componentversion.ComponentActionHold:
		// A missing or deleting profile, a forced update without target, or a failed decision: the
		// component keeps its version (admission rejects new pins of a profile being deleted).
		result.description = outcome.Failure + channel
		c.failureCategory = failureError
		if outcome.Forced() {
			c.failureCategory = failureNoTarget
		}
		if outcome.Trigger == componentversion.ComponentUpdateNone {
			op.record(c, result)
			return
		}
	default:
		target := outcome.Target
		op.Shoot.Spec.Extensions[pin.ExtensionIndex].Components[pin.ComponentIndex].Version = &target
		c.to, result.isSuccessful = target, true
		result.description = fmt.Sprintf("Updated version from %q to %q%s", pin.Version, target, channel)
	}
	log.Info("Extension component version maintenance", "from", pin.Version, "to", c.to, "reason", result.reason, "successful", result.isSuccessful)
	op.record(c, result)
}
