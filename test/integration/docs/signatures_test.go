// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package docs_test

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/gep-78/gardener/test/signatures"
)

// upstreamSignatures is testdata/upstream-signatures.txt.
type upstreamSignatures struct {
	commit   string
	packages map[string]bool
	compared []string
	// funcs is folder → key → signature.
	funcs map[string]map[string]string
}

// readUpstreamSignatures parses the file hack/check-upstream-signatures.sh -write writes.
func readUpstreamSignatures(file string) upstreamSignatures {
	data, err := os.ReadFile(file)
	Expect(err).NotTo(HaveOccurred())
	list := upstreamSignatures{packages: map[string]bool{}, funcs: map[string]map[string]string{}}
	for _, line := range strings.Split(string(data), "\n") {
		switch {
		case line == "" || strings.HasPrefix(line, "#"):
		case strings.HasPrefix(line, "commit "):
			list.commit = strings.TrimPrefix(line, "commit ")
		case strings.HasPrefix(line, "package "):
			list.packages[strings.TrimPrefix(line, "package ")] = true
		case strings.HasPrefix(line, "compared "):
			list.compared = append(list.compared, strings.TrimPrefix(line, "compared "))
		default:
			fields := strings.SplitN(line, "\t", 3)
			Expect(fields).To(HaveLen(3), "line %q", line)
			if list.funcs[fields[0]] == nil {
				list.funcs[fields[0]] = map[string]string{}
			}
			list.funcs[fields[0]][fields[1]] = fields[2]
		}
	}
	return list
}

// readDeviations parses testdata/upstream-signature-deviations.txt: "<dir>\t<key>" → reason.
func readDeviations(file string) map[string]string {
	data, err := os.ReadFile(file)
	Expect(err).NotTo(HaveOccurred())
	deviations := map[string]string{}
	for _, line := range strings.Split(string(data), "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		fields := strings.SplitN(line, "\t", 3)
		Expect(fields).To(HaveLen(3), "line %q", line)
		Expect(fields[2]).NotTo(BeEmpty(), "a deviation states its reason")
		deviations[fields[0]+" "+fields[1]] = fields[2]
	}
	return deviations
}

var _ = Describe("functions that exist in gardener/gardener", func() {
	var (
		root       string
		list       upstreamSignatures
		deviations map[string]string
	)

	BeforeEach(func() {
		_, self, _, _ := runtime.Caller(0)
		var err error
		root, err = filepath.Abs(filepath.Join(filepath.Dir(self), "..", "..", ".."))
		Expect(err).NotTo(HaveOccurred())
		testdata := filepath.Join(root, "test", "integration", "docs", "testdata")
		list = readUpstreamSignatures(filepath.Join(testdata, "upstream-signatures.txt"))
		deviations = readDeviations(filepath.Join(testdata, "upstream-signature-deviations.txt"))
	})

	It("are recorded for every package folder that exists upstream, at the commit of upstream-paths.txt", func() {
		commit, _ := upstreamPathsList(filepath.Join(root, "test", "integration", "docs", "testdata", "upstream-paths.txt"))
		Expect(list.commit).To(Equal(commit))
		var here []string
		for _, dir := range handWrittenPackages(root) {
			funcs, err := signatures.Dir(filepath.Join(root, dir))
			Expect(err).NotTo(HaveOccurred())
			if list.packages[dir] && len(funcs) > 0 {
				here = append(here, dir)
			}
		}
		Expect(list.compared).To(ContainElements(here), "run hack/check-upstream-signatures.sh -write against a gardener/gardener checkout")
	})

	// mismatches returns signatures.Compare of the recorded upstream functions of dir and dir's.
	mismatches := func(dir string) []signatures.Mismatch {
		funcs, err := signatures.Dir(filepath.Join(root, dir))
		Expect(err).NotTo(HaveOccurred())
		var upstream []signatures.Func
		for key, sig := range list.funcs[dir] {
			upstream = append(upstream, signatures.Func{Key: key, Signature: sig})
		}
		return signatures.Compare(upstream, funcs)
	}

	It("keep upstream's signatures and names", func() {
		var differ []string
		for _, dir := range list.compared {
			for _, m := range mismatches(dir) {
				if _, ok := deviations[dir+" "+m.Key]; ok {
					continue
				}
				differ = append(differ, dir+" "+signatures.Describe(m))
			}
		}
		Expect(differ).To(BeEmpty(), "keep upstream's function under its name, signature and receiver, unexported where upstream's is, and add other behaviour beside it under a new name")
	})

	It("list only deviations that still differ", func() {
		var stale []string
		for key := range deviations {
			dir, name, _ := strings.Cut(key, " ")
			still := false
			for _, m := range mismatches(dir) {
				still = still || m.Key == name
			}
			if !still {
				stale = append(stale, key)
			}
		}
		Expect(stale).To(BeEmpty(), "remove these from testdata/upstream-signature-deviations.txt")
	})
})
