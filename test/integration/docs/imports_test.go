// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package docs_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"go/ast"
	"go/parser"
	"go/token"
	"io"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
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

	It("keeps plugin/ out of the components", func() {
		var offending []string
		for _, p := range pkgs {
			if !within(p.ImportPath, "plugin") {
				continue
			}
			for _, imported := range slices.Concat(p.Imports, p.TestImports, p.XTestImports) {
				if within(imported, "pkg/controllermanager", "pkg/gardenlet") {
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

// The ShootExtensionProfile plugin consumes the component-version decision through one entry
// point per use (docs/development/layout.md, "The component-version decision").
var _ = Describe("componentversion use of the ShootExtensionProfile plugin", Ordered, func() {
	var pkg pluginPackage

	BeforeAll(func() {
		_, self, _, _ := runtime.Caller(0)
		pkg = parsePluginPackage(filepath.Join(filepath.Dir(self), "..", "..", "..", "plugin", "pkg", "shoot", "extensionprofile"))
		Expect(pkg.funcs).To(HaveKey("ShootExtensionProfile.Validate"))
		Expect(pkg.funcs).To(HaveKey("ShootExtensionProfile.Admit"))
	})

	It("enters it once from Validate: ValidatePins with an AdmissionRequest", func() {
		refs := pkg.componentversionRefs(pkg.reachableFrom("ShootExtensionProfile.Validate")...)
		Expect(refs).To(Equal(map[string]int{"AdmissionRequest": 1, "ValidatePins": 1}))
	})

	It("enters it once from Admit: ResolvePins with a MutationRequest, storing StoredVersions", func() {
		refs := pkg.componentversionRefs(pkg.reachableFrom("ShootExtensionProfile.Admit")...)
		Expect(refs).To(Equal(map[string]int{"MutationRequest": 1, "ResolvePins": 1, "StoredVersion": 1}))
	})

	It("refers to no other identifier of it", func() {
		refs := pkg.componentversionRefs(pkg.files...)
		names := make([]string, 0, len(refs))
		for name := range refs {
			names = append(names, name)
		}
		Expect(names).To(ConsistOf(
			// Validate
			"AdmissionRequest", "ValidatePins",
			// Admit
			"MutationRequest", "ResolvePins", "StoredVersion",
		))
	})
})

// pluginPackage is the non-test source of one package: its files, its functions and methods
// (keyed "Type.Name"; byName: the keys of a name) and the name under which the file of each
// declaration imports componentversion ("" without the import).
type pluginPackage struct {
	files   []ast.Node
	funcs   map[string]*ast.FuncDecl
	byName  map[string][]string
	cvLocal map[ast.Node]string
}

func parsePluginPackage(dir string) pluginPackage {
	fset := token.NewFileSet()
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	Expect(err).NotTo(HaveOccurred())
	pkg := pluginPackage{funcs: map[string]*ast.FuncDecl{}, byName: map[string][]string{}, cvLocal: map[ast.Node]string{}}
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		file, err := parser.ParseFile(fset, name, nil, parser.SkipObjectResolution)
		Expect(err).NotTo(HaveOccurred())
		local := ""
		for _, spec := range file.Imports {
			if path, _ := strconv.Unquote(spec.Path.Value); path == module+"pkg/utils/gardener/componentversion" {
				local = "componentversion"
				if spec.Name != nil {
					local = spec.Name.Name
				}
			}
		}
		pkg.files = append(pkg.files, file)
		pkg.cvLocal[file] = local
		for _, decl := range file.Decls {
			fn, ok := decl.(*ast.FuncDecl)
			if !ok || fn.Body == nil {
				continue
			}
			key := fn.Name.Name
			if fn.Recv != nil && len(fn.Recv.List) == 1 {
				key = receiverType(fn.Recv.List[0].Type) + "." + key
			}
			pkg.funcs[key] = fn
			pkg.cvLocal[fn] = local
			pkg.byName[fn.Name.Name] = append(pkg.byName[fn.Name.Name], key)
		}
	}
	return pkg
}

func receiverType(expr ast.Expr) string {
	switch t := expr.(type) {
	case *ast.StarExpr:
		return receiverType(t.X)
	case *ast.IndexExpr:
		return receiverType(t.X)
	case *ast.Ident:
		return t.Name
	}
	return ""
}

// reachableFrom returns start and the functions it refers to, transitively. A name that several
// functions or methods share refers to all of them, so the set errs on the large side.
func (p pluginPackage) reachableFrom(start string) []ast.Node {
	seen := map[string]bool{start: true}
	queue := []string{start}
	var out []ast.Node
	for len(queue) > 0 {
		fn := p.funcs[queue[0]]
		queue = queue[1:]
		out = append(out, fn)
		ast.Inspect(fn, func(n ast.Node) bool {
			if ident, ok := n.(*ast.Ident); ok {
				for _, key := range p.byName[ident.Name] {
					if !seen[key] {
						seen[key] = true
						queue = append(queue, key)
					}
				}
			}
			return true
		})
	}
	return out
}

// componentversionRefs counts the references to componentversion identifiers in nodes (files or
// function declarations).
func (p pluginPackage) componentversionRefs(nodes ...ast.Node) map[string]int {
	refs := map[string]int{}
	for _, node := range nodes {
		local := p.cvLocal[node]
		if local == "" {
			continue
		}
		ast.Inspect(node, func(n ast.Node) bool {
			if sel, ok := n.(*ast.SelectorExpr); ok {
				if x, ok := sel.X.(*ast.Ident); ok && x.Name == local {
					refs[sel.Sel.Name]++
				}
			}
			return true
		})
	}
	return refs
}
