// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Package upstream embeds unmodified manifests of gardener/gardener and of
// gardener/gardener-extension-shoot-falco-service (README.md gives their
// provenance) so that tests can prove that real Gardener input works here unchanged.
package upstream

import (
	"embed"
	"io/fs"
)

//go:embed *.yaml *.proto
var files embed.FS

const (
	// CloudProfile is Gardener's example CloudProfile (example/30-cloudprofile.yaml).
	CloudProfile = "30-cloudprofile.yaml"
	// Shoot is Gardener's example Shoot template (example/90-shoot.yaml).
	Shoot = "90-shoot.yaml"
	// ProviderLocalShoot is the provider-local Shoot (example/provider-local/shoot.yaml).
	ProviderLocalShoot = "provider-local-shoot.yaml"
	// ExtensionCRD is the seed Extension CRD as Gardener ships it
	// (example/seed-crds/10-crd-extensions.gardener.cloud_extensions.yaml).
	ExtensionCRD = "crd-extensions.gardener.cloud_extensions.yaml"
	// ProviderLocalCloudProfile is provider-local's CloudProfile
	// (example/provider-local/garden/cloudprofile/cloudprofile.yaml).
	ProviderLocalCloudProfile = "provider-local-cloudprofile.yaml"
	// ProviderLocalManagedSeedShoot is the Shoot of provider-local's managed seed
	// (example/provider-local/managedseeds/shoot-managedseed.yaml).
	ProviderLocalManagedSeedShoot = "provider-local-shoot-managedseed.yaml"
	// ProviderLocalManagedSeedShootIPv6 is the IPv6 variant of ProviderLocalManagedSeedShoot
	// (example/provider-local/managedseeds/shoot-managedseed-ipv6.yaml).
	ProviderLocalManagedSeedShootIPv6 = "provider-local-shoot-managedseed-ipv6.yaml"
	// NamespacedCloudProfile is Gardener's example NamespacedCloudProfile
	// (example/35-namespacedcloudprofile.yaml), extending the CloudProfile "local".
	NamespacedCloudProfile = "35-namespacedcloudprofile.yaml"
	// CoreV1beta1Proto is Gardener's protobuf schema of core.gardener.cloud/v1beta1
	// (pkg/apis/core/v1beta1/generated.proto): the field numbers its clients decode with.
	CoreV1beta1Proto = "core-v1beta1-generated.proto"
	// OperatorExtensionCRD is the runtime-cluster operator.gardener.cloud/v1alpha1 Extension CRD
	// (example/operator/10-crd-operator.gardener.cloud_extensions.yaml).
	OperatorExtensionCRD = "crd-operator.gardener.cloud_extensions.yaml"
	// FalcoProfile is the FalcoProfile gardener-extension-shoot-falco-service ships
	// (falco/falco-profile.yaml of that repository).
	FalcoProfile = "falco-profile.yaml"
	// FalcoProfileCRD is the FalcoProfile CRD of gardener-extension-shoot-falco-service
	// (crds/crd-falco-profile.yaml of that repository).
	FalcoProfileCRD = "crd-falco-profile.yaml"
	// FalcoOperatorExtension is the operator Extension of gardener-extension-shoot-falco-service
	// (example/extension/base/extension.yaml of that repository).
	FalcoOperatorExtension = "operator-extension-shoot-falco-service.yaml"
)

// Read returns the content of the named file.
func Read(name string) ([]byte, error) {
	return files.ReadFile(name)
}

// MustRead is Read that panics on error, for test setup.
func MustRead(name string) []byte {
	data, err := Read(name)
	if err != nil {
		panic(err)
	}
	return data
}

// Manifests returns the names of the embedded YAML manifests, sorted.
func Manifests() []string {
	names, err := fs.Glob(files, "*.yaml")
	if err != nil {
		panic(err)
	}
	return names
}
