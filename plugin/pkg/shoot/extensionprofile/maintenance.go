// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package extensionprofile

import (
	"k8s.io/apimachinery/pkg/util/sets"
	"k8s.io/apiserver/pkg/authentication/user"
)

const (
	// ControllerManagerServiceAccountUser is gardener-controller-manager's service account user.
	ControllerManagerServiceAccountUser = "system:serviceaccount:garden:gardener-controller-manager"

	// MaintenanceFieldManager is the field manager of shoot maintenance's writes. Client-supplied,
	// it narrows the maintenance exception and grants nothing by itself.
	MaintenanceFieldManager = "gardener-controller-manager-shoot-maintenance"
)

// DefaultMaintenanceUsers returns ControllerManagerServiceAccountUser only: a service account
// name, which no client certificate or OIDC identity can carry.
func DefaultMaintenanceUsers() sets.Set[string] {
	return sets.New(ControllerManagerServiceAccountUser)
}

// isMaintenanceWrite reports whether an update is by one of maintenanceUsers with the field
// manager MaintenanceFieldManager.
func isMaintenanceWrite(update bool, userInfo user.Info, fieldManager string, maintenanceUsers sets.Set[string]) bool {
	return update && userInfo != nil && maintenanceUsers.Has(userInfo.GetName()) && fieldManager == MaintenanceFieldManager
}
