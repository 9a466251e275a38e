// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"golang.org/x/mod/modfile"
	"golang.org/x/mod/module"
)

// replaceFlags collects -replace module@version=folder.
type replaceFlags []string

func (r *replaceFlags) String() string { return strings.Join(*r, ",") }

func (r *replaceFlags) Set(v string) error {
	if !strings.Contains(v, "=") {
		return fmt.Errorf("want module@version=folder, got %q", v)
	}
	*r = append(*r, v)
	return nil
}

// workspace writes a copy of the checkout's go.work, with absolute paths and the replacements,
// outside the checkout and returns its path; the checkout stays unchanged.
func (l *lifter) workspace(replaces []string) (string, error) {
	file := filepath.Join(l.checkout, "go.work")
	data, err := os.ReadFile(file)
	if err != nil {
		return "", err
	}
	work, err := modfile.ParseWork(file, data, nil)
	if err != nil {
		return "", err
	}
	for _, use := range work.Use {
		path := use.Path
		if !filepath.IsAbs(path) {
			path = filepath.Join(l.checkout, path)
		}
		if err := work.AddUse(path, use.ModulePath); err != nil {
			return "", err
		}
		if err := work.DropUse(use.Path); err != nil {
			return "", err
		}
	}
	for _, r := range replaces {
		from, dir, _ := strings.Cut(r, "=")
		path, version, _ := strings.Cut(from, "@")
		if err := module.CheckPath(path); err != nil {
			return "", err
		}
		abs, err := filepath.Abs(dir)
		if err != nil {
			return "", err
		}
		if err := work.AddReplace(path, version, abs, ""); err != nil {
			return "", err
		}
	}
	work.Cleanup()
	dir, err := os.MkdirTemp("", "lift-work-")
	if err != nil {
		return "", err
	}
	l.temporary = append(l.temporary, dir)
	out := filepath.Join(dir, "go.work")
	return out, os.WriteFile(out, modfile.Format(work.Syntax), 0o644)
}
