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

// componentUpdate is the updateResult of one extension component version and its labels.
type componentUpdate struct {
	updateResult
	// extensionType is the name of the ExtensionProfile (containerruntime-<type> for a runtime).
	extensionType, component string
	// pool is the worker pool of a pool's pin, "" for the Shoot's; runtimeType is the container
	// runtime type of a runtime's pin, "" for an Extension's.
	pool, runtimeType string
	// from is the version before the run; to the version after it (from on failure).
	from, to string
	forced   bool
	// channel marks an update the release channel the component follows makes (not forced).
	channel bool
	// failureCategory classifies a failed result for the metrics.
	failureCategory string
	// kept marks a version left because its release channel gives a lower one.
	kept bool
	// hasProfile marks an extension type with an ExtensionProfile, the only metric labels.
	hasProfile bool
}

// subject names the pin in lastMaintenance and events, with its pool for a pool's pin.
func (c componentUpdate) subject() string {
	subject := fmt.Sprintf("Extension %q component %q", c.extensionType, c.component)
	if c.runtimeType != "" {
		subject = fmt.Sprintf("container runtime %q component %q", c.runtimeType, c.component)
	}
	if c.pool != "" {
		return fmt.Sprintf("Worker pool %q: %s", c.pool, subject)
	}
	return subject
}

// componentStep decides the component versions of one run.
type componentStep struct {
	// profiles are the ExtensionProfiles of the pinned extension types; nil for none.
	profiles map[string]*gardencorev1beta1.ExtensionProfile
	now      time.Time
	soak     time.Duration
	rollout  *gardencorev1beta1.RolloutPolicy
	checker  componentversion.CompatibilityChecker
}

// maintainExtensionComponents maintains the pinned component versions on maintainedShoot and
// settles their conflicts with the run's host updates; it errs only when a read fails other than
// NotFound.
func (r *Reconciler) maintainExtensionComponents(ctx context.Context, log logr.Logger, shoot, maintainedShoot *gardencorev1beta1.Shoot, kubernetesControlPlaneUpdate **updateResult, workerToKubernetesUpdate, workerToMachineImageUpdate map[string]updateResult) ([]componentUpdate, error) {
	if !features.DefaultFeatureGate.Enabled(features.ExtensionComponentVersions) {
		return nil, nil
	}
	profiles, err := extensionProfiles(ctx, r.Client, maintainedShoot)
	if err != nil {
		return nil, err
	}
	step := componentStep{profiles: profiles, now: r.Clock.Now(), soak: r.StableChannelSoakPeriod, rollout: r.RolloutPolicy, checker: r.CompatibilityChecker}
	if step.checker == nil {
		step.checker = defaultCompatibilityChecker
	}
	hosts := hostResults{controlPlane: kubernetesControlPlaneUpdate, kubernetes: workerToKubernetesUpdate, machineImages: workerToMachineImageUpdate}
	return step.resolveHostComponentConflicts(ctx, log, shoot, maintainedShoot, hosts, step.maintain(ctx, log, maintainedShoot)), nil
}

// defaultCompatibilityChecker serves reconcilers without a CompatibilityChecker.
var defaultCompatibilityChecker = componentversion.NewCELCompatibilityChecker(celutils.NewCache())

// extensionProfiles reads the ExtensionProfiles of shoot's active pins, the pools' included; nil
// if missing.
func extensionProfiles(ctx context.Context, c client.Reader, shoot *gardencorev1beta1.Shoot) (map[string]*gardencorev1beta1.ExtensionProfile, error) {
	profiles := map[string]*gardencorev1beta1.ExtensionProfile{}
	for _, name := range v1beta1helper.ActiveProfileNames(shoot.Spec.Extensions, shoot.Spec.Provider.Workers) {
		profile := &gardencorev1beta1.ExtensionProfile{}
		if err := c.Get(ctx, client.ObjectKey{Name: name}, profile); err != nil {
			if !apierrors.IsNotFound(err) {
				return nil, fmt.Errorf("failed reading ExtensionProfile %q: %w", name, err)
			}
			profile = nil
		}
		profiles[name] = profile
	}
	return profiles, nil
}

