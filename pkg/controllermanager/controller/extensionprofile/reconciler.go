// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Package extensionprofile contains the controller that writes an ExtensionProfile's status and
// keeps the finalizer of a profile being deleted while Shoots pin it.
package extensionprofile

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	corev1 "k8s.io/api/core/v1"
	apiequality "k8s.io/apimachinery/pkg/api/equality"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/tools/events"
	"k8s.io/utils/clock"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	logf "sigs.k8s.io/controller-runtime/pkg/log"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"github.com/gep-78/gardener/pkg/api/core/v1beta1/helper"
	"github.com/gep-78/gardener/pkg/api/indexer"
	controllermanagerconfigv1alpha1 "github.com/gep-78/gardener/pkg/apis/config/controllermanager/v1alpha1"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	"github.com/gep-78/gardener/pkg/utils/gardener/componentversion"
)

const (
	// EventReasonDeletionBlocked is the reason of the event on a profile whose deletion waits.
	EventReasonDeletionBlocked = "DeletionBlocked"

	// DeletionBlockedRequeueInterval is how long a blocked deletion waits for the next check.
	DeletionBlockedRequeueInterval = 5 * time.Minute

	// maxShootsInEvent is how many Shoots the DeletionBlocked event names.
	maxShootsInEvent = 10
)

// Reconciler computes the status of ExtensionProfiles and guards their deletion.
type Reconciler struct {
	// Client is a client for the garden cluster with the ShootPinnedExtensionTypes and
	// ShootPinnedComponentVersionsField and ShootExtensionComponentMovesField indexes.
	Client client.Client
	// Config is the controller's configuration.
	Config controllermanagerconfigv1alpha1.ExtensionProfileControllerConfiguration
	// Clock is the time source for classification and requeue.
	Clock clock.Clock
	// Recorder records the DeletionBlocked and rollout events.
	Recorder events.EventRecorder
}

// Reconcile writes the classification, channel versions and rollout of every component version into
// the status when they changed, and requeues at the next transition, soak end or rollout stage. A
// profile being deleted keeps its finalizer, with a DeletionBlocked event, while a Shoot pins it.
func (r *Reconciler) Reconcile(ctx context.Context, request reconcile.Request) (reconcile.Result, error) {
	log := logf.FromContext(ctx)

	profile := &gardencorev1beta1.ExtensionProfile{}
	if err := r.Client.Get(ctx, request.NamespacedName, profile); err != nil {
		if apierrors.IsNotFound(err) {
			log.V(1).Info("Object is gone, stop reconciling")
			return reconcile.Result{}, nil
		}
		return reconcile.Result{}, fmt.Errorf("error retrieving object from store: %w", err)
	}

	if profile.DeletionTimestamp != nil {
		return r.delete(ctx, profile)
	}

	if !controllerutil.ContainsFinalizer(profile, gardencorev1beta1.GardenerName) {
		patch := client.MergeFromWithOptions(profile.DeepCopy(), client.MergeFromWithOptimisticLock{})
		controllerutil.AddFinalizer(profile, gardencorev1beta1.GardenerName)
		if err := r.Client.Patch(ctx, profile, patch); err != nil {
			return reconcile.Result{}, fmt.Errorf("failed adding finalizer to ExtensionProfile: %w", err)
		}
		log.Info("Added finalizer", "finalizer", gardencorev1beta1.GardenerName)
	}

	now := r.Clock.Now()
	soak := r.stableChannelSoakPeriod()
	status := componentversion.ExtensionProfileStatusWithChannelsAt(profile.Spec, now, soak)
	// Published, so that every reader decides with the default policy and soak maintenance uses.
	defaults := helper.EffectiveRolloutPolicy(r.Config.Rollout, gardencorev1beta1.ExtensionProfileSpec{}, "", "")
	status.DefaultRolloutPolicy = &defaults
	status.StableChannelSoakPeriod = &metav1.Duration{Duration: soak}
	events, rolloutAt, err := r.rollouts(ctx, profile, &status, now)
	if err != nil {
		return reconcile.Result{}, err
	}
	if !apiequality.Semantic.DeepEqual(profile.Status, status) {
		patch := client.MergeFrom(profile.DeepCopy())
		profile.Status = status
		if err := r.Client.Status().Patch(ctx, profile, patch); err != nil {
			return reconcile.Result{}, fmt.Errorf("failed patching status of ExtensionProfile: %w", err)
		}
		log.Info("Updated status with the current version classifications and rollouts", "evaluatedAt", now)
	}
	// Recorded once the status that holds the transition is stored.
	for _, e := range events {
		r.Recorder.Eventf(profile, nil, e.Type, e.Reason, eventActionRollout, "%s", e.Message)
	}

	requeueAfter, ok := helper.DurationUntilNextTransition(now, helper.ExtensionProfileLifecycles(profile.Spec)...)
	if soakEnd, found := nextSoakEnd(profile.Spec, now, soak); found && (!ok || soakEnd.Sub(now) < requeueAfter) {
		requeueAfter, ok = soakEnd.Sub(now), true
	}
	if rolloutAt != nil && (!ok || rolloutAt.Sub(now) < requeueAfter) {
		requeueAfter, ok = rolloutAt.Sub(now), true
	}
	if !ok {
		log.V(1).Info("No future lifecycle transition, not requeueing on a timer")
		return reconcile.Result{}, nil
	}
	log.V(1).Info("Requeueing at the next lifecycle transition", "requeueAfter", requeueAfter, "transitionAt", now.Add(requeueAfter))
	return reconcile.Result{RequeueAfter: requeueAfter}, nil
}

