// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package maintenancemarkers

import (
	"bytes"
	"fmt"
	"io"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/sets"
	"sigs.k8s.io/yaml"

	"github.com/gep-78/gardener/plugin/pkg/shoot/extensionprofile"
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
	defaults := &Configuration{
		TypeMeta:         metav1.TypeMeta{APIVersion: ConfigurationAPIVersion, Kind: ConfigurationKind},
		MaintenanceUsers: sets.List(DefaultMaintenanceUsers()),
	}
	if config == nil {
		return defaults, nil
	}
	data, err := io.ReadAll(config)
	if err != nil {
		return nil, fmt.Errorf("reading the configuration: %w", err)
	}
	if len(bytes.TrimSpace(data)) == 0 {
		return defaults, nil
	}
	cfg := &Configuration{}
	if err := yaml.UnmarshalStrict(data, cfg); err != nil {
		return nil, fmt.Errorf("decoding the configuration: %w", err)
	}
	if cfg.APIVersion != ConfigurationAPIVersion || cfg.Kind != ConfigurationKind {
		return nil, fmt.Errorf("the configuration must have apiVersion %q and kind %q, not %q and %q",
			ConfigurationAPIVersion, ConfigurationKind, cfg.APIVersion, cfg.Kind)
	}
	for i, name := range cfg.MaintenanceUsers {
		if name == "" {
			return nil, fmt.Errorf("maintenanceUsers[%d] must not be empty", i)
		}
	}
	if cfg.MaintenanceUsers == nil {
		cfg.MaintenanceUsers = defaults.MaintenanceUsers
	}
	return cfg, nil
}
