// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Package falcoprofile converts a FalcoProfile (falco.gardener.cloud/v1alpha1, the bespoke
// version profile of gardener-extension-shoot-falco-service) into the GEP-78 ExtensionProfile of
// type shoot-falco-service. It is the data half of the migration in
// docs/operations/migrating-from-falcoprofile.md; `kubectl extensionprofile convert falcoprofile`
// is its command line.
package falcoprofile

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

const (
	// APIVersion is the apiVersion of a FalcoProfile.
	APIVersion = "falco.gardener.cloud/v1alpha1"
	// Kind is the kind of a FalcoProfile.
	Kind = "FalcoProfile"
)

// FalcoProfile is a FalcoProfile as its CRD (crds/crd-falco-profile.yaml of the falco extension)
// defines it. It is cluster-scoped and has no status.
type FalcoProfile struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	// Spec lists the versions and images.
	Spec Spec `json:"spec"`
}

// Spec is the spec of a FalcoProfile.
type Spec struct {
	// Versions are the offered versions per image (falco, falcosidekick, falcoctl).
	// +optional
	Versions Versions `json:"versions,omitempty"`
	// Images are the container images per version.
	// +optional
	Images Images `json:"images,omitempty"`
}

// Versions are the classified versions of the three images a FalcoProfile knows.
type Versions struct {
	// Falco are the falco versions; shoots select one with providerConfig.falcoVersion.
	Falco []Version `json:"falco,omitempty"`
	// Falcosidekick are the falcosidekick versions; the extension picks the highest supported.
	Falcosidekick []Version `json:"falcosidekick,omitempty"`
	// Falcoctl are the falcoctl versions.
	Falcoctl []Version `json:"falcoctl,omitempty"`
}

// Version is one classified version of a FalcoProfile. A version is expired once its
// expirationDate has passed; the CRD has no "expired" classification.
type Version struct {
	// Version is a semantic version without a leading v.
	Version string `json:"version"`
	// Classification is preview, supported or deprecated.
	Classification string `json:"classification"`
	// ExpirationDate is an RFC 3339 time, the time zone optional (UTC then).
	// +optional
	ExpirationDate *string `json:"expirationDate,omitempty"`
	// RulesVersion is the version of the falco rules (falco entries only).
	// +optional
	RulesVersion string `json:"rulesVersion,omitempty"`
}

// Images are the container images of the three images a FalcoProfile knows.
type Images struct {
	// Falco are the falco images.
	Falco []Image `json:"falco,omitempty"`
	// Falcosidekick are the falcosidekick images.
	Falcosidekick []Image `json:"falcosidekick,omitempty"`
	// Falcoctl are the falcoctl images.
	Falcoctl []Image `json:"falcoctl,omitempty"`
}

// Image is the container image of one version.
type Image struct {
	// Repository is the image repository.
	Repository string `json:"repository,omitempty"`
	// Tag is the image tag or digest.
	Tag string `json:"tag,omitempty"`
	// Version is the version the image belongs to.
	Version string `json:"version,omitempty"`
}
