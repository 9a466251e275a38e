// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package falcoprofile_test

import (
	"encoding/json"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	. "github.com/gep-78/gardener/pkg/shoot-falco-service/falcoprofile"
)

// profileWith is a FalcoProfile manifest with the given falco version entries and spec.images.
func profileWith(versions []string, images string) []byte {
	var b strings.Builder
	b.WriteString("apiVersion: falco.gardener.cloud/v1alpha1\nkind: FalcoProfile\nmetadata: {name: falco}\nspec:\n")
	if images != "" {
		b.WriteString("  images:\n" + images)
	}
	b.WriteString("  versions:\n    falco:\n")
	for _, v := range versions {
		b.WriteString("    - " + v + "\n")
	}
	return []byte(b.String())
}

func convert(manifest []byte, opts Options) (*Result, error) {
	GinkgoHelper()
	profile, err := Decode(manifest)
	Expect(err).NotTo(HaveOccurred())
	return Convert(profile, opts)
}

var _ = Describe("Convert, case by case", func() {
	DescribeTable("reads an expiration date as the FalcoProfile CRD does, into whole seconds in UTC",
		func(date, wantStart, wantErr string) {
			result, err := convert(profileWith([]string{`{version: 0.42.1, classification: supported, rulesVersion: 0.42.1, expirationDate: "` + date + `"}`}, ""), Options{})
			if wantErr != "" {
				Expect(err).To(MatchError(ContainSubstring(`spec.versions.falco[0].expirationDate: Invalid value: "` + date + `": ` + wantErr)))
				return
			}
			Expect(err).NotTo(HaveOccurred())
			Expect(result.Profile.Spec.Components[0].Versions[0].Lifecycle).To(Equal(stages("supported", wantStart)))
		},
		Entry("UTC", "2027-01-31T12:00:00Z", "2027-01-31T12:00:00Z", ""),
		Entry("another zone", "2027-01-31T12:00:00+02:00", "2027-01-31T10:00:00Z", ""),
		Entry("no zone", "2027-01-31T12:00:00", "2027-01-31T12:00:00Z", ""),
		Entry("zero fractional seconds", "2027-01-31T12:00:00.000Z", "2027-01-31T12:00:00Z", ""),
		Entry("fractional seconds without a zone", "2027-01-31T12:00:00.25", "", "an ExtensionProfile lifecycle startTime has whole seconds"),
		Entry("a date only", "2027-01-31", "", "must be an RFC 3339 time"),
		Entry("a zone that does not parse", "2027-01-31T12:00:00+2", "", "must be an RFC 3339 time"),
	)

	DescribeTable("takes the three classifications of the CRD as the first lifecycle stage and refuses others",
		func(classification string, wantErr bool) {
			result, err := convert(profileWith([]string{`{version: 0.42.1, classification: "` + classification + `", rulesVersion: 0.42.1}`}, ""), Options{})
			if wantErr {
				Expect(err).To(MatchError(ContainSubstring(`spec.versions.falco[0].classification: Unsupported value: "` + classification +
					`": supported values: "preview", "supported", "deprecated"`)))
				return
			}
			Expect(err).NotTo(HaveOccurred())
			Expect(result.Profile.Spec.Components[0].Versions[0].Lifecycle).To(Equal(stages(classification, "")))
		},
		Entry("preview", "preview", false),
		Entry("supported", "supported", false),
		Entry("deprecated", "deprecated", false),
		Entry("expired, which a FalcoProfile says with its expirationDate", "expired", true),
		Entry("unavailable", "unavailable", true),
		Entry("none", "", true),
	)

	DescribeTable("turns on the container plugin from falco 0.41.2 on",
		func(version string, want bool) {
			result, err := convert(profileWith([]string{`{version: ` + version + `, classification: supported, rulesVersion: "4.0.0"}`}, ""), Options{})
			Expect(err).NotTo(HaveOccurred())
			config := map[string]any{}
			Expect(json.Unmarshal(result.Profile.Spec.Components[0].Versions[0].ProviderConfig.Raw, &config)).To(Succeed())
			if want {
				Expect(config).To(HaveKeyWithValue("containerPlugin", true))
			} else {
				Expect(config).NotTo(HaveKey("containerPlugin"))
			}
		},
		Entry("0.41.1", "0.41.1", false),
		Entry("0.41.2", "0.41.2", true),
		Entry("0.42.0", "0.42.0", true),
	)

	DescribeTable("refuses a malformed image with its field path",
		func(image, want string) {
			_, err := convert(profileWith([]string{"{version: 0.42.1, classification: supported, rulesVersion: 0.42.1}"}, "    falco:\n    - "+image+"\n"), Options{})
			Expect(err).To(MatchError(ContainSubstring(want)))
		},
		Entry("without a version", "{repository: falcosecurity/falco, tag: 0.42.1}", "spec.images.falco[0].version: Required value: the version the image belongs to"),
		Entry("without a repository", "{tag: 0.42.1, version: 0.42.1}", "spec.images.falco[0]: Required value: repository and tag"),
		Entry("without a tag", "{repository: falcosecurity/falco, version: 0.42.1}", "spec.images.falco[0]: Required value: repository and tag"),
	)

	DescribeTable("sub-components",
		func(images string, opts Options, wantComponents []string, wantWarnings []string) {
			manifest := string(profileWith([]string{"{version: 0.42.1, classification: supported, rulesVersion: 0.42.1}"}, images))
			manifest += "    falcoctl:\n    - {version: 0.11.0, classification: supported}\n"
			result, err := convert([]byte(manifest), opts)
			Expect(err).NotTo(HaveOccurred())
			var names []string
			for _, c := range result.Profile.Spec.Components {
				names = append(names, c.Name)
			}
			Expect(names).To(Equal(wantComponents))
			Expect(result.Warnings).To(HaveLen(len(wantWarnings)))
			for i, w := range wantWarnings {
				Expect(result.Warnings[i]).To(ContainSubstring(w))
			}
		},
		Entry("left out with a warning per list, images alone included", "    falcosidekick:\n    - {repository: r, tag: t, version: 2.35.1}\n", Options{},
			[]string{"falco"}, []string{"falco 0.42.1 has no image", "spec.versions.falcosidekick (0 versions) and spec.images.falcosidekick (1 images) are not converted",
				"spec.versions.falcoctl (1 versions) and spec.images.falcoctl (0 images) are not converted"}),
		Entry("converted, with the image warning of each", "", Options{SubComponents: true},
			[]string{"falco", "falcoctl"}, []string{"falco 0.42.1 has no image", "spec.versions.falcoctl[0]: falcoctl 0.11.0 has no image in spec.images.falcoctl"}),
	)
})

