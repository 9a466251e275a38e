// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package main

import (
	"fmt"
	"go/ast"
	"go/format"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
)

// fileEdits collects the insertions into the upstream files one entry touches.
type fileEdits struct {
	files map[string]*goFile
	edits map[string][]edit
	need  map[string]importSet
}

func newFileEdits() *fileEdits {
	return &fileEdits{files: map[string]*goFile{}, edits: map[string][]edit{}, need: map[string]importSet{}}
}

func (fe *fileEdits) file(path string) (*goFile, error) {
	if f, ok := fe.files[path]; ok {
		return f, nil
	}
	f, err := readGo(path)
	if err != nil {
		return nil, err
	}
	fe.files[path] = f
	fe.need[path] = importSet{}
	return f, nil
}

// insert adds s to target at offset, adapted to target's imports.
func (fe *fileEdits) insert(target *goFile, offset int, s snippet, before, after string) error {
	text, err := s.adapt(target, fe.need[target.path])
	if err != nil {
		return err
	}
	fe.edits[target.path] = append(fe.edits[target.path], edit{offset: offset, text: before + text + after})
	return nil
}

// results applies the edits and returns the new contents per path.
func (fe *fileEdits) results() (map[string][]byte, error) {
	out := map[string][]byte{}
	for path, edits := range fe.edits {
		src := applyEdits(fe.files[path].src, edits)
		formatted, err := format.Source(src)
		if err != nil {
			return nil, fmt.Errorf("merged %s does not format: %w\n%s", path, err, src)
		}
		if formatted, err = addImports(path, formatted, fe.need[path]); err != nil {
			return nil, err
		}
		out[path] = formatted
	}
	return out, nil
}

// mergeReport says what a merge added.
type mergeReport struct {
	decls, fields []string
	renumbered    []string
	// keyed are upstream's fields that got our list keys (carryKeys).
	keyed []string
}

// merge adds the declarations of ours that the upstream package in dir lacks to the file
// target (a path inside dir), and the fields of our struct types that upstream's lack to the
// upstream file declaring the struct. skip names declarations ("Name") and fields
// ("Type.Field") that stay here.
func merge(fe *fileEdits, ours *goFile, target string, skip map[string]bool, only []string, place map[string]string) (*mergeReport, error) {
	dir := filepath.Dir(target)
	idx, err := indexPackage(dir, ours.file.Name.Name, strings.HasSuffix(ours.path, "_test.go"))
	if err != nil {
		return nil, err
	}
	if len(idx.files) == 0 {
		return nil, fmt.Errorf("%s: upstream has no package %s in %s; copy the file instead", ours.path, ours.file.Name.Name, dir)
	}
	up, err := fe.file(target)
	if err != nil {
		return nil, err
	}
	if len(only) > 0 {
		keep := map[string]bool{}
		for _, k := range only {
			keep[k] = true
		}
		for _, u := range ours.units() {
			for _, k := range u.keys {
				if !keep[k] {
					skip[k] = true
				}
				delete(keep, k)
			}
		}
		for k := range keep {
			return nil, fmt.Errorf("%s: only names %s, which the file does not declare", ours.path, k)
		}
	}
	report := &mergeReport{}
	units := ours.units()
	done := map[*ast.GenDecl]bool{}
	// A group's new specs leave out those placed elsewhere.
	groupSkip := map[string]bool{}
	for k := range skip {
		groupSkip[k] = true
	}
	for k := range place {
		groupSkip[k] = true
	}
	for i, u := range units {
		missing := 0
		for _, k := range u.keys {
			if _, ok := idx.decls[k]; !ok {
				missing++
			}
		}
		if missing > 0 && missing < len(u.keys) {
			return nil, fmt.Errorf("%s: %v are declared upstream only in part", ours.path, u.keys)
		}
		if missing == 0 {
			if err := mergeFields(fe, ours, u, idx, skip, report); err != nil {
				return nil, err
			}
			continue
		}
		if skip[u.keys[0]] {
			continue
		}
		if after, ok := place[u.keys[0]]; ok {
			if err := placeUnit(fe, ours, up, u, after); err != nil {
				return nil, err
			}
			report.decls = append(report.decls, u.keys...)
			delete(place, u.keys[0])
			continue
		}
		if u.group != nil {
			if !done[u.group] {
				done[u.group] = true
				added, err := insertGroup(fe, ours, up, units, i, idx, groupSkip)
				if err != nil {
					return nil, err
				}
				report.decls = append(report.decls, added...)
			}
			continue
		}
		start, end := ours.span(u)
		if err := fe.insert(up, endOf(up, units, i, idx), ours.takeSnippet(start, end, u.node), "\n\n", ""); err != nil {
			return nil, err
		}
		report.decls = append(report.decls, u.keys...)
	}
	for name := range place {
		return nil, fmt.Errorf("%s: place names %s, which is no addition of the file", ours.path, name)
	}
	return report, nil
}

