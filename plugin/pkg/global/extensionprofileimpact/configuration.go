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
	// configurationAPIVersion is the apiVersion of the plugin's Configuration.
	configurationAPIVersion = "extensionprofileimpact.admission.gardener.cloud/v1alpha1"
	// configurationKind is the kind of the plugin's Configuration.
	configurationKind = "Configuration"
)

// configuration is the configuration of the ExtensionProfileImpact admission plugin.
type configuration struct {
	metav1.TypeMeta `json:",inline"`

	// StableChannelSoakPeriod is how long a version must have been supported before the stable
	// channel offers it, for a profile whose status does not publish gardener-controller-manager's
	// yet (status.stableChannelSoakPeriod, which wins); set it to gardener-controller-manager's.
	StableChannelSoakPeriod *metav1.Duration `json:"stableChannelSoakPeriod,omitempty"`
}

// loadConfiguration decodes the plugin's Configuration strictly; no input gives the defaults.
func loadConfiguration(config io.Reader) (*configuration, error) {
	cfg := &configuration{}
	if err := admissionutils.DecodeConfiguration(config, cfg, configurationAPIVersion, configurationKind); err != nil {
		return nil, err
	}
	if err := admissionutils.SetDefaultSoakPeriod(&cfg.StableChannelSoakPeriod, gardencorev1beta1.DefaultStableChannelSoakPeriod); err != nil {
		return nil, err
	}
	return cfg, nil
}

// newFromConfiguration returns the plugin as newPlugin does, with the soak period of cfg.
func newFromConfiguration(cfg *configuration) (*extensionProfileImpact, error) {
	p, err := newPlugin()
	if err != nil {
		return nil, err
	}
	if cfg.StableChannelSoakPeriod != nil {
		p.StableChannelSoakPeriod = cfg.StableChannelSoakPeriod.Duration
	}
	return p, nil
}
