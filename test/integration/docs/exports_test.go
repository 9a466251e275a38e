// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package docs_test

import (
	"path/filepath"
	"runtime"
	"slices"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/gep-78/gardener/test/exports"
)

// narrowPackages are packages whose exported names are their API: at most max, each used by
// another package's code, methods included.
var narrowPackages = map[string]int{
	"pkg/utils/gardener/componentversion":      26,
	"pkg/controllermanager/metrics":            1,
	"plugin/pkg/global/extensionprofileimpact": 1,
	"plugin/pkg/global/extensionprofileinuse":  1,
	"plugin/pkg/global/resourceversion":        1,
	"plugin/pkg/shoot/legacycomponentversion":  1,
}

var _ = Describe("exported names", func() {
	It("are few and each used by another package's code", func() {
		_, self, _, _ := runtime.Caller(0)
		root, err := filepath.Abs(filepath.Join(filepath.Dir(self), "..", "..", ".."))
		Expect(err).NotTo(HaveOccurred())

		for dir, maxNames := range narrowPackages {
			path := module + dir
			patterns := []string{path}
			for _, p := range listPackages(root) {
				if slices.Contains(p.Imports, path) || slices.Contains(p.TestImports, path) || slices.Contains(p.XTestImports, path) {
					patterns = append(patterns, p.ImportPath)
				}
			}
			pkgs, err := exports.Load(root, path, patterns...)
			Expect(err).NotTo(HaveOccurred())
			i := slices.IndexFunc(pkgs, func(p exports.Package) bool { return p.Path == path })
			Expect(i).To(BeNumerically(">=", 0))
			Expect(len(pkgs[i].Names)).To(BeNumerically("<=", maxNames), "%s exports %v", dir, pkgs[i].Names)
			Expect(pkgs[i].Unused()).To(BeEmpty(), "%s: unexport what no other package's code uses", dir)
		}
	})
})
