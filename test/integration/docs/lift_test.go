// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package docs_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/gep-78/gardener/hack/lift/manifest"
)

var _ = Describe("hack/lift/manifest.yaml", func() {
	var (
		root  string
		m     *manifest.Manifest
		files []string
	)

	BeforeEach(func() {
		_, self, _, _ := runtime.Caller(0)
		var err error
		root, err = filepath.Abs(filepath.Join(filepath.Dir(self), "..", "..", ".."))
		Expect(err).NotTo(HaveOccurred())
		m, err = manifest.Load(filepath.Join(root, manifest.File))
		Expect(err).NotTo(HaveOccurred())
		out, err := exec.Command("git", "-C", root, "ls-files").Output()
		Expect(err).NotTo(HaveOccurred(), "the check lists the repository's files with git ls-files")
		files = strings.Fields(string(out))
	})

	It("has one entry, to lift or to keep here with a reason, for every file", func() {
		var problems []string
		for _, f := range files {
			if _, err := m.Resolve(f); err != nil {
				problems = append(problems, err.Error())
			}
		}
		Expect(problems).To(BeEmpty(), "add the files to hack/lift/manifest.yaml (copy, merge or exclude with a reason)")
	})

	It("has no entry that matches no file", func() {
		used := map[string]bool{}
		for _, f := range files {
			if e, err := m.Resolve(f); err == nil {
				used[e.Pattern] = true
			}
		}
		var stale []string
		for _, c := range m.Copy {
			if !used[c.From] {
				stale = append(stale, c.From)
			}
		}
		for _, mg := range m.Merge {
			if !used[mg.From] {
				stale = append(stale, mg.From)
			}
		}
		for _, e := range m.Exclude {
			if !used[e.Path] {
				stale = append(stale, e.Path)
			}
		}
		for _, in := range m.Insert {
			if _, err := os.Stat(filepath.Join(root, in.From)); in.From != "" && err != nil {
				stale = append(stale, in.From)
			}
		}
		Expect(stale).To(BeEmpty(), "remove or fix these entries of hack/lift/manifest.yaml")
	})

	It("is checked at the commit of testdata/upstream-paths.txt", func() {
		commit, _ := upstreamPathsList(filepath.Join(root, "test", "integration", "docs", "testdata", "upstream-paths.txt"))
		Expect(commit).To(HavePrefix(m.Upstream.Commit))
	})
})
