// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package filters

import (
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strings"

	"k8s.io/apimachinery/pkg/util/strategicpatch"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

// The directives of a strategic-merge patch, as k8s.io/apimachinery/pkg/util/strategicpatch
// spells them.
const (
	patchDirective        = "$patch"
	retainKeysDirective   = "$retainKeys"
	deleteFromListPrefix  = "$deleteFromPrimitiveList/"
	setElementOrderPrefix = "$setElementOrder/"
)

var patchDirectiveValues = []string{"delete", "replace"}

// strategicPatchError returns the first part of a strategic-merge patch for an object of Go type t
// that the strategicpatch library, merging it into a stored object, refuses with an error
// k8s.io/apiserver answers with 500, panics on, or merges in its map order: a $patch other than
// delete or replace, a keyed-list item without its key (a delete included) or with an object as
// key, $retainKeys that do not list the patch's fields, $setElementOrder of no ordered list or in
// another order than the patch's items, $deleteFromPrimitiveList of no list of scalars or in
// conflict with its list beside it, or a list of scalars of another type than the stored one. It
// judges the patch alone: a directive is judged as if the object stored a value at its place,
// where the library would merge it.
func strategicPatchError(patch map[string]interface{}, t reflect.Type, path *field.Path) *field.Error {
	t = derefType(t)
	if v, ok := patch[patchDirective]; ok && !isPatchDirectiveValue(v) {
		return field.NotSupported(childOf(path, patchDirective), shortValue(v), patchDirectiveValues)
	}
	switch {
	case t == rawExtensionType:
		return nil
	case t.Kind() == reflect.Map:
		return mapPatchError(patch, t, path)
	case t.Kind() != reflect.Struct:
		return nil
	}
	schema := strategicpatch.PatchMetaFromStruct{T: t}
	if _, ok := patch[retainKeysDirective]; ok {
		if err := retainKeysError(patch, path); err != nil {
			return err
		}
	}
	for _, key := range sortedKeys(patch) {
		var err *field.Error
		switch {
		case strings.HasPrefix(key, setElementOrderPrefix):
			err = setElementOrderError(patch, key, schema, path)
		case strings.HasPrefix(key, deleteFromListPrefix):
			err = deleteFromListError(patch, key, schema, path)
		case strings.HasPrefix(key, "$"):
		default:
			// An unknown field has no stored value to merge with.
			if sub, meta, lookupErr := schema.LookupPatchMetadataForStruct(key); lookupErr == nil {
				err = valueError(patch[key], sub.(strategicpatch.PatchMetaFromStruct).T, meta, childOf(path, key))
			}
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// valueError checks the patch value of a field of Go type t: objects and merged lists are merged
// into the stored value, anything else replaces it.
func valueError(value interface{}, t reflect.Type, meta strategicpatch.PatchMeta, path *field.Path) *field.Error {
	t = derefType(t)
	switch v := value.(type) {
	case map[string]interface{}:
		return strategicPatchError(v, t, path)
	case []interface{}:
		if (t.Kind() != reflect.Slice && t.Kind() != reflect.Array) || !slices.Contains(meta.GetPatchStrategies(), "merge") {
			return nil
		}
		elem := derefType(t.Elem())
		if jsonKindOf(elem) != "an object" {
			return scalarItemsError(v, elem, path)
		}
		mergeKey := meta.GetPatchMergeKey()
		for i, item := range v {
			m, ok := item.(map[string]interface{})
			if !ok || mergeKey == "" {
				// Items of another kind are markOpaque's to report.
				continue
			}
			if err := keyedItemError(m, mergeKey, path.Index(i)); err != nil {
				return err
			}
			if _, directive := m[patchDirective]; directive {
				continue
			}
			if err := strategicPatchError(m, elem, path.Index(i)); err != nil {
				return err
			}
		}
	}
	return nil
}

// keyedItemError checks an item of a list merged by mergeKey: it needs the key, unless it is
// only "$patch": "replace" (the list is replaced by the other items).
func keyedItemError(item map[string]interface{}, mergeKey string, path *field.Path) *field.Error {
	directive, hasDirective := item[patchDirective]
	if hasDirective && !isPatchDirectiveValue(directive) {
		return field.NotSupported(path.Child(patchDirective), shortValue(directive), patchDirectiveValues)
	}
	key, hasKey := item[mergeKey]
	switch {
	case !hasKey && hasDirective && directive == "replace":
		return nil
	case !hasKey:
		return field.Required(path.Child(mergeKey), "the items of this list are merged by this key")
	case !isScalar(key):
		return field.Invalid(path.Child(mergeKey), shortValue(key), "must be a scalar: the items of this list are merged by this key")
	}
	return nil
}

// retainKeysError checks that $retainKeys lists field names, every field the patch sets among
// them. The library ignores it next to $patch.
func retainKeysError(patch map[string]interface{}, path *field.Path) *field.Error {
	if _, ok := patch[patchDirective]; ok {
		return nil
	}
	keysPath := childOf(path, retainKeysDirective)
	list, ok := patch[retainKeysDirective].([]interface{})
	if !ok {
		return field.Invalid(keysPath, shortValue(patch[retainKeysDirective]), "must be a list of field names")
	}
	retained := map[string]bool{}
	for i, item := range list {
		name, ok := item.(string)
		if !ok {
			return field.Invalid(keysPath.Index(i), shortValue(item), "must be a field name")
		}
		retained[name] = true
	}
	for _, key := range sortedKeys(patch) {
		if patch[key] != nil && key != retainKeysDirective && !strings.HasPrefix(key, setElementOrderPrefix) &&
			!strings.HasPrefix(key, deleteFromListPrefix) && !retained[key] {
			return field.Invalid(keysPath, shortValue(patch[retainKeysDirective]), fmt.Sprintf("must list %q, which the patch sets", key))
		}
	}
	return nil
}

// setElementOrderError checks "$setElementOrder/<list>": a list field with a merge key (or of
// scalars), an order of keys (or scalars), and the patch's items of that list in that order.
func setElementOrderError(patch map[string]interface{}, key string, schema strategicpatch.PatchMetaFromStruct, path *field.Path) *field.Error {
	orderPath, listKey := childOf(path, key), strings.TrimPrefix(key, setElementOrderPrefix)
	var t reflect.Type
	sub, meta, err := schema.LookupPatchMetadataForStruct(listKey)
	if err == nil {
		t = derefType(sub.(strategicpatch.PatchMetaFromStruct).T)
	}
	if t == nil || t.Kind() != reflect.Slice {
		return field.Invalid(orderPath, shortValue(patch[key]), fmt.Sprintf("%q is not a list field of this object", listKey))
	}
	elem, mergeKey := derefType(t.Elem()), meta.GetPatchMergeKey()
	objects := jsonKindOf(elem) == "an object"
	if objects && mergeKey == "" {
		return field.Invalid(orderPath, shortValue(patch[key]), fmt.Sprintf("%q has no merge key to order its items by", listKey))
	}
	order, ok := patch[key].([]interface{})
	if !ok {
		return field.Invalid(orderPath, shortValue(patch[key]), "must be a list")
	}
	// itemKey returns the merge key of an object item, the item itself for scalars.
	itemKey := func(item interface{}) (interface{}, bool) {
		if !objects {
			return item, isScalar(item)
		}
		m, ok := item.(map[string]interface{})
		if !ok {
			return nil, false
		}
		k, ok := m[mergeKey]
		return k, ok && isScalar(k)
	}
	for i, item := range order {
		if _, ok := itemKey(item); !ok {
			if objects {
				return field.Invalid(orderPath.Index(i), shortValue(item), fmt.Sprintf("must be an object with a scalar %q", mergeKey))
			}
			return field.Invalid(orderPath.Index(i), shortValue(item), "must be a scalar")
		}
	}

	value, inPatch := patch[listKey]
	if !inPatch {
		return nil
	}
	listPath := childOf(path, listKey)
	items, ok := value.([]interface{})
	if !ok || len(items) == 0 {
		return field.Invalid(listPath, shortValue(value), fmt.Sprintf("must be a list with items next to %s", key))
	}
	if !objects {
		if err := scalarItemsError(items, elem, listPath); err != nil {
			return err
		}
	}
	// As the library: the items that are not deletions must appear in a non-empty order in the
	// same relative order; other directives are skipped.
	var kept []int
	for i, item := range items {
		m, isMap := item.(map[string]interface{})
		switch {
		case objects && !isMap:
			return field.Invalid(listPath.Index(i), shortValue(item), "must be an object")
		case !isMap || m[patchDirective] != "delete":
			kept = append(kept, i)
		}
	}
	at, next := 0, 0
	if len(order) == 0 {
		at = len(kept)
	}
	for at < len(kept) && next < len(order) {
		item := items[kept[at]]
		if m, ok := item.(map[string]interface{}); ok && hasKey(m, patchDirective) {
			at++
			continue
		}
		k, ok := itemKey(item)
		if !ok {
			return field.Required(listPath.Index(kept[at]).Child(mergeKey), "the items of this list are merged by this key")
		}
		if orderKey, _ := itemKey(order[next]); orderKey == k {
			at++
		}
		next++
	}
	if at < len(kept) {
		return field.Invalid(orderPath, shortValue(order), fmt.Sprintf("must list the items of %q in the order the patch lists them", listKey))
	}
	return nil
}

// deleteFromListError checks "$deleteFromPrimitiveList/<list>": null (the list is removed), or a
// list of scalars of the list's type. Beside <list> the library applies the two in its map order
// unless $setElementOrder/<list> merges <list> first, so a directive whose result or failure
// depends on that order is refused: null beside a list, of an unknown field, deleting an item the
// list adds, or beside a list of another item type.
func deleteFromListError(patch map[string]interface{}, key string, schema strategicpatch.PatchMetaFromStruct, parent *field.Path) *field.Error {
	value, listKey, path := patch[key], strings.TrimPrefix(key, deleteFromListPrefix), childOf(parent, key)
	list, beside := patch[listKey]
	ordered := !beside || list == nil || hasKey(patch, setElementOrderPrefix+listKey)
	if value == nil {
		if !ordered {
			return field.Invalid(path, nil, fmt.Sprintf("must not be null beside %q", listKey))
		}
		return nil
	}
	sub, _, err := schema.LookupPatchMetadataForStruct(listKey)
	if err != nil {
		if !ordered {
			return field.Invalid(path, shortValue(value), fmt.Sprintf("%q is not a field of this object", listKey))
		}
		return nil
	}
	t := derefType(sub.(strategicpatch.PatchMetaFromStruct).T)
	if t.Kind() != reflect.Slice || jsonKindOf(derefType(t.Elem())) != "a scalar" {
		return field.Invalid(path, shortValue(value), fmt.Sprintf("%q is not a list of scalars", listKey))
	}
	items, ok := value.([]interface{})
	if !ok {
		return field.Invalid(path, shortValue(value), "must be a list")
	}
	if err := scalarItemsError(items, derefType(t.Elem()), path); err != nil {
		return err
	}
	// A value that is no list replaces the stored one either way.
	listItems, isList := list.([]interface{})
	if ordered || !isList {
		return nil
	}
	if err := scalarItemsError(listItems, derefType(t.Elem()), childOf(parent, listKey)); err != nil {
		return err
	}
	for i, item := range items {
		if slices.Contains(listItems, item) {
			return field.Invalid(path.Index(i), shortValue(item), fmt.Sprintf("must not be an item of %q beside it", listKey))
		}
	}
	return nil
}

// mapPatchError checks the patch of a Go map: the library looks up no field of a map, so it
// cannot order its entries, nor merge an entry that is an object or a list.
func mapPatchError(patch map[string]interface{}, t reflect.Type, path *field.Path) *field.Error {
	for _, key := range sortedKeys(patch) {
		value := patch[key]
		switch {
		case key == patchDirective:
		case strings.HasPrefix(key, deleteFromListPrefix) && value == nil:
			// The library deletes the entry for it before or after setting the entry, in its map order.
			if entry := patch[strings.TrimPrefix(key, deleteFromListPrefix)]; entry != nil {
				return field.Invalid(path.Key(key), nil, fmt.Sprintf("must not be null beside %q", strings.TrimPrefix(key, deleteFromListPrefix)))
			}
		case strings.HasPrefix(key, setElementOrderPrefix), strings.HasPrefix(key, deleteFromListPrefix):
			return field.Invalid(path.Key(key), shortValue(value), "the entries of a map cannot take this directive")
		case jsonKindOfValue(value) == "an object" || jsonKindOfValue(value) == "a list":
			if kind := jsonKindOf(t.Elem()); kind == "an object" || kind == "a list" {
				return field.Invalid(path.Key(key), shortValue(value), "a strategic-merge patch cannot merge into the entries of this map; use a JSON merge patch")
			}
		}
	}
	return nil
}

// scalarItemsError checks that the items of a list of scalars of Go type elem have its JSON type,
// as the library merges only lists of one type.
func scalarItemsError(items []interface{}, elem reflect.Type, path *field.Path) *field.Error {
	want := ""
	switch elem.Kind() {
	case reflect.String:
		want = "a string"
	case reflect.Bool:
		want = "a boolean"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64, reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		want = "an integer"
	case reflect.Float32, reflect.Float64:
		want = "a number"
	}
	for i, item := range items {
		ok := isScalar(item) && item != nil
		switch want {
		case "a string":
			_, ok = item.(string)
		case "a boolean":
			_, ok = item.(bool)
		case "an integer":
			n, isNumber := item.(json.Number)
			_, err := n.Int64()
			ok = isNumber && err == nil
		case "a number":
			_, ok = item.(json.Number)
		}
		if !ok {
			if want == "" {
				want = "a scalar"
			}
			return field.Invalid(path.Index(i), shortValue(item), "must be "+want)
		}
	}
	return nil
}

// hasKeyPrefix reports whether an object in value has a key with prefix.
func hasKeyPrefix(value interface{}, prefix string) bool {
	switch v := value.(type) {
	case map[string]interface{}:
		for key, item := range v {
			if strings.HasPrefix(key, prefix) || hasKeyPrefix(item, prefix) {
				return true
			}
		}
	case []interface{}:
		for _, item := range v {
			if hasKeyPrefix(item, prefix) {
				return true
			}
		}
	}
	return false
}

func isPatchDirectiveValue(v interface{}) bool {
	return v == "delete" || v == "replace"
}

func hasKey(m map[string]interface{}, key string) bool {
	_, ok := m[key]
	return ok
}

func isScalar(v interface{}) bool {
	kind := jsonKindOfValue(v)
	return kind == "a scalar" || kind == "null"
}

func derefType(t reflect.Type) reflect.Type {
	for t != nil && t.Kind() == reflect.Ptr {
		t = t.Elem()
	}
	return t
}
