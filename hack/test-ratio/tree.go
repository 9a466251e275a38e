// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package main

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// pkg holds what measure found in one folder: code and test lines, and the names of its
// hand-written non-test files.
type pkg struct {
	code, test int
	files      []string
}

// ratio is test lines per code line.
func (p pkg) ratio() float64 {
	if p.code == 0 {
		return 0
	}
	return float64(p.test) / float64(p.code)
}

// measure counts the code lines of the Go files in every folder under root, by folder (relative,
// slash-separated). Folders named testdata or vendor and hidden folders are skipped.
func measure(root string) (map[string]*pkg, error) {
	pkgs := map[string]*pkg{}
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if name := d.Name(); path != root && (name == "testdata" || name == "vendor" || strings.HasPrefix(name, ".")) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") {
			return nil
		}
		src, err := os.ReadFile(path) // #nosec G304 -- a file of the tree to measure.
		if err != nil {
			return err
		}
		n, generated, err := codeLines(src)
		if err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
		if generated {
			return nil
		}
		rel, _ := filepath.Rel(root, filepath.Dir(path))
		rel = filepath.ToSlash(rel)
		p := pkgs[rel]
		if p == nil {
			p = &pkg{}
			pkgs[rel] = p
		}
		if strings.HasSuffix(path, "_test.go") {
			p.test += n
		} else {
			p.code += n
			p.files = append(p.files, d.Name())
		}
		return nil
	})
	return pkgs, err
}

// isNew tells whether a folder is new against an upstream checkout: upstream lacks the folder or
// one of its hand-written non-test files.
func isNew(upstream, folder string, p *pkg) bool {
	for _, f := range p.files {
		if _, err := os.Stat(filepath.Join(upstream, filepath.FromSlash(folder), f)); err != nil {
			return true
		}
	}
	return false
}
