// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package falcoprofile_test

import (
	"encoding/json"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	. "github.com/gep-78/gardener/pkg/shoot-falco-service/falcoprofile"
	"github.com/gep-78/gardener/test/upstream"
)

func stages(classification string, expiration string) []gardencorev1beta1.LifecycleStage {
	out := []gardencorev1beta1.LifecycleStage{{Classification: gardencorev1beta1.VersionClassification(classification)}}
	if expiration != "" {
		t, err := time.Parse(time.RFC3339, expiration)
		Expect(err).NotTo(HaveOccurred())
		out = append(out, gardencorev1beta1.LifecycleStage{Classification: gardencorev1beta1.ClassificationExpired, StartTime: &metav1.Time{Time: t}})
	}
	return out
}

// config is the providerConfig JSON Convert writes for a falco version.
func config(rules string, containerPlugin bool, repository, tag string) string {
	c := map[string]any{
		"apiVersion":   "falco.extensions.gardener.cloud/v1alpha1",
		"kind":         "FalcoComponentConfig",
		"rulesVersion": rules,
		"image":        map[string]any{"repository": repository, "tag": tag},
	}
	if containerPlugin {
		c["containerPlugin"] = true
	}
	raw, err := json.Marshal(c)
	Expect(err).NotTo(HaveOccurred())
	return string(raw)
}

