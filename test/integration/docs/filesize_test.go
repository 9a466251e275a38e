// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package docs_test

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"runtime"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

// maxLines is the most lines a hand-written Go file may have; generated files are exempt.
const maxLines = 500

var _ = Describe("hand-written Go files", func() {
	It("have at most 500 lines each", func() {
		_, self, _, _ := runtime.Caller(0)
		root, err := filepath.Abs(filepath.Join(filepath.Dir(self), "..", "..", ".."))
		Expect(err).NotTo(HaveOccurred())

		files := handWrittenGoFiles(root)
		Expect(files).To(ContainElement("test/integration/docs/filesize_test.go"))
		var tooLong []string
		for _, file := range files {
			data, err := os.ReadFile(filepath.Join(root, file))
			Expect(err).NotTo(HaveOccurred())
			if lines := bytes.Count(data, []byte("\n")); lines > maxLines {
				tooLong = append(tooLong, fmt.Sprintf("%s: %d lines", file, lines))
			}
		}
		Expect(tooLong).To(BeEmpty(), "split these by responsibility")
	})
})
