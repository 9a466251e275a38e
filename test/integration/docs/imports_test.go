// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package docs_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

const module = "github.com/gep-78/gardener/"

// goPackage is the part of `go list -json` the layering rules read.
type goPackage struct {
	ImportPath                         string
	Imports, TestImports, XTestImports []string
	Deps                               []string
}

// listPackages returns every package of the module as `go list` sees it.
func listPackages(root string) []goPackage {
	cmd := exec.Command("go", "list", "-e", "-json=ImportPath,Imports,TestImports,XTestImports,Deps", "./...")
	cmd.Dir = root
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	Expect(err).NotTo(HaveOccurred(), stderr.String())
	var pkgs []goPackage
	decoder := json.NewDecoder(bytes.NewReader(out))
	for {
		var p goPackage
		if err := decoder.Decode(&p); errors.Is(err, io.EOF) {
			break
		} else {
			Expect(err).NotTo(HaveOccurred())
		}
		pkgs = append(pkgs, p)
	}
	return pkgs
}

// within reports whether the import path lies in one of the module's folders.
func within(importPath string, folders ...string) bool {
	return slices.ContainsFunc(folders, func(folder string) bool {
		return importPath == module+folder || strings.HasPrefix(importPath, module+folder+"/")
	})
}

// The layering docs/development/layout.md argues: shared code (pkg/api, pkg/utils, plugin/, ...)
// never reaches into a component, so that admission and maintenance share decisions through a
// neutral package and each piece lifts into gardener/gardener where upstream has it.
var _ = Describe("package imports", Ordered, func() {
	var pkgs []goPackage

	BeforeAll(func() {
		_, self, _, _ := runtime.Caller(0)
		root, err := filepath.Abs(filepath.Join(filepath.Dir(self), "..", "..", ".."))
		Expect(err).NotTo(HaveOccurred())
		pkgs = listPackages(root)
		Expect(pkgs).To(ContainElement(HaveField("ImportPath", module+"pkg/controllermanager/controller/shoot/maintenance")))
	})

	It("keeps pkg/controllermanager to the controller-manager", func() {
		var offending []string
		for _, p := range pkgs {
			// The controller-manager itself, its binary, the local garden composing every component,
			// and the integration suites that drive its controllers.
			if within(p.ImportPath, "pkg/controllermanager", "cmd/gardener-controller-manager", "cmd/local-garden", "test") {
				continue
			}
			for _, imported := range slices.Concat(p.Imports, p.TestImports, p.XTestImports) {
				if within(imported, "pkg/controllermanager") {
					offending = append(offending, p.ImportPath+" -> "+imported)
				}
			}
		}
		Expect(offending).To(BeEmpty())
	})

	It("keeps pkg/apiserver out of pkg/utils/cel", func() {
		var offending []string
		for _, p := range pkgs {
			if !within(p.ImportPath, "pkg/utils/cel") {
				continue
			}
			for _, imported := range slices.Concat(p.Deps, p.TestImports, p.XTestImports) {
				if within(imported, "pkg/apiserver") {
					offending = append(offending, p.ImportPath+" -> "+imported)
				}
			}
		}
		Expect(offending).To(BeEmpty())
	})
})
