// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Package signatures prints the signatures of a package's top-level functions and methods in a
// form that compares across module paths: parameter names dropped, package qualifiers replaced by
// import paths, this project's module path replaced by gardener/gardener's. The docs suite and
// hack/check-upstream-signatures.sh use it to hold functions that exist in gardener/gardener to
// upstream's signatures.
package signatures

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/build"
	"go/parser"
	"go/printer"
	"go/token"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

const (
	// Module is this project's module path.
	Module = "github.com/gep-78/gardener"
	// UpstreamModule is gardener/gardener's module path.
	UpstreamModule = "github.com/gardener/gardener"
)

// Func is one top-level function or method.
type Func struct {
	// Key is "Name" for a function and "Type.Name" for a method (Type without type parameters).
	Key string
	// Signature is "func[(*Type)][TypeParams](param types) result types", e.g.
	// "func(*github.com/gardener/gardener/pkg/apis/core/v1beta1.Shoot, time.Time) bool".
	Signature string
}

// Exported reports whether both the function (or method) and its receiver type are exported.
func (f Func) Exported() bool {
	for _, part := range strings.Split(f.Key, ".") {
		if !ast.IsExported(part) {
			return false
		}
	}
	return true
}

// Dir returns the functions of the Go package in dir: the non-test files that
// build.Default would build, sorted by Key. A key that occurs twice (files for different build
// tags) keeps the first file's signature in file-name order. For a folder of API types (its path
// contains "pkg/apis/") it also returns their fields (Fields).
func Dir(dir string) ([]Func, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	files := map[string][]byte{}
	for _, entry := range entries {
		name := entry.Name()
		if entry.IsDir() || !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			continue
		}
		if ok, err := build.Default.MatchFile(dir, name); err != nil || !ok {
			continue
		}
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			return nil, err
		}
		files[name] = data
	}
	funcs, err := Files(files)
	if err != nil || !strings.Contains(filepath.ToSlash(dir), "pkg/apis/") {
		return funcs, err
	}
	fields, err := Fields(files)
	if err != nil {
		return nil, err
	}
	funcs = append(funcs, fields...)
	sort.Slice(funcs, func(i, j int) bool { return funcs[i].Key < funcs[j].Key })
	return funcs, nil
}

// Fields returns the fields of the struct types of one package given as file name → source, as
// Funcs keyed "Type.Field" (an embedded field by its type's name) whose Signature is
// "field <type>" and, for a field with a tag, the tag: `field string json:"name,omitempty"`. Go
// keeps field and method names of a type apart, so the keys do not clash with methods. Generated
// files are skipped, as in Files.
func Fields(files map[string][]byte) ([]Func, error) {
	fset := token.NewFileSet()
	var fields []Func
	for _, name := range handWritten(files) {
		file, err := parser.ParseFile(fset, name, files[name], parser.SkipObjectResolution)
		if err != nil {
			return nil, err
		}
		imports := importPaths(file)
		for _, decl := range file.Decls {
			gen, ok := decl.(*ast.GenDecl)
			if !ok {
				continue
			}
			for _, spec := range gen.Specs {
				ts, ok := spec.(*ast.TypeSpec)
				if !ok {
					continue
				}
				st, ok := ts.Type.(*ast.StructType)
				if !ok {
					continue
				}
				for _, field := range st.Fields.List {
					typ, err := typeString(fset, field.Type, imports)
					if err != nil {
						return nil, fmt.Errorf("%s: %w", name, err)
					}
					sig := "field " + typ
					if field.Tag != nil {
						tag, err := strconv.Unquote(field.Tag.Value)
						if err != nil {
							return nil, fmt.Errorf("%s: tag of %s: %w", name, ts.Name.Name, err)
						}
						if tag = normalizeTag(tag); tag != "" {
							sig += " " + tag
						}
					}
					names := make([]string, 0, len(field.Names))
					for _, n := range field.Names {
						names = append(names, n.Name)
					}
					if len(names) == 0 {
						names = append(names, embeddedName(field.Type))
					}
					for _, n := range names {
						fields = append(fields, Func{Key: ts.Name.Name + "." + n, Signature: sig})
					}
				}
			}
		}
	}
	sort.Slice(fields, func(i, j int) bool { return fields[i].Key < fields[j].Key })
	return fields, nil
}

// tagPair is one key:"value" pair of a struct tag.
var tagPair = regexp.MustCompile(`([A-Za-z0-9_]+):"((?:[^"\\]|\\.)*)"`)

// normalizeTag returns a struct tag with its pairs sorted by key and, of the protobuf tag, only
// the wire type, field number and name: what the generated marshalling reads (go-to-protobuf
// writes "opt", "rep" and "req" inconsistently in hand-written types).
func normalizeTag(tag string) string {
	var pairs []string
	for _, m := range tagPair.FindAllStringSubmatch(tag, -1) {
		value := m[2]
		if m[1] == "protobuf" {
			var kept []string
			for i, part := range strings.Split(value, ",") {
				if i < 2 || strings.HasPrefix(part, "name=") {
					kept = append(kept, part)
				}
			}
			value = strings.Join(kept, ",")
		}
		pairs = append(pairs, m[1]+`:"`+value+`"`)
	}
	sort.Strings(pairs)
	return strings.Join(pairs, " ")
}

