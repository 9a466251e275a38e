// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package opaquevalues_test

import (
	"encoding/json"
	"fmt"
	"reflect"
	"sort"
	"strconv"
	"strings"

	"k8s.io/apimachinery/pkg/runtime"
)

// segment is one step of a path to a RawExtension: a struct field (by JSON name), the item of a
// list (keyed by its patch merge key, or atomic), or the value of a map.
type segment struct {
	field    string
	list     bool
	mergeKey string
	mapValue bool
}

// opaquePath leads from an object to a RawExtension; its last segment is a field.
type opaquePath []segment

func (p opaquePath) String() string {
	var b strings.Builder
	for i, s := range p {
		switch {
		case s.list:
			b.WriteString("[" + s.mergeKey + "]")
		case s.mapValue:
			b.WriteString("{}")
		default:
			if i > 0 {
				b.WriteString(".")
			}
			b.WriteString(s.field)
		}
	}
	return b.String()
}

// keyedLists are the indices of the path's keyed list segments.
func (p opaquePath) keyedLists() []int {
	var idx []int
	for i, s := range p {
		if s.list && s.mergeKey != "" {
			idx = append(idx, i)
		}
	}
	return idx
}

var (
	rawExtensionType = reflect.TypeOf(runtime.RawExtension{})
	unmarshalerType  = reflect.TypeOf((*json.Unmarshaler)(nil)).Elem()
)

// opaquePaths returns every path of Go type t to a runtime.RawExtension, as encoding/json lays
// the type out (inline structs promoted), with the patch merge keys of its lists.
func opaquePaths(t reflect.Type) []opaquePath {
	var paths []opaquePath
	var walk func(t reflect.Type, path opaquePath, visiting map[reflect.Type]bool)
	walk = func(t reflect.Type, path opaquePath, visiting map[reflect.Type]bool) {
		for t.Kind() == reflect.Ptr {
			t = t.Elem()
		}
		switch {
		case t == rawExtensionType:
			paths = append(paths, append(opaquePath(nil), path...))
			return
		case reflect.PointerTo(t).Implements(unmarshalerType) || visiting[t]:
			return
		}
		visiting[t] = true
		defer delete(visiting, t)
		switch t.Kind() {
		case reflect.Struct:
			for i := 0; i < t.NumField(); i++ {
				f := t.Field(i)
				name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
				if name == "-" || (!f.IsExported() && !f.Anonymous) {
					continue
				}
				if f.Anonymous && name == "" {
					walk(f.Type, path, visiting)
					continue
				}
				fieldPath := append(path, segment{field: name})
				if ft := f.Type; ft.Kind() == reflect.Slice && ft.Elem().Kind() != reflect.Uint8 {
					walk(ft.Elem(), append(fieldPath, segment{list: true, mergeKey: f.Tag.Get("patchMergeKey")}), visiting)
					continue
				}
				walk(f.Type, fieldPath, visiting)
			}
		case reflect.Map:
			walk(t.Elem(), append(path, segment{mapValue: true}), visiting)
		}
	}
	walk(t, nil, map[reflect.Type]bool{})
	return paths
}

// step is a segment made concrete in an object: the item of a keyed list by its key, of an
// atomic list by its index, the value of a map by its key.
type step struct {
	segment
	key    interface{}
	index  int
	mapKey string
}

// instance is a path made concrete.
type instance []step

// resolve makes path concrete in obj: in each list and map the first item from which the rest of
// the path reaches the RawExtension's parent object. ok is false when no item does.
func resolve(obj interface{}, path opaquePath) (instance, bool) {
	if len(path) == 1 {
		_, ok := obj.(map[string]interface{})
		return instance{{segment: path[0]}}, ok
	}
	s := path[0]
	switch {
	case s.list:
		items, _ := obj.([]interface{})
		for i, item := range items {
			if rest, ok := resolve(item, path[1:]); ok {
				st := step{segment: s, index: i}
				if s.mergeKey != "" {
					st.key = item.(map[string]interface{})[s.mergeKey]
				}
				return append(instance{st}, rest...), true
			}
		}
	case s.mapValue:
		m, _ := obj.(map[string]interface{})
		keys := make([]string, 0, len(m))
		for k := range m {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			if rest, ok := resolve(m[k], path[1:]); ok {
				return append(instance{{segment: s, mapKey: k}}, rest...), true
			}
		}
	default:
		m, _ := obj.(map[string]interface{})
		if rest, ok := resolve(m[s.field], path[1:]); ok {
			return append(instance{{segment: s}}, rest...), true
		}
	}
	return nil, false
}

// itemIndex is the index in items of the item st names, -1 when there is none.
func (st step) itemIndex(items []interface{}) int {
	if st.mergeKey == "" {
		if st.index < len(items) {
			return st.index
		}
		return -1
	}
	for i, item := range items {
		if m, ok := item.(map[string]interface{}); ok && reflect.DeepEqual(m[st.mergeKey], st.key) {
			return i
		}
	}
	return -1
}

// at returns the value the first n steps of inst lead to in obj, and its JSON pointer.
func (inst instance) at(obj interface{}, n int) (interface{}, string) {
	pointer := ""
	for _, st := range inst[:n] {
		switch {
		case st.list:
			items, _ := obj.([]interface{})
			i := st.itemIndex(items)
			if i < 0 {
				panic(fmt.Sprintf("no item %v in %s", st.key, pointer))
			}
			obj, pointer = items[i], pointer+"/"+strconv.Itoa(i)
		case st.mapValue:
			obj, pointer = obj.(map[string]interface{})[st.mapKey], pointer+"/"+escape(st.mapKey)
		default:
			obj, pointer = obj.(map[string]interface{})[st.field], pointer+"/"+escape(st.field)
		}
	}
	return obj, pointer
}

func escape(token string) string {
	return strings.ReplaceAll(strings.ReplaceAll(token, "~", "~0"), "/", "~1")
}

// setLeaf sets the RawExtension of inst in obj to value, or removes it for nil.
func (inst instance) setLeaf(obj interface{}, value interface{}) {
	parent, _ := inst.at(obj, len(inst)-1)
	if value == nil {
		delete(parent.(map[string]interface{}), inst[len(inst)-1].field)
		return
	}
	parent.(map[string]interface{})[inst[len(inst)-1].field] = deepCopy(value)
}

// removeItem removes the list item of step n of inst from obj and returns it with its index.
func (inst instance) removeItem(obj interface{}, n int) (interface{}, int) {
	owner, _ := inst.at(obj, n-1)
	field := inst[n-1].field
	items := owner.(map[string]interface{})[field].([]interface{})
	i := inst[n].itemIndex(items)
	item := items[i]
	owner.(map[string]interface{})[field] = append(append([]interface{}{}, items[:i]...), items[i+1:]...)
	return item, i
}

// insertItem puts item into the list of step n of inst in obj at index i (at most its length).
func (inst instance) insertItem(obj interface{}, n int, item interface{}, i int) {
	owner, _ := inst.at(obj, n-1)
	field := inst[n-1].field
	items, _ := owner.(map[string]interface{})[field].([]interface{})
	i = min(i, len(items))
	owner.(map[string]interface{})[field] = append(append(append([]interface{}{}, items[:i]...), deepCopy(item)), items[i:]...)
}

// deepCopy copies decoded JSON.
func deepCopy(v interface{}) interface{} {
	return runtime.DeepCopyJSONValue(v)
}
