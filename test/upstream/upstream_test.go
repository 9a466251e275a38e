// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package upstream_test

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"regexp"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/gep-78/gardener/test/upstream"
)

// provenanceRow is a row of the README's table: file, upstream path, commit, sha256.
var provenanceRow = regexp.MustCompile("(?m)^\\| `([^`]+\\.(?:yaml|proto))` \\| `([^`]+)`.*\\| `([0-9a-f]{7,40})` \\| `([0-9a-f]{64})` \\|$")

var _ = Describe("the upstream test data", func() {
	It("lists every file with its provenance, and every file still has the content taken from upstream", func() {
		readme, err := os.ReadFile("README.md")
		Expect(err).NotTo(HaveOccurred())
		digests := map[string]string{}
		for _, m := range provenanceRow.FindAllStringSubmatch(string(readme), -1) {
			digests[m[1]] = m[4]
		}
		files, err := filepath.Glob("*.yaml")
		Expect(err).NotTo(HaveOccurred())
		protos, err := filepath.Glob("*.proto")
		Expect(err).NotTo(HaveOccurred())
		files = append(files, protos...)
		Expect(files).NotTo(BeEmpty())
		for _, file := range files {
			Expect(digests).To(HaveKey(file), "README.md has no provenance row for %s", file)
			data, err := upstream.Read(file)
			Expect(err).NotTo(HaveOccurred(), "%s is embedded", file)
			sum := sha256.Sum256(data)
			Expect(hex.EncodeToString(sum[:])).To(Equal(digests[file]), "%s differs from the file taken from gardener/gardener", file)
		}
		Expect(digests).To(HaveLen(len(files)), "every provenance row names a file that exists")
	})
})