var _ = Describe("Decode, case by case", func() {
	DescribeTable("decodes one FalcoProfile strictly",
		func(manifest, wantErr string) {
			profile, err := Decode([]byte(manifest))
			if wantErr != "" {
				Expect(err).To(MatchError(ContainSubstring(wantErr)))
				return
			}
			Expect(err).NotTo(HaveOccurred())
			Expect(profile.Name).To(Equal("falco"))
			Expect(profile.Spec.Versions.Falco).To(HaveLen(1))
		},
		Entry("JSON", `{"apiVersion":"falco.gardener.cloud/v1alpha1","kind":"FalcoProfile","metadata":{"name":"falco"},"spec":{"versions":{"falco":[{"version":"0.42.1","classification":"supported"}]}}}`, ""),
		Entry("YAML after a comment and a separator", "# the shipped profile\n---\n"+string(profileWith([]string{"{version: 0.42.1, classification: supported}"}, "")), ""),
		Entry("nothing", "", "found 0 documents"),
		Entry("comments only", "# nothing\n", "found 0 documents"),
		Entry("a duplicate field", "apiVersion: falco.gardener.cloud/v1alpha1\nkind: FalcoProfile\nkind: FalcoProfile\n", "cannot decode the FalcoProfile"),
		Entry("a field of the wrong type", "apiVersion: falco.gardener.cloud/v1alpha1\nkind: FalcoProfile\nspec: {versions: {falco: {}}}\n", "cannot decode the FalcoProfile"),
		Entry("another apiVersion", "apiVersion: falco.gardener.cloud/v1beta1\nkind: FalcoProfile\n", "expected falco.gardener.cloud/v1alpha1, Kind=FalcoProfile"),
	)
})