// embeddedName is the field name of an embedded field of type expr.
func embeddedName(expr ast.Expr) string {
	switch t := expr.(type) {
	case *ast.StarExpr:
		return embeddedName(t.X)
	case *ast.SelectorExpr:
		return t.Sel.Name
	case *ast.IndexExpr:
		return embeddedName(t.X)
	case *ast.Ident:
		return t.Name
	}
	return ""
}

// handWritten returns the names of files sorted, without those a generator wrote ("Code
// generated ... DO NOT EDIT." in the first 1024 bytes).
func handWritten(files map[string][]byte) []string {
	names := make([]string, 0, len(files))
	for name, data := range files {
		if head := data[:min(len(data), 1024)]; bytes.Contains(head, []byte("Code generated")) && bytes.Contains(head, []byte("DO NOT EDIT.")) {
			continue
		}
		names = append(names, name)
	}
	sort.Strings(names)
	return names
}

// Files returns the functions of one package given as file name → source, sorted by Key. Files
// a generator wrote ("Code generated ... DO NOT EDIT." in the first 1024 bytes) are skipped: their
// signatures follow from the types and the generator's version.
func Files(files map[string][]byte) ([]Func, error) {
	names := handWritten(files)
	fset := token.NewFileSet()
	seen := map[string]bool{}
	var funcs []Func
	for _, name := range names {
		file, err := parser.ParseFile(fset, name, files[name], parser.SkipObjectResolution)
		if err != nil {
			return nil, err
		}
		imports := importPaths(file)
		for _, decl := range file.Decls {
			fn, ok := decl.(*ast.FuncDecl)
			if !ok {
				continue
			}
			f, err := describe(fset, fn, imports)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", name, err)
			}
			if !seen[f.Key] {
				seen[f.Key] = true
				funcs = append(funcs, f)
			}
		}
	}
	sort.Slice(funcs, func(i, j int) bool { return funcs[i].Key < funcs[j].Key })
	return funcs, nil
}

// majorSuffix is the major-version element of an import path ("/v3") or of its last element
// ("yaml.v3").
var majorSuffix = regexp.MustCompile(`(/v[0-9]+|\.v[0-9]+)$`)

// importPaths maps the names a file uses for its imports to their paths, with the module path
// rewritten. An import without a name is assumed to be used by the last element of its path
// (without a major-version suffix or a "go-" prefix).
func importPaths(file *ast.File) map[string]string {
	paths := map[string]string{}
	for _, spec := range file.Imports {
		p, err := strconv.Unquote(spec.Path.Value)
		if err != nil {
			continue
		}
		p = RewriteModule(p)
		name := path.Base(majorSuffix.ReplaceAllString(p, ""))
		name = strings.TrimPrefix(name, "go-")
		if spec.Name != nil {
			name = spec.Name.Name
		}
		if name != "_" && name != "." {
			paths[name] = p
		}
	}
	return paths
}

// RewriteModule replaces this project's module path at the start of an import path by
// gardener/gardener's.
func RewriteModule(importPath string) string {
	if importPath == Module || strings.HasPrefix(importPath, Module+"/") {
		return UpstreamModule + strings.TrimPrefix(importPath, Module)
	}
	return importPath
}

// describe returns the Key and Signature of fn.
func describe(fset *token.FileSet, fn *ast.FuncDecl, imports map[string]string) (Func, error) {
	f := Func{Key: fn.Name.Name}
	var sig strings.Builder
	sig.WriteString("func")
	if fn.Recv != nil && len(fn.Recv.List) == 1 {
		recv := fn.Recv.List[0].Type
		pointer := ""
		if star, ok := recv.(*ast.StarExpr); ok {
			pointer, recv = "*", star.X
		}
		switch t := recv.(type) {
		case *ast.IndexExpr:
			recv = t.X
		case *ast.IndexListExpr:
			recv = t.X
		}
		if ident, ok := recv.(*ast.Ident); ok {
			f.Key = ident.Name + "." + fn.Name.Name
			sig.WriteString("(" + pointer + ident.Name + ")")
		}
	}
	if fn.Type.TypeParams != nil {
		list, err := fieldList(fset, fn.Type.TypeParams, imports, true)
		if err != nil {
			return f, err
		}
		sig.WriteString("[" + list + "]")
	}
	params, err := fieldList(fset, fn.Type.Params, imports, false)
	if err != nil {
		return f, err
	}
	sig.WriteString("(" + params + ")")
	if fn.Type.Results != nil && len(fn.Type.Results.List) > 0 {
		results, err := fieldList(fset, fn.Type.Results, imports, false)
		if err != nil {
			return f, err
		}
		if len(fn.Type.Results.List) == 1 && len(fn.Type.Results.List[0].Names) <= 1 {
			sig.WriteString(" " + results)
		} else {
			sig.WriteString(" (" + results + ")")
		}
	}
	f.Signature = sig.String()
	return f, nil
}

