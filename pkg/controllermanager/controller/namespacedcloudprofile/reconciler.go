// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Package namespacedcloudprofile contains the controller that merges a NamespacedCloudProfile with
// its parent CloudProfile into status.cloudProfileSpec.
package namespacedcloudprofile

import (
	"context"
	"fmt"
	"sort"

	apiequality "k8s.io/apimachinery/pkg/api/equality"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	logf "sigs.k8s.io/controller-runtime/pkg/log"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	controllermanagerconfigv1alpha1 "github.com/gep-78/gardener/pkg/apis/config/controllermanager/v1alpha1"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	v1beta1constants "github.com/gep-78/gardener/pkg/apis/core/v1beta1/constants"
	gardenerutils "github.com/gep-78/gardener/pkg/utils/gardener"
)

// Reconciler reconciles NamespacedCloudProfiles.
type Reconciler struct {
	// Client reads and writes the garden cluster.
	Client client.Client
	// Config is the controller's configuration.
	Config controllermanagerconfigv1alpha1.CloudProfileControllerConfiguration
}

// Reconcile merges the parent's spec into the profile's status, and keeps the finalizer of a profile
// being deleted while Shoots of its namespace reference it.
func (r *Reconciler) Reconcile(ctx context.Context, request reconcile.Request) (reconcile.Result, error) {
	log := logf.FromContext(ctx)

	profile := &gardencorev1beta1.NamespacedCloudProfile{}
	if err := r.Client.Get(ctx, request.NamespacedName, profile); err != nil {
		if apierrors.IsNotFound(err) {
			log.V(1).Info("Object is gone, stop reconciling")
			return reconcile.Result{}, nil
		}
		return reconcile.Result{}, fmt.Errorf("error retrieving object from store: %w", err)
	}

	if profile.DeletionTimestamp != nil {
		return reconcile.Result{}, r.delete(ctx, profile)
	}

	if !controllerutil.ContainsFinalizer(profile, gardencorev1beta1.GardenerName) {
		patch := client.MergeFromWithOptions(profile.DeepCopy(), client.MergeFromWithOptimisticLock{})
		controllerutil.AddFinalizer(profile, gardencorev1beta1.GardenerName)
		if err := r.Client.Patch(ctx, profile, patch); err != nil {
			return reconcile.Result{}, fmt.Errorf("failed adding finalizer to NamespacedCloudProfile: %w", err)
		}
		log.Info("Added finalizer", "finalizer", gardencorev1beta1.GardenerName)
	}

	parent := &gardencorev1beta1.CloudProfile{}
	if err := r.Client.Get(ctx, client.ObjectKey{Name: profile.Spec.Parent.Name}, parent); err != nil {
		if apierrors.IsNotFound(err) {
			log.V(1).Info("Parent CloudProfile is gone, stop reconciling", "parent", profile.Spec.Parent.Name)
			return reconcile.Result{}, nil
		}
		return reconcile.Result{}, fmt.Errorf("error retrieving parent CloudProfile: %w", err)
	}

	merged := profile.DeepCopy()
	gardenerutils.MergeCloudProfiles(merged, parent)
	merged.Status.ObservedGeneration = profile.Generation
	if apiequality.Semantic.DeepEqual(profile.Status, merged.Status) {
		return reconcile.Result{}, nil
	}
	if err := r.Client.Status().Patch(ctx, merged, client.MergeFrom(profile)); err != nil {
		return reconcile.Result{}, fmt.Errorf("failed patching status of NamespacedCloudProfile: %w", err)
	}
	log.Info("Updated status with the merged CloudProfile spec", "parent", parent.Name, "observedGeneration", profile.Generation)
	return reconcile.Result{}, nil
}

func (r *Reconciler) delete(ctx context.Context, profile *gardencorev1beta1.NamespacedCloudProfile) error {
	log := logf.FromContext(ctx)
	if !controllerutil.ContainsFinalizer(profile, gardencorev1beta1.GardenerName) {
		return nil
	}

	shoots := &gardencorev1beta1.ShootList{}
	if err := r.Client.List(ctx, shoots, client.InNamespace(profile.Namespace)); err != nil {
		return fmt.Errorf("failed listing Shoots: %w", err)
	}
	var referencing []string
	for _, shoot := range shoots.Items {
		if ref := gardenerutils.BuildV1beta1CloudProfileReference(&shoot); ref != nil &&
			ref.Kind == v1beta1constants.CloudProfileReferenceKindNamespacedCloudProfile && ref.Name == profile.Name {
			referencing = append(referencing, shoot.Namespace+"/"+shoot.Name)
		}
	}
	if len(referencing) > 0 {
		sort.Strings(referencing)
		return fmt.Errorf("cannot delete NamespacedCloudProfile, because the following Shoots are still referencing it: %v", referencing)
	}

	log.Info("No Shoots are referencing the NamespacedCloudProfile, deletion accepted")
	patch := client.MergeFromWithOptions(profile.DeepCopy(), client.MergeFromWithOptimisticLock{})
	controllerutil.RemoveFinalizer(profile, gardencorev1beta1.GardenerName)
	if err := r.Client.Patch(ctx, profile, patch); err != nil && !apierrors.IsNotFound(err) {
		return fmt.Errorf("failed removing finalizer from NamespacedCloudProfile: %w", err)
	}
	return nil
}
