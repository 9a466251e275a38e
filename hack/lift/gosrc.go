// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package main

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// goFile is a parsed Go source and its text.
type goFile struct {
	path string
	src  []byte
	fset *token.FileSet
	file *ast.File
}

func parseGo(path string, src []byte) (*goFile, error) {
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, path, src, parser.ParseComments)
	if err != nil {
		return nil, err
	}
	return &goFile{path: path, src: src, fset: fset, file: file}, nil
}

func readGo(path string) (*goFile, error) {
	src, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return parseGo(path, src)
}

func (f *goFile) off(p token.Pos) int { return f.fset.Position(p).Offset }

func (f *goFile) text(n ast.Node) string { return string(f.src[f.off(n.Pos()):f.off(n.End())]) }

// lineEnd returns the offset of the end of the line at offset (before its newline) when only
// blanks, a comma or a comment follow offset on that line; else offset itself.
func (f *goFile) lineEnd(offset int) int {
	i := offset
	for i < len(f.src) && (f.src[i] == ' ' || f.src[i] == '\t' || f.src[i] == ',') {
		i++
	}
	if i < len(f.src) && f.src[i] == '\n' {
		return i
	}
	if bytes.HasPrefix(f.src[i:], []byte("//")) {
		if j := bytes.IndexByte(f.src[i:], '\n'); j >= 0 {
			return i + j
		}
		return len(f.src)
	}
	return offset
}

// lineStart returns the offset of the start of the line holding offset.
func (f *goFile) lineStart(offset int) int {
	return bytes.LastIndexByte(f.src[:offset], '\n') + 1
}

// unit is a top-level declaration as it is moved: a function, a declaration without
// parentheses, or one spec of a parenthesized declaration.
type unit struct {
	keys []string
	node ast.Node
	doc  *ast.CommentGroup
	// group is the parenthesized declaration holding the spec, if any.
	group *ast.GenDecl
	// comment is a spec's trailing line comment.
	comment *ast.CommentGroup
}

// span returns the offsets of u with its doc comment and trailing comment.
func (f *goFile) span(u unit) (int, int) {
	start, end := f.off(u.node.Pos()), f.off(u.node.End())
	if u.doc != nil {
		start = f.off(u.doc.Pos())
	}
	if u.comment != nil {
		end = f.off(u.comment.End())
	}
	return start, end
}

func (f *goFile) unitText(u unit) string {
	start, end := f.span(u)
	return string(f.src[start:end])
}

// units lists the top-level declarations of f in source order (imports left out).
func (f *goFile) units() []unit {
	var units []unit
	for _, decl := range f.file.Decls {
		switch d := decl.(type) {
		case *ast.FuncDecl:
			units = append(units, unit{keys: []string{funcKey(d)}, node: d, doc: d.Doc})
		case *ast.GenDecl:
			if d.Tok == token.IMPORT {
				continue
			}
			if !d.Lparen.IsValid() {
				units = append(units, unit{keys: specKeys(d.Specs[0]), node: d, doc: d.Doc})
				continue
			}
			for _, spec := range d.Specs {
				u := unit{keys: specKeys(spec), node: spec, group: d}
				switch s := spec.(type) {
				case *ast.ValueSpec:
					u.doc, u.comment = s.Doc, s.Comment
				case *ast.TypeSpec:
					u.doc, u.comment = s.Doc, s.Comment
				}
				units = append(units, u)
			}
		}
	}
	return units
}

// funcKey is a function's name, or "Recv.Name" for a method.
func funcKey(d *ast.FuncDecl) string {
	if d.Recv == nil || len(d.Recv.List) == 0 {
		return d.Name.Name
	}
	return recvName(d.Recv.List[0].Type) + "." + d.Name.Name
}

func recvName(expr ast.Expr) string {
	switch t := expr.(type) {
	case *ast.StarExpr:
		return recvName(t.X)
	case *ast.IndexExpr:
		return recvName(t.X)
	case *ast.IndexListExpr:
		return recvName(t.X)
	case *ast.Ident:
		return t.Name
	}
	return ""
}