// fieldList prints the types of a parameter or result list, one per name and without the names;
// with keepNames (type parameters) it prints "name constraint" pairs.
func fieldList(fset *token.FileSet, list *ast.FieldList, imports map[string]string, keepNames bool) (string, error) {
	var parts []string
	for _, field := range list.List {
		typ, err := typeString(fset, field.Type, imports)
		if err != nil {
			return "", err
		}
		n := max(len(field.Names), 1)
		for i := 0; i < n; i++ {
			if keepNames && len(field.Names) > 0 {
				parts = append(parts, field.Names[i].Name+" "+typ)
			} else {
				parts = append(parts, typ)
			}
		}
	}
	return strings.Join(parts, ", "), nil
}

// typeString prints expr with every package qualifier replaced by its import path.
func typeString(fset *token.FileSet, expr ast.Expr, imports map[string]string) (string, error) {
	qualified := qualify(expr, imports)
	var buf bytes.Buffer
	if err := printer.Fprint(&buf, fset, qualified); err != nil {
		return "", err
	}
	return strings.Join(strings.Fields(buf.String()), " "), nil
}

// qualify returns a copy of the type expression expr whose selector qualifiers (pkg.Type) name
// the import path instead of the file's import name. Literal values in array lengths stay.
func qualify(expr ast.Expr, imports map[string]string) ast.Expr {
	switch t := expr.(type) {
	case nil:
		return nil
	case *ast.SelectorExpr:
		if ident, ok := t.X.(*ast.Ident); ok {
			if p, ok := imports[ident.Name]; ok {
				return &ast.SelectorExpr{X: ast.NewIdent(p), Sel: ast.NewIdent(t.Sel.Name)}
			}
		}
		return &ast.SelectorExpr{X: qualify(t.X, imports), Sel: ast.NewIdent(t.Sel.Name)}
	case *ast.StarExpr:
		return &ast.StarExpr{X: qualify(t.X, imports)}
	case *ast.ArrayType:
		return &ast.ArrayType{Len: t.Len, Elt: qualify(t.Elt, imports)}
	case *ast.MapType:
		return &ast.MapType{Key: qualify(t.Key, imports), Value: qualify(t.Value, imports)}
	case *ast.ChanType:
		return &ast.ChanType{Dir: t.Dir, Value: qualify(t.Value, imports)}
	case *ast.Ellipsis:
		return &ast.Ellipsis{Elt: qualify(t.Elt, imports)}
	case *ast.ParenExpr:
		return qualify(t.X, imports)
	case *ast.IndexExpr:
		return &ast.IndexExpr{X: qualify(t.X, imports), Index: qualify(t.Index, imports)}
	case *ast.IndexListExpr:
		indices := make([]ast.Expr, len(t.Indices))
		for i, index := range t.Indices {
			indices[i] = qualify(index, imports)
		}
		return &ast.IndexListExpr{X: qualify(t.X, imports), Indices: indices}
	case *ast.FuncType:
		return &ast.FuncType{TypeParams: qualifyFields(t.TypeParams, imports, true), Params: qualifyFields(t.Params, imports, false), Results: qualifyFields(t.Results, imports, false)}
	case *ast.StructType:
		return &ast.StructType{Fields: qualifyFields(t.Fields, imports, true)}
	case *ast.InterfaceType:
		return &ast.InterfaceType{Methods: qualifyFields(t.Methods, imports, true)}
	case *ast.UnaryExpr:
		return &ast.UnaryExpr{Op: t.Op, X: qualify(t.X, imports)}
	case *ast.BinaryExpr:
		return &ast.BinaryExpr{X: qualify(t.X, imports), Op: t.Op, Y: qualify(t.Y, imports)}
	default:
		return expr
	}
}

// qualifyFields qualifies the types of a field list; names stay only with keepNames (struct
// fields, interface methods, type parameters), as they are part of those types.
func qualifyFields(list *ast.FieldList, imports map[string]string, keepNames bool) *ast.FieldList {
	if list == nil {
		return nil
	}
	out := &ast.FieldList{}
	for _, field := range list.List {
		n := max(len(field.Names), 1)
		for i := 0; i < n; i++ {
			f := &ast.Field{Type: qualify(field.Type, imports), Tag: field.Tag}
			if keepNames && len(field.Names) > 0 {
				f.Names = []*ast.Ident{ast.NewIdent(field.Names[i].Name)}
			}
			out.List = append(out.List, f)
		}
	}
	return out
}
