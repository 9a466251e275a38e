// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package filters

import (
	"fmt"
	"sort"
	"strings"

	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/kube-openapi/pkg/common"
	"k8s.io/kube-openapi/pkg/validation/spec"
)

// UnknownFieldPruner removes the fields an object's OpenAPI schema does not declare.
type UnknownFieldPruner struct {
	definitions map[string]common.OpenAPIDefinition
	roots       map[schema.GroupVersionResource]string
}

// NewUnknownFieldPruner returns a pruner over the generated OpenAPI definitions; roots maps each
// resource to the definition (model) name of its kind.
func NewUnknownFieldPruner(getDefinitions common.GetOpenAPIDefinitions, roots map[schema.GroupVersionResource]string) *UnknownFieldPruner {
	return &UnknownFieldPruner{
		definitions: getDefinitions(func(name string) spec.Ref { return spec.MustCreateRef(name) }),
		roots:       roots,
	}
}

// Prune removes from obj (decoded JSON of the resource's kind) every field its schema does not
// declare and returns the removed paths, sorted (e.g. "spec.addons"). ok is false when the
// resource is unknown to the pruner. Objects without declared properties (runtime.RawExtension,
// such as providerConfig) and maps are kept as they are.
func (p *UnknownFieldPruner) Prune(gvr schema.GroupVersionResource, obj map[string]interface{}) (removed []string, ok bool) {
	root, ok := p.roots[gvr]
	if !ok {
		return nil, false
	}
	definition, ok := p.definitions[root]
	if !ok {
		return nil, false
	}
	p.prune(obj, &definition.Schema, "", &removed)
	sort.Strings(removed)
	return removed, true
}

func (p *UnknownFieldPruner) resolve(s *spec.Schema) *spec.Schema {
	for s != nil {
		switch {
		case s.Ref.String() != "":
			definition, ok := p.definitions[s.Ref.String()]
			if !ok {
				return nil
			}
			s = &definition.Schema
		case len(s.AllOf) == 1 && len(s.Properties) == 0:
			s = &s.AllOf[0]
		default:
			return s
		}
	}
	return nil
}

func (p *UnknownFieldPruner) prune(value interface{}, s *spec.Schema, path string, removed *[]string) {
	s = p.resolve(s)
	if s == nil {
		return
	}
	switch v := value.(type) {
	case map[string]interface{}:
		switch {
		case len(s.Properties) > 0:
			for key, field := range v {
				property, declared := s.Properties[key]
				fieldPath := join(path, key)
				if !declared {
					delete(v, key)
					*removed = append(*removed, fieldPath)
					continue
				}
				p.prune(field, &property, fieldPath, removed)
			}
		case s.AdditionalProperties != nil && s.AdditionalProperties.Schema != nil:
			for key, field := range v {
				p.prune(field, s.AdditionalProperties.Schema, join(path, key), removed)
			}
		}
	case []interface{}:
		if s.Items != nil && s.Items.Schema != nil {
			for i, item := range v {
				p.prune(item, s.Items.Schema, fmt.Sprintf("%s[%d]", path, i), removed)
			}
		}
	}
}

func join(path, key string) string {
	if path == "" {
		return key
	}
	return strings.Join([]string{path, key}, ".")
}
