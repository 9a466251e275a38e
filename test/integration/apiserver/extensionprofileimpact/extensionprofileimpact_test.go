// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package extensionprofileimpact_test

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	kruntime "k8s.io/apimachinery/pkg/runtime"
	testclock "k8s.io/utils/clock/testing"
	"sigs.k8s.io/yaml"

	"github.com/gep-78/gardener/cmd/kubectl-extensionprofile/app"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
)

const runbook = "docs/operations/changing-a-profile-safely.md"

// codeBlock is a fenced block of a Markdown file with its info string ("yaml", "text", "").
type codeBlock struct {
	language, content string
}

func markdownBlocks(path string) []codeBlock {
	GinkgoHelper()
	_, self, _, _ := runtime.Caller(0)
	f, err := os.Open(filepath.Join(filepath.Dir(self), "..", "..", "..", "..", path))
	Expect(err).NotTo(HaveOccurred())
	defer f.Close()
	var (
		blocks  []codeBlock
		current *codeBlock
	)
	scanner := bufio.NewScanner(f)
	for scanner.Scan() {
		line := scanner.Text()
		switch {
		case current == nil && strings.HasPrefix(line, "```"):
			current = &codeBlock{language: strings.TrimPrefix(line, "```")}
		case current != nil && line == "```":
			blocks = append(blocks, *current)
			current = nil
		case current != nil:
			current.content += line + "\n"
		}
	}
	Expect(scanner.Err()).NotTo(HaveOccurred())
	return blocks
}

// warningLines returns the "Warning: " lines of kubectl's stderr, without the prefix.
func warningLines(stderr string) []string {
	var out []string
	for _, line := range strings.Split(stderr, "\n") {
		if w, ok := strings.CutPrefix(line, "Warning: "); ok {
			out = append(out, w)
		}
	}
	return out
}

// shootYAML is a Shoot in garden-dev that pins falco 0.41.0 of docs-falco on Kubernetes
// kubernetesVersion with the given autoUpdate of the component.
func shootYAML(name, kubernetesVersion, autoUpdate string) string {
	return fmt.Sprintf(`apiVersion: core.gardener.cloud/v1beta1
kind: Shoot
metadata:
  name: %s
  namespace: garden-dev
spec:
  cloudProfile:
    kind: CloudProfile
    name: impact-local
  region: local
  kubernetes:
    version: %q
  provider:
    type: local
    workers:
    - name: local
      machine:
        type: local
        image:
          name: gardenlinux
          version: "1877.8.0"
      minimum: 1
      maximum: 2
  extensions:
  - type: docs-falco
    components:
    - name: falco
      version: "0.41.0"
%s
`, name, kubernetesVersion, autoUpdate)
}

const cloudProfileYAML = `apiVersion: core.gardener.cloud/v1beta1
kind: CloudProfile
metadata:
  name: impact-local
spec:
  type: local
  regions:
  - name: local
  machineTypes:
  - name: local
    cpu: "1"
    gpu: "0"
    memory: 1Gi
  kubernetes:
    versions:
    - version: "1.35.6"
    - version: "1.34.2"
    - version: "1.33.4"
  machineImages:
  - name: gardenlinux
    versions:
    - version: "1877.8.0"
`

