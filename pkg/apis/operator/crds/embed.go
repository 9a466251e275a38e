// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Package crds embeds the CustomResourceDefinitions of operator.gardener.cloud that
// controller-gen generates into this directory (hack/update-codegen.sh). gardener-operator
// applies them to its runtime cluster on start.
package crds

import (
	"bytes"
	_ "embed"
)

// ExtensionCRDName is the name of the CustomResourceDefinition of
// operator.gardener.cloud/v1alpha1 Extension.
const ExtensionCRDName = "extensions.operator.gardener.cloud"

//go:embed operator.gardener.cloud_extensions.yaml
var extensionCRD []byte

// ExtensionCRD returns a copy of the generated YAML manifest of the operator Extension
// CustomResourceDefinition (one document, apiextensions.k8s.io/v1).
func ExtensionCRD() []byte {
	return bytes.Clone(extensionCRD)
}
