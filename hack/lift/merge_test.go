// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package main

import (
	"path/filepath"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

const upstreamTypes = `package core

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// Extension is upstream's.
type Extension struct {
	// Type is the type.
	Type string ` + "`json:\"type\" protobuf:\"bytes,1,opt,name=type\"`" + `
	// Disabled disables.
	Disabled *bool ` + "`json:\"disabled,omitempty\" protobuf:\"varint,3,opt,name=disabled\"`" + `
}

const (
	// A is upstream's.
	A = "a"
	// B is upstream's.
	B = "b"
)

// Keep is upstream's.
func Keep() metav1.Time { return metav1.Time{} }
`

var _ = Describe("merge", func() {
	var (
		dir    string
		target string
	)

	BeforeEach(func() {
		dir = writeFiles(map[string]string{"core/types.go": upstreamTypes, "core/other.go": "package core\n\nfunc Other() {}\n"})
		target = filepath.Join(dir, "core", "types.go")
	})

	run := func(ours string, skip map[string]bool, only []string, place map[string]string) (string, *mergeReport, error) {
		fe := newFileEdits()
		report, err := merge(fe, ourFile("types.go", ours), target, skip, only, place)
		if err != nil {
			return "", nil, err
		}
		out, err := fe.results()
		Expect(err).NotTo(HaveOccurred())
		return string(out[target]), report, nil
	}

	It("adds struct fields after their predecessor and new declarations after theirs, with the imports they need", func() {
		merged, report, err := run(`package core

import (
	"time"

	runtimev1 "k8s.io/apimachinery/pkg/runtime"
)

type Extension struct {
	Type string
	// Config is new.
	Config *runtimev1.RawExtension `+"`json:\"config,omitempty\" protobuf:\"bytes,4,opt,name=config\"`"+`
	Disabled *bool
	// Components is new.
	Components []string `+"`json:\"components,omitempty\" protobuf:\"bytes,5,rep,name=components\"`"+`
}

// Keep is ours, upstream's stays.
func Keep() {}

// New is new.
func New() time.Duration { return 0 }

func Other() {}
`, map[string]bool{}, nil, map[string]string{})
		Expect(err).NotTo(HaveOccurred())
		Expect(report.decls).To(Equal([]string{"New"}))
		Expect(report.fields).To(Equal([]string{"Extension.Config", "Extension.Components"}))
		Expect(merged).To(ContainSubstring("\t// Type is the type.\n\tType string"))
		Expect(merged).To(MatchRegexp(`(?s)Type string [^\n]*\n\t// Config is new.\n\tConfig \*runtimev1.RawExtension .*Disabled \*bool [^\n]*\n\t// Components is new.\n\tComponents \[\]string`))
		Expect(merged).To(MatchRegexp(`(?s)func Keep\(\) metav1.Time \{ return metav1.Time\{\} \}\n\n// New is new.\nfunc New\(\) time.Duration`))
		Expect(merged).To(ContainSubstring("\t\"time\"\n"))
		Expect(merged).To(ContainSubstring("\truntimev1 \"k8s.io/apimachinery/pkg/runtime\"\n"), "an import upstream's file lacks keeps our name")
	})

	It("renumbers a protobuf number that upstream's struct already uses", func() {
		merged, report, err := run(`package core

type Extension struct {
	Type string
	New string `+"`json:\"new\" protobuf:\"bytes,2,opt,name=new\"`"+`
}
`, map[string]bool{}, nil, map[string]string{})
		Expect(err).NotTo(HaveOccurred())
		Expect(report.renumbered).To(Equal([]string{"Extension.New 2→4"}))
		Expect(merged).To(ContainSubstring(`protobuf:"bytes,4,opt,name=new"`))
	})

	It("puts new specs into upstream's group after their predecessor, and new groups at the end", func() {
		merged, _, err := run(`package core

const (
	// A is ours.
	A = "a"
	// C is new.
	C = "c"
	B = "b"
)

var (
	// X is new.
	X = 1
	// Y is new.
	Y = 2
)
`, map[string]bool{}, nil, map[string]string{})
		Expect(err).NotTo(HaveOccurred())
		Expect(merged).To(ContainSubstring("\t// A is upstream's.\n\tA = \"a\"\n\t// C is new.\n\tC = \"c\"\n\t// B is upstream's."))
		Expect(merged).To(ContainSubstring("\tB = \"b\"\n)\n\nvar (\n\t// X is new.\n\tX = 1\n\t// Y is new.\n\tY = 2\n)\n"), "after the declaration that precedes it in ours")
	})

	It("leaves out skipped declarations and fields", func() {
		merged, report, err := run(`package core

type Extension struct {
	Type string
	Extra string
}

func New() {}

func Gone() {}
`, map[string]bool{"Gone": true, "Extension.Extra": true}, nil, map[string]string{})
		Expect(err).NotTo(HaveOccurred())
		Expect(report.decls).To(Equal([]string{"New"}))
		Expect(report.fields).To(BeEmpty())
		Expect(merged).NotTo(ContainSubstring("Gone"))
		Expect(merged).NotTo(ContainSubstring("Extra"))
	})

	It("merges only the named declarations", func() {
		_, report, err := run("package core\n\nfunc New() {}\n\nfunc Gone() {}\n", map[string]bool{}, []string{"New"}, map[string]string{})
		Expect(err).NotTo(HaveOccurred())
		Expect(report.decls).To(Equal([]string{"New"}))

		_, _, err = run("package core\n\nfunc New() {}\n", map[string]bool{}, []string{"Missing"}, map[string]string{})
		Expect(err).To(MatchError(ContainSubstring("only names Missing")))
	})

	It("places a declaration into the group of a named upstream declaration", func() {
		merged, _, err := run("package core\n\n// G is new.\nconst G = \"g\"\n", map[string]bool{}, nil, map[string]string{"G": "A"})
		Expect(err).NotTo(HaveOccurred())
		Expect(merged).To(ContainSubstring("\tA = \"a\"\n\t// G is new.\n\tG = \"g\"\n"))

		_, _, err = run("package core\n\nconst G = \"g\"\n", map[string]bool{}, nil, map[string]string{"G": "Missing"})
		Expect(err).To(MatchError(ContainSubstring("no declaration Missing")))
	})

	It("renames an import whose name upstream's file binds to another path", func() {
		merged, _, err := run(`package core

import metav1 "example.com/other"

func New() metav1.Thing { return metav1.Thing{} }
`, map[string]bool{}, nil, map[string]string{})
		Expect(err).NotTo(HaveOccurred())
		Expect(merged).To(ContainSubstring("func New() other.Thing { return other.Thing{} }"))
		Expect(merged).To(ContainSubstring("	\"example.com/other\"\n"))
	})

	It("fails for a package upstream does not have", func() {
		fe := newFileEdits()
		_, err := merge(fe, ourFile("x.go", "package x\n\nfunc New() {}\n"), filepath.Join(dir, "x", "x.go"), map[string]bool{}, nil, map[string]string{})
		Expect(err).To(MatchError(ContainSubstring("copy the file instead")))
	})
})

var _ = Describe("copyGo", func() {
	var dir string

	BeforeEach(func() {
		dir = writeFiles(map[string]string{"core/types.go": upstreamTypes})
	})

	ours := `package core

import (
	"fmt"
	"strings"
)

// Keep is upstream's too.
func Keep() string { return fmt.Sprint(1) }

// New is new.
func New() string { return strings.ToLower("A") }

// Local stays here.
func Local() {}
`

	It("leaves out the declarations upstream keeps and those skipped, and the imports only they used", func() {
		out, err := copyGo(ourFile("new.go", ours), filepath.Join(dir, "core"), []string{"Keep"}, []string{"Local"})
		Expect(err).NotTo(HaveOccurred())
		Expect(string(out)).To(Equal("package core\n\nimport (\n\t\"strings\"\n)\n\n// New is new.\nfunc New() string { return strings.ToLower(\"A\") }\n"))
	})

	It("fails on a declaration upstream's package has that keepUpstream does not name", func() {
		_, err := copyGo(ourFile("new.go", ours), filepath.Join(dir, "core"), nil, nil)
		Expect(err).To(MatchError(ContainSubstring("already declares Keep (types.go)")))
	})

	It("fails on names that are not there", func() {
		_, err := copyGo(ourFile("new.go", ours), filepath.Join(dir, "core"), []string{"Keep", "A2"}, nil)
		Expect(err).To(MatchError(ContainSubstring("keepUpstream names A2")))
		_, err = copyGo(ourFile("new.go", ours), filepath.Join(dir, "core"), []string{"Keep"}, []string{"Nope"})
		Expect(err).To(MatchError(ContainSubstring("skip names Nope")))
	})

	It("copies a file of a new package unchanged", func() {
		out, err := copyGo(ourFile("new.go", ours), filepath.Join(dir, "absent"), nil, nil)
		Expect(err).NotTo(HaveOccurred())
		Expect(string(out)).To(Equal(ours))
	})
})

var _ = DescribeTable("defaultName",
	func(path, name string) { Expect(defaultName(path)).To(Equal(name)) },
	Entry(nil, "k8s.io/apimachinery/pkg/util/validation/field", "field"),
	Entry(nil, "github.com/Masterminds/semver/v3", "semver"),
	Entry(nil, "gopkg.in/yaml.v3", "yaml"),
	Entry(nil, "github.com/go-logr/logr", "logr"),
	Entry(nil, "github.com/google/cel-go/cel", "cel"),
)

var _ = Describe("adapt", func() {
	It("renames references to the name upstream's file gives the same import", func() {
		target := ourFile("up.go", "package core\n\nimport corev1beta1 \"example.com/api/v1beta1\"\n\nvar _ corev1beta1.Shoot\n")
		ours := ourFile("ours.go", "package core\n\nimport gardencorev1beta1 \"example.com/api/v1beta1\"\n\nfunc F(s gardencorev1beta1.Shoot) gardencorev1beta1.Shoot { return s }\n")
		fn := ours.findFunc("F")
		need := importSet{}
		text, err := ours.takeSnippet(ours.off(fn.Pos()), ours.off(fn.End()), fn).adapt(target, need)
		Expect(err).NotTo(HaveOccurred())
		Expect(text).To(Equal("func F(s corev1beta1.Shoot) corev1beta1.Shoot { return s }"))
		Expect(need).To(BeEmpty())
	})
})

var _ = Describe("merge of a test file", func() {
	It("adds the dot imports upstream's file lacks when the addition uses names it does not declare", func() {
		dir := writeFiles(map[string]string{"v/v_suite_test.go": "package v_test\n\nimport (\n\t\"testing\"\n\n\t. \"github.com/onsi/gomega\"\n)\n\nfunc TestV(t *testing.T) { RegisterTestingT(t) }\n"})
		target := filepath.Join(dir, "v", "v_suite_test.go")
		fe := newFileEdits()
		report, err := merge(fe, ourFile("v_suite_test.go", `package v_test

import (
	"testing"

	. "github.com/onsi/gomega"
	. "github.com/onsi/gomega/gstruct"
	gomegatypes "github.com/onsi/gomega/types"
)

func TestV(t *testing.T) {}

func fieldErr(t string) gomegatypes.GomegaMatcher {
	return PointTo(MatchFields(IgnoreExtras, Fields{"Type": Equal(t)}))
}
`), target, map[string]bool{}, nil, map[string]string{})
		Expect(err).NotTo(HaveOccurred())
		Expect(report.decls).To(Equal([]string{"fieldErr"}))
		out, err := fe.results()
		Expect(err).NotTo(HaveOccurred())
		Expect(string(out[target])).To(ContainSubstring(`. "github.com/onsi/gomega/gstruct"`))
		Expect(string(out[target])).To(ContainSubstring(`gomegatypes "github.com/onsi/gomega/types"`))
		Expect(strings.Count(string(out[target]), `. "github.com/onsi/gomega"`)).To(Equal(1))
	})
})
