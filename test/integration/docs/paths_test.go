// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package docs_test

import (
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

var (
	// markdownLink is the target of a Markdown link [text](target).
	markdownLink = regexp.MustCompile(`\]\(([^)\s]+)\)`)
	// quotedPath is a `path` in backticks that starts at a top-level folder of the repository.
	quotedPath = regexp.MustCompile("`((?:cmd|pkg|plugin|docs|hack|test|charts|example|extensions)/[^`\\s]*)`")
	// goIdentifier is a trailing .Identifier after a package path, as in pkg/apiserver.Func.
	goIdentifier = regexp.MustCompile(`\.[A-Z]\w*$`)
	// relativePath is a path that climbs out of its folder, e.g. ../shared/examples or
	// ../../notes/x.md, anywhere in the text.
	relativePath = regexp.MustCompile(`(?:^|[\s(\x60"'])((?:\.\./)+[\w.-][\w./-]*)`)
)

// repositoryFiles returns the docs, example files and test READMEs whose paths must resolve:
// README.md, docs/**/*.md, example/*, test/**/README.md and test/examples/*.yaml.
func repositoryFiles(root string) []string {
	files := []string{filepath.Join(root, "README.md")}
	walk := func(dir string, keep func(string) bool) {
		Expect(filepath.WalkDir(filepath.Join(root, dir), func(path string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() && keep(path) {
				files = append(files, path)
			}
			return err
		})).To(Succeed())
	}
	walk("docs", func(p string) bool { return strings.HasSuffix(p, ".md") })
	walk("example", func(string) bool { return true })
	walk("test", func(p string) bool {
		return filepath.Base(p) == "README.md" || (strings.Contains(p, filepath.Join("test", "examples")) && strings.HasSuffix(p, ".yaml"))
	})
	sort.Strings(files)
	return files
}

// resolves reports whether a path names an existing file or folder inside the repository.
func resolves(root, path string) bool {
	rel, err := filepath.Rel(root, path)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return false
	}
	_, err = os.Stat(path)
	return err == nil
}

var _ = Describe("paths named by docs and examples", func() {
	It("all exist in the repository", func() {
		_, self, _, _ := runtime.Caller(0)
		root, err := filepath.Abs(filepath.Join(filepath.Dir(self), "..", "..", ".."))
		Expect(err).NotTo(HaveOccurred())

		var missing []string
		for _, file := range repositoryFiles(root) {
			data, err := os.ReadFile(file)
			Expect(err).NotTo(HaveOccurred())
			rel, _ := filepath.Rel(root, file)
			dir := filepath.Dir(file)
			check := func(target, base string) {
				target = strings.TrimSuffix(strings.SplitN(target, "#", 2)[0], ".")
				if target == "" || strings.ContainsAny(target, "<>*{}$") {
					return
				}
				if !resolves(root, filepath.Join(base, target)) {
					missing = append(missing, rel+": "+target)
				}
			}
			text := string(data)
			if strings.HasSuffix(file, ".md") {
				for _, m := range markdownLink.FindAllStringSubmatch(text, -1) {
					if !strings.Contains(m[1], "://") && !strings.HasPrefix(m[1], "#") && !strings.HasPrefix(m[1], "mailto:") {
						check(m[1], dir)
					}
				}
				for _, line := range strings.Split(text, "\n") {
					// The layout page maps each file here (first column) to its gardener/gardener
					// counterpart (the other columns), which is not a path of this repository.
					if filepath.Base(file) == "layout.md" && strings.HasPrefix(line, "|") {
						line = strings.SplitN(strings.TrimPrefix(line, "|"), "|", 2)[0]
					}
					for _, m := range quotedPath.FindAllStringSubmatch(line, -1) {
						check(goIdentifier.ReplaceAllString(m[1], ""), root)
					}
				}
			}
			for _, m := range relativePath.FindAllStringSubmatch(text, -1) {
				check(m[1], dir)
			}
		}
		Expect(missing).To(BeEmpty(), "these paths do not exist in the repository; cite GEP-78 by title and section instead of a file outside it")
	})
})
