// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package main

import (
	"bytes"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"github.com/gep-78/gardener/hack/lift/manifest"
)

// rewrite replaces our module path with upstream's and our licence header with upstream's.
func (l *lifter) rewrite(file string, data []byte) []byte {
	for _, mv := range l.m.Moves {
		for _, end := range []string{`"`, "/"} {
			data = bytes.ReplaceAll(data, []byte(l.m.Module+"/"+mv.From+end), []byte(l.m.Upstream.Module+"/"+mv.To+end))
		}
	}
	data = bytes.ReplaceAll(data, []byte(l.m.Module), []byte(l.m.Upstream.Module))
	switch {
	case strings.HasSuffix(file, ".go"):
		return replaceHeader(data, "//", l.boilerplate)
	case strings.HasSuffix(file, ".sh"), strings.HasSuffix(file, ".yaml"), strings.HasSuffix(file, ".yml"):
		return replaceHeader(data, "#", l.boilerplate)
	}
	return data
}

// replaceHeader replaces the leading SPDX comment block (after a shebang line) of data, written
// with the comment prefix, by boilerplate (upstream's, written with //).
func replaceHeader(data []byte, prefix, boilerplate string) []byte {
	lines := strings.SplitAfter(string(data), "\n")
	start := 0
	if len(lines) > 0 && strings.HasPrefix(lines[0], "#!") {
		start = 1
	}
	end := start
	for end < len(lines) && strings.HasPrefix(lines[end], prefix) {
		end++
	}
	block := strings.Join(lines[start:end], "")
	if !strings.Contains(block, "SPDX-License-Identifier") {
		return data
	}
	header := strings.ReplaceAll(strings.TrimSpace(boilerplate), "//", prefix) + "\n"
	return []byte(strings.Join(lines[:start], "") + header + strings.Join(lines[end:], ""))
}

