// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package upstream_test

import (
	"encoding/json"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/yaml"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	"github.com/gep-78/gardener/pkg/controllermanager/controller/shoot/maintenance"
)

const mergeNamespace = "garden-merge"

// mergeProfile offers two supported versions of one component of the extension type
// merge-test.
const mergeProfile = `apiVersion: core.gardener.cloud/v1beta1
kind: ExtensionProfile
metadata:
  name: merge-test
spec:
  updateStrategy:
    default: minor
    supported: [patch, minor, major]
  components:
  - name: agent
    versions:
    - version: 1.0.0
    - version: 1.1.0
`

// mergeShoot is a Shoot of CloudProfile local whose workers are the given names.
func mergeShoot(name string, workers ...string) string {
	var pools strings.Builder
	for _, w := range workers {
		pools.WriteString("    - name: " + w + "\n      machine:\n        type: local\n        image:\n          name: local\n          version: 1.0.0\n      minimum: 1\n      maximum: 2\n")
	}
	return `apiVersion: core.gardener.cloud/v1beta1
kind: Shoot
metadata:
  name: ` + name + `
  namespace: ` + mergeNamespace + `
spec:
  cloudProfile:
    kind: CloudProfile
    name: local
  region: local
  kubernetes:
    version: 1.35.4
  maintenance:
    timeWindow:
      begin: 220000+0000
      end: 230000+0000
  provider:
    type: local
    workers:
` + pools.String()
}

func workerNames(namespace, name string) []string {
	shoot, err := gardenClient.CoreV1beta1().Shoots(namespace).Get(ctx, name, metav1.GetOptions{})
	Expect(err).NotTo(HaveOccurred())
	var names []string
	for _, w := range shoot.Spec.Provider.Workers {
		names = append(names, w.Name)
	}
	return names
}

func applyAs(manager, manifest string) (*gardencorev1beta1.Shoot, error) {
	body, err := yaml.YAMLToJSON([]byte(manifest))
	Expect(err).NotTo(HaveOccurred())
	var meta struct {
		Metadata metav1.ObjectMeta `json:"metadata"`
	}
	Expect(json.Unmarshal(body, &meta)).To(Succeed())
	return gardenClient.CoreV1beta1().Shoots(meta.Metadata.Namespace).Patch(ctx, meta.Metadata.Name, types.ApplyPatchType, body,
		metav1.PatchOptions{FieldManager: manager, FieldValidation: "Strict"})
}

