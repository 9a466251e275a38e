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
	// SimulateFailure makes every reconcile of this runsc version fail, so that tests and demos
	// can break a version on purpose. The real extension has no such field.
	// +optional
	SimulateFailure *SimulatedFailure `json:"simulateFailure,omitempty"`
}

// SimulatedFailure is the error a reconcile reports in the ContainerRuntime's status.lastError.
type SimulatedFailure struct {
	// Description is the error; empty means "simulated failure of runsc <version>".
	// +optional
	Description string `json:"description,omitempty"`
	// Codes are the error codes, e.g. ERR_CONFIGURATION_PROBLEM.
	// +optional
	Codes []string `json:"codes,omitempty"`
}
