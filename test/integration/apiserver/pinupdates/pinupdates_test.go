// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package pinupdates_test

import (
	"encoding/json"
	"fmt"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/yaml"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	"github.com/gep-78/gardener/pkg/controllermanager/controller/shoot/maintenance"
)

// At the reference time 2026-11-29 (test/examples/README.md): traefik 3.6.12 is deprecated,
// 3.6.13 the newest supported 3.6 (3.6.14 unavailable, 3.7.0 preview); falco 0.42.1 is deprecated
// and no supported 0.42 exists, 0.44.1 is supported.
const (
	traefikType = "shoot-traefik"
	falcoType   = "shoot-falco-service"
)

// step is one write of the owner: the spec.extensions it wants (sent as a whole manifest by
// kubectl apply and apply --server-side, as the list by a JSON merge patch and by a client-go
// update) or, for a strategic merge patch, the patch that says the same, and what must be stored
// and warned afterwards.
type step struct {
	description string
	extensions  []gardencorev1beta1.Extension
	strategic   string
	// stored are the component entries afterwards, "type/component" → version ("" for none).
	stored   map[string]string
	warnings []string
}

func extension(extensionType string, components ...gardencorev1beta1.ExtensionComponent) gardencorev1beta1.Extension {
	return gardencorev1beta1.Extension{Type: extensionType, Components: components}
}

func pin(name string, version ...string) gardencorev1beta1.ExtensionComponent {
	c := gardencorev1beta1.ExtensionComponent{Name: name}
	if len(version) > 0 {
		c.Version = ptr.To(version[0])
	}
	return c
}

var initial = []gardencorev1beta1.Extension{extension(traefikType, pin("traefik", "3.6.12")), extension(falcoType, pin("falco", "0.42.1"))}

var steps = []step{
	{
		description: "an entry without version keeps the pin",
		extensions:  []gardencorev1beta1.Extension{extension(traefikType, pin("traefik")), extension(falcoType, pin("falco"))},
		strategic: `{"spec":{"extensions":[{"type":"shoot-traefik","components":[{"name":"traefik","version":null}]},` +
			`{"type":"shoot-falco-service","components":[{"name":"falco","version":null}]}]}}`,
		stored: map[string]string{"shoot-traefik/traefik": "3.6.12", "shoot-falco-service/falco": "0.42.1"},
	},
	{
		description: "the same version keeps the pin, without a warning",
		extensions:  initial,
		strategic: `{"spec":{"extensions":[{"type":"shoot-traefik","components":[{"name":"traefik","version":"3.6.12"}]},` +
			`{"type":"shoot-falco-service","components":[{"name":"falco","version":"0.42.1"}]}]}}`,
		stored: map[string]string{"shoot-traefik/traefik": "3.6.12", "shoot-falco-service/falco": "0.42.1"},
	},
	{
		description: "a changed partial version resolves to the newest supported match, never below a matching current version",
		extensions:  []gardencorev1beta1.Extension{extension(traefikType, pin("traefik", "3.6")), extension(falcoType, pin("falco", "0.42"))},
		strategic: `{"spec":{"extensions":[{"type":"shoot-traefik","components":[{"name":"traefik","version":"3.6"}]},` +
			`{"type":"shoot-falco-service","components":[{"name":"falco","version":"0.42"}]}]}}`,
		stored: map[string]string{"shoot-traefik/traefik": "3.6.13", "shoot-falco-service/falco": "0.42.1"},
	},
	{
		description: "a major version skips the preview 3.7.0 and keeps 3.6.13; v0 moves falco to 0.44.1",
		extensions:  []gardencorev1beta1.Extension{extension(traefikType, pin("traefik", "3")), extension(falcoType, pin("falco", "v0"))},
		strategic: `{"spec":{"extensions":[{"type":"shoot-traefik","components":[{"name":"traefik","version":"3"}]},` +
			`{"type":"shoot-falco-service","components":[{"name":"falco","version":"v0"}]}]}}`,
		stored: map[string]string{"shoot-traefik/traefik": "3.6.13", "shoot-falco-service/falco": "0.44.1"},
	},
	{
		description: "removing the component entry unpins, with a warning naming the pin",
		extensions:  []gardencorev1beta1.Extension{extension(traefikType, pin("traefik", "3.6.13")), extension(falcoType)},
		strategic:   `{"spec":{"extensions":[{"type":"shoot-falco-service","components":[{"name":"falco","$patch":"delete"}]}]}}`,
		stored:      map[string]string{"shoot-traefik/traefik": "3.6.13"},
		warnings: []string{"component falco of extension shoot-falco-service is no longer pinned to 0.44.1: its entry was removed from " +
			"spec.extensions[].components[], so the extension deploys its own default version"},
	},
	{
		description: "removing the extension unpins, with a warning naming the pin",
		extensions:  []gardencorev1beta1.Extension{extension(falcoType)},
		strategic:   `{"spec":{"extensions":[{"type":"shoot-traefik","$patch":"delete"}]}}`,
		stored:      map[string]string{},
		warnings:    []string{"component traefik of extension shoot-traefik is no longer pinned to 3.6.13: the extension was removed from spec.extensions[]"},
	},
}

