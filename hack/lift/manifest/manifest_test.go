// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package manifest_test

import (
	"os"
	"path/filepath"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/gep-78/gardener/hack/lift/manifest"
)

var _ = DescribeTable("Match",
	func(pattern, file string, match bool) { Expect(manifest.Match(pattern, file)).To(Equal(match)) },
	Entry("exact", "a/b.go", "a/b.go", true),
	Entry("star in a segment", "a/*.go", "a/b.go", true),
	Entry("star does not cross folders", "a/*.go", "a/c/b.go", false),
	Entry("double star, any depth", "a/**", "a/c/d/b.go", true),
	Entry("double star, no folder", "**/zz_generated.*", "zz_generated.deepcopy.go", true),
	Entry("double star in the middle", "a/**/x.go", "a/b/c/x.go", true),
	Entry("another folder", "a/**", "b/x.go", false),
)

var _ = Describe("Manifest", func() {
	load := func(yaml string) (*manifest.Manifest, error) {
		file := filepath.Join(GinkgoT().TempDir(), "manifest.yaml")
		Expect(os.WriteFile(file, []byte(yaml), 0o644)).To(Succeed())
		return manifest.Load(file)
	}
	const head = "module: example.com/here\nupstream: {repository: o/r, commit: 0123456789, module: example.com/up}\nseries: [{name: api, subject: API}]\n"

	It("resolves a file to its exact entry before globs, and to the first of overlapping exclusions", func() {
		m, err := load(head + `
copy:
- {commit: api, from: "pkg/new/**"}
- {commit: api, from: pkg/old/keep.go, to: pkg/new/keep.go}
merge:
- {commit: api, from: pkg/old/types.go}
exclude:
- {path: "pkg/old/**", reason: first}
- {path: "pkg/old/*.go", reason: second}
`)
		Expect(err).NotTo(HaveOccurred())
		e, err := m.Resolve("pkg/old/keep.go")
		Expect(err).NotTo(HaveOccurred())
		Expect(e.Copy.Target("pkg/old/keep.go")).To(Equal("pkg/new/keep.go"))
		e, err = m.Resolve("pkg/old/types.go")
		Expect(err).NotTo(HaveOccurred())
		Expect(e.Merge.Target()).To(Equal("pkg/old/types.go"))
		e, err = m.Resolve("pkg/old/other.go")
		Expect(err).NotTo(HaveOccurred())
		Expect(e.Exclude.Reason).To(Equal("first"))
		e, err = m.Resolve("pkg/new/sub/x.go")
		Expect(err).NotTo(HaveOccurred())
		Expect(e.Copy.Target("pkg/new/sub/x.go")).To(Equal("pkg/new/sub/x.go"))
		_, err = m.Resolve("cmd/x.go")
		Expect(err).To(MatchError(ContainSubstring("no entry")))
	})

	It("lets an exclusion glob win over a copy glob, and refuses overlapping copy globs and two exact entries", func() {
		m, err := load(head + `
copy:
- {commit: api, from: "pkg/**"}
- {commit: api, from: "pkg/y/**"}
- {commit: api, from: pkg/a.go}
exclude:
- {path: "**/bench_test.go", reason: benchmarks}
- {path: pkg/a.go, reason: r}
`)
		Expect(err).NotTo(HaveOccurred())
		e, err := m.Resolve("pkg/x/bench_test.go")
		Expect(err).NotTo(HaveOccurred())
		Expect(e.Exclude.Reason).To(Equal("benchmarks"))
		_, err = m.Resolve("pkg/y/z.go")
		Expect(err).To(MatchError(ContainSubstring("name it exactly")))
		_, err = m.Resolve("pkg/a.go")
		Expect(err).To(MatchError(ContainSubstring("named by 2 entries")))
	})

	It("maps a glob copy into its target folder", func() {
		c := &manifest.Copy{From: "pkg/shoot-falco-service/falcoprofile/**", To: "cmd/plugin/falcoprofile/"}
		Expect(c.Target("pkg/shoot-falco-service/falcoprofile/types.go")).To(Equal("cmd/plugin/falcoprofile/types.go"))
	})

	It("loads a merge whose only names a type and whose skip names fields of it", func() {
		m, err := load(head + "merge: [{commit: api, from: a.go, only: [X], why: w, skip: [{name: X.F, reason: r}]}]")
		Expect(err).NotTo(HaveOccurred())
		Expect(m.Merge[0].Skip).To(ConsistOf(HaveField("Name", "X.F")))
	})

	DescribeTable("Load refuses an incomplete manifest",
		func(body, message string) {
			_, err := load(head + body)
			Expect(err).To(MatchError(ContainSubstring(message)))
		},
		Entry("unknown commit", "copy: [{commit: nope, from: a.go}]", `unknown commit "nope"`),
		Entry("glob target without slash", `copy: [{commit: api, from: "a/**", to: b}]`, "folder ending in /"),
		Entry("exclusion without reason", "exclude: [{path: a.go}]", "a reason is required"),
		Entry("skip without reason", "merge: [{commit: api, from: a.go, skip: [{name: X}]}]", "needs a reason"),
		Entry("merge of a glob", `merge: [{commit: api, from: "a/*.go"}]`, "merges one Go file"),
		Entry("only without why", "merge: [{commit: api, from: a.go, only: [X]}]", "only goes with why"),
		Entry("only with a skipped declaration", "merge: [{commit: api, from: a.go, only: [X], why: w, skip: [{name: Z, reason: r}]}]", "not Z"),
		Entry("only with a skipped field of another type", "merge: [{commit: api, from: a.go, only: [X], why: w, skip: [{name: Z.F, reason: r}]}]", "not Z.F"),
		Entry("insert with two kinds", "insert: [{commit: api, into: a.go, in: F, code: x(), from: b.go, elements: [y], why: w}]", "one of elements"),
		Entry("insert without why", "insert: [{commit: api, into: a.go, in: F, code: x()}]", "and why"),
		Entry("move without reason", "moves: [{from: a, to: b}]", "needs from, to and a reason"),
		Entry("unknown field", "copyy: []", "unknown field"),
	)
})
