// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package upstream_test

import (
	"bytes"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/yaml"

	"github.com/gep-78/gardener/cmd/kubectl-extensionprofile/app"
	"github.com/gep-78/gardener/test/upstream"
)

var (
	falcoProfilesGVR     = schema.GroupVersionResource{Group: "falco.gardener.cloud", Version: "v1alpha1", Resource: "falcoprofiles"}
	extensionProfilesGVR = schema.GroupVersionResource{Group: "core.gardener.cloud", Version: "v1beta1", Resource: "extensionprofiles"}
)

// convert runs `kubectl extensionprofile convert falcoprofile` with args and stdin and returns
// stdout and stderr.
func convert(stdin []byte, args ...string) (string, string) {
	var stdout, stderr bytes.Buffer
	cmd := app.NewCommand(&stdout, &stderr)
	cmd.SetIn(bytes.NewReader(stdin))
	cmd.SetArgs(append([]string{"convert", "falcoprofile"}, args...))
	Expect(cmd.Execute()).To(Succeed(), "stderr: %s", stderr.String())
	return stdout.String(), stderr.String()
}

var _ = Describe("the FalcoProfile of gardener-extension-shoot-falco-service", Ordered, func() {
	BeforeAll(func() {
		By("Install the FalcoProfile CRD as the falco extension ships it and apply its FalcoProfile")
		installCRD(upstream.MustRead(upstream.FalcoProfileCRD))
		_, stderr, err := kubectl(upstream.MustRead(upstream.FalcoProfile), "apply", "-f", "-")
		Expect(err).NotTo(HaveOccurred(), stderr)
		readBack, err := dynamicClient.Resource(falcoProfilesGVR).Get(ctx, "falco", metav1.GetOptions{})
		Expect(err).NotTo(HaveOccurred())
		Expect(lostFields(toJSONMap(upstream.MustRead(upstream.FalcoProfile)), readBack.Object)).To(BeEmpty())
		DeferCleanup(func() {
			_, _, _ = kubectl(nil, "delete", "extensionprofile", "shoot-falco-service", "--ignore-not-found")
		})
	})

	It("converts, as a file and as kubectl get returns it, into the same ExtensionProfile, which applies as is and reads back unchanged", func() {
		fromFile, warnings := convert(nil, "-f", "../../../upstream/"+upstream.FalcoProfile)
		Expect(warnings).To(ContainSubstring("spec.versions.falcosidekick (3 versions) and spec.images.falcosidekick (3 images) are not converted"))

		got, stderr, err := kubectl(nil, "get", "falcoprofile", "falco", "-o", "yaml")
		Expect(err).NotTo(HaveOccurred(), stderr)
		fromGarden, _ := convert([]byte(got), "-f", "-")
		Expect(fromGarden).To(Equal(fromFile))

		for _, args := range [][]string{{"apply", "-f", "-"}, {"apply", "--server-side", "-f", "-"}} {
			stdout, stderr, err := kubectl([]byte(fromFile), args...)
			Expect(err).NotTo(HaveOccurred(), "kubectl %v: %s", args, stderr)
			Expect(stderr).To(BeEmpty(), "kubectl %v warns", args)
			Expect(stdout).To(ContainSubstring("extensionprofile.core.gardener.cloud/shoot-falco-service"))

			readBack, err := dynamicClient.Resource(extensionProfilesGVR).Get(ctx, "shoot-falco-service", metav1.GetOptions{})
			Expect(err).NotTo(HaveOccurred())
			Expect(lostFields(toJSONMap([]byte(fromFile)), readBack.Object)).To(BeEmpty(), "kubectl %v", args)
		}

		By("every falco version of the FalcoProfile is offered, with its expiration date as the start of expired")
		profile, err := gardenClient.CoreV1beta1().ExtensionProfiles().Get(ctx, "shoot-falco-service", metav1.GetOptions{})
		Expect(err).NotTo(HaveOccurred())
		falcoProfile := map[string]any{}
		Expect(yaml.Unmarshal(upstream.MustRead(upstream.FalcoProfile), &falcoProfile)).To(Succeed())
		entries := falcoProfile["spec"].(map[string]any)["versions"].(map[string]any)["falco"].([]any)
		Expect(profile.Spec.Components).To(HaveLen(1))
		Expect(profile.Spec.Components[0].Versions).To(HaveLen(len(entries)))
		for i, e := range entries {
			entry := e.(map[string]any)
			version := profile.Spec.Components[0].Versions[i]
			Expect(version.Version).To(Equal(entry["version"]))
			Expect(string(version.Lifecycle[0].Classification)).To(Equal(entry["classification"]))
			if date, ok := entry["expirationDate"]; ok {
				Expect(version.Lifecycle).To(HaveLen(2))
				Expect(version.Lifecycle[1].StartTime.UTC().Format("2006-01-02T15:04:05Z")).To(Equal(date))
			} else {
				Expect(version.Lifecycle).To(HaveLen(1))
			}
			Expect(string(version.ProviderConfig.Raw)).To(ContainSubstring(`"rulesVersion":"` + entry["rulesVersion"].(string) + `"`))
		}
	})
})
