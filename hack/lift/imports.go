// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package main

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/format"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"golang.org/x/tools/go/ast/astutil"
)

// importName is the name an import binds: its explicit name, else guessed from the path.
func importName(spec *ast.ImportSpec) string {
	if spec.Name != nil {
		return spec.Name.Name
	}
	path, _ := strconv.Unquote(spec.Path.Value)
	return defaultName(path)
}

var majorVersion = regexp.MustCompile(`^v[0-9]+$`)

// defaultName guesses the package name of an import path: its last element without a major
// version, a "go-" prefix or a ".vN" suffix.
func defaultName(path string) string {
	elems := strings.Split(path, "/")
	name := elems[len(elems)-1]
	if majorVersion.MatchString(name) && len(elems) > 1 {
		name = elems[len(elems)-2]
	}
	if i := strings.Index(name, ".v"); i > 0 {
		name = name[:i]
	}
	name = strings.TrimPrefix(name, "go-")
	name = strings.TrimSuffix(name, "-go")
	return strings.ReplaceAll(name, "-", "_")
}

// imports maps the names f's imports bind to their paths.
func (f *goFile) imports() map[string]string {
	names := map[string]string{}
	for _, spec := range f.file.Imports {
		path, _ := strconv.Unquote(spec.Path.Value)
		names[importName(spec)] = path
	}
	return names
}

// importRefs returns, per import name of f, the offsets of the identifiers in node that refer
// to that import (the X of a selector that no declaration of the file shadows).
func (f *goFile) importRefs(node ast.Node) map[string][]int {
	names := f.imports()
	refs := map[string][]int{}
	ast.Inspect(node, func(n ast.Node) bool {
		sel, ok := n.(*ast.SelectorExpr)
		if !ok {
			return true
		}
		if id, ok := sel.X.(*ast.Ident); ok && id.Obj == nil {
			if _, ok := names[id.Name]; ok {
				refs[id.Name] = append(refs[id.Name], f.off(id.Pos()))
			}
		}
		return true
	})
	return refs
}

// snippet is text taken from one of our files, with the imports it refers to.
type snippet struct {
	text string
	// refs are the offsets in text of identifiers naming an import, per import name.
	refs map[string][]int
	// paths maps those import names to their paths.
	paths map[string]string
	// dots are our dot imports, when the text may use their names.
	dots []string
}

// takeSnippet cuts [start,end) from f with the import references of the nodes in it.
func (f *goFile) takeSnippet(start, end int, nodes ...ast.Node) snippet {
	s := snippet{text: string(f.src[start:end]), refs: map[string][]int{}, paths: map[string]string{}}
	names := f.imports()
	for _, n := range nodes {
		for name, offsets := range f.importRefs(n) {
			for _, o := range offsets {
				s.refs[name] = append(s.refs[name], o-start)
			}
			s.paths[name] = names[name]
		}
	}
	if f.usesForeignNames(nodes...) {
		for _, spec := range f.file.Imports {
			if spec.Name != nil && spec.Name.Name == "." {
				path, _ := strconv.Unquote(spec.Path.Value)
				s.dots = append(s.dots, path)
			}
		}
	}
	return s
}

// usesForeignNames reports whether the nodes use an exported name that f does not declare
// (which a dot import may provide).
func (f *goFile) usesForeignNames(nodes ...ast.Node) bool {
	declared := map[string]bool{}
	for _, u := range f.units() {
		for _, k := range u.keys {
			declared[k] = true
		}
	}
	found := false
	for _, node := range nodes {
		ast.Inspect(node, func(n ast.Node) bool {
			switch x := n.(type) {
			case *ast.SelectorExpr:
				ast.Inspect(x.X, func(m ast.Node) bool {
					if id, ok := m.(*ast.Ident); ok && id.Obj == nil && ast.IsExported(id.Name) && !declared[id.Name] {
						found = true
					}
					return !found
				})
				return false
			case *ast.KeyValueExpr:
				ast.Inspect(x.Value, func(m ast.Node) bool {
					if id, ok := m.(*ast.Ident); ok && id.Obj == nil && ast.IsExported(id.Name) && !declared[id.Name] {
						found = true
					}
					return !found
				})
				return false
			case *ast.Ident:
				if x.Obj == nil && ast.IsExported(x.Name) && !declared[x.Name] {
					found = true
				}
			}
			return !found
		})
	}
	return found
}

