// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package main

import (
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

var _ = Describe("dropFirstParameter", func() {
	It("drops the first parameter of the named methods and the first argument of their calls", func() {
		f := ourFile("strategy.go", `package s

import (
	"context"
	"fmt"
)

type strategy struct{}

func (strategy) AllowCreateOnUpdate(context.Context) bool { return false }

func (strategy) AllowUnconditionalUpdate(_ context.Context, extra int) bool { return extra > 0 }

func (strategy) Other(ctx context.Context) {}

func use(s strategy) string {
	return fmt.Sprint(s.AllowCreateOnUpdate(nil), s.AllowUnconditionalUpdate(context.TODO(), 1))
}
`)
		out, err := dropFirstParameter(f, []string{"AllowCreateOnUpdate", "AllowUnconditionalUpdate"})
		Expect(err).NotTo(HaveOccurred())
		Expect(string(out)).To(ContainSubstring("func (strategy) AllowCreateOnUpdate() bool { return false }"))
		Expect(string(out)).To(ContainSubstring("func (strategy) AllowUnconditionalUpdate(extra int) bool { return extra > 0 }"))
		Expect(string(out)).To(ContainSubstring("func (strategy) Other(ctx context.Context) {}"))
		Expect(string(out)).To(ContainSubstring("fmt.Sprint(s.AllowCreateOnUpdate(), s.AllowUnconditionalUpdate(1))"))
	})

	It("drops an import only the dropped parameters used", func() {
		f := ourFile("strategy.go", "package s\n\nimport \"context\"\n\ntype strategy struct{}\n\nfunc (strategy) AllowCreateOnUpdate(context.Context) bool { return false }\n")
		out, err := dropFirstParameter(f, []string{"AllowCreateOnUpdate"})
		Expect(err).NotTo(HaveOccurred())
		Expect(string(out)).NotTo(ContainSubstring("context"))
	})
})

var _ = Describe("dropStatements", func() {
	It("drops the statements that call the named functions", func() {
		f := ourFile("app.go", "package app\n\nimport \"fmt\"\n\nfunc New() {\n\tadd(usage())\n\tadd(convert())\n\tfmt.Println()\n}\n")
		out, err := dropStatements(f, []string{"convert"})
		Expect(err).NotTo(HaveOccurred())
		Expect(string(out)).To(Equal("package app\n\nimport \"fmt\"\n\nfunc New() {\n\tadd(usage())\n\tfmt.Println()\n}\n"))

		_, err = dropStatements(f, []string{"missing"})
		Expect(err).To(MatchError(ContainSubstring("no statement calls [missing]")))
	})
})