// applyCommit writes the copies, merges and insertions of one commit of the series into the
// checkout and returns the upstream paths it wrote.
func (l *lifter) applyCommit(c manifest.Commit) ([]string, error) {
	written := map[string]bool{}
	fe := newFileEdits()
	for _, mg := range l.m.Merge {
		if mg.Commit != c.Name {
			continue
		}
		ours, err := l.ours(mg.From)
		if err != nil {
			return nil, err
		}
		skip := map[string]bool{}
		for _, s := range mg.Skip {
			skip[s.Name] = true
		}
		place := map[string]string{}
		for _, p := range mg.Place {
			place[p.Name] = p.After
		}
		report, err := merge(fe, ours, l.up(mg.Target()), skip, mg.Only, place)
		if err != nil {
			return nil, err
		}
		if len(report.decls)+len(report.fields)+len(report.keyed) == 0 {
			return nil, fmt.Errorf("merge %s: nothing to add; exclude the file instead", mg.From)
		}
		if added := append(report.decls, report.fields...); len(added) > 0 {
			l.logf("  merge %s → %s: %s", mg.From, mg.Target(), strings.Join(added, ", "))
		} else {
			l.logf("  merge %s → %s", mg.From, mg.Target())
		}
		if len(report.keyed) > 0 {
			l.logf("    list keys carried onto upstream's %s", strings.Join(report.keyed, ", "))
		}
		for _, r := range report.renumbered {
			l.logf("    protobuf number %s (upstream has the number)", r)
		}
	}
	for _, in := range l.m.Insert {
		if in.Commit != c.Name {
			continue
		}
		var ours *goFile
		if in.From != "" {
			var err error
			if ours, err = l.ours(in.From); err != nil {
				return nil, err
			}
		}
		if err := insertion(fe, in, ours, l.up(in.Into)); err != nil {
			return nil, fmt.Errorf("insert into %s %s: %w", in.Into, in.In, err)
		}
		l.logf("  insert %s %s: %s", in.Into, in.In, in.Why)
	}
	results, err := fe.results()
	if err != nil {
		return nil, err
	}
	for p, data := range results {
		if err := os.WriteFile(p, data, 0o644); err != nil {
			return nil, err
		}
		rel, _ := filepath.Rel(l.checkout, p)
		written[filepath.ToSlash(rel)] = true
	}
	for i := range l.m.Copy {
		cp := &l.m.Copy[i]
		if cp.Commit != c.Name {
			continue
		}
		files := l.matching(cp)
		if len(files) == 0 {
			return nil, fmt.Errorf("copy %s: no file matches", cp.From)
		}
		for _, file := range files {
			to := cp.Target(file)
			if err := l.copyFile(file, to, cp.KeepUpstream, cp.Skip); err != nil {
				return nil, err
			}
			written[to] = true
		}
		l.logf("  copy %s (%d files)", cp.From, len(files))
	}
	var paths []string
	for p := range written {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	return paths, nil
}

// copyFile writes our file to the upstream path to, which must not exist yet.
func (l *lifter) copyFile(file, to string, keep []string, skip []manifest.Skip) error {
	target := l.up(to)
	if _, err := os.Stat(target); err == nil {
		return fmt.Errorf("copy %s: %s exists upstream; merge into it instead", file, to)
	}
	data, err := os.ReadFile(filepath.Join(l.repo, file))
	if err != nil {
		return err
	}
	data = l.rewrite(file, data)
	if strings.HasSuffix(file, ".md") {
		var notes []string
		data, notes = l.rewriteLinks(file, to, data)
		l.notes = append(l.notes, notes...)
	}
	if strings.HasSuffix(file, ".go") {
		f, err := parseGo(file, data)
		if err != nil {
			return err
		}
		var drop []string
		for _, s := range skip {
			drop = append(drop, s.Name)
		}
		if data, err = copyGo(f, filepath.Dir(target), keep, drop); err != nil {
			return err
		}
		for _, a := range l.m.Adapt {
			if !manifest.Match(a.Files, file) {
				continue
			}
			for from, to := range a.Imports {
				data = bytes.ReplaceAll(data, []byte(`"`+l.m.Upstream.Module+"/"+from+`"`), []byte(`"`+l.m.Upstream.Module+"/"+to+`"`))
			}
			if len(a.DropFirstParameter) > 0 {
				if f, err = parseGo(file, data); err != nil {
					return err
				}
				if data, err = dropFirstParameter(f, a.DropFirstParameter); err != nil {
					return err
				}
			}
			if len(a.DropStatements) > 0 {
				if f, err = parseGo(file, data); err != nil {
					return err
				}
				if data, err = dropStatements(f, a.DropStatements); err != nil {
					return err
				}
			}
		}
	}
	if err := os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
		return err
	}
	return os.WriteFile(target, data, 0o644)
}

// ours reads one of our Go files, rewritten for upstream.
func (l *lifter) ours(file string) (*goFile, error) {
	data, err := os.ReadFile(filepath.Join(l.repo, file))
	if err != nil {
		return nil, err
	}
	return parseGo(file, l.rewrite(file, data))
}

func (l *lifter) up(p string) string { return filepath.Join(l.checkout, filepath.FromSlash(p)) }

// matching returns our files whose entry is cp.
func (l *lifter) matching(cp *manifest.Copy) []string {
	var out []string
	for _, f := range l.files {
		if e, err := l.m.Resolve(f); err == nil && e.Copy == cp {
			out = append(out, f)
		}
	}
	return out
}

// checkComplete fails unless each of our files resolves to one entry.
func (l *lifter) checkComplete() error {
	var problems []string
	for _, f := range l.files {
		if _, err := l.m.Resolve(f); err != nil {
			problems = append(problems, err.Error())
		}
	}
	if len(problems) > 0 {
		return fmt.Errorf("%s is not complete:\n  %s", manifest.File, strings.Join(problems, "\n  "))
	}
	return nil
}

// goPackages returns the folders of the Go files among paths.
func goPackages(paths []string) []string {
	dirs := map[string]bool{}
	for _, p := range paths {
		if strings.HasSuffix(p, ".go") {
			dirs[path.Dir(p)] = true
		}
	}
	var out []string
	for d := range dirs {
		out = append(out, d)
	}
	sort.Strings(out)
	return out
}
