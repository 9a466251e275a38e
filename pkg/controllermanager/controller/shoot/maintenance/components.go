// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package maintenance

import (
	"context"
	"fmt"
	"time"

	"github.com/go-logr/logr"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"sigs.k8s.io/controller-runtime/pkg/client"

	v1beta1helper "github.com/gep-78/gardener/pkg/api/core/v1beta1/helper"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	"github.com/gep-78/gardener/pkg/features"
	celutils "github.com/gep-78/gardener/pkg/utils/cel"
	"github.com/gep-78/gardener/pkg/utils/gardener/componentversion"
)

// Failure categories of component results, the "reason" label of the failure metric.
const (
	failureNoTarget     = "no-target"
	failureIncompatible = "incompatible"
	failureError        = "error"
	failureRejected     = "write-rejected"
)

// componentUpdate is the result of one extension component version (GEP-78): upstream's
// updateResult and what the messages, events, metrics and the host compatibility need beside it.
type componentUpdate struct {
	updateResult
	extensionType, component string
	// from is the version before the run; to the version after it (from on failure).
	from, to string
	forced   bool
	// channel marks an update the release channel the component follows makes (not forced).
	channel bool
	// failureCategory classifies a failed result for the metrics.
	failureCategory string
	// kept marks a successful result that changed nothing: the release channel gives a lower
	// version. It counts neither as an upgrade nor as a failure.
	kept bool
	// hasProfile reports whether the extension type has an ExtensionProfile; only those are
	// metric labels.
	hasProfile bool
}

func (c componentUpdate) subject() string {
	return fmt.Sprintf("Extension %q component %q", c.extensionType, c.component)
}

// componentStep decides the component versions of one run.
type componentStep struct {
	// profiles are the ExtensionProfiles of the pinned extension types, by name (== type); nil
	// for a type without one.
	profiles map[string]*gardencorev1beta1.ExtensionProfile
	now      time.Time
	soak     time.Duration
	checker  componentversion.CompatibilityChecker
}

// maintainExtensionComponents is the GEP-78 step of a maintenance run, after the Kubernetes and
// machine-image steps: with the ExtensionComponentVersions feature gate on, it maintains the
// pinned component versions on maintainedShoot and settles conflicts between the host updates
// of the run (whose results it may change) and the pinned components. It returns the component
// results; only read errors other than NotFound are returned as errors.
func (r *Reconciler) maintainExtensionComponents(ctx context.Context, log logr.Logger, shoot, maintainedShoot *gardencorev1beta1.Shoot, kubernetesControlPlaneUpdate **updateResult, workerToKubernetesUpdate, workerToMachineImageUpdate map[string]updateResult) ([]componentUpdate, error) {
	if !features.DefaultFeatureGate.Enabled(features.ExtensionComponentVersions) {
		return nil, nil
	}
	profiles, err := extensionProfiles(ctx, r.Client, maintainedShoot)
	if err != nil {
		return nil, err
	}
	step := componentStep{profiles: profiles, now: r.Clock.Now(), soak: r.StableChannelSoakPeriod, checker: r.CompatibilityChecker}
	if step.checker == nil {
		step.checker = defaultCompatibilityChecker
	}
	hosts := hostResults{controlPlane: kubernetesControlPlaneUpdate, kubernetes: workerToKubernetesUpdate, machineImages: workerToMachineImageUpdate}
	return step.resolveHostComponentConflicts(ctx, log, shoot, maintainedShoot, hosts, step.maintain(ctx, log, maintainedShoot)), nil
}

// defaultCompatibilityChecker serves reconcilers without a CompatibilityChecker.
var defaultCompatibilityChecker = componentversion.NewCELCompatibilityChecker(celutils.NewCache())

