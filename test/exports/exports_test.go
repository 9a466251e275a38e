// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package exports_test

import (
	"os"
	"path/filepath"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/gep-78/gardener/test/exports"
)

// module is a module of three packages: lib, its user app, and a helper only lib's and app's
// tests use.
var module = map[string]string{
	"go.mod": "module example.com/m\n\ngo 1.22\n",
	"lib/lib.go": `package lib

import "fmt"

type Action string

const (
	ActionKeep   Action = "keep"
	ActionUpdate Action = "update"
)

type Outcome struct{ Action Action }

func (o Outcome) String() string { return string(o.Action) }
func (o Outcome) Same(other Outcome) bool { return o == other }

type Checker interface{ Check(version string) bool }

type Hidden struct{ Field int }

func Decide(c Checker) Outcome { return Outcome{Action: ActionKeep} }
func Make() Hidden             { return Hidden{} }
func Helper() string           { return fmt.Sprint(internal()) }
func TestedOnly() int          { return 1 }
func internal() int            { return 0 }
`,
	"lib/lib_test.go": `package lib_test

import (
	"testing"

	"example.com/m/lib"
)

func TestOwn(t *testing.T) { _ = lib.Helper() }
`,
	"app/app.go": `package app

import (
	"fmt"

	"example.com/m/lib"
)

type always struct{}

func (always) Check(string) bool { return true }

func Run() string {
	o := lib.Decide(always{})
	var c lib.Checker = always{}
	_ = c.Check("1")
	if o.Action == lib.ActionKeep {
		return o.String()
	}
	return fmt.Sprint(lib.Make().Field)
}
`,
	"app/app_test.go": `package app

import (
	"testing"

	"example.com/m/lib"
)

func TestRun(t *testing.T) { _ = lib.TestedOnly() }
`,
}

var _ = Describe("Load", func() {
	var dir string

	BeforeEach(func() {
		dir = GinkgoT().TempDir()
		for name, content := range module {
			Expect(os.MkdirAll(filepath.Join(dir, filepath.Dir(name)), 0o755)).To(Succeed())
			Expect(os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644)).To(Succeed())
		}
	})

	It("lists exported names and methods and where other packages use them", func() {
		pkgs, err := exports.Load(dir, "example.com/m/", "./...")
		Expect(err).NotTo(HaveOccurred())
		Expect(pkgs).To(HaveLen(2))
		app, lib := pkgs[0], pkgs[1]

		Expect(app.Path).To(Equal("example.com/m/app"))
		Expect(app.Names).To(Equal([]string{"Run"}))
		Expect(app.Unused()).To(Equal([]string{"Run"}))

		Expect(lib.Path).To(Equal("example.com/m/lib"))
		Expect(lib.Names).To(Equal([]string{"Action", "ActionKeep", "ActionUpdate", "Checker", "Decide", "Helper", "Hidden", "Make", "Outcome", "TestedOnly"}))
		Expect(lib.Methods).To(Equal([]string{"Checker.Check", "Outcome.Same", "Outcome.String"}))
		Expect(lib.Outside).To(Equal(map[string]bool{
			"Action": true, "ActionKeep": true, "Checker": true, "Checker.Check": true, "Decide": true, "Hidden": true, "Make": true,
			"Outcome": true, "Outcome.String": true,
		}), "a type counts as used where its constants, fields or methods are")
		Expect(lib.InTests).To(Equal(map[string]bool{"TestedOnly": true}), "its own external test package is no other package")
		Expect(lib.Unused()).To(Equal([]string{"ActionUpdate", "Helper", "Outcome.Same", "TestedOnly"}))
	})

	It("fails on a package that does not compile", func() {
		Expect(os.WriteFile(filepath.Join(dir, "app", "broken.go"), []byte("package app\n\nfunc broken() { undefined() }\n"), 0o644)).To(Succeed())
		_, err := exports.Load(dir, "example.com/m/", "./...")
		Expect(err).To(MatchError(ContainSubstring("undefined")))
	})
})
