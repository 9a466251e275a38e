// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package maintenance

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/go-logr/logr"

	v1beta1helper "github.com/gep-78/gardener/pkg/api/core/v1beta1/helper"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	"github.com/gep-78/gardener/pkg/utils/gardener/componentversion"
)

// ReasonComponentIncompatible is the reason recorded for a component whose pinned version a
// forced Kubernetes or machine-image update made incompatible.
const ReasonComponentIncompatible = "Component version is incompatible with the maintained Shoot"

// incompatibility is a pinned component, left at its entering version, whose compatibility rules
// fail against the working copy although they pass against the entering Shoot.
type incompatibility struct {
	pin        v1beta1helper.ComponentPin
	introduced []componentversion.RuleFailure
}

func (i incompatibility) key(f componentversion.RuleFailure) string {
	return fmt.Sprintf("%s/%s/%d", i.pin.ExtensionType, i.pin.Component, f.Index)
}

// introducedIncompatibilities returns the incompatibilities of the working copy that this run
// introduced: for every active pin whose version equals the one the entering Shoot actively pins,
// componentversion.IntroducedRuleFailures of the working copy against the entering Shoot (as
// admission's old-vs-new check decides). Components changed by the component step passed all
// rules when chosen and are not checked again.
func introducedIncompatibilities(ctx context.Context, op *Operation, checker componentversion.CompatibilityChecker) []incompatibility {
	var out []incompatibility
	entering := v1beta1helper.ActiveComponentPins(op.Original.Spec.Extensions)
	// One conversion of each Shoot for all pins: neither changes during this function.
	workingCopy, entered := checker.ForShoot(op.Shoot), checker.ForShoot(op.Original)
	for _, pin := range v1beta1helper.ActiveComponentPins(op.Shoot.Spec.Extensions) {
		profile := op.ExtensionProfiles[pin.ExtensionType]
		original, ran := v1beta1helper.FindComponentPin(entering, pin.ExtensionType, pin.Component)
		if profile == nil || !ran || original.Version != pin.Version {
			continue
		}
		current, _ := workingCopy.Check(ctx, profile, pin.Component, pin.Version)
		if len(current) == 0 {
			continue
		}
		previous, baseline := entered.Check(ctx, profile, pin.Component, pin.Version)
		if introduced := componentversion.IntroducedRuleFailures(current, previous, baseline); len(introduced) > 0 {
			out = append(out, incompatibility{pin: pin, introduced: introduced})
		}
	}
	return out
}

func failureKeys(incompatibilities []incompatibility) map[string]incompatibility {
	keys := map[string]incompatibility{}
	for _, i := range incompatibilities {
		for _, f := range i.introduced {
			keys[i.key(f)] = i
		}
	}
	return keys
}

