// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package main

import (
	"fmt"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"

	"golang.org/x/mod/modfile"
)

// checkModuleBoundaries fails when a Go file among paths lies in a nested module of the checkout
// (upstream's pkg/apis) and imports a package of the checkout outside that module: the nested
// module does not require the root one, so the import builds only in the workspace.
func (l *lifter) checkModuleBoundaries(paths []string) error {
	var problems []string
	for _, p := range paths {
		if !strings.HasSuffix(p, ".go") {
			continue
		}
		module := l.nestedModule(path.Dir(p))
		if module == "" {
			continue
		}
		f, err := readGo(l.up(p))
		if err != nil {
			return err
		}
		for _, spec := range f.file.Imports {
			imp, _ := strconv.Unquote(spec.Path.Value)
			if strings.HasPrefix(imp, l.m.Upstream.Module+"/") && imp != module && !strings.HasPrefix(imp, module+"/") {
				problems = append(problems, fmt.Sprintf("%s (module %s) imports %s", p, module, imp))
			}
		}
	}
	if len(problems) > 0 {
		return fmt.Errorf("imports across upstream's module boundaries:\n  %s", strings.Join(problems, "\n  "))
	}
	return nil
}

// nestedModule is the module path of the go.mod closest above dir, below the checkout's root;
// empty when there is none.
func (l *lifter) nestedModule(dir string) string {
	for ; dir != "." && dir != "/" && dir != ""; dir = path.Dir(dir) {
		data, err := os.ReadFile(filepath.Join(l.up(dir), "go.mod"))
		if err != nil {
			continue
		}
		return modfile.ModulePath(data)
	}
	return ""
}
