// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package extension_test

import (
	"os"
	"regexp"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

// The developer documentation promises that its Go snippets are the real code. These tests read
// the document and the sources.
var _ = Describe("docs/extensions/extension-components.md", func() {
	const docPath = "../../../../docs/extensions/extension-components.md"

	// normalize drops the indentation of every line and blank lines, so a snippet matches the
	// source it was cut from, whatever its nesting there.
	normalize := func(code string) string {
		var lines []string
		for _, line := range strings.Split(code, "\n") {
			if line = strings.TrimSpace(line); line != "" {
				lines = append(lines, line)
			}
		}
		return strings.Join(lines, "\n")
	}
	read := func(path string) string {
		GinkgoHelper()
		data, err := os.ReadFile(path)
		Expect(err).NotTo(HaveOccurred())
		return string(data)
	}
	goBlocks := func() []string {
		GinkgoHelper()
		var blocks []string
		for _, match := range regexp.MustCompile("(?s)```go\n(.*?)```\n").FindAllStringSubmatch(read(docPath), -1) {
			blocks = append(blocks, match[1])
		}
		Expect(blocks).To(HaveLen(4))
		return blocks
	}

	DescribeTable("shows the signatures as declared",
		func(index int, source string) {
			signature, _, _ := strings.Cut(goBlocks()[index], "\n")
			Expect(read("../../../../extensions/pkg/util/extensioncomponents/" + source)).To(ContainSubstring("\n" + signature + " {\n"))
		},
		Entry("Resolve", 0, "components.go"),
		Entry("ResolveContainerRuntime", 3, "components.go"),
	)

	DescribeTable("shows code from the example controller verbatim",
		func(index int, source string) {
			Expect(normalize(read(source))).To(ContainSubstring(normalize(goBlocks()[index])))
		},
		Entry("the call of the contract", 1, "legacy.go"),
		Entry("the strict decoder", 2, "add.go"),
	)
})
