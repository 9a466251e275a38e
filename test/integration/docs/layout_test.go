// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package docs_test

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"sort"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

// generatedHeader marks a Go file written by a generator (the convention of go generate).
var generatedHeader = []byte("DO NOT EDIT.")

// handWrittenGoFiles returns the Go files (relative to root) that no generator wrote, tests
// included.
func handWrittenGoFiles(root string) []string {
	var files []string
	Expect(filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		if d.IsDir() {
			if rel != "." && (strings.HasPrefix(d.Name(), ".") || rel == "bin" || rel == "dev" || rel == filepath.Join("hack", "wip")) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") {
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		head := data[:min(len(data), 1024)]
		if !bytes.Contains(head, []byte("Code generated")) || !bytes.Contains(head, generatedHeader) {
			files = append(files, filepath.ToSlash(rel))
		}
		return nil
	})).To(Succeed())
	return files
}

// handWrittenPackages returns the folders (relative to root) with at least one hand-written Go
// file.
func handWrittenPackages(root string) []string {
	found := map[string]bool{}
	for _, file := range handWrittenGoFiles(root) {
		found[filepath.ToSlash(filepath.Dir(file))] = true
	}
	var dirs []string
	for dir := range found {
		dirs = append(dirs, dir)
	}
	sort.Strings(dirs)
	return dirs
}

// layoutEntries returns the paths named in the first column of the tables of layout.md, without
// a trailing slash.
func layoutEntries(layout string) map[string]bool {
	entries := map[string]bool{}
	for _, line := range strings.Split(layout, "\n") {
		if !strings.HasPrefix(line, "|") {
			continue
		}
		first := strings.SplitN(strings.TrimPrefix(line, "|"), "|", 2)[0]
		for _, m := range quotedPath.FindAllStringSubmatch(first, -1) {
			entries[strings.TrimSuffix(m[1], "/")] = true
		}
		for _, name := range []string{"Makefile", "Dockerfile", ".ci/run", ".dockerignore"} {
			if strings.Contains(first, "`"+name+"`") {
				entries[name] = true
			}
		}
	}
	return entries
}

// upstreamPath is a `path` in backticks that starts at a top-level folder of gardener/gardener.
var upstreamPath = regexp.MustCompile("`((?:cmd|pkg|plugin|docs|hack|test|charts|example|extensions|\\.github)/[^`\\s]*)`")

// counterpartPaths returns the paths named in the second column (the gardener/gardener
// counterpart) of the tables of layout.md, except those with "..." in them.
func counterpartPaths(layout string) []string {
	found := map[string]bool{}
	for _, line := range strings.Split(layout, "\n") {
		if !strings.HasPrefix(line, "|") {
			continue
		}
		columns := strings.Split(strings.Trim(strings.TrimSpace(line), "|"), "|")
		if len(columns) < 2 {
			continue
		}
		for _, m := range upstreamPath.FindAllStringSubmatch(columns[1], -1) {
			if !strings.Contains(m[1], "...") {
				found[m[1]] = true
			}
		}
	}
	paths := make([]string, 0, len(found))
	for path := range found {
		paths = append(paths, path)
	}
	sort.Strings(paths)
	return paths
}

// upstreamPathsList reads testdata/upstream-paths.txt: the commit the paths were checked at, and
// the paths in file order (those of gardener/gardener, then those of other repositories).
func upstreamPathsList(file string) (string, []string) {
	data, err := os.ReadFile(file)
	Expect(err).NotTo(HaveOccurred())
	var (
		commit string
		paths  []string
	)
	for _, line := range strings.Split(string(data), "\n") {
		switch {
		case line == "" || strings.HasPrefix(line, "#") || line == "other-repository":
		case strings.HasPrefix(line, "commit "):
			commit = strings.TrimPrefix(line, "commit ")
		default:
			paths = append(paths, line)
		}
	}
	return commit, paths
}

var _ = Describe("docs/development/layout.md", func() {
	var (
		root    string
		layout  string
		entries map[string]bool
	)

	BeforeEach(func() {
		_, self, _, _ := runtime.Caller(0)
		var err error
		root, err = filepath.Abs(filepath.Join(filepath.Dir(self), "..", "..", ".."))
		Expect(err).NotTo(HaveOccurred())
		data, err := os.ReadFile(filepath.Join(root, "docs", "development", "layout.md"))
		Expect(err).NotTo(HaveOccurred())
		layout = string(data)
		entries = layoutEntries(layout)
	})

	// mentioned reports whether layout.md names the folder dir, or a file directly in it.
	mentioned := func(dir string) bool {
		if entries[dir] {
			return true
		}
		for entry := range entries {
			if filepath.Dir(entry) == dir && strings.Contains(filepath.Base(entry), ".") {
				return true
			}
		}
		return false
	}

	It("names every Go package that has hand-written source", func() {
		var missing []string
		for _, dir := range handWrittenPackages(root) {
			if dir != "." && !mentioned(dir) {
				missing = append(missing, dir)
			}
		}
		Expect(missing).To(BeEmpty(), "add these packages with their gardener/gardener counterpart to docs/development/layout.md")
	})

	It("names every doc, chart and top-level build file", func() {
		var missing []string
		for _, name := range []string{"Makefile", "Dockerfile", ".ci/run"} {
			if !entries[name] {
				missing = append(missing, name)
			}
		}
		Expect(filepath.WalkDir(filepath.Join(root, "docs"), func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(path, ".md") {
				return err
			}
			rel, _ := filepath.Rel(root, path)
			rel = filepath.ToSlash(rel)
			if !entries[rel] && !entries[filepath.ToSlash(filepath.Dir(rel))] {
				missing = append(missing, rel)
			}
			return nil
		})).To(Succeed())
		charts, err := filepath.Glob(filepath.Join(root, "charts", "gardener", "*"))
		Expect(err).NotTo(HaveOccurred())
		for _, chart := range charts {
			rel, _ := filepath.Rel(root, chart)
			if !entries[filepath.ToSlash(rel)] {
				missing = append(missing, filepath.ToSlash(rel))
			}
		}
		Expect(missing).To(BeEmpty(), "add these to docs/development/layout.md")
	})

	It("names exactly the gardener/gardener paths of testdata/upstream-paths.txt", func() {
		commit, listed := upstreamPathsList(filepath.Join(root, "test", "integration", "docs", "testdata", "upstream-paths.txt"))
		Expect(commit).To(MatchRegexp("^[0-9a-f]{10,40}$"), "the list names the commit it was checked at")
		Expect(layout).To(ContainSubstring("`"+commit+"`"), "layout.md names the commit the paths were checked at")
		Expect(listed).To(ConsistOf(counterpartPaths(layout)),
			"update testdata/upstream-paths.txt and run hack/check-upstream-paths.sh against a gardener/gardener checkout")
	})
})