// writer is one way of writing a Shoot: create it, then send a step; both return the warnings.
type writer struct {
	// shoot is the name of the Shoot it writes.
	shoot  string
	create func(name string) []string
	write  func(name string, s step) []string
}

var writers = map[string]writer{
	"kubectl apply": {
		shoot:  "csa",
		create: func(name string) []string { return kubectlOK(manifest(name, initial), "apply", "-f", "-") },
		write:  func(name string, s step) []string { return kubectlOK(manifest(name, s.extensions), "apply", "-f", "-") },
	},
	"kubectl apply --server-side": {
		shoot: "ssa",
		create: func(name string) []string {
			return kubectlOK(manifest(name, initial), "apply", "--server-side", "-f", "-")
		},
		write: func(name string, s step) []string {
			return kubectlOK(manifest(name, s.extensions), "apply", "--server-side", "-f", "-")
		},
	},
	"kubectl patch --type=strategic": {
		shoot:  "strategic",
		create: createWithClient,
		write: func(name string, s step) []string {
			return kubectlOK(nil, "patch", "shoot", name, "-n", namespace, "--type=strategic", "-p", s.strategic)
		},
	},
	"kubectl patch --type=merge": {
		shoot:  "merge",
		create: createWithClient,
		write: func(name string, s step) []string {
			patch, err := json.Marshal(map[string]any{"spec": map[string]any{"extensions": s.extensions}})
			Expect(err).NotTo(HaveOccurred())
			return kubectlOK(nil, "patch", "shoot", name, "-n", namespace, "--type=merge", "-p", string(patch))
		},
	},
	"client-go update": {
		shoot:  "update",
		create: createWithClient,
		write: func(name string, s step) []string {
			GinkgoHelper()
			shoot, err := gardenClient.CoreV1beta1().Shoots(namespace).Get(ctx, name, metav1.GetOptions{})
			Expect(err).NotTo(HaveOccurred())
			shoot.Spec.Extensions = s.extensions
			clientWarnings.Take()
			_, err = gardenClient.CoreV1beta1().Shoots(namespace).Update(ctx, shoot, metav1.UpdateOptions{})
			Expect(err).NotTo(HaveOccurred())
			return clientWarnings.Take()
		},
	},
}

var _ = Describe("component pins on update, by every kind of write", func() {
	for _, name := range []string{"kubectl apply", "kubectl apply --server-side", "kubectl patch --type=strategic", "kubectl patch --type=merge", "client-go update"} {
		w := writers[name]
		shootName := w.shoot
		It("stores the same versions and warns the same with "+name, func() {
			By("creating " + shootName + " pinned to traefik 3.6.12 and falco 0.42.1 (both deprecated)")
			Expect(w.create(shootName)).To(ContainElement(ContainSubstring("is pinned to deprecated version 3.6.12")))
			Expect(storedPins(shootName)).To(Equal(map[string]string{"shoot-traefik/traefik": "3.6.12", "shoot-falco-service/falco": "0.42.1"}))

			for _, s := range steps {
				By(s.description)
				warnings := w.write(shootName, s)
				Expect(storedPins(shootName)).To(Equal(s.stored), s.description)
				if s.warnings == nil {
					Expect(warnings).To(BeEmpty(), s.description)
				} else {
					Expect(warnings).To(ConsistOf(s.warnings), s.description)
				}
			}
		})
	}
})

