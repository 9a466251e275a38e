// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package main

import (
	"os"
	"path/filepath"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/gep-78/gardener/hack/lift/manifest"
)

const upstreamBoilerplate = "// SPDX-FileCopyrightText: Upstream\n//\n// SPDX-License-Identifier: Apache-2.0\n"

var _ = Describe("rewrite", func() {
	l := &lifter{
		m: &manifest.Manifest{
			Module:   "example.com/here",
			Upstream: manifest.Upstream{Module: "example.com/up"},
			Moves:    []manifest.Move{{From: "pkg/a", To: "pkg/b/a"}},
		},
		boilerplate: upstreamBoilerplate,
	}

	It("replaces the module path, moved packages and the licence header of Go files", func() {
		out := l.rewrite("x.go", []byte("// SPDX-FileCopyrightText: Here\n//\n// SPDX-License-Identifier: Apache-2.0\n\n// Package x.\npackage x\n\nimport (\n\t\"example.com/here/pkg/a\"\n\t\"example.com/here/pkg/ab\"\n\t\"example.com/here/pkg/a/sub\"\n)\n"))
		Expect(string(out)).To(Equal(upstreamBoilerplate + "\n// Package x.\npackage x\n\nimport (\n\t\"example.com/up/pkg/b/a\"\n\t\"example.com/up/pkg/ab\"\n\t\"example.com/up/pkg/b/a/sub\"\n)\n"))
	})

	It("replaces the header of scripts after the shebang and of YAML, and leaves Markdown", func() {
		script := l.rewrite("x.sh", []byte("#!/usr/bin/env bash\n# SPDX-FileCopyrightText: Here\n#\n# SPDX-License-Identifier: Apache-2.0\n\necho\n"))
		Expect(string(script)).To(Equal("#!/usr/bin/env bash\n# SPDX-FileCopyrightText: Upstream\n#\n# SPDX-License-Identifier: Apache-2.0\n\necho\n"))
		doc := l.rewrite("x.md", []byte("# Title\n\nSee example.com/here.\n"))
		Expect(string(doc)).To(Equal("# Title\n\nSee example.com/up.\n"))
	})

	It("keeps a file without header as it is", func() {
		Expect(string(l.rewrite("x.yaml", []byte("a: 1\n")))).To(Equal("a: 1\n"))
	})
})

var _ = Describe("parseTestEvents", func() {
	It("counts Ginkgo specs and plain tests per package and names the failures", func() {
		events := strings.Join([]string{
			`{"Action":"output","Package":"p/a","Output":"\u001b[1mRan 3 of 3 Specs\u001b[0m\n"}`,
			`{"Action":"output","Package":"p/a","Output":"FAIL! -- 2 Passed | 1 Failed | 0 Pending | 0 Skipped\n"}`,
			`{"Action":"output","Package":"p/a","Output":"  \u001b[38;5;9m[FAIL]\u001b[0m Thing [It] works\n"}`,
			`{"Action":"output","Package":"p/a","Output":"  /src/p/a/thing_test.go:12\n"}`,
			`{"Action":"output","Package":"p/a","Output":"  [PANICKED!] Other [It] panics\n"}`,
			`{"Action":"output","Package":"p/a","Output":"  /usr/local/go/src/runtime/panic.go:336\n"}`,
			`{"Action":"fail","Package":"p/a","Test":"TestA"}`,
			`{"Action":"fail","Package":"p/a"}`,
			`{"Action":"pass","Package":"p/b","Test":"TestB"}`,
			`{"Action":"pass","Package":"p/b","Test":"TestB/sub"}`,
			`{"Action":"fail","Package":"p/b","Test":"TestC"}`,
			`{"Action":"fail","Package":"p/b"}`,
			`{"Action":"skip","Package":"p/c"}`,
		}, "\n")
		var done []string
		results := parseTestEvents(strings.NewReader(events), func(p *packageResult) { done = append(done, p.pkg) })
		Expect(done).To(Equal([]string{"p/a", "p/b", "p/c"}))
		Expect(results).To(HaveLen(3))
		Expect(results[0].passed).To(Equal(2))
		Expect(results[0].failed).To(Equal(1))
		Expect(results[0].failures).To(Equal([]string{"Thing [It] works (/src/p/a/thing_test.go:12)", "Other [It] panics (/usr/local/go/src/runtime/panic.go:336)"}))
		Expect(results[1].passed).To(Equal(1))
		Expect(results[1].failures).To(Equal([]string{"TestC"}))
		Expect(results.failedPackages()).To(Equal(2))
		Expect(results[2].action).To(Equal("skip"))
	})
})