// maintain applies componentversion.Decide to every active pin of maintainedShoot in spec order,
// then DecidePool to the pools' pins, each against the Shoot as changed so far (the pools' new
// images and Kubernetes versions included), and returns the changes, kept versions and failures.
func (s componentStep) maintain(ctx context.Context, log logr.Logger, maintainedShoot *gardencorev1beta1.Shoot) []componentUpdate {
	var updates []componentUpdate
	for _, pin := range v1beta1helper.ActiveComponentPins(maintainedShoot.Spec.Extensions) {
		outcome := componentversion.Decide(ctx, s.profiles[pin.ExtensionType], maintainedShoot, pin.ExtensionIndex, pin.ComponentIndex, s.now, s.soak, s.rollout, s.checker)
		update, ok := s.apply(log.WithValues("extensionType", pin.ExtensionType, "component", pin.Component), pin, outcome, func(target *string) {
			maintainedShoot.Spec.Extensions[pin.ExtensionIndex].Components[pin.ComponentIndex].Version = target
		})
		if ok {
			updates = append(updates, update)
		}
	}
	for _, pin := range v1beta1helper.ActivePoolComponentPins(maintainedShoot.Spec.Extensions, maintainedShoot.Spec.Provider.Workers) {
		outcome := componentversion.DecidePool(ctx, s.profiles[pin.ExtensionType], maintainedShoot, pin, s.now, s.soak, s.rollout, s.checker)
		update, ok := s.apply(log.WithValues("extensionType", pin.ExtensionType, "component", pin.Component, "worker", pin.Pool), pin.ComponentPin, outcome, func(target *string) {
			poolEntry(maintainedShoot, pin).Version = target
		})
		if ok {
			update.pool = pin.Pool
			if pin.Kind == gardencorev1beta1.ExtensionKindContainerRuntime {
				update.runtimeType = pin.Type
			}
			updates = append(updates, update)
		}
	}
	return updates
}

// poolEntry returns the component entry of shoot that pin addresses.
func poolEntry(shoot *gardencorev1beta1.Shoot, pin v1beta1helper.PoolComponentPin) *gardencorev1beta1.ExtensionComponent {
	worker := &shoot.Spec.Provider.Workers[pin.WorkerIndex]
	if pin.Kind == gardencorev1beta1.ExtensionKindContainerRuntime {
		return &worker.CRI.ContainerRuntimes[pin.ExtensionIndex].Components[pin.ComponentIndex]
	}
	return &worker.Extensions[pin.ExtensionIndex].Components[pin.ComponentIndex]
}

// apply turns the outcome of pin into its result, setting an update's target with set; false
// when there is nothing to record.
func (s componentStep) apply(log logr.Logger, pin v1beta1helper.ComponentPin, outcome componentversion.Outcome, set func(*string)) (componentUpdate, bool) {
	update := componentUpdate{
		updateResult:  updateResult{reason: outcome.UpdateReason},
		extensionType: pin.ExtensionType, component: pin.Component, from: pin.Version, to: pin.Version,
		forced: outcome.Forced, channel: outcome.Channel != "" && !outcome.Forced, hasProfile: s.profiles[pin.ExtensionType] != nil,
	}
	channel := ""
	if outcome.Channel != "" {
		channel = fmt.Sprintf(" (channel %s)", outcome.Channel)
	}
	switch outcome.Action {
	case componentversion.ActionWait:
		// The channel gives a lower version: no downgrade, no failure.
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
		update.description = outcome.Failure + channel
		update.failureCategory = failureError
		if outcome.Forced {
			update.failureCategory = failureNoTarget
		}
	default:
		target := outcome.Target
		set(&target)
		update.to, update.isSuccessful = target, true
		update.description = fmt.Sprintf("Updated version from %q to %q%s", pin.Version, target, channel)
	}
	log.Info("Extension component version maintenance", "from", pin.Version, "to", update.to, "reason", update.reason, "successful", update.isSuccessful)
	return update, true
}
