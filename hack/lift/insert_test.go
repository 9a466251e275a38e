// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package main

import (
	"path/filepath"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/gep-78/gardener/hack/lift/manifest"
)

const upstreamWiring = `package pkg

import (
	"fmt"

	"example.com/plugins/a"
)

// Names lists the plugins.
func Names() []string {
	return []string{
		a.Name, // A
		"b",    // B
		"z",
	}
}

var Gates = map[string]bool{
	"A": true,
}

func Register(plugins []string) error {
	a.Register(plugins)
	if err := check(plugins); err != nil {
		return fmt.Errorf("check: %w", err)
	}

	deploy := func() {
		spec.Type = "t"
	}
	deploy()

	return nil
}

func Short() []string { return sets("a", "b") }
`

const ourWiring = `package pkg

import (
	"example.com/plugins/a"
	newplugin "example.com/plugins/new"
)

func Names() []string {
	return []string{a.Name, newplugin.Name, "c"}
}

var Gates = map[string]bool{"A": true, "New": false}

func Register(plugins []string) {
	a.Register(plugins)
	newplugin.Register(plugins)
}
`

var _ = Describe("insertion", func() {
	var (
		target string
		ours   *goFile
	)

	BeforeEach(func() {
		target = filepath.Join(writeFiles(map[string]string{"pkg/plugins.go": upstreamWiring}), "pkg", "plugins.go")
		ours = ourFile("plugins.go", ourWiring)
	})

	run := func(in manifest.Insert) (string, error) {
		fe := newFileEdits()
		if err := insertion(fe, in, ours, target); err != nil {
			return "", err
		}
		out, err := fe.results()
		Expect(err).NotTo(HaveOccurred())
		return string(out[target]), nil
	}

	It("inserts our elements after the anchor element, past its comment, with their imports", func() {
		out, err := run(manifest.Insert{In: "Names", Elements: []string{"newplugin.Name", `"c"`}, After: "a.Name"})
		Expect(err).NotTo(HaveOccurred())
		Expect(out).To(ContainSubstring("\t\ta.Name, // A\n\t\tnewplugin.Name,\n\t\t\"c\",\n\t\t\"b\","))
		Expect(out).To(ContainSubstring("newplugin \"example.com/plugins/new\""))
	})

	It("appends key-value elements taken by their key", func() {
		out, err := run(manifest.Insert{In: "Gates", Elements: []string{`"New"`}})
		Expect(err).NotTo(HaveOccurred())
		Expect(out).To(ContainSubstring("\t\"A\":   true,\n\t\"New\": false,\n}"))
	})

	It("inserts code as an element before the anchor", func() {
		out, err := run(manifest.Insert{In: "Names", Element: true, Code: `"y"`, Before: `"z"`})
		Expect(err).NotTo(HaveOccurred())
		Expect(out).To(MatchRegexp(`"b", +// B\n\t\t"y",\n\t\t"z",`))
	})

	It("continues a list on one line", func() {
		out, err := run(manifest.Insert{In: "Short", Element: true, Code: `"c"`, After: `"b"`})
		Expect(err).NotTo(HaveOccurred())
		Expect(out).To(ContainSubstring(`sets("a", "b", "c")`))
	})

	It("inserts our statements after the statement that calls the anchor", func() {
		out, err := run(manifest.Insert{In: "Register", Statements: []string{"newplugin.Register"}, After: "a.Register"})
		Expect(err).NotTo(HaveOccurred())
		Expect(out).To(ContainSubstring("\ta.Register(plugins)\n\n\tnewplugin.Register(plugins)\n\tif err := check(plugins)"))
	})

	It("inserts code before the statement whose header calls the anchor", func() {
		out, err := run(manifest.Insert{In: "Register", Code: "log(plugins)", Before: "check"})
		Expect(err).NotTo(HaveOccurred())
		Expect(out).To(ContainSubstring("\tlog(plugins)\n\n\tif err := check(plugins); err != nil {"))
	})

	It("inserts code with its imports inside a function literal, after a statement naming a selector", func() {
		out, err := run(manifest.Insert{In: "Register", Code: "spec.Components = features.On()", After: "spec.Type", Imports: []string{"example.com/features"}})
		Expect(err).NotTo(HaveOccurred())
		Expect(out).To(ContainSubstring("\t\tspec.Type = \"t\"\n\n\t\tspec.Components = features.On()\n\t}"))
		Expect(out).To(ContainSubstring("\t\"example.com/features\"\n"))
	})

	It("inserts code before the final return without an anchor", func() {
		out, err := run(manifest.Insert{In: "Register", Code: "done()"})
		Expect(err).NotTo(HaveOccurred())
		Expect(out).To(ContainSubstring("\tdeploy()\n\n\tdone()\n\n\treturn nil\n}"))
	})

	DescribeTable("fails with a clear error",
		func(in manifest.Insert, message string) {
			_, err := run(in)
			Expect(err).To(MatchError(ContainSubstring(message)))
		},
		Entry("unknown function", manifest.Insert{In: "Missing", Code: "x()"}, "no function or variable Missing"),
		Entry("unknown anchor", manifest.Insert{In: "Register", Code: "x()", After: "nothing"}, "no statement calls nothing"),
		Entry("unknown element of ours", manifest.Insert{In: "Names", Elements: []string{"missing"}}, "no element missing"),
		Entry("our statement missing", manifest.Insert{In: "Register", Statements: []string{"other.Register"}}, "no statement calls other.Register"),
	)
})

var _ = Describe("insertEverywhere", func() {
	It("adds the element after the anchor in every list passed to the named call", func() {
		target := filepath.Join(writeFiles(map[string]string{"x/x_test.go": `package x_test

var _ = Describe("x", func() {
	It("a", func() {
		Expect(v).To(MatchAllFields(Fields{
			"Spec": MatchAllFields(Fields{
				"DefaultSpec": MatchAllFields(Fields{
					"Type": Equal("a"),
				}),
			}),
		}))
		Expect(v).To(MatchFields(IgnoreExtras, Fields{
			"DefaultSpec": Equal(1),
		}))
	})
})
`}), "x", "x_test.go")
		fe := newFileEdits()
		Expect(insertion(fe, manifest.Insert{Element: true, All: true, InCall: "MatchAllFields", After: `"DefaultSpec"`, Code: `"Components": BeNil()`}, nil, target)).To(Succeed())
		out, err := fe.results()
		Expect(err).NotTo(HaveOccurred())
		Expect(string(out[target])).To(ContainSubstring("\t\t\t\t}),\n\t\t\t\t\"Components\": BeNil(),\n\t\t\t}),"))
		Expect(strings.Count(string(out[target]), "Components")).To(Equal(1), "not in the MatchFields list")

		fe = newFileEdits()
		Expect(insertion(fe, manifest.Insert{Element: true, All: true, After: `"Nothing"`, Code: "x"}, nil, target)).To(MatchError(ContainSubstring("no list holds")))
	})
})
