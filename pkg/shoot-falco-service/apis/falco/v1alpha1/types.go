// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package v1alpha1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// FalcoComponentConfig is the providerConfig of a falco version entry in the shoot-falco-service
// ExtensionProfile, for example:
//
//	apiVersion: falco.extensions.gardener.cloud/v1alpha1
//	kind: FalcoComponentConfig
//	rulesVersion: "0.44.0"
//	containerPlugin: true
//
// gardenlet copies it verbatim into Extension.spec.components[].providerConfig.
type FalcoComponentConfig struct {
	metav1.TypeMeta `json:",inline"`

	// RulesVersion is the version of the falco rules to deploy with this falco version; a falco
	// release may ship with the rules of an earlier one (0.44.1 with the 0.44.0 rules). Empty
	// means the rules of the falco version itself.
	// +optional
	RulesVersion string `json:"rulesVersion,omitempty"`
	// ContainerPlugin enables falco's container plugin (falco 0.41.2 and newer).
	// +optional
	ContainerPlugin bool `json:"containerPlugin,omitempty"`
}
