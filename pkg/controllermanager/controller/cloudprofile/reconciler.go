// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Package cloudprofile contains the controller that writes the classification of every version of
// a CloudProfile into its status (GEP-32 "CloudProfile status").
package cloudprofile

import (
	"context"
	"fmt"

	apiequality "k8s.io/apimachinery/pkg/api/equality"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/utils/clock"
	"sigs.k8s.io/controller-runtime/pkg/client"
	logf "sigs.k8s.io/controller-runtime/pkg/log"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"github.com/gep-78/gardener/pkg/api/core/v1beta1/helper"
	controllermanagerconfigv1alpha1 "github.com/gep-78/gardener/pkg/apis/config/controllermanager/v1alpha1"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
)

// Reconciler computes the status of CloudProfiles.
type Reconciler struct {
	// Client is a client for the garden cluster; it must serve the status subresource.
	Client client.Client
	// Config is the controller's configuration.
	Config controllermanagerconfigv1alpha1.CloudProfileControllerConfiguration
	// Clock is the time source for classification and requeue.
	Clock clock.Clock
}

// Reconcile writes the classification of every version at the clock's now into the status when it
// changed, and requeues at the next lifecycle transition.
func (r *Reconciler) Reconcile(ctx context.Context, request reconcile.Request) (reconcile.Result, error) {
	log := logf.FromContext(ctx)

	profile := &gardencorev1beta1.CloudProfile{}
	if err := r.Client.Get(ctx, request.NamespacedName, profile); err != nil {
		if apierrors.IsNotFound(err) {
			log.V(1).Info("Object is gone, stop reconciling")
			return reconcile.Result{}, nil
		}
		return reconcile.Result{}, fmt.Errorf("error retrieving object from store: %w", err)
	}

	if profile.DeletionTimestamp != nil {
		log.V(1).Info("Object is being deleted, not updating its status")
		return reconcile.Result{}, nil
	}

	now := r.Clock.Now()
	status := helper.CloudProfileStatusAt(profile.Spec, now)
	if !apiequality.Semantic.DeepEqual(profile.Status, status) {
		patch := client.MergeFrom(profile.DeepCopy())
		profile.Status = status
		if err := r.Client.Status().Patch(ctx, profile, patch); err != nil {
			return reconcile.Result{}, fmt.Errorf("failed patching status of CloudProfile: %w", err)
		}
		log.Info("Updated status with the current version classifications", "evaluatedAt", now)
	}

	requeueAfter := helper.DurationUntilNextVersionTransition(&profile.Spec, now)
	if requeueAfter == 0 {
		log.V(1).Info("No future lifecycle transition, not requeueing on a timer")
		return reconcile.Result{}, nil
	}
	log.V(1).Info("Requeueing at the next lifecycle transition", "requeueAfter", requeueAfter, "transitionAt", now.Add(requeueAfter))
	return reconcile.Result{RequeueAfter: requeueAfter}, nil
}
