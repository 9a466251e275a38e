// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package extensionprofile

import (
	"io"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/sets"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	admissionutils "github.com/gep-78/gardener/plugin/pkg/utils"
)

const (
	// ConfigurationAPIVersion is the apiVersion of the plugin's Configuration.
	ConfigurationAPIVersion = "shootextensionprofile.admission.gardener.cloud/v1alpha1"
	// ConfigurationKind is the kind of the plugin's Configuration.
	ConfigurationKind = "Configuration"
)

// Configuration is the configuration of the ShootExtensionProfile admission plugin.
type Configuration struct {
	metav1.TypeMeta `json:",inline"`

	// MaintenanceUsers are the identities of shoot maintenance (gardener-controller-manager's).
	// Unset means DefaultMaintenanceUsers(); empty means none.
	MaintenanceUsers []string `json:"maintenanceUsers,omitempty"`
	// StableChannelSoakPeriod is how long a version must have been supported before the stable
	// channel offers it, for a profile whose status does not publish gardener-controller-manager's
	// yet (status.stableChannelSoakPeriod, which wins); set it to gardener-controller-manager's.
	StableChannelSoakPeriod *metav1.Duration `json:"stableChannelSoakPeriod,omitempty"`
}

// LoadConfiguration decodes the plugin's Configuration strictly; no input gives the defaults.
func LoadConfiguration(config io.Reader) (*Configuration, error) {
	cfg := &Configuration{}
	if err := admissionutils.DecodeConfiguration(config, cfg, ConfigurationAPIVersion, ConfigurationKind); err != nil {
		return nil, err
	}
	if err := admissionutils.SetDefaultMaintenanceUsers(&cfg.MaintenanceUsers, sets.List(DefaultMaintenanceUsers())); err != nil {
		return nil, err
	}
	if err := admissionutils.SetDefaultSoakPeriod(&cfg.StableChannelSoakPeriod, gardencorev1beta1.DefaultStableChannelSoakPeriod); err != nil {
		return nil, err
	}
	return cfg, nil
}

// NewFromConfiguration returns the plugin as New does, configured by cfg.
func NewFromConfiguration(cfg *Configuration) (*ShootExtensionProfile, error) {
	p, err := New()
	if err != nil {
		return nil, err
	}
	p.MaintenanceUsers = sets.New(cfg.MaintenanceUsers...)
	if cfg.StableChannelSoakPeriod != nil {
		p.StableChannelSoakPeriod = cfg.StableChannelSoakPeriod.Duration
	}
	return p, nil
}
