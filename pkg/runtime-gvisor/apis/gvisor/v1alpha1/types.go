// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package v1alpha1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// RunscComponentConfig is the providerConfig of a runsc version entry in the ExtensionProfile
// containerruntime-gvisor, for example:
//
//	apiVersion: gvisor.extensions.gardener.cloud/v1alpha1
//	kind: RunscComponentConfig
//	platform: systrap
//
// gardenlet copies it verbatim into ContainerRuntime.spec.components[].providerConfig.
type RunscComponentConfig struct {
	metav1.TypeMeta `json:",inline"`

	// Platform is the runsc platform this version runs with: systrap, ptrace or kvm. Empty means
	// systrap.
	// +optional
	Platform string `json:"platform,omitempty"`
}
