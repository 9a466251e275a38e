// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package opaquevalues_test

import (
	"fmt"
	"strconv"
)

// The opaque values written: both nest an object, and each has a key the other lacks, so a
// result tells a merge from a replacement.
var (
	oldValue = normalize(map[string]interface{}{"apiVersion": "opaque.test/v1", "kind": "Config", "nested": map[string]interface{}{"old": 1}, "kept": "old"})
	newValue = normalize(map[string]interface{}{"apiVersion": "opaque.test/v1", "kind": "Config", "nested": map[string]interface{}{"new": 2}, "list": []interface{}{1, 2}})
)

// opaqueCase is one write of the RawExtension at inst: op (add, change, remove) on the value in
// an item that exists before and after (newItem -1), or of the value in the item of the keyed list
// at step newItem of inst, which the write adds or removes with it.
type opaqueCase struct {
	kind    string
	path    opaquePath
	inst    instance
	newItem int
	op      string
}

func (c opaqueCase) String() string {
	if c.newItem < 0 {
		return fmt.Sprintf("%s %s: %s", c.kind, c.path, c.op)
	}
	return fmt.Sprintf("%s %s: %s with an item of %s", c.kind, c.path, c.op, c.path[:c.newItem])
}

// casesOf are the cases of the RawExtension at inst: add, change and remove it in an existing
// item, and add and remove it with the item of each keyed list on its path.
func casesOf(kind string, path opaquePath, inst instance) []opaqueCase {
	var cases []opaqueCase
	for _, op := range []string{"add", "change", "remove"} {
		cases = append(cases, opaqueCase{kind: kind, path: path, inst: inst, newItem: -1, op: op})
	}
	for _, n := range path.keyedLists() {
		for _, op := range []string{"add", "remove"} {
			cases = append(cases, opaqueCase{kind: kind, path: path, inst: inst, newItem: n, op: op})
		}
	}
	return cases
}

func (c opaqueCase) status() bool { return c.inst[0].field == "status" }

func (c opaqueCase) subresources() []string {
	if c.status() {
		return []string{"status"}
	}
	return nil
}

// manifests are the object before and after the write, made from the stored fixture under name:
// its spec, and its status where the RawExtension is in the status.
func (c opaqueCase) manifests(name string) (map[string]interface{}, map[string]interface{}) {
	reference := references[c.kind]
	metadata := map[string]interface{}{"name": name}
	if ns, ok := reference["metadata"].(map[string]interface{})["namespace"]; ok {
		metadata["namespace"] = ns
	}
	base := map[string]interface{}{"apiVersion": reference["apiVersion"], "kind": c.kind, "metadata": metadata, "spec": deepCopy(reference["spec"])}
	if c.status() {
		base["status"] = deepCopy(reference["status"])
	}
	target := deepCopy(base).(map[string]interface{})
	switch {
	case c.newItem < 0 && c.op == "add":
		c.inst.setLeaf(base, nil)
		c.inst.setLeaf(target, newValue)
	case c.newItem < 0 && c.op == "change":
		c.inst.setLeaf(base, oldValue)
		c.inst.setLeaf(target, newValue)
	case c.newItem < 0:
		c.inst.setLeaf(base, oldValue)
		c.inst.setLeaf(target, nil)
	case c.op == "add":
		c.inst.setLeaf(target, newValue)
		base = deepCopy(target).(map[string]interface{})
		c.inst.removeItem(base, c.newItem)
	default:
		c.inst.setLeaf(base, oldValue)
		c.inst.removeItem(target, c.newItem)
	}
	return base, target
}

// targetOf is live with the write's change made: the RawExtension or the item as in target.
func (c opaqueCase) targetOf(live, target map[string]interface{}) map[string]interface{} {
	out := deepCopy(live).(map[string]interface{})
	switch {
	case c.newItem < 0:
		parent, _ := c.inst.at(target, len(c.inst)-1)
		c.inst.setLeaf(out, parent.(map[string]interface{})[c.inst[len(c.inst)-1].field])
	case c.op == "add":
		item, i := c.inst.removeItem(deepCopy(target), c.newItem)
		c.inst.insertItem(out, c.newItem, item, i)
	default:
		c.inst.removeItem(out, c.newItem)
	}
	return out
}

// sparse is the part of target on the way to the RawExtension of c, from step n on (value is
// what the steps before lead to): items of keyed lists by their key, atomic lists whole, the
// RawExtension as in target (null when target has none), and for the item the write adds or
// removes that item whole or, with directives, the strategic merge patch directive to delete it.
func (c opaqueCase) sparse(value interface{}, n int, directives bool) interface{} {
	st := c.inst[n]
	switch {
	case n == len(c.inst)-1:
		return map[string]interface{}{st.field: value.(map[string]interface{})[st.field]}
	case st.list && st.mergeKey == "":
		return deepCopy(value)
	case st.list:
		items, _ := value.([]interface{})
		i := st.itemIndex(items)
		if n == c.newItem {
			if i >= 0 {
				return []interface{}{deepCopy(items[i])}
			}
			if directives {
				return []interface{}{map[string]interface{}{st.mergeKey: st.key, "$patch": "delete"}}
			}
			return []interface{}{}
		}
		item := c.sparse(items[i], n+1, directives).(map[string]interface{})
		item[st.mergeKey] = st.key
		return []interface{}{item}
	case st.mapValue:
		return map[string]interface{}{st.mapKey: c.sparse(value.(map[string]interface{})[st.mapKey], n+1, directives)}
	default:
		return map[string]interface{}{st.field: c.sparse(value.(map[string]interface{})[st.field], n+1, directives)}
	}
}

// jsonPatchOps are the RFC 6902 operations of the write, addressed in live.
func (c opaqueCase) jsonPatchOps(live, target map[string]interface{}) []interface{} {
	op := func(name, path string, value interface{}) []interface{} {
		o := map[string]interface{}{"op": name, "path": path}
		if value != nil {
			o["value"] = value
		}
		return []interface{}{o}
	}
	switch {
	case c.newItem < 0:
		_, pointer := c.inst.at(live, len(c.inst))
		parent, _ := c.inst.at(target, len(c.inst)-1)
		value := parent.(map[string]interface{})[c.inst[len(c.inst)-1].field]
		return op(map[string]string{"add": "add", "change": "replace", "remove": "remove"}[c.op], pointer, value)
	case c.op == "add":
		_, pointer := c.inst.at(live, c.newItem)
		item, i := c.inst.removeItem(deepCopy(target), c.newItem)
		items, _ := c.inst.at(live, c.newItem)
		if items == nil {
			// an empty list is stored as none (omitempty): the patch adds the list
			return op("add", pointer, []interface{}{item})
		}
		return op("add", pointer+"/"+strconv.Itoa(min(i, len(items.([]interface{})))), item)
	default:
		_, pointer := c.inst.at(live, c.newItem+1)
		return op("remove", pointer, nil)
	}
}
