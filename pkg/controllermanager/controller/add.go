// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Package controller registers every controller of gardener-controller-manager. A new
// controller (for example shoot maintenance) is added here and nowhere else.
package controller

import (
	"context"
	"fmt"
	"time"

	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/manager"

	controllermanagerconfigv1alpha1 "github.com/gep-78/gardener/pkg/apis/config/controllermanager/v1alpha1"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	"github.com/gep-78/gardener/pkg/controllermanager/controller/cloudprofile"
	"github.com/gep-78/gardener/pkg/controllermanager/controller/extensionprofile"
	"github.com/gep-78/gardener/pkg/controllermanager/controller/namespacedcloudprofile"
	"github.com/gep-78/gardener/pkg/controllermanager/controller/shoot/maintenance"
)

// AddToManager adds all controllers to the given manager.
func AddToManager(ctx context.Context, mgr manager.Manager, cfg *controllermanagerconfigv1alpha1.ControllerManagerConfiguration) error {
	cloudProfile := ptr.Deref(cfg.Controllers.CloudProfile, controllermanagerconfigv1alpha1.CloudProfileControllerConfiguration{})
	extensionProfile := ptr.Deref(cfg.Controllers.ExtensionProfile, controllermanagerconfigv1alpha1.ExtensionProfileControllerConfiguration{})

	if err := (&cloudprofile.Reconciler{
		Config: cloudProfile,
	}).AddToManager(mgr); err != nil {
		return fmt.Errorf("failed adding %s controller: %w", cloudprofile.ControllerName, err)
	}

	// The NamespacedCloudProfile controller shares the CloudProfile controller's configuration.
	if err := (&namespacedcloudprofile.Reconciler{
		Config: cloudProfile,
	}).AddToManager(mgr); err != nil {
		return fmt.Errorf("failed adding %s controller: %w", namespacedcloudprofile.ControllerName, err)
	}

	if err := (&extensionprofile.Reconciler{
		Config: extensionProfile,
	}).AddToManager(ctx, mgr); err != nil {
		return fmt.Errorf("failed adding %s controller: %w", extensionprofile.ControllerName, err)
	}

	if err := (&maintenance.Reconciler{
		Config:                  cfg.Controllers.ShootMaintenance,
		StableChannelSoakPeriod: StableChannelSoakPeriod(cfg),
		RolloutPolicy:           RolloutPolicy(cfg),
	}).AddToManager(mgr); err != nil {
		return fmt.Errorf("failed adding %s controller: %w", maintenance.ControllerName, err)
	}

	return nil
}

// RolloutPolicy returns controllers.extensionProfile.rollout of cfg, nil when unset.
func RolloutPolicy(cfg *controllermanagerconfigv1alpha1.ControllerManagerConfiguration) *gardencorev1beta1.RolloutPolicy {
	if p := cfg.Controllers.ExtensionProfile; p != nil {
		return p.Rollout
	}
	return nil
}

// StableChannelSoakPeriod returns controllers.extensionProfile.stableChannelSoakPeriod of cfg, zero
// when unset.
func StableChannelSoakPeriod(cfg *controllermanagerconfigv1alpha1.ControllerManagerConfiguration) time.Duration {
	if p := cfg.Controllers.ExtensionProfile; p != nil && p.StableChannelSoakPeriod != nil {
		return p.StableChannelSoakPeriod.Duration
	}
	return 0
}
