// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package upstream

import (
	"fmt"
	"reflect"

	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/apimachinery/pkg/util/sets"
)

// SupersetViolations lists where the schema ours does not accept and keep everything theirs
// (Gardener's) does, each prefixed with path: a property theirs declares that ours lacks or
// types differently, a required field theirs does not require, a dropped preserve-unknown-fields
// or CEL rule, a different list or map type. Empty means ours is a superset.
func SupersetViolations(ours, theirs *apiextensionsv1.JSONSchemaProps, path string) []string {
	var out []string
	if ours == nil {
		return []string{path + ": missing"}
	}
	if ours.Type != theirs.Type {
		out = append(out, fmt.Sprintf("%s: type %q, upstream %q", path, ours.Type, theirs.Type))
	}
	if ours.Format != theirs.Format {
		out = append(out, fmt.Sprintf("%s: format %q, upstream %q", path, ours.Format, theirs.Format))
	}
	if isTrue(theirs.XPreserveUnknownFields) && !isTrue(ours.XPreserveUnknownFields) {
		out = append(out, path+": does not preserve unknown fields")
	}
	if !reflect.DeepEqual(theirs.XListType, ours.XListType) && theirs.XListType != nil {
		out = append(out, fmt.Sprintf("%s: list type %v, upstream %v", path, ours.XListType, *theirs.XListType))
	}
	if !reflect.DeepEqual(theirs.XMapType, ours.XMapType) {
		out = append(out, fmt.Sprintf("%s: map type %v, upstream %v", path, ours.XMapType, theirs.XMapType))
	}
	if extra := sets.New(ours.Required...).Difference(sets.New(theirs.Required...)); extra.Len() > 0 {
		out = append(out, fmt.Sprintf("%s: requires %v, upstream does not", path, sets.List(extra)))
	}
	for _, rule := range theirs.XValidations {
		found := false
		for _, r := range ours.XValidations {
			found = found || (r.Rule == rule.Rule && r.Message == rule.Message)
		}
		if !found {
			out = append(out, fmt.Sprintf("%s: lacks the rule %q", path, rule.Rule))
		}
	}
	for name, property := range theirs.Properties {
		var mine *apiextensionsv1.JSONSchemaProps
		if p, ok := ours.Properties[name]; ok {
			mine = &p
		}
		out = append(out, SupersetViolations(mine, &property, path+"."+name)...)
	}
	if theirs.Items != nil && theirs.Items.Schema != nil {
		var mine *apiextensionsv1.JSONSchemaProps
		if ours.Items != nil {
			mine = ours.Items.Schema
		}
		out = append(out, SupersetViolations(mine, theirs.Items.Schema, path+"[]")...)
	}
	return out
}

func isTrue(b *bool) bool { return b != nil && *b }