var _ = Describe("Merge semantics of keyed lists", Ordered, func() {
	BeforeAll(func() {
		applyServerSide([]byte(localCloudProfile))
		applyServerSide([]byte(mergeProfile))
		ensureNamespace(mergeNamespace)
	})

	It("publishes the list keys in OpenAPI v2 and v3", func() {
		Eventually(func(g Gomega) {
			raw, err := kubeClient.CoreV1().RESTClient().Get().AbsPath("/openapi/v3/apis/core.gardener.cloud/v1beta1").DoRaw(ctx)
			g.Expect(err).NotTo(HaveOccurred())
			var doc struct {
				Components struct {
					Schemas map[string]struct {
						Properties map[string]map[string]interface{} `json:"properties"`
					} `json:"schemas"`
				} `json:"components"`
			}
			g.Expect(json.Unmarshal(raw, &doc)).To(Succeed())
			// As upstream, lists of upstream types carry only the patch merge key, which server-side
			// apply also reads as the list's key when no list type is given.
			workers := doc.Components.Schemas["com.github.gep-78.gardener.pkg.apis.core.v1beta1.Provider"].Properties["workers"]
			g.Expect(workers).NotTo(HaveKey("x-kubernetes-list-type"))
			g.Expect(workers).To(HaveKeyWithValue("x-kubernetes-patch-merge-key", "name"))
			g.Expect(workers).To(HaveKeyWithValue("x-kubernetes-patch-strategy", "merge"))
			extensions := doc.Components.Schemas["com.github.gep-78.gardener.pkg.apis.core.v1beta1.ShootSpec"].Properties["extensions"]
			g.Expect(extensions).To(HaveKeyWithValue("x-kubernetes-list-map-keys", ConsistOf("type")))
			runtimes := doc.Components.Schemas["com.github.gep-78.gardener.pkg.apis.core.v1beta1.CRI"].Properties["containerRuntimes"]
			g.Expect(runtimes).To(HaveKeyWithValue("x-kubernetes-list-map-keys", ConsistOf("type")))
			g.Expect(runtimes).To(HaveKeyWithValue("x-kubernetes-patch-merge-key", "type"))
			versions := doc.Components.Schemas["com.github.gep-78.gardener.pkg.apis.core.v1beta1.MachineImage"].Properties["versions"]
			g.Expect(versions).NotTo(HaveKey("x-kubernetes-list-type"))
			g.Expect(versions).To(HaveKeyWithValue("x-kubernetes-patch-merge-key", "version"))

			raw, err = kubeClient.CoreV1().RESTClient().Get().AbsPath("/openapi/v2").DoRaw(ctx)
			g.Expect(err).NotTo(HaveOccurred())
			var v2 struct {
				Definitions map[string]struct {
					Properties map[string]map[string]interface{} `json:"properties"`
				} `json:"definitions"`
			}
			g.Expect(json.Unmarshal(raw, &v2)).To(Succeed())
			components := v2.Definitions["com.github.gep-78.gardener.pkg.apis.core.v1beta1.ExtensionProfileSpec"].Properties["components"]
			g.Expect(components).To(HaveKeyWithValue("x-kubernetes-list-type", "map"))
			g.Expect(components).To(HaveKeyWithValue("x-kubernetes-patch-merge-key", "name"))
		}).Should(Succeed())
	})

	It("merges a strategic merge patch adding a worker pool by name (kubectl patch --type=strategic)", func() {
		applyServerSide([]byte(mergeShoot("smp", "a", "b")))
		_, stderr, err := kubectl(nil, "patch", "shoot", "smp", "-n", mergeNamespace, "--type=strategic",
			"-p", `{"spec":{"provider":{"workers":[{"name":"c","machine":{"type":"local","image":{"name":"local","version":"1.0.0"}},"minimum":1,"maximum":3}]}}}`)
		Expect(err).NotTo(HaveOccurred(), stderr)
		Expect(workerNames(mergeNamespace, "smp")).To(ConsistOf("a", "b", "c"))

		By("changing one pool leaves the others")
		_, err = gardenClient.CoreV1beta1().Shoots(mergeNamespace).Patch(ctx, "smp", types.StrategicMergePatchType,
			[]byte(`{"spec":{"provider":{"workers":[{"name":"b","maximum":5}]}}}`), metav1.PatchOptions{})
		Expect(err).NotTo(HaveOccurred())
		shoot, err := gardenClient.CoreV1beta1().Shoots(mergeNamespace).Get(ctx, "smp", metav1.GetOptions{})
		Expect(err).NotTo(HaveOccurred())
		Expect(shoot.Spec.Provider.Workers).To(ConsistOf(
			And(HaveField("Name", "a"), HaveField("Maximum", int32(2))),
			And(HaveField("Name", "b"), HaveField("Maximum", int32(5))),
			And(HaveField("Name", "c"), HaveField("Maximum", int32(3)))))
	})

	It("keeps the workers of two field managers that apply different pools (server-side apply)", func() {
		_, err := applyAs("owner", mergeShoot("ssa", "a"))
		Expect(err).NotTo(HaveOccurred())
		_, err = applyAs("pool-team", `apiVersion: core.gardener.cloud/v1beta1
kind: Shoot
metadata:
  name: ssa
  namespace: `+mergeNamespace+`
spec:
  provider:
    workers:
    - name: b
      machine:
        type: local
        image:
          name: local
          version: 1.0.0
      minimum: 1
      maximum: 4
`)
		Expect(err).NotTo(HaveOccurred())
		Expect(workerNames(mergeNamespace, "ssa")).To(Equal([]string{"a", "b"}))

		By("the owner re-applying its manifest keeps the other manager's pool")
		_, err = applyAs("owner", mergeShoot("ssa", "a"))
		Expect(err).NotTo(HaveOccurred())
		Expect(workerNames(mergeNamespace, "ssa")).To(Equal([]string{"a", "b"}))

		By("the owner dropping its pool removes only that pool")
		_, err = applyAs("owner", strings.Replace(mergeShoot("ssa", "z"), "name: z", "name: a2", 1))
		Expect(err).NotTo(HaveOccurred())
		Expect(workerNames(mergeNamespace, "ssa")).To(ConsistOf("b", "a2"))
	})

	// GEP-78 pins: after maintenance moved a pinned version, re-applying the owner's unchanged
	// manifest with server-side apply is a conflict on exactly that field, not a silent revert
	// and not a rewrite of the extensions list (docs/concepts/apiserver.md explains the choice).
	It("reports a conflict instead of reverting a version maintenance wrote (kubectl apply --server-side)", func() {
		owner := mergeShoot("pinned", "a") + `  extensions:
  - type: merge-test
    components:
    - name: agent
      version: 1.0.0
`
		applyServerSide([]byte(owner))

		By("maintenance moving the component to 1.1.0")
		shoot, err := gardenClient.CoreV1beta1().Shoots(mergeNamespace).Get(ctx, "pinned", metav1.GetOptions{})
		Expect(err).NotTo(HaveOccurred())
		shoot.Spec.Extensions[0].Components[0].Version = ptr.To("1.1.0")
		_, err = gardenClient.CoreV1beta1().Shoots(mergeNamespace).Update(ctx, shoot, metav1.UpdateOptions{FieldManager: maintenance.FieldManager})
		Expect(err).NotTo(HaveOccurred())

		By("the owner re-applying the unchanged manifest")
		_, stderr, err := kubectl([]byte(owner), "apply", "--server-side", "-f", "-")
		Expect(err).To(HaveOccurred())
		Expect(stderr).To(ContainSubstring("conflict"))
		Expect(stderr).To(ContainSubstring(maintenance.FieldManager))
		Expect(stderr).To(ContainSubstring(`.spec.extensions[type="merge-test"].components[name="agent"].version`))
		shoot, err = gardenClient.CoreV1beta1().Shoots(mergeNamespace).Get(ctx, "pinned", metav1.GetOptions{})
		Expect(err).NotTo(HaveOccurred())
		Expect(shoot.Spec.Extensions[0].Components[0].Version).To(HaveValue(Equal("1.1.0")))

		By("the owner adopting the new version in the manifest applies cleanly")
		adopted := strings.Replace(owner, "name: agent\n      version: 1.0.0", "name: agent\n      version: 1.1.0", 1)
		Expect(adopted).NotTo(Equal(owner))
		_, stderr, err = kubectl([]byte(adopted), "apply", "--server-side", "-f", "-")
		Expect(err).NotTo(HaveOccurred(), stderr)
		Expect(workerNames(mergeNamespace, "pinned")).To(Equal([]string{"a"}))
	})
})

