// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package extensionprofile

import (
	"k8s.io/apimachinery/pkg/util/sets"
	"k8s.io/apiserver/pkg/authentication/user"
)

const (
	// ControllerManagerServiceAccountUser is the user name of gardener-controller-manager when it
	// runs in the garden cluster with its service account in the namespace garden. Deployed into
	// another namespace, or run with another identity (the local garden's client certificate), it
	// must be configured as a maintenance user (Configuration); the gardener-apiserver chart and
	// local-garden do that.
	ControllerManagerServiceAccountUser = "system:serviceaccount:garden:gardener-controller-manager"

	// MaintenanceFieldManager is the field manager of the Shoot writes of shoot maintenance
	// (pkg/controllermanager/controller/shoot/maintenance.FieldManager). The maintenance exception
	// applies only to updates with this field manager; being client-supplied, it narrows the
	// exception and grants nothing by itself.
	MaintenanceFieldManager = "gardener-controller-manager-shoot-maintenance"
)

// DefaultMaintenanceUsers returns the user names New puts into MaintenanceUsers when the plugin's
// Configuration sets none: only ControllerManagerServiceAccountUser, a service account identity
// that only the token of that ServiceAccount authenticates as. A bare user name is never a
// default: any client certificate, token or OIDC identity may carry it.
func DefaultMaintenanceUsers() sets.Set[string] {
	return sets.New(ControllerManagerServiceAccountUser)
}

// isMaintenanceWrite reports whether an update is a write of shoot maintenance: by one of
// maintenanceUsers (the authenticated user name) with the field manager MaintenanceFieldManager.
func isMaintenanceWrite(update bool, userInfo user.Info, fieldManager string, maintenanceUsers sets.Set[string]) bool {
	return update && userInfo != nil && maintenanceUsers.Has(userInfo.GetName()) && fieldManager == MaintenanceFieldManager
}
