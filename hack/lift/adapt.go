// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package main

import (
	"fmt"
	"go/ast"
	"go/format"
	"sort"
)

// dropFirstParameter removes the first parameter of the functions and methods of f named in
// names, and the first argument of calls of them, and the imports that no longer have a use.
func dropFirstParameter(f *goFile, names []string) ([]byte, error) {
	named := map[string]bool{}
	for _, n := range names {
		named[n] = true
	}
	type cut struct{ start, end int }
	var cuts []cut
	// cutFirst removes the first of list up to the next one (or the closing position).
	cutFirst := func(first, next ast.Node, closing int) {
		end := closing
		if next != nil {
			end = f.off(next.Pos())
		}
		cuts = append(cuts, cut{f.off(first.Pos()), end})
	}
	ast.Inspect(f.file, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.FuncDecl:
			if !named[x.Name.Name] || len(x.Type.Params.List) == 0 {
				return true
			}
			params := x.Type.Params.List
			if len(params[0].Names) > 1 {
				// func(a, b T): drop a.
				cutFirst(params[0].Names[0], params[0].Names[1], 0)
				return true
			}
			var next ast.Node
			if len(params) > 1 {
				next = params[1]
			}
			cutFirst(params[0], next, f.off(x.Type.Params.Closing))
		case *ast.CallExpr:
			var name string
			switch fun := x.Fun.(type) {
			case *ast.SelectorExpr:
				name = fun.Sel.Name
			case *ast.Ident:
				name = fun.Name
			}
			if !named[name] || len(x.Args) == 0 {
				return true
			}
			var next ast.Node
			if len(x.Args) > 1 {
				next = x.Args[1]
			}
			cutFirst(x.Args[0], next, f.off(x.Rparen))
		}
		return true
	})
	if len(cuts) == 0 {
		return f.src, nil
	}
	sort.Slice(cuts, func(i, j int) bool { return cuts[i].start > cuts[j].start })
	src := append([]byte(nil), f.src...)
	for _, c := range cuts {
		src = append(src[:c.start:c.start], src[c.end:]...)
	}
	src, err := format.Source(src)
	if err != nil {
		return nil, err
	}
	return dropUnusedImports(f.path, src)
}

// dropStatements removes the statements of f (in function bodies, searched as findStatement
// does) that call one of names, and the imports that no longer have a use.
func dropStatements(f *goFile, names []string) ([]byte, error) {
	type cut struct{ start, end int }
	var cuts []cut
	for _, decl := range f.file.Decls {
		fn, ok := decl.(*ast.FuncDecl)
		if !ok || fn.Body == nil {
			continue
		}
		for _, name := range names {
			if s := findStatement(f, fn.Body, name); s != nil {
				start := f.lineStart(f.off(s.Pos()))
				end := f.lineEnd(f.off(s.End()))
				if end < len(f.src) {
					end++
				}
				cuts = append(cuts, cut{start, end})
			}
		}
	}
	if len(cuts) == 0 {
		return nil, fmt.Errorf("%s: no statement calls %v", f.path, names)
	}
	sort.Slice(cuts, func(i, j int) bool { return cuts[i].start > cuts[j].start })
	src := append([]byte(nil), f.src...)
	for _, c := range cuts {
		src = append(src[:c.start:c.start], src[c.end:]...)
	}
	src, err := format.Source(src)
	if err != nil {
		return nil, err
	}
	return dropUnusedImports(f.path, src)
}