// After maintenance moved a pin, the maintenance field manager owns the version: what each kind
// of write of the owner's unchanged Git manifest does then (the GitOps section of the usage guide).
var _ = Describe("component pins after maintenance moved them", func() {
	traefikPin := func(version ...string) []gardencorev1beta1.Extension {
		return []gardencorev1beta1.Extension{extension(traefikType, pin("traefik", version...))}
	}
	maintain := func(name, version string) {
		GinkgoHelper()
		shoot, err := gardenClient.CoreV1beta1().Shoots(namespace).Get(ctx, name, metav1.GetOptions{})
		Expect(err).NotTo(HaveOccurred())
		shoot.Spec.Extensions[0].Components[0].Version = ptr.To(version)
		_, err = gardenClient.CoreV1beta1().Shoots(namespace).Update(ctx, shoot, metav1.UpdateOptions{FieldManager: maintenance.FieldManager})
		Expect(err).NotTo(HaveOccurred())
	}
	const conflictField = `.spec.extensions[type="shoot-traefik"].components[name="traefik"].version`

	It("server-side apply: the old version or a partial one conflicts, no version keeps, the new version adopts", func() {
		kubectlOK(manifest("ssa-maint", traefikPin("3.6.12")), "apply", "--server-side", "-f", "-")
		maintain("ssa-maint", "3.6.13")

		for _, version := range []string{"3.6.12", "3.6"} {
			_, stderr, err := kubectl(manifest("ssa-maint", traefikPin(version)), "apply", "--server-side", "-f", "-")
			Expect(err).To(HaveOccurred(), version)
			Expect(stderr).To(And(ContainSubstring("conflict"), ContainSubstring(maintenance.FieldManager), ContainSubstring(conflictField)), version)
			Expect(storedPins("ssa-maint")).To(HaveKeyWithValue("shoot-traefik/traefik", "3.6.13"))
		}

		Expect(kubectlOK(manifest("ssa-maint", traefikPin()), "apply", "--server-side", "-f", "-")).To(BeEmpty())
		Expect(storedPins("ssa-maint")).To(HaveKeyWithValue("shoot-traefik/traefik", "3.6.13"))

		Expect(kubectlOK(manifest("ssa-maint", traefikPin("3.6.13")), "apply", "--server-side", "-f", "-")).To(BeEmpty())
		Expect(storedPins("ssa-maint")).To(HaveKeyWithValue("shoot-traefik/traefik", "3.6.13"))

		By("--force-conflicts takes the field over deliberately; admission checks the version like any pin change")
		maintain("ssa-maint", "3.6.11")
		warnings := kubectlOK(manifest("ssa-maint", traefikPin("3.6.13")), "apply", "--server-side", "--force-conflicts", "-f", "-")
		Expect(warnings).To(BeEmpty())
		Expect(storedPins("ssa-maint")).To(HaveKeyWithValue("shoot-traefik/traefik", "3.6.13"))
	})

	It("client-side apply: the old version downgrades with a warning, no version keeps, a partial one never goes below", func() {
		kubectlOK(manifest("csa-maint", traefikPin("3.6")), "apply", "-f", "-")
		Expect(storedPins("csa-maint")).To(HaveKeyWithValue("shoot-traefik/traefik", "3.6.13"))
		maintain("csa-maint", "3.7.0")

		By("a partial pin that the maintained version does not match is resolved again")
		Expect(kubectlOK(manifest("csa-maint", traefikPin("3.6")), "apply", "-f", "-")).To(ContainElement(
			"component traefik of extension shoot-traefik is downgraded from 3.7.0 to 3.6.13; the extension deploys the older version"))
		Expect(storedPins("csa-maint")).To(HaveKeyWithValue("shoot-traefik/traefik", "3.6.13"))

		maintain("csa-maint", "3.7.0")
		Expect(kubectlOK(manifest("csa-maint", traefikPin()), "apply", "-f", "-")).To(BeEmpty())
		Expect(storedPins("csa-maint")).To(HaveKeyWithValue("shoot-traefik/traefik", "3.7.0"))

		By("a partial pin that the maintained version matches keeps it")
		Expect(kubectlOK(manifest("csa-maint", traefikPin("3")), "apply", "-f", "-")).To(BeEmpty())
		Expect(storedPins("csa-maint")).To(HaveKeyWithValue("shoot-traefik/traefik", "3.7.0"))
	})
})

// manifest renders the Shoot the owner keeps in Git, with the given spec.extensions.
func manifest(name string, extensions []gardencorev1beta1.Extension) []byte {
	GinkgoHelper()
	list, err := yaml.Marshal(map[string]any{"extensions": extensions})
	Expect(err).NotTo(HaveOccurred())
	indented := "  " + strings.ReplaceAll(strings.TrimSuffix(string(list), "\n"), "\n", "\n  ")
	return []byte(fmt.Sprintf(`apiVersion: core.gardener.cloud/v1beta1
kind: Shoot
metadata:
  name: %s
  namespace: %s
spec:
  purpose: evaluation
  cloudProfile:
    kind: CloudProfile
    name: local
  region: local
  kubernetes:
    version: "1.35.6"
  provider:
    type: local
    workers:
    - name: gl
      machine:
        type: local
        image:
          name: gardenlinux
          version: "1877.8.0"
      minimum: 1
      maximum: 2
%s
`, name, namespace, indented))
}

func createWithClient(name string) []string {
	GinkgoHelper()
	shoot := &gardencorev1beta1.Shoot{}
	Expect(yaml.Unmarshal(manifest(name, initial), shoot)).To(Succeed())
	clientWarnings.Take()
	_, err := gardenClient.CoreV1beta1().Shoots(namespace).Create(ctx, shoot, metav1.CreateOptions{})
	Expect(err).NotTo(HaveOccurred())
	return clientWarnings.Take()
}

// kubectlOK runs kubectl, expects it to succeed and returns its warnings.
func kubectlOK(stdin []byte, args ...string) []string {
	GinkgoHelper()
	_, stderr, err := kubectl(stdin, args...)
	Expect(err).NotTo(HaveOccurred(), stderr)
	return warningLines(stderr)
}

// storedPins returns the component entries of the stored Shoot, "type/component" → version.
func storedPins(name string) map[string]string {
	GinkgoHelper()
	shoot, err := gardenClient.CoreV1beta1().Shoots(namespace).Get(ctx, name, metav1.GetOptions{})
	Expect(err).NotTo(HaveOccurred())
	out := map[string]string{}
	for _, e := range shoot.Spec.Extensions {
		for _, c := range e.Components {
			out[e.Type+"/"+c.Name] = ptr.Deref(c.Version, "")
		}
	}
	return out
}
