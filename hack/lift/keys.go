// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package main

import (
	"go/ast"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// keyTags and keyMarkers say how a list merges: strategic merge patch (tags) and server-side
// apply and OpenAPI (markers).
var (
	keyTags    = []string{"patchMergeKey", "patchStrategy"}
	keyMarkers = []string{"+patchMergeKey", "+patchStrategy", "+listType", "+listMapKey"}
	tagPair    = regexp.MustCompile(`([A-Za-z0-9_]+):"((?:[^"\\]|\\.)*)"`)
)

// carryKeys gives upstream's field up the list keys of ours when they merge the list otherwise
// (a key tag, +listType or +listMapKey that up lacks or sets otherwise): the key tags, and the key
// markers before +optional. It reports whether it changed up. Keys only upstream sets stay.
func carryKeys(fe *fileEdits, target *goFile, f, up *ast.Field) bool {
	var edits []edit
	if f.Tag != nil && up.Tag != nil {
		ourTag, _ := strconv.Unquote(f.Tag.Value)
		upTag, _ := strconv.Unquote(up.Tag.Value)
		if tag, ok := keyedTag(ourTag, upTag); ok {
			start, end := target.off(up.Tag.Pos()), target.off(up.Tag.End())
			edits = append(edits, edit{offset: start, cut: end - start, text: "`" + tag + "`"})
		}
	}
	upLines := markers(up.Doc)
	listChanged := false
	var add []string
	for _, c := range markerLines(f.Doc) {
		name, value := marker(c.Text)
		have, ok := upLines[name]
		if _, upValue := marker(textOf(have)); ok && upValue == value {
			continue
		}
		listChanged = listChanged || name == "+listType" || name == "+listMapKey"
		if !ok {
			add = append(add, c.Text)
			continue
		}
		start, end := target.off(have.Pos()), target.off(have.End())
		edits = append(edits, edit{offset: start, cut: end - start, text: c.Text})
	}
	if len(edits) == 0 && !listChanged {
		return false
	}
	if len(add) > 0 {
		at := target.lineStart(target.off(up.Pos()))
		if c, ok := upLines["+optional"]; ok {
			at = target.lineStart(target.off(c.Pos()))
		}
		edits = append(edits, edit{offset: at, text: "\t" + strings.Join(add, "\n\t") + "\n"})
	}
	fe.edits[target.path] = append(fe.edits[target.path], edits...)
	return true
}

// markers maps the names of the "// +name=value" lines of doc to their comments.
func markers(doc *ast.CommentGroup) map[string]*ast.Comment {
	out := map[string]*ast.Comment{}
	if doc != nil {
		for _, c := range doc.List {
			if name, _ := marker(c.Text); name != "" {
				out[name] = c
			}
		}
	}
	return out
}

// markerLines returns the key markers of doc in their order.
func markerLines(doc *ast.CommentGroup) []*ast.Comment {
	var out []*ast.Comment
	if doc != nil {
		for _, c := range doc.List {
			if name, _ := marker(c.Text); slices.Contains(keyMarkers, name) {
				out = append(out, c)
			}
		}
	}
	return out
}

func textOf(c *ast.Comment) string {
	if c == nil {
		return ""
	}
	return c.Text
}

// keyedTag returns upTag with the key tags of ourTag, which go after json when upstream lacks them.
func keyedTag(ourTag, upTag string) (string, bool) {
	ours := map[string]string{}
	for _, m := range tagPair.FindAllStringSubmatch(ourTag, -1) {
		ours[m[1]] = m[2]
	}
	var pairs [][2]string
	have := map[string]bool{}
	changed := false
	for _, m := range tagPair.FindAllStringSubmatch(upTag, -1) {
		k, v := m[1], m[2]
		if ov, ok := ours[k]; ok && slices.Contains(keyTags, k) && ov != v {
			v, changed = ov, true
		}
		have[k] = true
		pairs = append(pairs, [2]string{k, v})
	}
	var missing [][2]string
	for _, m := range tagPair.FindAllStringSubmatch(ourTag, -1) {
		if slices.Contains(keyTags, m[1]) && !have[m[1]] {
			missing = append(missing, [2]string{m[1], m[2]})
		}
	}
	if len(missing) == 0 && !changed {
		return "", false
	}
	at := 0
	for i, p := range pairs {
		if p[0] == "json" {
			at = i + 1
		}
	}
	pairs = append(pairs[:at], append(missing, pairs[at:]...)...)
	parts := make([]string, len(pairs))
	for i, p := range pairs {
		parts[i] = p[0] + `:"` + p[1] + `"`
	}
	return strings.Join(parts, " "), true
}

// marker returns the name and value of a "// +name=value" comment line.
func marker(text string) (string, string) {
	text = strings.TrimSpace(strings.TrimPrefix(text, "//"))
	if !strings.HasPrefix(text, "+") {
		return "", ""
	}
	name, value, _ := strings.Cut(text, "=")
	return name, value
}
