// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package main

import (
	"fmt"
	"go/ast"
	"strings"

	"github.com/gep-78/gardener/hack/lift/manifest"
)

// elementKey is what names an element: the key of a key-value element, else its text.
func elementKey(f *goFile, e ast.Expr) string {
	if kv, ok := e.(*ast.KeyValueExpr); ok {
		return f.text(kv.Key)
	}
	return f.text(e)
}

// elementMatches reports whether e is named name: by its key or text, or, for a composite
// literal, by the text of one of its values (e.g. the Name of a struct element).
func elementMatches(f *goFile, e ast.Expr, name string) bool {
	if elementKey(f, e) == name {
		return true
	}
	if lit, ok := e.(*ast.CompositeLit); ok {
		for _, el := range lit.Elts {
			if kv, ok := el.(*ast.KeyValueExpr); ok && f.text(kv.Value) == name {
				return true
			}
		}
	}
	return false
}

// elementList returns the elements of the composite literal or call arguments in decl that
// hold an element named key, or, for an empty key, of the first composite literal (else call).
func elementList(f *goFile, decl ast.Node, key string) ([]ast.Expr, error) {
	var lists [][]ast.Expr
	ast.Inspect(decl, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.CompositeLit:
			lists = append(lists, x.Elts)
		case *ast.CallExpr:
			lists = append(lists, x.Args)
		}
		return true
	})
	if key == "" {
		var calls [][]ast.Expr
		ast.Inspect(decl, func(n ast.Node) bool {
			if c, ok := n.(*ast.CompositeLit); ok {
				lists = [][]ast.Expr{c.Elts}
				return false
			}
			if c, ok := n.(*ast.CallExpr); ok && calls == nil {
				calls = [][]ast.Expr{c.Args}
			}
			return true
		})
		if len(lists) == 1 {
			return lists[0], nil
		}
		if calls != nil {
			return calls[0], nil
		}
		return nil, fmt.Errorf("%s: no composite literal or call", f.path)
	}
	for i := len(lists) - 1; i >= 0; i-- {
		for _, e := range lists[i] {
			if elementMatches(f, e, key) {
				return lists[i], nil
			}
		}
	}
	return nil, fmt.Errorf("%s: no element %s", f.path, key)
}

// callsName reports whether node calls name (the text of the called function, or its last
// selector) or holds name as an identifier or selector, outside nested blocks.
func callsName(f *goFile, node ast.Node, name string) bool {
	found := false
	ast.Inspect(node, func(n ast.Node) bool {
		if found {
			return false
		}
		switch x := n.(type) {
		case *ast.CallExpr:
			fun := f.text(x.Fun)
			if fun == name || strings.HasSuffix(fun, "."+name) {
				found = true
			}
		case *ast.SelectorExpr, *ast.Ident, *ast.BasicLit:
			if f.text(x) == name {
				found = true
			}
		case *ast.FuncLit, *ast.BlockStmt:
			return n == node
		}
		return true
	})
	return found
}

// header returns the parts of a statement that run before its nested blocks.
func header(s ast.Stmt) []ast.Node {
	switch x := s.(type) {
	case *ast.IfStmt:
		return []ast.Node{x.Init, x.Cond}
	case *ast.ForStmt:
		return []ast.Node{x.Init, x.Cond, x.Post}
	case *ast.RangeStmt:
		return []ast.Node{x.X}
	case *ast.SwitchStmt:
		return []ast.Node{x.Init, x.Tag}
	case *ast.BlockStmt:
		return nil
	}
	return []ast.Node{s}
}

// findStatement returns the first statement of body (searched breadth first into nested
// blocks) whose header calls name.
func findStatement(f *goFile, body *ast.BlockStmt, name string) ast.Stmt {
	queue := [][]ast.Stmt{body.List}
	for len(queue) > 0 {
		list := queue[0]
		queue = queue[1:]
		for _, s := range list {
			for _, h := range header(s) {
				if h != nil && callsName(f, h, name) {
					return s
				}
			}
			ast.Inspect(s, func(n ast.Node) bool {
				if b, ok := n.(*ast.BlockStmt); ok {
					queue = append(queue, b.List)
					return false
				}
				return true
			})
		}
	}
	return nil
}

// insertion applies one Insert entry to the upstream file.
func insertion(fe *fileEdits, in manifest.Insert, ours *goFile, intoPath string) error {
	up, err := fe.file(intoPath)
	if err != nil {
		return err
	}
	if in.All {
		return insertEverywhere(fe, in, up)
	}
	upDecl, err := up.findDecl(in.In)
	if err != nil {
		return err
	}
	if len(in.Elements) > 0 || in.Element {
		return insertElements(fe, in, ours, up, upDecl)
	}
	fn, ok := upDecl.(*ast.FuncDecl)
	if !ok {
		return fmt.Errorf("%s: %s is not a function", up.path, in.In)
	}
	var s snippet
	if in.Code != "" {
		s = codeSnippet(fe, up, in)
	} else {
		if s, err = ourStatements(ours, in); err != nil {
			return err
		}
	}
	at, before, after, err := statementPosition(up, fn, in)
	if err != nil {
		return err
	}
	return fe.insert(up, at, s, before, after)
}

// codeSnippet is in.Code, whose imports in.Imports lists.
func codeSnippet(fe *fileEdits, up *goFile, in manifest.Insert) snippet {
	for _, imp := range in.Imports {
		fields := strings.Fields(imp)
		path, name := fields[len(fields)-1], defaultName(fields[len(fields)-1])
		if len(fields) == 2 {
			name = fields[0]
		}
		fe.need[up.path][path] = name
	}
	return snippet{text: strings.TrimSpace(in.Code), refs: map[string][]int{}, paths: map[string]string{}}
}