// placeUnit inserts u after upstream's declaration named after in up: as a spec into the
// parenthesized declaration holding it, else after the declaration.
func placeUnit(fe *fileEdits, ours, up *goFile, u unit, after string) error {
	if spec := upstreamSpec(up, []string{after}); spec != nil {
		var s snippet
		if u.group != nil {
			start, end := ours.span(u)
			s = ours.takeSnippet(start, end, u.node)
		} else {
			d := u.node.(*ast.GenDecl)
			s = ours.takeSnippet(ours.off(d.Specs[0].Pos()), ours.off(d.Specs[0].End()), d.Specs[0])
			if d.Doc != nil {
				s = joinSnippets("", []snippet{{text: ours.text(d.Doc)}, s}, "\n", "")
			}
		}
		return fe.insert(up, up.lineEnd(up.off(spec.End())), s, "\n", "")
	}
	for _, decl := range up.file.Decls {
		for _, k := range declKeys(decl) {
			if k == after {
				start, end := ours.span(u)
				if u.group != nil {
					return fmt.Errorf("%s: %s is a spec of a group; %s is no spec of a group", ours.path, u.keys[0], after)
				}
				return fe.insert(up, up.off(decl.End()), ours.takeSnippet(start, end, u.node), "\n\n", "")
			}
		}
	}
	return fmt.Errorf("%s: no declaration %s to place %s after", up.path, after, u.keys[0])
}

// insertGroup inserts the new specs of the parenthesized declaration holding units[i] (its
// first new spec): when up has some of its specs in a parenthesized declaration, each new one
// goes after the closest preceding one of those (or before the first); else the new specs form
// one new declaration.
func insertGroup(fe *fileEdits, ours, up *goFile, units []unit, i int, idx *pkgIndex, skip map[string]bool) ([]string, error) {
	group := units[i].group
	var members []int
	for j := range units {
		if units[j].group == group {
			members = append(members, j)
		}
	}
	var added []string
	anchored := false
	for _, j := range members {
		if !isNew(units[j], idx) && upstreamSpec(up, units[j].keys) != nil {
			anchored = true
		}
	}
	if anchored {
		for n, j := range members {
			u := units[j]
			if !isNew(u, idx) || skip[u.keys[0]] {
				continue
			}
			start, end := ours.span(u)
			s := ours.takeSnippet(start, end, u.node)
			var err error
			if spec := neighbourSpec(up, units, members[:n], idx, true); spec != nil {
				err = fe.insert(up, up.lineEnd(up.off(spec.End())), s, "\n", "")
			} else {
				spec = neighbourSpec(up, units, members[n+1:], idx, false)
				err = fe.insert(up, up.lineStart(up.off(specStart(spec).Pos())), s, "", "\n")
			}
			if err != nil {
				return nil, err
			}
			added = append(added, u.keys...)
		}
		return added, nil
	}
	var parts []snippet
	for _, j := range members {
		u := units[j]
		if !isNew(u, idx) || skip[u.keys[0]] {
			continue
		}
		start, end := ours.span(u)
		parts = append(parts, ours.takeSnippet(start, end, u.node))
		added = append(added, u.keys...)
	}
	head := group.Tok.String() + " (\n"
	if group.Doc != nil {
		head = ours.text(group.Doc) + "\n" + head
	}
	s := joinSnippets(head, parts, "\n", "\n)")
	return added, fe.insert(up, endOf(up, units, i, idx), s, "\n\n", "")
}

// neighbourSpec returns upstream's spec in up of the last (or first) member that upstream has.
func neighbourSpec(up *goFile, units []unit, members []int, idx *pkgIndex, last bool) ast.Spec {
	for n := range members {
		j := members[n]
		if last {
			j = members[len(members)-1-n]
		}
		if !isNew(units[j], idx) {
			if spec := upstreamSpec(up, units[j].keys); spec != nil {
				return spec
			}
		}
	}
	return nil
}

// endOf is where a new top-level declaration goes in up: after the closest preceding
// declaration of ours that up holds, else at the end of up.
func endOf(up *goFile, units []unit, i int, idx *pkgIndex) int {
	for j := i - 1; j >= 0; j-- {
		if isNew(units[j], idx) || units[j].group == units[i].group && units[i].group != nil {
			continue
		}
		for _, decl := range up.file.Decls {
			for _, k := range declKeys(decl) {
				if k == units[j].keys[0] {
					return up.off(decl.End())
				}
			}
		}
		break
	}
	return len(up.src)
}

