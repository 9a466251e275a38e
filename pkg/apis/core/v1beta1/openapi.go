// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package v1beta1

import (
	"k8s.io/kube-openapi/pkg/common"
	"k8s.io/kube-openapi/pkg/validation/spec"
)

// OpenAPIDefinition describes a MachineImageFlavor as what its JSON is: a map from capability
// name to a list of values. Without it openapi-gen would publish an object without fields (the
// Go field is hidden from JSON), and server-side apply would reject every flavor.
func (MachineImageFlavor) OpenAPIDefinition() common.OpenAPIDefinition {
	return common.OpenAPIDefinition{
		Schema: spec.Schema{
			SchemaProps: spec.SchemaProps{
				Description: "MachineImageFlavor is one capability combination of a machine image version: a map from capability name to values.",
				Type:        []string{"object"},
				AdditionalProperties: &spec.SchemaOrBool{
					Allows: true,
					Schema: &spec.Schema{
						SchemaProps: spec.SchemaProps{
							Type: []string{"array"},
							Items: &spec.SchemaOrArray{Schema: &spec.Schema{
								SchemaProps: spec.SchemaProps{Type: []string{"string"}, Default: ""},
							}},
						},
						VendorExtensible: spec.VendorExtensible{Extensions: spec.Extensions{"x-kubernetes-list-type": "atomic"}},
					},
				},
			},
		},
	}
}
