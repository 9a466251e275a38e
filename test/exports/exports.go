// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Package exports tells which exported identifiers of a module's packages other packages use. The
// docs suite holds narrow packages to it and hack/exported-usage prints it for the whole module.
package exports

import (
	"fmt"
	"go/token"
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
	// that only another package's tests use (not the package's own external tests). A type counts
	// as used where its fields, methods or constants are.
	Outside, InTests map[string]bool

	// fieldOwner maps the position of an exported struct field to its type's name.
	fieldOwner map[string]string
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
		surfaces[p.PkgPath] = surface(p.Types, p.Fset)
	}
	for _, p := range pkgs {
		user := strings.TrimSuffix(p.PkgPath, "_test")
		for ident, obj := range p.TypesInfo.Uses {
			if obj.Pkg() == nil || obj.Pkg().Path() == user {
				continue
			}
			s := surfaces[obj.Pkg().Path()]
			if s == nil {
				continue
			}
			used := s.Outside
			if strings.HasSuffix(p.Fset.Position(ident.Pos()).Filename, "_test.go") {
				used = s.InTests
			}
			for _, key := range s.keysOf(obj, p.Fset) {
				used[key] = true
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
func surface(pkg *types.Package, fset *token.FileSet) *Package {
	s := &Package{Path: pkg.Path(), Outside: map[string]bool{}, InTests: map[string]bool{}, fieldOwner: map[string]string{}}
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
		if st, ok := named.Underlying().(*types.Struct); ok {
			for i := 0; i < st.NumFields(); i++ {
				if f := st.Field(i); f.Exported() {
					s.fieldOwner[fset.Position(f.Pos()).String()] = name
				}
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

// keysOf returns the keys obj stands for: an exported top-level object ("Name") or method
// ("Type.Method") and, for a method, field or constant, its type.
func (s *Package) keysOf(obj types.Object, fset *token.FileSet) []string {
	if !obj.Exported() {
		return nil
	}
	if v, ok := obj.(*types.Var); ok && v.IsField() {
		if owner, ok := s.fieldOwner[fset.Position(v.Pos()).String()]; ok {
			return []string{owner}
		}
		return nil
	}
	if obj.Parent() == obj.Pkg().Scope() {
		keys := []string{obj.Name()}
		if named, ok := obj.Type().(*types.Named); ok && named.Obj().Pkg() == obj.Pkg() && named.Obj() != obj {
			keys = append(keys, named.Obj().Name())
		}
		return keys
	}
	fn, ok := obj.(*types.Func)
	if !ok || fn.Signature().Recv() == nil {
		return nil
	}
	t := fn.Signature().Recv().Type()
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	named, ok := t.(*types.Named)
	if !ok {
		return nil
	}
	return []string{named.Obj().Name() + "." + obj.Name(), named.Obj().Name()}
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
