// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Package crds embeds the CustomResourceDefinitions of extensions.gardener.cloud that
// controller-gen generates into this directory (hack/update-codegen.sh). gardenlet applies them
// to its seed on start.
package crds

import (
	"bytes"
	_ "embed"
)

// ExtensionCRDName is the name of the CustomResourceDefinition of
// extensions.gardener.cloud/v1alpha1 Extension.
const ExtensionCRDName = "extensions.extensions.gardener.cloud"

//go:embed extensions.gardener.cloud_extensions.yaml
var extensionCRD []byte

// ContainerRuntimeCRDName is the name of the CustomResourceDefinition of
// extensions.gardener.cloud/v1alpha1 ContainerRuntime.
const ContainerRuntimeCRDName = "containerruntimes.extensions.gardener.cloud"

//go:embed extensions.gardener.cloud_containerruntimes.yaml
var containerRuntimeCRD []byte

// ContainerRuntimeCRD returns a copy of the generated YAML manifest of the ContainerRuntime
// CustomResourceDefinition (one document, apiextensions.k8s.io/v1).
func ContainerRuntimeCRD() []byte {
	return bytes.Clone(containerRuntimeCRD)
}

// ExtensionCRD returns a copy of the generated YAML manifest of the Extension
// CustomResourceDefinition (one document, apiextensions.k8s.io/v1).
func ExtensionCRD() []byte {
	return bytes.Clone(extensionCRD)
}
