// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package main

import (
	"bytes"
	"go/ast"
	"go/parser"
	"go/token"
	"strings"
)

// stats counts the lines of hand-written Go code.
type stats struct {
	files, nonBlank, comment int
}

func (s *stats) add(o stats) {
	s.files += o.files
	s.nonBlank += o.nonBlank
	s.comment += o.comment
}

// density is comment lines per non-blank line.
func (s stats) density() float64 {
	if s.nonBlank == 0 {
		return 0
	}
	return float64(s.comment) / float64(s.nonBlank)
}

// longDoc is a doc comment of more than the allowed number of lines.
type longDoc struct {
	line  int
	name  string
	lines int
}

// measure counts the non-blank and comment lines of a Go file and returns its doc comments longer
// than maxDoc lines. The license header (the comments before the package doc and clause) and
// directives (//go:, //nolint, // +marker) count as neither. generated is true for a file with the
// "Code generated ... DO NOT EDIT." line, which is not measured.
func measure(src []byte, maxDoc int) (s stats, long []longDoc, generated bool, err error) {
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "", src, parser.ParseComments)
	if err != nil {
		return stats{}, nil, false, err
	}
	if ast.IsGenerated(file) {
		return stats{}, nil, true, nil
	}
	line := func(p token.Pos) int { return fset.Position(p).Line }

	header := 0 // the last line of the license header
	for _, group := range file.Comments {
		if group == file.Doc || group.Pos() >= file.Package {
			break
		}
		header = line(group.End())
	}

	commentLines := map[int]bool{}
	for _, group := range file.Comments {
		for _, c := range group.List {
			if line(c.Pos()) <= header || isDirective(c.Text) {
				continue
			}
			for l := line(c.Pos()); l <= line(c.End()); l++ {
				commentLines[l] = true
			}
		}
	}

	s.files = 1
	for i, text := range bytes.Split(src, []byte("\n")) {
		if i+1 > header && len(bytes.TrimSpace(text)) > 0 {
			s.nonBlank++
		}
	}
	s.comment = len(commentLines)

	check := func(doc *ast.CommentGroup, name string) {
		if doc == nil {
			return
		}
		if n := line(doc.End()) - line(doc.Pos()) + 1; n > maxDoc {
			long = append(long, longDoc{line: line(doc.Pos()), name: name, lines: n})
		}
	}
	check(file.Doc, "package "+file.Name.Name)
	for _, decl := range file.Decls {
		switch d := decl.(type) {
		case *ast.FuncDecl:
			check(d.Doc, funcName(d))
		case *ast.GenDecl:
			if d.Lparen == token.NoPos {
				check(d.Doc, specName(d.Specs[0]))
			} else {
				check(d.Doc, d.Tok.String()+" (...)")
			}
			for _, spec := range d.Specs {
				switch sp := spec.(type) {
				case *ast.TypeSpec:
					if d.Lparen != token.NoPos {
						check(sp.Doc, specName(sp))
					}
					checkFields(sp, check)
				case *ast.ValueSpec:
					if d.Lparen != token.NoPos {
						check(sp.Doc, specName(sp))
					}
				}
			}
		}
	}
	return s, long, false, nil
}

// checkFields checks the doc comments of a struct's fields and an interface's methods.
func checkFields(spec *ast.TypeSpec, check func(*ast.CommentGroup, string)) {
	var fields *ast.FieldList
	switch t := spec.Type.(type) {
	case *ast.StructType:
		fields = t.Fields
	case *ast.InterfaceType:
		fields = t.Methods
	}
	if fields == nil {
		return
	}
	for _, f := range fields.List {
		name := spec.Name.Name
		if len(f.Names) > 0 {
			name += "." + f.Names[0].Name
		}
		check(f.Doc, name)
	}
}

func isDirective(text string) bool {
	for _, prefix := range []string{"//go:", "//nolint", "// +", "//+"} {
		if strings.HasPrefix(text, prefix) {
			return true
		}
	}
	return false
}

func funcName(d *ast.FuncDecl) string {
	if d.Recv == nil || len(d.Recv.List) == 0 {
		return "func " + d.Name.Name
	}
	t := d.Recv.List[0].Type
	if star, ok := t.(*ast.StarExpr); ok {
		t = star.X
	}
	if index, ok := t.(*ast.IndexExpr); ok {
		t = index.X
	}
	if index, ok := t.(*ast.IndexListExpr); ok {
		t = index.X
	}
	if ident, ok := t.(*ast.Ident); ok {
		return "func (" + ident.Name + ") " + d.Name.Name
	}
	return "func " + d.Name.Name
}

func specName(spec ast.Spec) string {
	switch s := spec.(type) {
	case *ast.TypeSpec:
		return "type " + s.Name.Name
	case *ast.ValueSpec:
		return s.Names[0].Name
	case *ast.ImportSpec:
		return "import"
	}
	return ""
}