var _ = Describe("The impact preview of the runbook", Ordered, func() {
	var (
		current, changed, added []byte
		expectedWarnings        []string
		expectedStdout          string
		expectedMoves           []string
	)

	BeforeAll(func() {
		var yamls, dryRunOutputs []codeBlock
		for _, b := range markdownBlocks(runbook) {
			switch {
			case b.language == "yaml":
				yamls = append(yamls, b)
			case b.language == "text" && strings.Contains(b.content, "(server dry run)"):
				dryRunOutputs = append(dryRunOutputs, b)
			}
		}
		Expect(yamls).To(HaveLen(3), "%s: the profile before and after the change, and with a version added", runbook)
		Expect(dryRunOutputs).To(HaveLen(2), "%s: the output of the dry-runs", runbook)
		current, changed, added = []byte(yamls[0].content), []byte(yamls[1].content), []byte(yamls[2].content)
		for _, line := range strings.Split(strings.TrimSpace(dryRunOutputs[0].content), "\n") {
			if w, ok := strings.CutPrefix(line, "Warning: "); ok {
				expectedWarnings = append(expectedWarnings, w)
			} else {
				expectedStdout = line
			}
		}
		Expect(expectedWarnings).NotTo(BeEmpty())
		expectedMoves = warningLines(dryRunOutputs[1].content)
		Expect(expectedMoves).NotTo(BeEmpty())

		By("Create the fleet: the profile as it stands, and four Shoots on falco 0.41.0")
		_, stderr, err := kubectl(nil, "create", "namespace", "garden-dev")
		Expect(err).NotTo(HaveOccurred(), stderr)
		_, stderr, err = kubectl([]byte(cloudProfileYAML), "apply", "-f", "-")
		Expect(err).NotTo(HaveOccurred(), stderr)
		_, stderr, err = kubectl(current, "apply", "-f", "-")
		Expect(err).NotTo(HaveOccurred(), stderr)
		Expect(warningLines(stderr)).To(BeEmpty(), "no Shoot pins the new profile yet")
		off := "      autoUpdate:\n        enabled: false"
		minor := "      autoUpdate:\n        updateStrategy: minor"
		fleet := strings.Join([]string{
			shootYAML("alpha", "1.35.6", off),     // force path: 0.41.2
			shootYAML("bravo", "1.34.2", ""),      // default patch strategy: 0.41.2
			shootYAML("charlie", "1.35.6", minor), // supported target of the minor strategy: 0.43.0
			shootYAML("delta", "1.33.4", off),     // every newer version needs 1.34 or later: holds
		}, "---\n")
		_, stderr, err = kubectl([]byte(fleet), "apply", "-f", "-")
		Expect(err).NotTo(HaveOccurred(), stderr)
	})

	storedProfile := func() *gardencorev1beta1.ExtensionProfile {
		GinkgoHelper()
		profile, err := gardenClient.CoreV1beta1().ExtensionProfiles().Get(ctx, "docs-falco", metav1.GetOptions{})
		Expect(err).NotTo(HaveOccurred())
		return profile
	}
	lifecycleOf041 := func(profile *gardencorev1beta1.ExtensionProfile) []gardencorev1beta1.LifecycleStage {
		for _, v := range profile.Spec.Components[0].Versions {
			if v.Version == "0.41.0" {
				return v.Lifecycle
			}
		}
		Fail("no version 0.41.0")
		return nil
	}

	It("prints the runbook's warnings for `kubectl apply --dry-run=server`, and changes nothing", func() {
		before := storedProfile()
		// The plugin reads the Shoots from gardener-apiserver's informer; a dry-run can be repeated.
		Eventually(func(g Gomega) {
			stdout, stderr, err := kubectl(changed, "apply", "--dry-run=server", "-f", "-")
			g.Expect(err).NotTo(HaveOccurred(), stderr)
			g.Expect(warningLines(stderr)).To(Equal(expectedWarnings))
			g.Expect(strings.TrimSpace(stdout)).To(Equal(expectedStdout))
		}).Should(Succeed())

		after := storedProfile()
		Expect(after.ResourceVersion).To(Equal(before.ResourceVersion))
		Expect(lifecycleOf041(after)).To(BeEmpty())
	})

	It("prints the same warnings for the real apply, which stores the change", func() {
		stdout, stderr, err := kubectl(changed, "apply", "-f", "-")
		Expect(err).NotTo(HaveOccurred(), stderr)
		Expect(warningLines(stderr)).To(Equal(expectedWarnings))
		Expect(strings.TrimSpace(stdout)).To(Equal(strings.TrimSuffix(expectedStdout, " (server dry run)")))
		Expect(lifecycleOf041(storedProfile())).To(HaveLen(2))
	})

	It("names the Shoots that an added version moves in their next window", func() {
		stdout, stderr, err := kubectl(added, "apply", "--dry-run=server", "-f", "-")
		Expect(err).NotTo(HaveOccurred(), stderr)
		Expect(warningLines(stderr)).To(Equal(expectedMoves))
		Expect(stdout).To(ContainSubstring("(server dry run)"))
	})

	It("prints no warning for a change without fleet effect", func() {
		profile := &gardencorev1beta1.ExtensionProfile{}
		Expect(yaml.UnmarshalStrict(changed, profile)).To(Succeed())
		// A providerConfig on the pinned version, a new preview version and a date on one nobody pins.
		versions := profile.Spec.Components[0].Versions
		for i := range versions {
			switch versions[i].Version {
			case "0.41.0":
				versions[i].ProviderConfig = &kruntime.RawExtension{Raw: []byte(`{"rules":"strict"}`)}
			case "0.42.1":
				versions[i].Lifecycle = []gardencorev1beta1.LifecycleStage{{Classification: gardencorev1beta1.ClassificationSupported},
					{Classification: gardencorev1beta1.ClassificationDeprecated, StartTime: &metav1.Time{Time: now.AddDate(0, 1, 0)}}}
			}
		}
		profile.Spec.Components[0].Versions = append(versions, gardencorev1beta1.ExtensionComponentVersion{Version: "0.44.0",
			Lifecycle: []gardencorev1beta1.LifecycleStage{{Classification: gardencorev1beta1.ClassificationPreview}}})
		data, err := yaml.Marshal(profile)
		Expect(err).NotTo(HaveOccurred())

		for _, args := range [][]string{{"apply", "--dry-run=server", "-f", "-"}, {"apply", "-f", "-"}} {
			stdout, stderr, err := kubectl(data, args...)
			Expect(err).NotTo(HaveOccurred(), stderr)
			Expect(stdout).To(ContainSubstring("configured"))
			Expect(warningLines(stderr)).To(BeEmpty(), strings.Join(args, " "))
		}
	})

	It("previews the next change against the stored one: the date moved", func() {
		moved := strings.Replace(string(changed), `startTime: "2026-12-10T00:00:00Z"`, `startTime: "2027-01-10T00:00:00Z"`, 1)
		Expect(moved).NotTo(Equal(string(changed)))
		_, stderr, err := kubectl([]byte(moved), "apply", "--dry-run=server", "-f", "-")
		Expect(err).NotTo(HaveOccurred(), stderr)
		Expect(warningLines(stderr)).To(ContainElement(HavePrefix(
			"component falco version 0.41.0: expires at 2027-01-10T00:00:00Z (was 2026-12-10T00:00:00Z); pinned by 4 Shoots; from then on 2 are force-upgraded to 0.41.2")))
	})

	// The kubectl plugin against the same garden, in-process with the garden's clock.
	plugin := func(args ...string) (string, error) {
		GinkgoHelper()
		out := &bytes.Buffer{}
		cmd := app.NewCommandWithOptions(&app.Options{Out: out, ErrOut: io.Discard, Clock: testclock.NewFakeClock(now)})
		cmd.SetArgs(append(args, "--kubeconfig", kubeconfig))
		err := cmd.ExecuteContext(ctx)
		return out.String(), err
	}

	It("kubectl extensionprofile usage states its namespace and counts the Shoots pinning elsewhere", func() {
		out, err := plugin("usage", "docs-falco", "-n", "default")
		Expect(err).NotTo(HaveOccurred())
		Expect(out).To(HaveSuffix("SHOOTS lists namespace default only; 4 Shoots of other namespaces pin versions of this profile (-A lists them)\n"))
		Expect(out).NotTo(ContainSubstring("garden-dev/"))

		out, err = plugin("usage", "docs-falco", "-A")
		Expect(err).NotTo(HaveOccurred())
		Expect(out).To(MatchRegexp(`(?m)^falco +0\.41\.0 +.* 2026-12-10T00:00:00Z +garden-dev/alpha,garden-dev/bravo,garden-dev/charlie,garden-dev/delta$`))
		Expect(out).NotTo(ContainSubstring("SHOOTS lists namespace"))
	})

	It("kubectl extensionprofile shoot names the namespace of a Shoot not found, and finds it with -A", func() {
		_, err := plugin("shoot", "delta", "-n", "default")
		Expect(err).To(MatchError(`Shoot "delta" not found in namespace "default"; it exists in namespace garden-dev: use -n garden-dev`))
		_, err = plugin("shoot", "nobody", "-n", "garden-dev")
		Expect(err).To(MatchError(`Shoot "nobody" not found in namespace "garden-dev", nor in any other namespace`))
		out, err := plugin("shoot", "delta", "-A")
		Expect(err).NotTo(HaveOccurred())
		Expect(out).To(ContainSubstring("docs-falco   falco"))
	})

	It("kubectl extensionprofile shoot shows the next window and the hold at the expiry", func() {
		shoot, err := gardenClient.CoreV1beta1().Shoots("garden-dev").Get(ctx, "delta", metav1.GetOptions{})
		Expect(err).NotTo(HaveOccurred())
		Expect(shoot.Spec.Maintenance).NotTo(BeNil(), "gardener-apiserver defaults a random window")
		out, err := plugin("shoot", "delta", "-n", "garden-dev")
		Expect(err).NotTo(HaveOccurred())
		Expect(out).To(MatchRegexp(`^Next maintenance: (now \(inside the window |2026-12-0[12]T\d\d:00:00Z \(window )\d\d:00:00-\d\d:45:00 UTC\)\n`))
		Expect(out).To(MatchRegexp(`(?m)^docs-falco +falco +0\.41\.0 +\S+ +<none> +2026-12-10T00:00:00Z +<none> +off, patch \(fallback\) +keep +` +
			regexp.QuoteMeta(`on 2026-12-10: hold, no compatible version: 0.41.2 fails "requires Kubernetes 1.34 or later"`) + `$`))
	})
})