func isNew(u unit, idx *pkgIndex) bool {
	if len(u.keys) == 0 {
		return false
	}
	_, ok := idx.decls[u.keys[0]]
	return !ok
}

func declKeys(decl ast.Decl) []string {
	switch d := decl.(type) {
	case *ast.FuncDecl:
		return []string{funcKey(d)}
	case *ast.GenDecl:
		var keys []string
		for _, s := range d.Specs {
			keys = append(keys, specKeys(s)...)
		}
		return keys
	}
	return nil
}

// upstreamSpec returns the spec of a parenthesized declaration of up that declares keys[0].
func upstreamSpec(up *goFile, keys []string) ast.Spec {
	if len(keys) == 0 {
		return nil
	}
	for _, decl := range up.file.Decls {
		d, ok := decl.(*ast.GenDecl)
		if !ok || !d.Lparen.IsValid() {
			continue
		}
		for _, s := range d.Specs {
			for _, k := range specKeys(s) {
				if k == keys[0] {
					return s
				}
			}
		}
	}
	return nil
}

func specStart(spec ast.Spec) ast.Node {
	switch s := spec.(type) {
	case *ast.ValueSpec:
		if s.Doc != nil {
			return s.Doc
		}
	case *ast.TypeSpec:
		if s.Doc != nil {
			return s.Doc
		}
	}
	return spec
}

// mergeFields adds the fields of our struct type u that upstream's same-named struct lacks,
// each after the field preceding it in ours when upstream has that one, else at the end.
// Protobuf numbers not above upstream's highest in the struct are renumbered above it.
func mergeFields(fe *fileEdits, ours *goFile, u unit, idx *pkgIndex, skip map[string]bool, report *mergeReport) error {
	ts, ok := u.node.(*ast.TypeSpec)
	if !ok {
		if d, isGen := u.node.(*ast.GenDecl); isGen {
			ts, ok = d.Specs[0].(*ast.TypeSpec)
		}
	}
	if !ok {
		return nil
	}
	ourStruct, ok := ts.Type.(*ast.StructType)
	if !ok {
		return nil
	}
	up, err := fe.file(idx.decls[ts.Name.Name])
	if err != nil {
		return err
	}
	upStruct := up.structType(ts.Name.Name)
	if upStruct == nil {
		return nil
	}
	have := map[string]*ast.Field{}
	maxNumber := 0
	for _, f := range upStruct.Fields.List {
		have[fieldKey(f)] = f
		if n := protobufNumber(f); n > maxNumber {
			maxNumber = n
		}
	}
	next := maxNumber
	var prev *ast.Field
	for _, f := range ourStruct.Fields.List {
		key := fieldKey(f)
		name := ts.Name.Name + "." + key
		if _, ok := have[key]; ok {
			prev = have[key]
			if carryKeys(fe, up, f, prev) {
				report.keyed = append(report.keyed, name)
			}
			continue
		}
		if skip[name] {
			continue
		}
		start, end := ours.off(f.Pos()), ours.off(f.End())
		if f.Doc != nil {
			start = ours.off(f.Doc.Pos())
		}
		if f.Comment != nil {
			end = ours.off(f.Comment.End())
		}
		s := ours.takeSnippet(start, end, f)
		if n := protobufNumber(f); n > 0 && n <= maxNumber {
			next++
			s.text = renumber(s.text, n, next)
			report.renumbered = append(report.renumbered, fmt.Sprintf("%s %d→%d", name, n, next))
		} else if n > next {
			next = n
		}
		at := up.off(upStruct.Fields.Closing)
		before := ""
		if prev != nil {
			at = up.lineEnd(up.off(prev.End()))
			before = "\n"
		} else {
			at = up.lineStart(at)
		}
		after := ""
		if prev == nil {
			after = "\n"
		}
		if err := fe.insert(up, at, s, before, after); err != nil {
			return err
		}
		report.fields = append(report.fields, name)
	}
	return nil
}

var protobufTag = regexp.MustCompile(`protobuf:"[a-z0-9]+,([0-9]+),`)

func protobufNumber(f *ast.Field) int {
	if f.Tag == nil {
		return 0
	}
	m := protobufTag.FindStringSubmatch(f.Tag.Value)
	if m == nil {
		return 0
	}
	n, _ := strconv.Atoi(m[1])
	return n
}

func renumber(text string, from, to int) string {
	return protobufTag.ReplaceAllStringFunc(text, func(tag string) string {
		return strings.Replace(tag, ","+strconv.Itoa(from)+",", ","+strconv.Itoa(to)+",", 1)
	})
}
