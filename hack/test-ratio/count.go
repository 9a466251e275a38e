// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package main

import (
	"go/ast"
	"go/parser"
	"go/scanner"
	"go/token"
	"strings"
)

// codeLines returns the number of lines of a Go file that hold a token other than a comment, and
// whether the file is generated ("Code generated ... DO NOT EDIT.").
func codeLines(src []byte) (int, bool, error) {
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "", src, parser.PackageClauseOnly|parser.ParseComments)
	if err != nil {
		return 0, false, err
	}
	if ast.IsGenerated(file) {
		return 0, true, nil
	}
	var errs scanner.ErrorList
	var s scanner.Scanner
	f := fset.AddFile("", -1, len(src))
	s.Init(f, src, func(pos token.Position, msg string) { errs.Add(pos, msg) }, 0)
	lines := map[int]bool{}
	for {
		pos, tok, lit := s.Scan()
		if tok == token.EOF {
			break
		}
		if tok == token.SEMICOLON && lit == "\n" {
			continue
		}
		first := f.Line(pos)
		for l := first; l <= first+strings.Count(lit, "\n"); l++ {
			lines[l] = true
		}
	}
	return len(lines), false, errs.Err()
}