var _ = Describe("Convert", func() {
	decode := func(manifest string) *FalcoProfile {
		profile, err := Decode([]byte(manifest))
		Expect(err).NotTo(HaveOccurred())
		return profile
	}

	It("converts the FalcoProfile the falco extension ships: every falco version, its classification and expiration date as lifecycle, rulesVersion, image and container plugin as providerConfig", func() {
		profile, err := Decode(upstream.MustRead(upstream.FalcoProfile))
		Expect(err).NotTo(HaveOccurred())
		result, err := Convert(profile, Options{})
		Expect(err).NotTo(HaveOccurred())

		Expect(result.Profile.Name).To(Equal("shoot-falco-service"))
		Expect(result.Profile.APIVersion).To(Equal("core.gardener.cloud/v1beta1"))
		Expect(result.Profile.Kind).To(Equal("ExtensionProfile"))
		Expect(result.Profile.Spec.UpdateStrategy).To(BeNil())
		Expect(result.Profile.Spec.Components).To(HaveLen(1))
		falco := result.Profile.Spec.Components[0]
		Expect(falco.Name).To(Equal("falco"))
		type want struct {
			version, classification, expiration, rules string
			containerPlugin                            bool
		}
		wants := []want{
			{"0.40.0", "deprecated", "2026-07-31T23:59:59Z", "3.2.0", false},
			{"0.41.3", "deprecated", "2026-07-31T23:59:59Z", "4.0.0", true},
			{"0.42.1", "supported", "", "0.42.1", true},
			{"0.43.0", "deprecated", "2026-07-31T23:59:59Z", "0.43.0", true},
			{"0.44.1", "preview", "", "0.44.0", true},
		}
		Expect(falco.Versions).To(HaveLen(len(wants)))
		for i, w := range wants {
			v := falco.Versions[i]
			Expect(v.Version).To(Equal(w.version))
			Expect(v.Lifecycle).To(Equal(stages(w.classification, w.expiration)), w.version)
			Expect(string(v.ProviderConfig.Raw)).To(MatchJSON(config(w.rules, w.containerPlugin, "falcosecurity/falco", w.version)), w.version)
		}

		Expect(result.Warnings).To(ConsistOf(ContainSubstring("spec.versions.falcosidekick (3 versions) and spec.images.falcosidekick (3 images) are not converted")))
	})

	It("converts falcosidekick into a component of its own with SubComponents, keeping the forked image", func() {
		profile, err := Decode(upstream.MustRead(upstream.FalcoProfile))
		Expect(err).NotTo(HaveOccurred())
		result, err := Convert(profile, Options{SubComponents: true, ExtensionType: "falco-next"})
		Expect(err).NotTo(HaveOccurred())
		Expect(result.Warnings).To(BeEmpty())
		Expect(result.Profile.Name).To(Equal("falco-next"))
		Expect(result.Profile.Spec.Components).To(HaveLen(2))
		sidekick := result.Profile.Spec.Components[1]
		Expect(sidekick.Name).To(Equal("falcosidekick"))
		Expect(sidekick.Versions).To(HaveLen(3))
		Expect(sidekick.Versions[2].Version).To(Equal("2.35.1"))
		Expect(sidekick.Versions[2].Lifecycle).To(Equal(stages("supported", "")))
		Expect(string(sidekick.Versions[2].ProviderConfig.Raw)).To(MatchJSON(`{"kind":"FalcoComponentConfig","apiVersion":"falco.extensions.gardener.cloud/v1alpha1",
			"image":{"repository":"europe-docker.pkg.dev/gardener-project/releases/gardener/falcosidekick-fork","tag":"v2.35.1"}}`))
	})

	It("reads an expiration date without a zone as UTC and warns about a version without an image", func() {
		result, err := Convert(decode(`apiVersion: falco.gardener.cloud/v1alpha1
kind: FalcoProfile
metadata: {name: falco}
spec:
  versions:
    falco:
    - {version: 0.42.1, classification: supported, expirationDate: "2027-01-31T12:00:00", rulesVersion: 0.42.1}
`), Options{})
		Expect(err).NotTo(HaveOccurred())
		Expect(result.Profile.Spec.Components[0].Versions[0].Lifecycle).To(Equal(stages("supported", "2027-01-31T12:00:00Z")))
		Expect(result.Warnings).To(ConsistOf("spec.versions.falco[0]: falco 0.42.1 has no image in spec.images.falco; the extension deploys its default image"))
	})

	It("refuses what it cannot carry over, naming every field", func() {
		_, err := Convert(decode(`apiVersion: falco.gardener.cloud/v1alpha1
kind: FalcoProfile
metadata: {name: falco}
spec:
  images:
    falco:
    - {repository: falcosecurity/falco, tag: 0.42.1, version: 0.42.1}
    - {repository: falcosecurity/falco, tag: 0.42.1-bis, version: 0.42.1}
    - {repository: falcosecurity/falco, tag: 0.39.2, version: 0.39.2}
  versions:
    falco:
    - {version: 0.42.1, classification: supported, rulesVersion: 0.42.1}
    - {version: 0.42.1, classification: supported, rulesVersion: 0.42.1}
    - {version: v0.43.0, classification: supported, rulesVersion: 0.43.0}
    - {version: 0.44.1, classification: xsupportedx, rulesVersion: 0.44.0}
    - {version: 0.45.0, classification: preview, expirationDate: 31.07.2026, rulesVersion: 0.45.0}
    - {version: 0.45.1, classification: preview, expirationDate: "2026-07-31T23:59:59.5Z", rulesVersion: 0.45.0}
    - {version: 0.46.0, classification: preview}
`), Options{})
		Expect(err).To(HaveOccurred())
		for _, message := range []string{
			`spec.images.falco[1].version: Duplicate value: "0.42.1"`,
			`spec.images.falco[2].version: Invalid value: "0.39.2": has an image but no entry in spec.versions.falco`,
			`spec.versions.falco[1].version: Duplicate value: "0.42.1"`,
			`spec.versions.falco[2].version: Invalid value: "v0.43.0": must be a semantic version`,
			`spec.versions.falco[3].classification: Unsupported value: "xsupportedx"`,
			`spec.versions.falco[4].expirationDate: Invalid value: "31.07.2026": must be an RFC 3339 time`,
			`spec.versions.falco[5].expirationDate: Invalid value: "2026-07-31T23:59:59.5Z": an ExtensionProfile lifecycle startTime has whole seconds`,
			`spec.versions.falco[6].rulesVersion: Required value`,
		} {
			Expect(err.Error()).To(ContainSubstring(message))
		}
	})

	It("refuses a profile without falco versions", func() {
		_, err := Convert(decode("apiVersion: falco.gardener.cloud/v1alpha1\nkind: FalcoProfile\nmetadata: {name: empty}\nspec: {}\n"), Options{})
		Expect(err).To(MatchError(ContainSubstring("spec.versions.falco: Required value: the FalcoProfile offers no falco version")))
	})
})

var _ = Describe("Decode", func() {
	It("rejects another kind, unknown fields and several documents", func() {
		_, err := Decode([]byte("apiVersion: core.gardener.cloud/v1beta1\nkind: ExtensionProfile\nmetadata: {name: x}\nspec: {}\n"))
		Expect(err).To(MatchError(ContainSubstring("apiVersion: Invalid value: \"core.gardener.cloud/v1beta1, Kind=ExtensionProfile\": expected falco.gardener.cloud/v1alpha1, Kind=FalcoProfile")))
		_, err = Decode([]byte("apiVersion: falco.gardener.cloud/v1alpha1\nkind: FalcoProfile\nmetadata: {name: x}\nspec: {versionz: {}}\n"))
		Expect(err).To(MatchError(ContainSubstring(`unknown field "spec.versionz"`)))
		_, err = Decode([]byte("apiVersion: falco.gardener.cloud/v1alpha1\nkind: FalcoProfile\nmetadata: {name: a}\n---\n# only a comment\n---\napiVersion: falco.gardener.cloud/v1alpha1\nkind: FalcoProfile\nmetadata: {name: b}\n"))
		Expect(err).To(MatchError(ContainSubstring("expected exactly one FalcoProfile, found 2 documents")))
	})
})
