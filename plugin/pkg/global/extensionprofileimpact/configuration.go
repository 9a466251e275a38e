// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package extensionprofileimpact

import (
	"io"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	admissionutils "github.com/gep-78/gardener/plugin/pkg/utils"
)

const (
	// ConfigurationAPIVersion is the apiVersion of the plugin's Configuration.
	ConfigurationAPIVersion = "extensionprofileimpact.admission.gardener.cloud/v1alpha1"
	// ConfigurationKind is the kind of the plugin's Configuration.
	ConfigurationKind = "Configuration"
)

// Configuration is the configuration of the ExtensionProfileImpact admission plugin.
type Configuration struct {
	metav1.TypeMeta `json:",inline"`

	// StableChannelSoakPeriod is how long a version must have been supported before the stable
	// channel offers it; it must equal gardener-controller-manager's.
	StableChannelSoakPeriod *metav1.Duration `json:"stableChannelSoakPeriod,omitempty"`
}

// LoadConfiguration decodes the plugin's Configuration strictly; no input gives the defaults.
func LoadConfiguration(config io.Reader) (*Configuration, error) {
	cfg := &Configuration{}
	if err := admissionutils.DecodeConfiguration(config, cfg, ConfigurationAPIVersion, ConfigurationKind); err != nil {
		return nil, err
	}
	if err := admissionutils.SetDefaultSoakPeriod(&cfg.StableChannelSoakPeriod, gardencorev1beta1.DefaultStableChannelSoakPeriod); err != nil {
		return nil, err
	}
	return cfg, nil
}

// NewFromConfiguration returns the plugin as New does, with the soak period of cfg.
func NewFromConfiguration(cfg *Configuration) (*ExtensionProfileImpact, error) {
	p, err := New()
	if err != nil {
		return nil, err
	}
	if cfg.StableChannelSoakPeriod != nil {
		p.StableChannelSoakPeriod = cfg.StableChannelSoakPeriod.Duration
	}
	return p, nil
}