// mergeCloudProfile is a CloudProfile whose one machine image lists the given versions.
func mergeCloudProfile(versions ...string) string {
	var list strings.Builder
	for _, v := range versions {
		list.WriteString("    - version: " + v + "\n")
	}
	return `apiVersion: core.gardener.cloud/v1beta1
kind: CloudProfile
metadata:
  name: merge-cp
spec:
  type: local
  kubernetes:
    versions:
    - version: 1.35.4
  machineImages:
  - name: local
    versions:
` + list.String() + `  machineTypes:
  - name: local
    cpu: "1"
    gpu: "0"
    memory: 1Gi
  regions:
  - name: local
`
}

var _ = Describe("Merge semantics of CloudProfile lists", func() {
	It("keeps the machine image versions of two field managers, keyed by image name and version (server-side apply)", func() {
		apply := func(manager, manifest string) {
			body, err := yaml.YAMLToJSON([]byte(manifest))
			Expect(err).NotTo(HaveOccurred())
			_, err = gardenClient.CoreV1beta1().CloudProfiles().Patch(ctx, "merge-cp", types.ApplyPatchType, body,
				metav1.PatchOptions{FieldManager: manager, FieldValidation: "Strict"})
			Expect(err).NotTo(HaveOccurred())
		}
		versions := func() []string {
			profile, err := gardenClient.CoreV1beta1().CloudProfiles().Get(ctx, "merge-cp", metav1.GetOptions{})
			Expect(err).NotTo(HaveOccurred())
			var vs []string
			for _, image := range profile.Spec.MachineImages {
				for _, v := range image.Versions {
					vs = append(vs, image.Name+"/"+v.Version)
				}
			}
			return vs
		}
		DeferCleanup(func() {
			Expect(gardenClient.CoreV1beta1().CloudProfiles().Delete(ctx, "merge-cp", metav1.DeleteOptions{})).To(Succeed())
		})

		apply("operator", mergeCloudProfile("1.0.0"))
		apply("image-team", `apiVersion: core.gardener.cloud/v1beta1
kind: CloudProfile
metadata:
  name: merge-cp
spec:
  machineImages:
  - name: local
    versions:
    - version: 2.0.0
`)
		Expect(versions()).To(ConsistOf("local/1.0.0", "local/2.0.0"))

		By("the operator re-applying its manifest keeps the other manager's version")
		apply("operator", mergeCloudProfile("1.0.0"))
		Expect(versions()).To(ConsistOf("local/1.0.0", "local/2.0.0"))
	})
})