func (r *Reconciler) delete(ctx context.Context, profile *gardencorev1beta1.ExtensionProfile) (reconcile.Result, error) {
	log := logf.FromContext(ctx)

	if !controllerutil.ContainsFinalizer(profile, gardencorev1beta1.GardenerName) {
		log.V(1).Info("Object is being deleted without our finalizer, nothing to do")
		return reconcile.Result{}, nil
	}

	shoots, err := r.pinningShoots(ctx, profile.Name)
	if err != nil {
		return reconcile.Result{}, err
	}
	if len(shoots) > 0 {
		message := "Cannot delete ExtensionProfile, because the following Shoots still pin its components: " + listShoots(shoots)
		r.Recorder.Eventf(profile, nil, corev1.EventTypeWarning, EventReasonDeletionBlocked, "Delete", "%s", message)
		log.Info("Deletion blocked by Shoots that pin components", "shoots", len(shoots), "requeueAfter", DeletionBlockedRequeueInterval)
		return reconcile.Result{RequeueAfter: DeletionBlockedRequeueInterval}, nil
	}

	patch := client.MergeFromWithOptions(profile.DeepCopy(), client.MergeFromWithOptimisticLock{})
	controllerutil.RemoveFinalizer(profile, gardencorev1beta1.GardenerName)
	if err := r.Client.Patch(ctx, profile, patch); err != nil {
		if apierrors.IsNotFound(err) {
			return reconcile.Result{}, nil
		}
		return reconcile.Result{}, fmt.Errorf("failed removing finalizer from ExtensionProfile: %w", err)
	}
	log.Info("No Shoot pins the profile any more, removed finalizer", "finalizer", gardencorev1beta1.GardenerName)
	return reconcile.Result{}, nil
}

// pinningShoots returns namespace/name of the Shoots not being deleted that pin extensionType.
func (r *Reconciler) pinningShoots(ctx context.Context, extensionType string) ([]string, error) {
	shootList := &gardencorev1beta1.ShootList{}
	if err := r.Client.List(ctx, shootList, client.MatchingFields{indexer.ShootPinnedExtensionTypes: extensionType}); err != nil {
		return nil, fmt.Errorf("failed listing Shoots that pin ExtensionProfile %q: %w", extensionType, err)
	}
	var keys []string
	for _, shoot := range shootList.Items {
		if shoot.DeletionTimestamp == nil {
			keys = append(keys, shoot.Namespace+"/"+shoot.Name)
		}
	}
	slices.Sort(keys)
	return keys, nil
}

// listShoots renders keys as "[ns/a ns/b]", naming at most maxShootsInEvent and counting the rest.
func listShoots(keys []string) string {
	named := keys[:min(len(keys), maxShootsInEvent)]
	list := "[" + strings.Join(named, " ") + "]"
	if rest := len(keys) - len(named); rest > 0 {
		list += fmt.Sprintf(" and %d more", rest)
	}
	return list
}

// stableChannelSoakPeriod is Config.StableChannelSoakPeriod, zero when unset.
func (r *Reconciler) stableChannelSoakPeriod() time.Duration {
	if r.Config.StableChannelSoakPeriod == nil {
		return 0
	}
	return r.Config.StableChannelSoakPeriod.Duration
}

// nextSoakEnd returns the earliest end after now of the stable soak of a version of spec.
func nextSoakEnd(spec gardencorev1beta1.ExtensionProfileSpec, now time.Time, soak time.Duration) (time.Time, bool) {
	var next time.Time
	found := false
	for _, component := range spec.Components {
		for _, t := range componentversion.ChannelTimes(component, now, soak) {
			if len(t.SoakEnds) > 0 {
				if !found || t.At.Before(next) {
					next, found = t.At, true
				}
				break
			}
		}
	}
	return next, found
}
