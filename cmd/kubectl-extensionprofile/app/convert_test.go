// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package app

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	"sigs.k8s.io/yaml"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
)

const falcoProfileManifest = `apiVersion: falco.gardener.cloud/v1alpha1
kind: FalcoProfile
metadata:
  name: falco
spec:
  images:
    falco:
    - {repository: falcosecurity/falco, tag: 0.42.1, version: 0.42.1}
    falcosidekick:
    - {repository: falcosecurity/falcosidekick, tag: 2.31.1, version: 2.31.1}
  versions:
    falco:
    - {version: 0.42.1, classification: supported, rulesVersion: 0.42.1}
    - {version: 0.40.0, classification: deprecated, expirationDate: "2026-07-31T23:59:59Z", rulesVersion: 3.2.0}
    falcosidekick:
    - {version: 2.31.1, classification: supported}
`

var _ = Describe("convert falcoprofile", func() {
	var (
		out, errOut bytes.Buffer
		file        string
	)

	BeforeEach(func() {
		out.Reset()
		errOut.Reset()
		file = filepath.Join(GinkgoT().TempDir(), "falco-profile.yaml")
		Expect(os.WriteFile(file, []byte(falcoProfileManifest), 0o600)).To(Succeed())
	})

	// run runs the command with args and stdin and returns its error.
	run := func(stdin string, args ...string) error {
		cmd := NewCommandWithOptions(&Options{Out: &out, ErrOut: &errOut})
		cmd.SetIn(strings.NewReader(stdin))
		cmd.SetArgs(append([]string{"convert", "falcoprofile"}, args...))
		return cmd.Execute()
	}
	written := func() *gardencorev1beta1.ExtensionProfile {
		GinkgoHelper()
		profile := &gardencorev1beta1.ExtensionProfile{}
		Expect(yaml.UnmarshalStrict(out.Bytes(), profile)).To(Succeed())
		return profile
	}

	It("prints the ExtensionProfile of a file with a header line, without status or creationTimestamp, and the warnings on stderr", func() {
		Expect(run("", "-f", file)).To(Succeed())
		Expect(out.String()).To(HavePrefix("# ExtensionProfile shoot-falco-service, converted from FalcoProfile falco by kubectl extensionprofile convert falcoprofile\n"))
		Expect(out.String()).NotTo(ContainSubstring("status"))
		Expect(out.String()).NotTo(ContainSubstring("creationTimestamp"))
		profile := written()
		Expect(profile.Kind).To(Equal("ExtensionProfile"))
		Expect(profile.Name).To(Equal("shoot-falco-service"))
		Expect(profile.Spec.Components).To(HaveLen(1))
		Expect(profile.Spec.Components[0].Versions).To(HaveLen(2))
		Expect(errOut.String()).To(Equal("Warning: spec.versions.falco[1]: falco 0.40.0 has no image in spec.images.falco; the extension deploys its default image\n" +
			"Warning: spec.versions.falcosidekick (1 versions) and spec.images.falcosidekick (1 images) are not converted: shoot owners cannot select falcosidekick, " +
			"and GEP-78 keeps such sub-components out of the ExtensionProfile; they belong to the extension's own configuration (--sub-components converts them into a component \"falcosidekick\")\n"))
	})

	It("reads standard input with -f - and takes --name and --sub-components", func() {
		Expect(run(falcoProfileManifest, "-f", "-", "--name", "falco-next", "--sub-components")).To(Succeed())
		profile := written()
		Expect(profile.Name).To(Equal("falco-next"))
		Expect(profile.Spec.Components).To(HaveLen(2))
		Expect(profile.Spec.Components[1].Name).To(Equal("falcosidekick"))
	})

	DescribeTable("fails, writing nothing, for input it cannot convert",
		func(stdin string, args []string, want string) {
			Expect(run(stdin, args...)).To(MatchError(ContainSubstring(want)))
			Expect(out.String()).To(BeEmpty())
		},
		Entry("no -f", "", nil, `required flag(s) "filename" not set`),
		Entry("an argument", "", []string{"-f", "-", "extra"}, `unknown command "extra"`),
		Entry("a file that does not exist", "", []string{"-f", "/nonexistent/falco.yaml"}, "cannot read /nonexistent/falco.yaml"),
		Entry("another kind", "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: x}\n", []string{"-f", "-"},
			"-: apiVersion: Invalid value: \"v1, Kind=ConfigMap\""),
		Entry("a profile without falco versions", "apiVersion: falco.gardener.cloud/v1alpha1\nkind: FalcoProfile\nmetadata: {name: empty}\nspec: {}\n",
			[]string{"-f", "-"}, "-: FalcoProfile empty cannot be converted: spec.versions.falco: Required value"),
	)
})