func specKeys(spec ast.Spec) []string {
	switch s := spec.(type) {
	case *ast.TypeSpec:
		return []string{s.Name.Name}
	case *ast.ValueSpec:
		var keys []string
		for _, n := range s.Names {
			if n.Name != "_" {
				keys = append(keys, n.Name)
			}
		}
		return keys
	}
	return nil
}

// pkgIndex maps the top-level declarations of one package to the file declaring them.
type pkgIndex struct {
	name  string
	files map[string]*goFile
	decls map[string]string
}

// indexPackage parses the Go files of dir that belong to package name (test files when test is
// set, the others when not); a missing folder gives an empty index.
func indexPackage(dir, name string, test bool) (*pkgIndex, error) {
	idx := &pkgIndex{name: name, files: map[string]*goFile{}, decls: map[string]string{}}
	entries, err := os.ReadDir(dir)
	if os.IsNotExist(err) {
		return idx, nil
	}
	if err != nil {
		return nil, err
	}
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(e.Name(), ".go") || strings.HasSuffix(e.Name(), "_test.go") != test {
			continue
		}
		f, err := readGo(filepath.Join(dir, e.Name()))
		if err != nil {
			return nil, err
		}
		if f.file.Name.Name != name {
			continue
		}
		idx.files[f.path] = f
		for _, u := range f.units() {
			for _, k := range u.keys {
				idx.decls[k] = f.path
			}
		}
	}
	return idx, nil
}

// structType returns the struct type named name in f, if any.
func (f *goFile) structType(name string) *ast.StructType {
	var found *ast.StructType
	ast.Inspect(f.file, func(n ast.Node) bool {
		if ts, ok := n.(*ast.TypeSpec); ok && ts.Name.Name == name {
			found, _ = ts.Type.(*ast.StructType)
			return false
		}
		return found == nil
	})
	return found
}

// fieldKey is a field's first name, or the type name of an embedded field.
func fieldKey(field *ast.Field) string {
	if len(field.Names) > 0 {
		return field.Names[0].Name
	}
	t := field.Type
	if s, ok := t.(*ast.StarExpr); ok {
		t = s.X
	}
	switch x := t.(type) {
	case *ast.SelectorExpr:
		return x.Sel.Name
	case *ast.Ident:
		return x.Name
	}
	return ""
}

// edit inserts text at an offset of a file, in place of the cut bytes there.
type edit struct {
	offset int
	cut    int
	text   string
}

// applyEdits inserts the texts into src; texts at the same offset keep their order.
func applyEdits(src []byte, edits []edit) []byte {
	sort.SliceStable(edits, func(i, j int) bool { return edits[i].offset < edits[j].offset })
	var out bytes.Buffer
	last := 0
	for _, e := range edits {
		out.Write(src[last:e.offset])
		out.WriteString(e.text)
		last = e.offset + e.cut
	}
	out.Write(src[last:])
	return out.Bytes()
}

// findFunc returns the function or method of f with key funcKey.
func (f *goFile) findFunc(key string) *ast.FuncDecl {
	for _, decl := range f.file.Decls {
		if d, ok := decl.(*ast.FuncDecl); ok && funcKey(d) == key {
			return d
		}
	}
	return nil
}

// findDecl returns the function, or the value spec of a variable, named key.
func (f *goFile) findDecl(key string) (ast.Node, error) {
	if d := f.findFunc(key); d != nil {
		return d, nil
	}
	for _, decl := range f.file.Decls {
		d, ok := decl.(*ast.GenDecl)
		if !ok || d.Tok != token.VAR {
			continue
		}
		for _, spec := range d.Specs {
			for _, n := range spec.(*ast.ValueSpec).Names {
				if n.Name == key {
					return spec, nil
				}
			}
		}
	}
	return nil, fmt.Errorf("%s: no function or variable %s", f.path, key)
}