// joinSnippets concatenates parts between head and tail, separated by sep.
func joinSnippets(head string, parts []snippet, sep, tail string) snippet {
	out := snippet{text: head, refs: map[string][]int{}, paths: map[string]string{}}
	for i, p := range parts {
		if i > 0 {
			out.text += sep
		}
		for name, offsets := range p.refs {
			for _, o := range offsets {
				out.refs[name] = append(out.refs[name], o+len(out.text))
			}
			out.paths[name] = p.paths[name]
		}
		out.dots = append(out.dots, p.dots...)
		out.text += p.text
	}
	out.text += tail
	return out
}

// importSet collects the imports a file needs for the snippets inserted into it.
type importSet map[string]string // path → name

// adapt renames the import references of s to the names target binds to the same paths, and
// records the imports target lacks in need. It fails when target binds a name s uses to
// another path.
func (s snippet) adapt(target *goFile, need importSet) (string, error) {
	bound := target.imports()
	byPath := map[string]string{}
	for name, path := range bound {
		byPath[path] = name
	}
	type rename struct {
		offset   int
		from, to string
	}
	var renames []rename
	for name, offsets := range s.refs {
		path := s.paths[name]
		have, ok := byPath[path]
		if !ok {
			have, ok = need[path]
		}
		if !ok {
			have = name
			if taken(bound, need, name, path) {
				// Upstream's file binds the name to another package: import ours under an alias.
				have = importAlias(path, bound, need)
			}
			need[path] = have
		}
		if have != name {
			for _, o := range offsets {
				renames = append(renames, rename{o, name, have})
			}
		}
	}
	for _, path := range s.dots {
		if byPath[path] != "." {
			need[path] = "."
		}
	}
	sort.Slice(renames, func(i, j int) bool { return renames[i].offset > renames[j].offset })
	text := s.text
	for _, r := range renames {
		text = text[:r.offset] + r.to + text[r.offset+len(r.from):]
	}
	return text, nil
}

// taken reports whether name is bound, or needed, for another path than path.
func taken(bound map[string]string, need importSet, name, path string) bool {
	if other, ok := bound[name]; ok && other != path {
		return true
	}
	for p, n := range need {
		if n == name && p != path {
			return true
		}
	}
	return false
}

// importAlias names path after its package and the closest element before it that is not
// "pkg" (github.com/gardener/gardener/pkg/features: gardenerfeatures), as Gardener's aliases do.
func importAlias(path string, bound map[string]string, need importSet) string {
	name := defaultName(path)
	elems := strings.Split(path, "/")
	alias := name
	for i := len(elems) - 2; i >= 0 && taken(bound, need, alias, path); i-- {
		if elems[i] != "pkg" {
			alias = strings.NewReplacer("-", "", ".", "", "_", "").Replace(elems[i]) + alias
		}
	}
	return alias
}

// addImports formats src and adds the imports of need to it.
func addImports(path string, src []byte, need importSet) ([]byte, error) {
	f, err := parseGo(path, src)
	if err != nil {
		return nil, fmt.Errorf("merged %s does not parse: %w", path, err)
	}
	paths := make([]string, 0, len(need))
	for p := range need {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	for _, p := range paths {
		name := need[p]
		if name == defaultName(p) {
			name = ""
		}
		astutil.AddNamedImport(f.fset, f.file, name, p)
	}
	var out bytes.Buffer
	if err := format.Node(&out, f.fset, f.file); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}

// dropUnusedImports removes the imports of src that no selector refers to.
func dropUnusedImports(path string, src []byte) ([]byte, error) {
	f, err := parseGo(path, src)
	if err != nil {
		return nil, err
	}
	used := f.importRefs(f.file)
	changed := false
	for _, spec := range append([]*ast.ImportSpec(nil), f.file.Imports...) {
		name := importName(spec)
		if name == "_" || name == "." {
			continue
		}
		if _, ok := used[name]; !ok {
			p, _ := strconv.Unquote(spec.Path.Value)
			var explicit string
			if spec.Name != nil {
				explicit = spec.Name.Name
			}
			astutil.DeleteNamedImport(f.fset, f.file, explicit, p)
			changed = true
		}
	}
	if !changed {
		return src, nil
	}
	var out bytes.Buffer
	if err := format.Node(&out, f.fset, f.file); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}