var _ = Describe("summary", func() {
	It("sums the commits' statistics", func() {
		s := &summary{commits: []commitStat{
			{stat: "10 files changed, 100 insertions(+), 3 deletions(-)", added: 4},
			{stat: "1 file changed, 5 insertions(+)", added: 1},
		}}
		Expect(s.total()).To(Equal("11 file changes (5 new files), +105 -3 lines"))
	})
})

var _ = Describe("workspace", func() {
	It("writes the checkout's go.work with absolute paths and the replacements outside the checkout", func() {
		checkout := writeFiles(map[string]string{"go.work": "go 1.26\n\nuse (\n\t./\n\t./pkg/apis\n)\n"})
		l := &lifter{checkout: checkout}
		file, err := l.workspace([]string{"example.com/blocked@v0.39.0=" + checkout + "/stub"})
		Expect(err).NotTo(HaveOccurred())
		Expect(l.temporary).To(ConsistOf(filepath.Dir(file)))
		DeferCleanup(os.RemoveAll, filepath.Dir(file))
		Expect(filepath.Dir(file)).NotTo(Equal(checkout))
		data, err := os.ReadFile(file)
		Expect(err).NotTo(HaveOccurred())
		Expect(string(data)).To(ContainSubstring(checkout + "/pkg/apis"))
		Expect(string(data)).To(ContainSubstring("replace example.com/blocked v0.39.0 => " + checkout + "/stub"))
		Expect(string(data)).NotTo(ContainSubstring("./pkg/apis"))
	})
})

var _ = Describe("rewriteLinks", func() {
	It("points links at where their targets lift, and reports those that do not lift", func() {
		l := &lifter{
			checkout: writeFiles(map[string]string{"docs/concepts/apiserver.md": "# upstream's\n"}),
			targets: map[string]string{
				"docs/usage/a.md":          "docs/usage/shoot/a.md",
				"docs/usage/b.md":          "docs/usage/shoot/extension-b.md",
				"docs/operations/c.md":     "docs/operations/c.md",
				"pkg/x/code.go":            "pkg/x/code.go",
				"test/examples/shoot.yaml": "test/examples/shoot.yaml",
				"test/examples/README.md":  "test/examples/README.md",
			},
		}
		doc := "[b](b.md#x) [c](../operations/c.md) [code](../../pkg/x/code.go) [ex](../../test/examples) " +
			"[api](../concepts/apiserver.md#lists) [gone](../deviations.md) [self](#top) [web](https://example.com/a.md)"
		out, notes := l.rewriteLinks("docs/usage/a.md", "docs/usage/shoot/a.md", []byte(doc))
		Expect(string(out)).To(Equal("[b](extension-b.md#x) [c](../../operations/c.md) [code](../../../pkg/x/code.go) [ex](../../../test/examples) " +
			"[api](../../concepts/apiserver.md#lists) [gone](../../deviations.md) [self](#top) [web](https://example.com/a.md)"))
		Expect(notes).To(ConsistOf(
			"docs/usage/shoot/a.md: the link to ../concepts/apiserver.md points to upstream's docs/concepts/apiserver.md",
			"docs/usage/shoot/a.md: the link to ../deviations.md has no target upstream",
		))
	})
})

var _ = Describe("checkModuleBoundaries", func() {
	It("refuses a file of a nested module that imports the root module", func() {
		checkout := writeFiles(map[string]string{
			"go.mod":                   "module example.com/up\n",
			"pkg/apis/go.mod":          "module example.com/up/pkg/apis\n",
			"pkg/apis/a/a.go":          "package a\n\nimport (\n\t\"example.com/up/pkg/apis/b\"\n\t\"example.com/up/pkg/api/helper\"\n)\n",
			"pkg/apis/b/b.go":          "package b\n\nimport \"example.com/up/pkg/apis/a\"\n",
			"pkg/api/helper/helper.go": "package helper\n\nimport \"example.com/up/pkg/apis/a\"\n",
		})
		l := &lifter{checkout: checkout, m: &manifest.Manifest{Upstream: manifest.Upstream{Module: "example.com/up"}}}
		Expect(l.checkModuleBoundaries([]string{"pkg/apis/b/b.go", "pkg/api/helper/helper.go"})).To(Succeed())
		Expect(l.checkModuleBoundaries([]string{"pkg/apis/a/a.go"})).To(MatchError(ContainSubstring(
			"pkg/apis/a/a.go (module example.com/up/pkg/apis) imports example.com/up/pkg/api/helper")))
	})
})
