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
//	image:
//	  repository: falcosecurity/falco
//	  tag: 0.44.1
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
	// Image is the container image of this falco version; unset means
	// falcosecurity/falco:<version>. `kubectl extensionprofile convert falcoprofile` carries it over
	// from a FalcoProfile's spec.images.falco[].
	// +optional
	Image *Image `json:"image,omitempty"`
	// SimulateFailure makes every reconcile of this falco version fail, so that tests and demos
	// can break a version on purpose. The real extension has no such field.
	// +optional
	SimulateFailure *SimulatedFailure `json:"simulateFailure,omitempty"`
}

// SimulatedFailure is the error a reconcile reports in the Extension's status.lastError.
type SimulatedFailure struct {
	// Description is the error; empty means "simulated failure of falco <version>".
	// +optional
	Description string `json:"description,omitempty"`
	// Codes are the error codes, e.g. ERR_CONFIGURATION_PROBLEM.
	// +optional
	Codes []string `json:"codes,omitempty"`
}

// Image is a container image: repository and tag (a tag may be a digest, as in a FalcoProfile).
type Image struct {
	// Repository is the image repository, e.g. falcosecurity/falco.
	Repository string `json:"repository"`
	// Tag is the image tag, e.g. 0.44.1.
	Tag string `json:"tag"`
}

// FalcoServiceConfig is the part of the Shoot's providerConfig for shoot-falco-service
// (Shoot.spec.extensions[].providerConfig, copied into Extension.spec.providerConfig) that this
// example extension reads. The real extension's kind of the same name has more fields (rules,
// destinations, ...); they are not modelled here and are ignored when decoding.
type FalcoServiceConfig struct {
	metav1.TypeMeta `json:",inline"`

	// FalcoVersion is the falco version the Shoot asked for before GEP-78. Deprecated: pin
	// Shoot.spec.extensions[].components[name=falco].version instead; a pin wins over it.
	// +optional
	FalcoVersion *string `json:"falcoVersion,omitempty"`
}
