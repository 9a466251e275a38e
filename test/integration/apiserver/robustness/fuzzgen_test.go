// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package robustness_test

import (
	"math/rand"
	"reflect"
	"strconv"
	"strings"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
)

// jsonPath is a path into decoded JSON: object keys (string) and list indices (int).
type jsonPath []interface{}

// jsonPointer is p as an RFC 6901 pointer, for JSON patches.
func (p jsonPath) jsonPointer() string {
	var b strings.Builder
	for _, step := range p {
		b.WriteString("/")
		if key, ok := step.(string); ok {
			b.WriteString(strings.NewReplacer("~", "~0", "/", "~1").Replace(key))
		} else {
			b.WriteString(strconv.Itoa(step.(int)))
		}
	}
	return b.String()
}

func (p jsonPath) child(step interface{}) jsonPath {
	return append(append(jsonPath{}, p...), step)
}

// typedField is a field of a Go type found at a path of a document.
type typedField struct {
	path     jsonPath
	mergeKey string
}

var extensionType = reflect.TypeOf(gardencorev1beta1.Extension{})

// walkFields calls visit for every field of Go type t below path, with the struct that holds it:
// fields of absent objects too, of lists the items doc has.
func walkFields(doc interface{}, t reflect.Type, path jsonPath, depth int, visit func(owner reflect.Type, f reflect.StructField, name string, path jsonPath)) {
	for t.Kind() == reflect.Ptr {
		t = t.Elem()
	}
	if t.Kind() != reflect.Struct || depth > 12 {
		return
	}
	m, _ := doc.(map[string]interface{})
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if f.Anonymous && name == "" {
			walkFields(doc, f.Type, path, depth, visit)
			continue
		}
		if !f.IsExported() || name == "" || name == "-" {
			continue
		}
		visit(t, f, name, path.child(name))
		ft := f.Type
		for ft.Kind() == reflect.Ptr {
			ft = ft.Elem()
		}
		switch ft.Kind() {
		case reflect.Struct:
			walkFields(m[name], ft, path.child(name), depth+1, visit)
		case reflect.Slice:
			items, _ := m[name].([]interface{})
			for j, item := range items {
				walkFields(item, ft.Elem(), path.child(name).child(j), depth+1, visit)
			}
		}
	}
}

// referenceFields returns the fields of doc (of Go type t) that name another object, found by
// type and name: a string field whose JSON name ends in "Name", the name of a *Reference type, and
// an extension's type, which names its ExtensionProfile.
func referenceFields(doc map[string]interface{}, t reflect.Type) []jsonPath {
	var out []jsonPath
	walkFields(doc, t, nil, 0, func(owner reflect.Type, f reflect.StructField, name string, path jsonPath) {
		ft := f.Type
		for ft.Kind() == reflect.Ptr {
			ft = ft.Elem()
		}
		if ft.Kind() == reflect.String && (strings.HasSuffix(name, "Name") ||
			name == "name" && strings.HasSuffix(owner.Name(), "Reference") || name == "type" && owner == extensionType) {
			out = append(out, path)
		}
	})
	return out
}

// keyedLists returns the lists of doc (of Go type t) that a strategic merge merges by a key, with
// their key.
func keyedLists(doc map[string]interface{}, t reflect.Type) []typedField {
	var out []typedField
	walkFields(doc, t, nil, 0, func(_ reflect.Type, f reflect.StructField, _ string, path jsonPath) {
		if key := f.Tag.Get("patchMergeKey"); key != "" && strings.Contains(f.Tag.Get("patchStrategy"), "merge") {
			out = append(out, typedField{path: path, mergeKey: key})
		}
	})
	return out
}

// badNames are references no object can have, or that only look like one.
var badNames = []string{"", " ", "  ", "\t", "a b", " local", "a/b", "/", "..", ".", "%2F", "a%2Fb", "?x=1", "#", "UPPER",
	"-a", "a-", "a.", "a_b", "ä", "a\u0000b", strings.Repeat("a", 254), strings.Repeat("a.", 130)}

