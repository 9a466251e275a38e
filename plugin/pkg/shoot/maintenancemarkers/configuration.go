// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package maintenancemarkers

import (
	"io"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/sets"

	"github.com/gep-78/gardener/plugin/pkg/shoot/extensionprofile"
	admissionutils "github.com/gep-78/gardener/plugin/pkg/utils"
)

const (
	// ConfigurationAPIVersion is the apiVersion of the plugin's Configuration.
	ConfigurationAPIVersion = "shootmaintenancemarkers.admission.gardener.cloud/v1alpha1"
	// ConfigurationKind is the kind of the plugin's Configuration.
	ConfigurationKind = "Configuration"
)

// Configuration is the admission configuration of the ShootMaintenanceMarkers plugin: the
// `configuration` (or the file at `path`) of its entry in the AdmissionConfiguration of
// --admission-control-config-file, e.g.
//
//	apiVersion: shootmaintenancemarkers.admission.gardener.cloud/v1alpha1
//	kind: Configuration
//	maintenanceUsers:
//	- system:serviceaccount:garden:gardener-controller-manager
type Configuration struct {
	metav1.TypeMeta `json:",inline"`

	// MaintenanceUsers are the user names that may write maintenance annotations: the identity of
	// gardener-controller-manager. Unset means DefaultMaintenanceUsers(); an empty list means
	// nobody.
	MaintenanceUsers []string `json:"maintenanceUsers,omitempty"`
}

// DefaultMaintenanceUsers returns the service account identity of gardener-controller-manager
// only (the ShootExtensionProfile plugin's default as well); a bare user name is never a default,
// since any client certificate or token may carry it.
func DefaultMaintenanceUsers() sets.Set[string] {
	return sets.New(extensionprofile.ControllerManagerServiceAccountUser)
}

// LoadConfiguration reads the plugin's Configuration: a nil or empty reader gives the defaults;
// otherwise it is decoded strictly, apiVersion and kind must be ConfigurationAPIVersion and
// ConfigurationKind, and no user name may be empty.
func LoadConfiguration(config io.Reader) (*Configuration, error) {
	cfg := &Configuration{}
	if err := admissionutils.DecodeConfiguration(config, cfg, ConfigurationAPIVersion, ConfigurationKind); err != nil {
		return nil, err
	}
	if err := admissionutils.SetDefaultMaintenanceUsers(&cfg.MaintenanceUsers, sets.List(DefaultMaintenanceUsers())); err != nil {
		return nil, err
	}
	return cfg, nil
}
