// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package apiserver

import (
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/kube-openapi/pkg/common"

	"github.com/gep-78/gardener/pkg/apis/openapi"
)

// GetOpenAPIDefinitions returns the generated OpenAPI definitions (openapi.GetOpenAPIDefinitions)
// with the strategic-merge patch strategy "replace" (x-kubernetes-patch-strategy) on every
// property that is a runtime.RawExtension, such as providerConfig: a client that computes a
// strategic-merge patch from the served OpenAPI (client-side kubectl apply) sends a changed
// providerConfig whole instead of descending into it, which the schema cannot describe. The
// server's own merge treats them so as well (filters.WithOpaqueStrategicMerge).
func GetOpenAPIDefinitions(ref common.ReferenceCallback) map[string]common.OpenAPIDefinition {
	definitions := openapi.GetOpenAPIDefinitions(ref)
	rawRef := ref(runtime.RawExtension{}.OpenAPIModelName())
	rawExtension := rawRef.String()
	for name, definition := range definitions {
		changed := false
		for key, property := range definition.Schema.Properties {
			if property.Ref.String() != rawExtension {
				continue
			}
			property.AddExtension("x-kubernetes-patch-strategy", "replace")
			definition.Schema.Properties[key] = property
			changed = true
		}
		if changed {
			definitions[name] = definition
		}
	}
	return definitions
}