// setReference sets a random reference field of doc to a bad name and returns its path.
func setReference(rng *rand.Rand, doc map[string]interface{}, t reflect.Type) (jsonPath, string) {
	fields := referenceFields(doc, t)
	path, name := fields[rng.Intn(len(fields))], badNames[rng.Intn(len(badNames))]
	setPath(doc, path, name)
	return path, name
}

// setDirective puts a random strategic-merge directive into a random keyed list of doc and
// returns what it did.
func setDirective(rng *rand.Rand, doc map[string]interface{}, t reflect.Type) string {
	lists := keyedLists(doc, t)
	list := lists[rng.Intn(len(lists))]
	parentPath, name := list.path[:len(list.path)-1], list.path[len(list.path)-1].(string)
	parent := setPath(doc, parentPath, nil).(map[string]interface{})
	items, _ := parent[name].([]interface{})
	var key interface{} = "x"
	if len(items) > 0 {
		if item, ok := items[0].(map[string]interface{}); ok && item[list.mergeKey] != nil {
			key = item[list.mergeKey]
		}
	}
	pick := func(values ...interface{}) interface{} { return values[rng.Intn(len(values))] }
	item := func(kv ...interface{}) map[string]interface{} {
		m := map[string]interface{}{}
		for i := 0; i+1 < len(kv); i += 2 {
			m[kv[i].(string)] = kv[i+1]
		}
		return m
	}
	insert := func(v interface{}) {
		at := rng.Intn(len(items) + 1)
		parent[name] = append(append(append([]interface{}{}, items[:at]...), v), items[at:]...)
	}
	directive := pick("delete", "replace", "merge", "retainKeys", "x", 1, nil)
	switch rng.Intn(4) {
	case 0:
		insert(pick(item("$patch", directive), item("$patch", directive, list.mergeKey, key), item("$patch", directive, list.mergeKey, "other")))
		return "$patch " + reprOf(directive) + " in " + list.path.jsonPointer()
	case 1:
		keys := pick([]interface{}{list.mergeKey}, []interface{}{}, []interface{}{list.mergeKey, "other"}, []interface{}{[]interface{}{1}}, "x", nil)
		insert(item(list.mergeKey, key, "$retainKeys", keys))
		return "$retainKeys in " + list.path.jsonPointer()
	case 2:
		parent["$setElementOrder/"+name] = pick(
			[]interface{}{item(list.mergeKey, key)}, []interface{}{item(list.mergeKey, "other"), item(list.mergeKey, key)},
			[]interface{}{item()}, []interface{}{key}, []interface{}{[]interface{}{1}}, []interface{}{}, "x", nil)
		switch rng.Intn(3) {
		case 0:
			delete(parent, name)
		case 1:
			parent[name] = []interface{}{}
		}
		return "$setElementOrder of " + list.path.jsonPointer()
	default:
		parent["$deleteFromPrimitiveList/"+name] = pick([]interface{}{key}, []interface{}{item(list.mergeKey, key)}, nil, "x")
		return "$deleteFromPrimitiveList of " + list.path.jsonPointer()
	}
}

// setPath sets the value at path of doc, creating the objects on the way, and returns it; a nil
// value keeps what is there (an object when nothing is).
func setPath(doc map[string]interface{}, path jsonPath, value interface{}) interface{} {
	var current interface{} = doc
	for i, step := range path {
		last := i == len(path)-1
		switch c := current.(type) {
		case map[string]interface{}:
			key := step.(string)
			switch {
			case last && value != nil:
				c[key] = value
			case c[key] == nil:
				c[key] = map[string]interface{}{}
			}
			current = c[key]
		case []interface{}:
			if last && value != nil {
				c[step.(int)] = value
			}
			current = c[step.(int)]
		}
	}
	return current
}

func reprOf(v interface{}) string {
	if s, ok := v.(string); ok {
		return strconv.Quote(s)
	}
	if v == nil {
		return "null"
	}
	return strconv.Itoa(v.(int))
}