// extensionProfiles reads the ExtensionProfiles of the extension types shoot pins components of;
// a missing one is nil.
func extensionProfiles(ctx context.Context, c client.Reader, shoot *gardencorev1beta1.Shoot) (map[string]*gardencorev1beta1.ExtensionProfile, error) {
	profiles := map[string]*gardencorev1beta1.ExtensionProfile{}
	for _, pin := range v1beta1helper.ActiveComponentPins(shoot.Spec.Extensions) {
		if _, loaded := profiles[pin.ExtensionType]; loaded {
			continue
		}
		profile := &gardencorev1beta1.ExtensionProfile{}
		if err := c.Get(ctx, client.ObjectKey{Name: pin.ExtensionType}, profile); err != nil {
			if !apierrors.IsNotFound(err) {
				return nil, fmt.Errorf("failed reading ExtensionProfile %q: %w", pin.ExtensionType, err)
			}
			profile = nil
		}
		profiles[pin.ExtensionType] = profile
	}
	return profiles, nil
}

// maintain decides every pinned component of every enabled extension of maintainedShoot, in spec
// order, with componentversion.Decide against maintainedShoot as changed so far, applies the
// targets to it and returns the results (docs/usage/shoot-maintenance.md): a change, a version a
// channel keeps, or a failure; an auto-update without target records nothing.
func (s componentStep) maintain(ctx context.Context, log logr.Logger, maintainedShoot *gardencorev1beta1.Shoot) []componentUpdate {
	var updates []componentUpdate
	for _, pin := range v1beta1helper.ActiveComponentPins(maintainedShoot.Spec.Extensions) {
		if update, ok := s.maintainComponent(ctx, log.WithValues("extensionType", pin.ExtensionType, "component", pin.Component), maintainedShoot, pin); ok {
			updates = append(updates, update)
		}
	}
	return updates
}

func (s componentStep) maintainComponent(ctx context.Context, log logr.Logger, maintainedShoot *gardencorev1beta1.Shoot, pin v1beta1helper.ComponentPin) (componentUpdate, bool) {
	profile := s.profiles[pin.ExtensionType]
	outcome := componentversion.Decide(ctx, profile, maintainedShoot, pin.ExtensionIndex, pin.ComponentIndex, s.now, s.soak, s.checker)
	update := componentUpdate{
		updateResult:  updateResult{reason: outcome.UpdateReason},
		extensionType: pin.ExtensionType, component: pin.Component, from: pin.Version, to: pin.Version,
		forced: outcome.Forced, channel: outcome.Channel != "" && !outcome.Forced, hasProfile: profile != nil,
	}
	channel := ""
	if outcome.Channel != "" {
		channel = fmt.Sprintf(" (channel %s)", outcome.Channel)
	}
	switch outcome.Action {
	case componentversion.ActionWait:
		// The channel gives a lower version (e.g. after a switch from rapid to stable): no
		// downgrade and no failure; lastMaintenance says why the version stays.
		update.isSuccessful, update.kept = true, true
		update.description = fmt.Sprintf("Kept version %q: %s", pin.Version, outcome.Reason)
		log.Info("Extension component follows a channel below its version, keeping it", "version", pin.Version, "channel", outcome.Channel, "channelVersion", outcome.ChannelVersion)
		return update, true
	case componentversion.ActionKeep:
		switch {
		case outcome.Candidate != "":
			log.V(1).Info("ExtensionProfile is being deleted, not auto-updating", "version", pin.Version, "target", outcome.Candidate)
		case outcome.Rejected != "":
			log.V(1).Info("No compatible auto-update target", "version", pin.Version, "rejected", outcome.Rejected)
		}
		return update, false
	case componentversion.ActionHold:
		// A missing or deleting profile, a forced update without target, or a failed decision:
		// the component keeps its version.
		update.description = outcome.Failure + channel
		update.failureCategory = failureError
		if outcome.Forced {
			update.failureCategory = failureNoTarget
		}
	default:
		target := outcome.Target
		maintainedShoot.Spec.Extensions[pin.ExtensionIndex].Components[pin.ComponentIndex].Version = &target
		update.to, update.isSuccessful = target, true
		update.description = fmt.Sprintf("Updated version from %q to %q%s", pin.Version, target, channel)
	}
	log.Info("Extension component version maintenance", "from", pin.Version, "to", update.to, "reason", update.reason, "successful", update.isSuccessful)
	return update, true
}
