// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Package exports tells which exported identifiers of a module's packages other packages use. The
// docs suite holds narrow packages to it and hack/exported-usage prints it for the whole module.
package exports

import (
	"fmt"
	"go/types"
	"sort"
	"strings"

	"golang.org/x/tools/go/packages"
)

// Package is the exported surface of one package.
type Package struct {
	// Path is the import path.
	Path string
	// Names are the exported top-level identifiers, sorted.
	Names []string
	// Methods are the exported methods of its exported types ("Type.Method"), sorted.
	Methods []string
	// Outside are the names and methods that another package's non-test code uses; InTests those
	// that only another package's tests use (not the package's own external tests).
	Outside, InTests map[string]bool
}

// Load type-checks the packages that patterns match in dir, with their tests, and returns the
// surface of those matching under (an import path prefix) and where the others use it, sorted by
// Path. Generated files count as code.
func Load(dir, under string, patterns ...string) ([]Package, error) {
	cfg := &packages.Config{
		Mode:  packages.NeedName | packages.NeedFiles | packages.NeedSyntax | packages.NeedTypes | packages.NeedTypesInfo,
		Dir:   dir,
		Tests: true,
	}
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		return nil, err
	}
	var errs []string
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		for _, e := range p.Errors {
			errs = append(errs, e.Error())
		}
	})
	if len(errs) > 0 {
		return nil, fmt.Errorf("loading packages: %s", strings.Join(errs, "; "))
	}

	surfaces := map[string]*Package{}
	for _, p := range pkgs {
		if p.ID != p.PkgPath || !strings.HasPrefix(p.PkgPath, under) || p.Name == "main" {
			continue
		}
		surfaces[p.PkgPath] = surface(p.Types)
	}
	for _, p := range pkgs {
		user := strings.TrimSuffix(p.PkgPath, "_test")
		for ident, obj := range p.TypesInfo.Uses {
			if obj.Pkg() == nil || obj.Pkg().Path() == user {
				continue
			}
			s := surfaces[obj.Pkg().Path()]
			key, ok := keyOf(obj)
			if s == nil || !ok {
				continue
			}
			if strings.HasSuffix(p.Fset.Position(ident.Pos()).Filename, "_test.go") {
				s.InTests[key] = true
			} else {
				s.Outside[key] = true
			}
		}
	}
	out := make([]Package, 0, len(surfaces))
	for _, s := range surfaces {
		for key := range s.Outside {
			delete(s.InTests, key)
		}
		out = append(out, *s)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Path < out[j].Path })
	return out, nil
}

// surface lists the exported names and methods of pkg.
func surface(pkg *types.Package) *Package {
	s := &Package{Path: pkg.Path(), Outside: map[string]bool{}, InTests: map[string]bool{}}
	scope := pkg.Scope()
	for _, name := range scope.Names() {
		obj := scope.Lookup(name)
		if !obj.Exported() {
			continue
		}
		s.Names = append(s.Names, name)
		named, ok := obj.Type().(*types.Named)
		if _, isType := obj.(*types.TypeName); !ok || !isType {
			continue
		}
		for i := 0; i < named.NumMethods(); i++ {
			if m := named.Method(i); m.Exported() {
				s.Methods = append(s.Methods, name+"."+m.Name())
			}
		}
		if iface, ok := named.Underlying().(*types.Interface); ok {
			for i := 0; i < iface.NumExplicitMethods(); i++ {
				if m := iface.ExplicitMethod(i); m.Exported() {
					s.Methods = append(s.Methods, name+"."+m.Name())
				}
			}
		}
	}
	sort.Strings(s.Methods)
	return s
}

// keyOf returns the key of an exported top-level object ("Name") or method ("Type.Method").
func keyOf(obj types.Object) (string, bool) {
	if !obj.Exported() {
		return "", false
	}
	if obj.Parent() == obj.Pkg().Scope() {
		return obj.Name(), true
	}
	fn, ok := obj.(*types.Func)
	if !ok {
		return "", false
	}
	recv := fn.Signature().Recv()
	if recv == nil {
		return "", false
	}
	t := recv.Type()
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	named, ok := t.(*types.Named)
	if !ok {
		return "", false
	}
	return named.Obj().Name() + "." + obj.Name(), true
}

// Unused returns the names and methods of p that no other package's code uses, sorted.
func (p Package) Unused() []string {
	var out []string
	for _, key := range append(append([]string{}, p.Names...), p.Methods...) {
		if !p.Outside[key] {
			out = append(out, key)
		}
	}
	sort.Strings(out)
	return out
}
