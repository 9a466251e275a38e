// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Package controller registers every controller of gardener-controller-manager. A new
// controller (for example shoot maintenance) is added here and nowhere else.
package controller

import (
	"context"
	"fmt"

	"sigs.k8s.io/controller-runtime/pkg/manager"

	"github.com/gep-78/gardener/pkg/controllermanager/config"
	"github.com/gep-78/gardener/pkg/controllermanager/controller/cloudprofile"
	"github.com/gep-78/gardener/pkg/controllermanager/controller/extensionprofile"
	"github.com/gep-78/gardener/pkg/controllermanager/controller/namespacedcloudprofile"
	"github.com/gep-78/gardener/pkg/controllermanager/controller/shoot/maintenance"
)

// AddToManager adds all gardener-controller-manager controllers to the manager, each configured
// from cfg.Controllers. It returns the first registration error, wrapped with the controller name.
func AddToManager(ctx context.Context, mgr manager.Manager, cfg *config.ControllerManagerConfiguration) error {
	if err := (&cloudprofile.Reconciler{
		Config: cfg.Controllers.CloudProfile,
	}).AddToManager(mgr); err != nil {
		return fmt.Errorf("failed adding %s controller: %w", cloudprofile.ControllerName, err)
	}

	// The NamespacedCloudProfile controller shares the CloudProfile controller's configuration.
	if err := (&namespacedcloudprofile.Reconciler{
		Config: cfg.Controllers.CloudProfile,
	}).AddToManager(mgr); err != nil {
		return fmt.Errorf("failed adding %s controller: %w", namespacedcloudprofile.ControllerName, err)
	}

	if err := (&extensionprofile.Reconciler{
		Config: cfg.Controllers.ExtensionProfile,
	}).AddToManager(ctx, mgr); err != nil {
		return fmt.Errorf("failed adding %s controller: %w", extensionprofile.ControllerName, err)
	}

	if err := (&maintenance.Reconciler{
		Config: cfg.Controllers.ShootMaintenance,
	}).AddToManager(mgr); err != nil {
		return fmt.Errorf("failed adding %s controller: %w", maintenance.ControllerName, err)
	}

	return nil
}