// ourStatements takes the statements of our function in.In that call in.Statements.
func ourStatements(ours *goFile, in manifest.Insert) (snippet, error) {
	fn := ours.findFunc(in.In)
	if fn == nil {
		return snippet{}, fmt.Errorf("%s: no function %s", ours.path, in.In)
	}
	var parts []snippet
	for _, name := range in.Statements {
		s := findStatement(ours, fn.Body, name)
		if s == nil {
			return snippet{}, fmt.Errorf("%s %s: no statement calls %s", ours.path, in.In, name)
		}
		parts = append(parts, ours.takeSnippet(ours.off(s.Pos()), ours.off(s.End()), s))
	}
	return joinSnippets("", parts, "\n\n", ""), nil
}

// statementPosition is where statements go in fn: after the statement calling in.After,
// before the one calling in.Before, else before a final return or at the end.
func statementPosition(up *goFile, fn *ast.FuncDecl, in manifest.Insert) (int, string, string, error) {
	switch {
	case in.After != "":
		s := findStatement(up, fn.Body, in.After)
		if s == nil {
			return 0, "", "", fmt.Errorf("%s %s: no statement calls %s", up.path, in.In, in.After)
		}
		return up.lineEnd(up.off(s.End())), "\n\n", "", nil
	case in.Before != "":
		s := findStatement(up, fn.Body, in.Before)
		if s == nil {
			return 0, "", "", fmt.Errorf("%s %s: no statement calls %s", up.path, in.In, in.Before)
		}
		return up.lineStart(up.off(s.Pos())), "", "\n\n", nil
	}
	list := fn.Body.List
	if n := len(list); n > 0 {
		if _, ok := list[n-1].(*ast.ReturnStmt); ok {
			return up.lineStart(up.off(list[n-1].Pos())), "", "\n\n", nil
		}
	}
	return up.off(fn.Body.Rbrace), "\n", "\n", nil
}

// insertElements adds our elements named in.Elements, or in.Code, to upstream's list in upDecl.
func insertElements(fe *fileEdits, in manifest.Insert, ours, up *goFile, upDecl ast.Node) error {
	var parts []snippet
	if in.Code != "" {
		parts = append(parts, codeSnippet(fe, up, in))
	} else if err := ourElements(ours, in, &parts); err != nil {
		return err
	}
	anchor := in.After
	if anchor == "" {
		anchor = in.Before
	}
	list, err := elementList(up, upDecl, anchor)
	if err != nil {
		return err
	}
	if len(list) == 0 {
		return fmt.Errorf("%s %s: the list is empty", up.path, in.In)
	}
	s := joinSnippets("", parts, ",\n", ",")
	if in.Before != "" {
		for _, e := range list {
			if elementMatches(up, e, in.Before) {
				return fe.insert(up, up.lineStart(up.off(e.Pos())), s, "", "\n")
			}
		}
	}
	last := list[len(list)-1]
	for _, e := range list {
		if in.After != "" && elementMatches(up, e, in.After) {
			last = e
		}
	}
	end := up.off(last.End())
	if at := up.lineEnd(end); at != end {
		return fe.insert(up, at, s, "\n", "")
	}
	// A list on one line: continue it.
	return fe.insert(up, end, joinSnippets("", parts, ", ", ""), ", ", "")
}

// ourElements takes the elements named in.Elements from our same list.
func ourElements(ours *goFile, in manifest.Insert, parts *[]snippet) error {
	ourDecl, err := ours.findDecl(in.In)
	if err != nil {
		return err
	}
	for _, key := range in.Elements {
		list, err := elementList(ours, ourDecl, key)
		if err != nil {
			return err
		}
		for _, e := range list {
			if elementKey(ours, e) == key {
				*parts = append(*parts, ours.takeSnippet(ours.off(e.Pos()), ours.off(e.End()), e))
			}
		}
	}
	return nil
}

// insertEverywhere adds in.Code after the element in.After of every list of up that holds it
// (when in.InCall is set, composite literals passed to a call of it or of that type).
func insertEverywhere(fe *fileEdits, in manifest.Insert, up *goFile) error {
	n := 0
	var failed error
	var visit func(node ast.Node, parentCall string)
	visit = func(node ast.Node, parentCall string) {
		ast.Inspect(node, func(x ast.Node) bool {
			if call, ok := x.(*ast.CallExpr); ok {
				visit(call.Fun, "")
				for _, arg := range call.Args {
					visit(arg, up.text(call.Fun))
				}
				return false
			}
			lit, ok := x.(*ast.CompositeLit)
			if !ok {
				return true
			}
			if in.InCall == "" || parentCall == in.InCall || (lit.Type != nil && up.text(lit.Type) == in.InCall) {
				for _, e := range lit.Elts {
					if elementMatches(up, e, in.After) {
						at := up.lineEnd(up.off(e.End()))
						n++
						if err := fe.insert(up, at, codeSnippet(fe, up, in), "\n", ","); err != nil && failed == nil {
							failed = err
						}
					}
				}
			}
			for _, e := range lit.Elts {
				visit(e, "")
			}
			return false
		})
	}
	visit(up.file, "")
	if failed != nil {
		return failed
	}
	if n == 0 {
		return fmt.Errorf("%s: no list holds %s", up.path, in.After)
	}
	return nil
}