// ResolveHostComponentConflicts settles what a run does when its Kubernetes or machine-image
// updates make a pinned component incompatible that has no compatible target (see doc.go,
// "Host updates and component compatibility"). It runs after the component step:
//
//  1. It finds the introduced incompatibilities (rules of a component left at its entering
//     version that fail against the working copy but passed against the entering Shoot).
//  2. Voluntary host updates yield: each successful auto-update (not forced) of a machine image or
//     of the Kubernetes version, latest first, is reverted on the working copy when reverting it
//     alone removes at least one introduced rule failure. Its result becomes a failure that names
//     the components it would have broken. If anything was reverted, the component step runs again
//     from the entering pins (rerun), against the new working copy.
//  3. Forced host updates win: every remaining introduced incompatibility stays, and is recorded
//     as a failed component result (reason ReasonComponentIncompatible) that names the failing
//     rules, or appended to the component's failure if it already has one. The component keeps
//     its version.
func ResolveHostComponentConflicts(ctx context.Context, log logr.Logger, op *Operation, checker componentversion.CompatibilityChecker, rerun func()) {
	conflicts := introducedIncompatibilities(ctx, op, checker)
	if len(conflicts) == 0 {
		return
	}

	reverted := false
	for i := len(op.changes) - 1; i >= 0 && len(conflicts) > 0; i-- {
		c := &op.changes[i]
		result := op.result(*c)
		if !result.isSuccessful || c.forced || !c.isHost() {
			continue
		}
		setHostVersion(op.Shoot, *c, c.from)
		after := introducedIncompatibilities(ctx, op, checker)
		before, remaining := failureKeys(conflicts), failureKeys(after)
		var resolved []string
		for key, incompatibility := range before {
			if _, still := remaining[key]; !still {
				resolved = append(resolved, describeIncompatibility(incompatibility))
			}
		}
		if len(resolved) == 0 {
			setHostVersion(op.Shoot, *c, c.to)
			continue
		}
		log.Info("Holding back a voluntary update that would make components incompatible", "kind", c.kind, "name", c.name, "from", c.from, "to", c.to)
		what := "Kubernetes version"
		if c.kind == ResultKindMachineImage {
			what = fmt.Sprintf("machine image %q", c.imageName)
		}
		result.description = fmt.Sprintf("update of %s from %q to %q held back: it would make %s", what, c.from, c.to, strings.Join(slices.Compact(slices.Sorted(slices.Values(resolved))), ", "))
		result.isSuccessful, c.to = false, c.from
		op.setResult(*c, result)
		conflicts, reverted = after, true
		if c.kind == ResultKindKubernetes {
			capPoolsAtControlPlane(op)
		}
	}

	if reverted {
		op.resetComponents()
		rerun()
		conflicts = introducedIncompatibilities(ctx, op, checker)
	}

	for _, c := range conflicts {
		messages := strings.Join(componentversion.RuleFailureDetails(c.introduced), "; ")
		description := fmt.Sprintf("version %q stays although it is incompatible with the maintained Shoot (%s): no compatible version is available", c.pin.Version, messages)
		log.Info("Component left incompatible by a forced update", "extensionType", c.pin.ExtensionType, "component", c.pin.Component, "version", c.pin.Version, "rules", messages)
		component := change{kind: ResultKindExtensionComponent, name: componentKey(c.pin.ExtensionType, c.pin.Component), from: c.pin.Version, to: c.pin.Version, failureCategory: failureIncompatible}
		if i := op.componentIndex(component.name); i >= 0 && !op.componentUpdates[i].isSuccessful {
			op.componentUpdates[i].description += "; " + description
			continue
		}
		op.record(component, updateResult{reason: ReasonComponentIncompatible, description: description})
	}
}

func describeIncompatibility(i incompatibility) string {
	return fmt.Sprintf("component %q of extension %q (version %q) incompatible (%s)", i.pin.Component, i.pin.ExtensionType, i.pin.Version, strings.Join(componentversion.RuleFailureDetails(i.introduced), "; "))
}

// setHostVersion sets the version a host change is about on shoot.
func setHostVersion(shoot *gardencorev1beta1.Shoot, c change, version string) {
	switch c.kind {
	case ResultKindKubernetes:
		shoot.Spec.Kubernetes.Version = version
	case ResultKindWorkerKubernetes:
		for i := range shoot.Spec.Provider.Workers {
			if w := &shoot.Spec.Provider.Workers[i]; w.Name == c.name && w.Kubernetes != nil {
				v := version
				w.Kubernetes.Version = &v
			}
		}
	case ResultKindMachineImage:
		for i := range shoot.Spec.Provider.Workers {
			if w := &shoot.Spec.Provider.Workers[i]; w.Name == c.name && w.Machine.Image != nil {
				v := version
				w.Machine.Image.Version = &v
			}
		}
	}
}

// capPoolsAtControlPlane caps the pool Kubernetes updates of the run at the control plane version
// after the control plane's update was held back; a pool update that the cap undoes is dropped.
func capPoolsAtControlPlane(op *Operation) {
	controlPlane := op.Shoot.Spec.Kubernetes.Version
	var undone []string
	for i := range op.changes {
		c := &op.changes[i]
		result := op.result(*c)
		if c.kind != ResultKindWorkerKubernetes || !result.isSuccessful {
			continue
		}
		capped, err := capAtControlPlane(c.to, controlPlane)
		if err != nil || capped == c.to {
			continue
		}
		setHostVersion(op.Shoot, *c, capped)
		if capped == c.from {
			undone = append(undone, c.name)
			continue
		}
		c.to, result.description = capped, fmt.Sprintf("Updated Kubernetes version from %q to %q", c.from, capped)
		op.setResult(*c, result)
	}
	op.drop(func(c change) bool { return c.kind == ResultKindWorkerKubernetes && slices.Contains(undone, c.name) })
}
