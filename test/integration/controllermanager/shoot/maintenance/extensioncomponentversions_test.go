// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package maintenance_test

import (
	"encoding/json"
	"slices"
	"strings"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	corev1 "k8s.io/api/core/v1"
	apiequality "k8s.io/apimachinery/pkg/api/equality"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"
	testclock "k8s.io/utils/clock/testing"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
	"sigs.k8s.io/yaml"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	extensionsv1alpha1 "github.com/gep-78/gardener/pkg/apis/extensions/v1alpha1"
	"github.com/gep-78/gardener/test/examples"
)

// classifications is the expected status of every profile at the reference time, as listed in
// test/examples/README.md.
var classifications = map[string]map[string]gardencorev1beta1.VersionClassification{
	"shoot-traefik": {
		"3.6.1": "expired", "3.6.7": "expired", "3.6.11": "supported", "3.6.12": "deprecated",
		"3.6.13": "supported", "3.6.14": "unavailable", "3.7.0": "preview",
	},
	"shoot-falco-service": {
		"0.40.0": "expired", "0.41.3": "expired", "0.43.0": "expired", "0.42.1": "deprecated",
		"0.44.1": "supported", "0.45.0": "preview", "0.45.1": "unavailable",
	},
	"envoy-gateway": {
		"1.8.2": "expired", "1.8.3": "deprecated", "1.8.4": "supported", "1.9.0": "supported",
		"1.9.1": "preview", "1.10.0": "unavailable",
	},
}

var _ = Describe("GEP-78 extension component versions", Ordered, func() {
	BeforeAll(func() {
		By("Create the project namespace of the example Shoots")
		Expect(testClient.Create(ctx, &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: "garden-dev"}})).To(Succeed())

		By("Publish the example ExtensionProfiles (the suite has published the CloudProfile)")
		for _, name := range examples.Names("extensionprofile-") {
			profile := &gardencorev1beta1.ExtensionProfile{}
			examples.MustDecode(name, profile)
			Expect(testClient.Create(ctx, profile)).To(Succeed(), name)
		}
	})

	It("classifies every profile version from its lifecycle at the reference time", func() {
		for name, expected := range classifications {
			Eventually(func(g Gomega) {
				profile := &gardencorev1beta1.ExtensionProfile{}
				g.Expect(testClient.Get(ctx, client.ObjectKey{Name: name}, profile)).To(Succeed())
				actual := map[string]gardencorev1beta1.VersionClassification{}
				for _, component := range profile.Status.Components {
					for _, v := range component.Versions {
						actual[v.Version] = v.Classification
					}
				}
				g.Expect(actual).To(Equal(expected))
			}).Should(Succeed(), name)
		}
	})

	It("classifies the CloudProfile versions too", func() {
		Eventually(func(g Gomega) {
			cloudProfile := &gardencorev1beta1.CloudProfile{}
			g.Expect(testClient.Get(ctx, client.ObjectKey{Name: "local"}, cloudProfile)).To(Succeed())
			g.Expect(cloudProfile.Status.Kubernetes).NotTo(BeNil())
			actual := map[string]gardencorev1beta1.VersionClassification{}
			for _, v := range cloudProfile.Status.Kubernetes.Versions {
				actual[v.Version] = v.Classification
			}
			g.Expect(actual).To(Equal(map[string]gardencorev1beta1.VersionClassification{
				"1.37.1": "preview", "1.36.3": "supported", "1.35.6": "supported",
				"1.36.2": "deprecated", "1.35.4": "deprecated", "1.34.9": "deprecated",
			}))
		}).Should(Succeed())
	})

	DescribeTable("admits the example Shoots through kube-apiserver with the documented outcome",
		func(file string, rejectedPath string, messageParts ...string) {
			shoot := &gardencorev1beta1.Shoot{}
			examples.MustDecode(file, shoot)
			err := testClient.Create(ctx, shoot)
			if rejectedPath == "" {
				Expect(err).NotTo(HaveOccurred())
				return
			}
			Expect(apierrors.IsForbidden(err)).To(BeTrue(), "expected Forbidden, got %v", err)
			Expect(err.Error()).To(ContainSubstring(rejectedPath + ": "))
			for _, part := range messageParts {
				Expect(err.Error()).To(ContainSubstring(part))
			}
		},
		Entry("two pinned extensions", "shoot-accepted-falco-traefik.yaml", ""),
		Entry("deprecated pins and frozen auto-update", "shoot-accepted-envoy-gateway-falco.yaml", ""),
		Entry("partial pins", "shoot-accepted-partial-version.yaml", ""),
		Entry("maintenance ordering", "shoot-accepted-maintenance-ordering.yaml", ""),
		Entry("expired pin", "shoot-rejected-expired-pin.yaml", "spec.extensions[0].components[0].version", "1.8.2", "expired"),
		Entry("unavailable pin", "shoot-rejected-unavailable-pin.yaml", "spec.extensions[0].components[0].version", "3.6.14", "unavailable"),
		Entry("unknown component", "shoot-rejected-unknown-component.yaml", "spec.extensions[0].components[1].name", "falcosidekick"),
		Entry("unknown version", "shoot-rejected-unknown-version.yaml", "spec.extensions[0].components[0].version", "3.6.10"),
		Entry("CEL rule on the Kubernetes version", "shoot-rejected-cel-rule-kubernetes.yaml", "spec.extensions[0].components[0].version", "traefik 3.7 requires Kubernetes 1.35 or newer"),
		Entry("CEL rule on the machine image", "shoot-rejected-cel-rule-machine-image.yaml", "spec.extensions[0].components[0].version", "falco 0.44 requires Garden Linux 1877.8.0 or newer"),
		Entry("strategy not supported by the component", "shoot-rejected-strategy-not-supported.yaml", "spec.extensions[0].autoUpdate.updateStrategy", "major"),
		Entry("pin without a profile", "shoot-rejected-no-profile.yaml", "spec.extensions[0].components[0]", "shoot-cert-service"),
	)

	It("stores partial pins resolved to the highest supported version", func() {
		shoot := &gardencorev1beta1.Shoot{}
		Expect(testClient.Get(ctx, client.ObjectKey{Namespace: "garden-dev", Name: "partial-pin"}, shoot)).To(Succeed())
		Expect(pinnedVersions(shoot)).To(Equal(map[string]string{
			"shoot-traefik/traefik":     "3.6.13",
			"shoot-falco-service/falco": "0.44.1",
		}))
	})

	It("writes the resolved version and the profile entry's providerConfig into the seed Extension", func() {
		expected := &extensionsv1alpha1.Extension{}
		Expect(yaml.Unmarshal(firstDocument(examples.MustRead("seed-extension-shoot-falco-service.yaml")), expected)).To(Succeed())

		Eventually(func(g Gomega) {
			actual := &extensionsv1alpha1.Extension{}
			g.Expect(seedClient.Get(ctx, client.ObjectKeyFromObject(expected), actual)).To(Succeed())
			g.Expect(apiequality.Semantic.DeepEqual(normalized(actual.Spec), normalized(expected.Spec))).To(BeTrue(),
				"spec differs:\nactual:   %s\nexpected: %s", toJSON(actual.Spec), toJSON(expected.Spec))
		}).Should(Succeed())

		By("shoot-traefik gets traefik 3.6.13 with that entry's providerConfig, shoot-cert-service no components")
		Eventually(func(g Gomega) {
			traefik := &extensionsv1alpha1.Extension{}
			g.Expect(seedClient.Get(ctx, client.ObjectKey{Namespace: "shoot--dev--falco-traefik-eval", Name: "shoot-traefik"}, traefik)).To(Succeed())
			g.Expect(traefik.Spec.Components).To(HaveLen(1))
			g.Expect(traefik.Spec.Components[0].Version).To(Equal("3.6.13"))
			g.Expect(string(traefik.Spec.Components[0].ProviderConfig.Raw)).To(ContainSubstring(`"crdBundle":"v3.6.11"`))

			certService := &extensionsv1alpha1.Extension{}
			g.Expect(seedClient.Get(ctx, client.ObjectKey{Namespace: "shoot--dev--falco-traefik-eval", Name: "shoot-cert-service"}, certService)).To(Succeed())
			g.Expect(certService.Spec.Components).To(BeEmpty())
		}).Should(Succeed())
	})

	It("prints every component of a seed Extension in kubectl's Components column", func() {
		const namespace = "shoot--dev--falco-traefik-eval"
		table := func() *metav1.Table {
			GinkgoHelper()
			raw, err := kubernetes.NewForConfigOrDie(restConfig).CoreV1().RESTClient().Get().
				AbsPath("/apis/extensions.gardener.cloud/v1alpha1/namespaces/"+namespace+"/extensions").
				SetHeader("Accept", "application/json;as=Table;v=v1;g=meta.k8s.io").DoRaw(ctx)
			Expect(err).NotTo(HaveOccurred(), string(raw))
			t := &metav1.Table{}
			Expect(json.Unmarshal(raw, t)).To(Succeed())
			return t
		}
		cell := func(t *metav1.Table, name, column string) interface{} {
			GinkgoHelper()
			index := slices.IndexFunc(t.ColumnDefinitions, func(c metav1.TableColumnDefinition) bool { return c.Name == column })
			Expect(index).NotTo(BeNumerically("<", 0), "no column %s", column)
			for _, row := range t.Rows {
				if row.Cells[0] == name {
					return row.Cells[index]
				}
			}
			Fail("no row " + name)
			return nil
		}

		By("gardenlet's summary of the falco Extension")
		Eventually(func(g Gomega) {
			g.Expect(cell(table(), "shoot-falco-service", "Components")).To(Equal("falco=0.44.1"))
		}).Should(Succeed())

		By("an Extension with two components shows both, not only the first")
		two := &extensionsv1alpha1.Extension{
			ObjectMeta: metav1.ObjectMeta{Namespace: namespace, Name: "two-components",
				Annotations: map[string]string{"extensions.gardener.cloud/components": "traefik=3.6.13,proxy=1.0.0"}},
			Spec: extensionsv1alpha1.ExtensionSpec{DefaultSpec: extensionsv1alpha1.DefaultSpec{Type: "two-components"},
				Components: []extensionsv1alpha1.ExtensionComponent{{Name: "traefik", Version: "3.6.13"}, {Name: "proxy", Version: "1.0.0"}}},
		}
		Expect(seedClient.Create(ctx, two)).To(Succeed())
		DeferCleanup(func() { Expect(client.IgnoreNotFound(seedClient.Delete(ctx, two))).To(Succeed()) })
		Expect(cell(table(), "two-components", "Components")).To(Equal("traefik=3.6.13,proxy=1.0.0"))
	})

	It("keeps the seed Extension current when the pin changes", func() {
		shoot := &gardencorev1beta1.Shoot{}
		Expect(testClient.Get(ctx, client.ObjectKey{Namespace: "garden-dev", Name: "falco-traefik-eval"}, shoot)).To(Succeed())
		patch := client.MergeFrom(shoot.DeepCopy())
		for i := range shoot.Spec.Extensions {
			if shoot.Spec.Extensions[i].Type == "shoot-traefik" {
				shoot.Spec.Extensions[i].Components[0].Version = ptr.To("3.6.11")
			}
		}
		Expect(testClient.Patch(ctx, shoot, patch)).To(Succeed())

		Eventually(func(g Gomega) {
			traefik := &extensionsv1alpha1.Extension{}
			g.Expect(seedClient.Get(ctx, client.ObjectKey{Namespace: "shoot--dev--falco-traefik-eval", Name: "shoot-traefik"}, traefik)).To(Succeed())
			g.Expect(traefik.Spec.Components).To(HaveLen(1))
			g.Expect(traefik.Spec.Components[0].Version).To(Equal("3.6.11"))
		}).Should(Succeed())
	})

	It("maintains a Shoot in its window: machine image, then Kubernetes, then components, on one working copy", func() {
		// shoot-accepted-maintenance-ordering.yaml's window (00:00-01:00 UTC) contains the reference
		// time, so the maintenance controller maintains it right after creation. falco 0.44.1
		// requires Garden Linux >= 1877.8.0: it is only a valid target because the image step ran
		// first on the same working copy.
		Eventually(func(g Gomega) {
			shoot := &gardencorev1beta1.Shoot{}
			g.Expect(testClient.Get(ctx, client.ObjectKey{Namespace: "garden-dev", Name: "maint-order"}, shoot)).To(Succeed())
			g.Expect(*shoot.Spec.Provider.Workers[0].Machine.Image.Version).To(Equal("1877.8.0"))
			g.Expect(shoot.Spec.Kubernetes.Version).To(Equal("1.35.6"))
			g.Expect(pinnedVersions(shoot)).To(HaveKeyWithValue("shoot-falco-service/falco", "0.44.1"))
			g.Expect(shoot.Status.LastMaintenance).NotTo(BeNil())
			g.Expect(shoot.Status.LastMaintenance.State).To(Equal(gardencorev1beta1.LastOperationStateSucceeded))
			g.Expect(shoot.Status.LastMaintenance.Description).To(ContainSubstring("0.44.1"))
		}).Should(Succeed())

		By("gardenlet writes the upgraded version into the seed Extension")
		Eventually(func(g Gomega) {
			falco := &extensionsv1alpha1.Extension{}
			g.Expect(seedClient.Get(ctx, client.ObjectKey{Namespace: "shoot--dev--maint-order", Name: "shoot-falco-service"}, falco)).To(Succeed())
			g.Expect(falco.Spec.Components).To(HaveLen(1))
			g.Expect(falco.Spec.Components[0].Version).To(Equal("0.44.1"))
		}).Should(Succeed())
	})

	It("maintains at once on the maintain annotation: envoy-gateway auto-updates 1.8.3 -> 1.8.4 and reaches the seed", func() {
		shoot := &gardencorev1beta1.Shoot{}
		Expect(testClient.Get(ctx, client.ObjectKey{Namespace: "garden-dev", Name: "gw-pinned"}, shoot)).To(Succeed())
		Expect(pinnedVersions(shoot)).To(HaveKeyWithValue("envoy-gateway/envoy-gateway", "1.8.3"))
		patch := client.MergeFrom(shoot.DeepCopy())
		metav1.SetMetaDataAnnotation(&shoot.ObjectMeta, "gardener.cloud/operation", "maintain")
		Expect(testClient.Patch(ctx, shoot, patch)).To(Succeed())

		Eventually(func(g Gomega) {
			g.Expect(testClient.Get(ctx, client.ObjectKeyFromObject(shoot), shoot)).To(Succeed())
			g.Expect(shoot.Annotations).NotTo(HaveKey("gardener.cloud/operation"))
			g.Expect(pinnedVersions(shoot)).To(HaveKeyWithValue("envoy-gateway/envoy-gateway", "1.8.4"))
			// falco 0.42.1 is deprecated but not expired, and its extension froze auto-updates.
			g.Expect(pinnedVersions(shoot)).To(HaveKeyWithValue("shoot-falco-service/falco", "0.42.1"))
		}).Should(Succeed())

		Eventually(func(g Gomega) {
			envoy := &extensionsv1alpha1.Extension{}
			g.Expect(seedClient.Get(ctx, client.ObjectKey{Namespace: "shoot--dev--gw-pinned", Name: "envoy-gateway"}, envoy)).To(Succeed())
			g.Expect(envoy.Spec.Components).To(HaveLen(1))
			g.Expect(envoy.Spec.Components[0].Version).To(Equal("1.8.4"))
		}).Should(Succeed())
	})

	It("auto-updates into a preview version only the Shoot whose autoUpdate.classifications list preview", func() {
		// Two copies of gw-pinned with envoy-gateway only, pinned to the supported 1.9.0 with patch
		// auto-update; the only newer patch, 1.9.1, is preview and passes its rules on both.
		newShoot := func(name string, classifications ...gardencorev1beta1.VersionClassification) *gardencorev1beta1.Shoot {
			shoot := &gardencorev1beta1.Shoot{}
			examples.MustDecode("shoot-accepted-envoy-gateway-falco.yaml", shoot)
			shoot.Name = name
			shoot.Spec.Extensions = shoot.Spec.Extensions[:1]
			component := &shoot.Spec.Extensions[0].Components[0]
			component.Version = ptr.To("1.9.0")
			component.AutoUpdate.Classifications = classifications
			Expect(testClient.Create(ctx, shoot)).To(Succeed(), name)
			return shoot
		}
		withPreview := newShoot("gw-preview", gardencorev1beta1.ClassificationPreview, gardencorev1beta1.ClassificationSupported)
		withoutPreview := newShoot("gw-supported")
		Expect(withPreview.Spec.Extensions[0].Components[0].AutoUpdate.Classifications).To(Equal(
			[]gardencorev1beta1.VersionClassification{gardencorev1beta1.ClassificationPreview, gardencorev1beta1.ClassificationSupported}), "stored as written")
		Expect(withoutPreview.Spec.Extensions[0].Components[0].AutoUpdate.Classifications).To(BeEmpty(), "not defaulted")

		for _, shoot := range []*gardencorev1beta1.Shoot{withPreview, withoutPreview} {
			patch := client.MergeFrom(shoot.DeepCopy())
			metav1.SetMetaDataAnnotation(&shoot.ObjectMeta, "gardener.cloud/operation", "maintain")
			Expect(testClient.Patch(ctx, shoot, patch)).To(Succeed())
		}

		maintained := func(shoot *gardencorev1beta1.Shoot) func(Gomega) {
			return func(g Gomega) {
				g.Expect(testClient.Get(ctx, client.ObjectKeyFromObject(shoot), shoot)).To(Succeed())
				g.Expect(shoot.Annotations).NotTo(HaveKey("gardener.cloud/operation"))
				g.Expect(shoot.Status.LastMaintenance).To(Or(BeNil(), HaveField("State", Not(Equal(gardencorev1beta1.LastOperationStateProcessing)))))
			}
		}
		Eventually(maintained(withPreview)).Should(Succeed())
		Expect(pinnedVersions(withPreview)).To(HaveKeyWithValue("envoy-gateway/envoy-gateway", "1.9.1"))
		Expect(withPreview.Status.LastMaintenance).NotTo(BeNil())
		Expect(withPreview.Status.LastMaintenance.Description).To(ContainSubstring("1.9.1"))

		Eventually(maintained(withoutPreview)).Should(Succeed())
		Expect(pinnedVersions(withoutPreview)).To(HaveKeyWithValue("envoy-gateway/envoy-gateway", "1.9.0"))

		By("gardenlet deploys the preview version")
		Eventually(func(g Gomega) {
			envoy := &extensionsv1alpha1.Extension{}
			g.Expect(seedClient.Get(ctx, client.ObjectKey{Namespace: "shoot--dev--gw-preview", Name: "envoy-gateway"}, envoy)).To(Succeed())
			g.Expect(envoy.Spec.Components).To(HaveLen(1))
			g.Expect(envoy.Spec.Components[0].Version).To(Equal("1.9.1"))
		}).Should(Succeed())
	})

	It("force-upgrades an expired pin although auto-update is off (GEP-5), after the Kubernetes step", func() {
		// A second reconciler whose clock stands at 2027-02-01 03:00 UTC, inside gw-pinned's window,
		// when falco 0.42.1 and Kubernetes 1.36.2 have expired. The manager's maintenance
		// controller keeps the reference time, so other Shoots are not affected.
		later := testclock.NewFakeClock(time.Date(2027, time.February, 1, 3, 0, 30, 0, time.UTC))
		reconciler := maintenanceReconciler(later)
		_, err := reconciler.Reconcile(ctx, reconcile.Request{NamespacedName: client.ObjectKey{Namespace: "garden-dev", Name: "gw-pinned"}})
		Expect(err).NotTo(HaveOccurred())

		shoot := &gardencorev1beta1.Shoot{}
		Expect(testClient.Get(ctx, client.ObjectKey{Namespace: "garden-dev", Name: "gw-pinned"}, shoot)).To(Succeed())
		Expect(shoot.Spec.Kubernetes.Version).To(Equal("1.36.3"))
		Expect(pinnedVersions(shoot)).To(HaveKeyWithValue("shoot-falco-service/falco", "0.44.1"))
		Expect(shoot.Status.LastMaintenance.Description).To(ContainSubstring("0.42.1"))
		Expect(shoot.Status.LastMaintenance.Description).To(ContainSubstring("0.44.1"))
	})

	It("rejects changing a pin to an expired version but accepts unrelated updates of a Shoot pinned to one", func() {
		shoot := &gardencorev1beta1.Shoot{}
		Expect(testClient.Get(ctx, client.ObjectKey{Namespace: "garden-dev", Name: "falco-traefik-eval"}, shoot)).To(Succeed())
		patch := client.MergeFrom(shoot.DeepCopy())
		for i := range shoot.Spec.Extensions {
			if shoot.Spec.Extensions[i].Type == "shoot-traefik" {
				shoot.Spec.Extensions[i].Components[0].Version = ptr.To("3.6.7")
			}
		}
		err := testClient.Patch(ctx, shoot, patch)
		Expect(apierrors.IsForbidden(err)).To(BeTrue(), "expected Forbidden, got %v", err)
		Expect(err.Error()).To(ContainSubstring("spec.extensions[1].components[0].version: "))
		Expect(err.Error()).To(ContainSubstring("expired"))
	})
})

var _ = Describe("ExtensionProfile admission", Ordered, func() {
	It("rejects a pathological compatibility rule when the profile is written, not when Shoots are admitted", func() {
		profile := &gardencorev1beta1.ExtensionProfile{}
		examples.MustDecode("extensionprofile-shoot-traefik.yaml", profile)
		profile.Name = "pathological"
		profile.Spec.Components[0].Versions[2].Compatibility = &gardencorev1beta1.ComponentCompatibility{
			Validations: []gardencorev1beta1.CompatibilityValidation{{
				Message: "nested comprehension over workers",
				Rule:    "shoot.spec.provider.workers.all(a, shoot.spec.provider.workers.all(b, shoot.spec.provider.workers.all(c, shoot.spec.provider.workers.all(d, a.name != b.name || c.name != d.name))))",
			}},
		}
		err := testClient.Create(ctx, profile)
		Expect(apierrors.IsInvalid(err)).To(BeTrue(), "expected Invalid, got %v", err)
		Expect(err.Error()).To(ContainSubstring("spec.components[0].versions[2].compatibility.validations[0].rule"))
		Expect(err.Error()).To(ContainSubstring("exceeds the limit"))
	})

	It("rejects a misspelled field in a rule with the compiler's message", func() {
		profile := &gardencorev1beta1.ExtensionProfile{}
		examples.MustDecode("extensionprofile-shoot-traefik.yaml", profile)
		profile.Name = "misspelled"
		profile.Spec.Components[0].Versions[2].Compatibility.Validations[0].Rule = "shoot.spec.purpos == 'evaluation'"
		err := testClient.Create(ctx, profile)
		Expect(apierrors.IsInvalid(err)).To(BeTrue(), "expected Invalid, got %v", err)
		Expect(err.Error()).To(ContainSubstring("undefined field 'purpos'"))
	})
})

var _ = Describe("in-use protection of ExtensionProfiles", Ordered, func() {
	BeforeAll(func() {
		// The profiles and Shoots of the first Describe may not exist yet in random order runs, so
		// this container uses its own profile and Shoot.
		profile := &gardencorev1beta1.ExtensionProfile{}
		examples.MustDecode("extensionprofile-envoy-gateway.yaml", profile)
		profile.Name = "in-use-envoy-gateway"
		Expect(testClient.Create(ctx, profile)).To(Succeed())

		Expect(client.IgnoreAlreadyExists(testClient.Create(ctx, &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: "garden-inuse"}}))).To(Succeed())
		shoot := &gardencorev1beta1.Shoot{}
		examples.MustDecode("shoot-accepted-envoy-gateway-falco.yaml", shoot)
		shoot.Namespace = "garden-inuse"
		shoot.Spec.Extensions = []gardencorev1beta1.Extension{{
			Type:       "in-use-envoy-gateway",
			Components: []gardencorev1beta1.ExtensionComponent{{Name: "envoy-gateway", Version: ptr.To("1.8.4")}},
		}}
		Expect(testClient.Create(ctx, shoot)).To(Succeed())
	})

	It("rejects removing a pinned version, naming the Shoot", func() {
		profile := &gardencorev1beta1.ExtensionProfile{}
		Expect(testClient.Get(ctx, client.ObjectKey{Name: "in-use-envoy-gateway"}, profile)).To(Succeed())
		patch := client.MergeFrom(profile.DeepCopy())
		var kept []gardencorev1beta1.ExtensionComponentVersion
		for _, v := range profile.Spec.Components[0].Versions {
			if v.Version != "1.8.4" {
				kept = append(kept, v)
			}
		}
		profile.Spec.Components[0].Versions = kept
		err := testClient.Patch(ctx, profile, patch)
		Expect(apierrors.IsForbidden(err)).To(BeTrue(), "expected Forbidden, got %v", err)
		Expect(err.Error()).To(ContainSubstring(`version "1.8.4" of component "envoy-gateway" cannot be removed`))
		Expect(err.Error()).To(ContainSubstring("garden-inuse/gw-pinned"))
	})

	It("allows removing a version nobody pins", func() {
		profile := &gardencorev1beta1.ExtensionProfile{}
		Expect(testClient.Get(ctx, client.ObjectKey{Name: "in-use-envoy-gateway"}, profile)).To(Succeed())
		patch := client.MergeFrom(profile.DeepCopy())
		var kept []gardencorev1beta1.ExtensionComponentVersion
		for _, v := range profile.Spec.Components[0].Versions {
			if v.Version != "1.8.2" {
				kept = append(kept, v)
			}
		}
		profile.Spec.Components[0].Versions = kept
		Expect(testClient.Patch(ctx, profile, patch)).To(Succeed())
	})

	It("rejects deleting a profile that a Shoot pins, and lets it go once nothing pins it", func() {
		profile := &gardencorev1beta1.ExtensionProfile{ObjectMeta: metav1.ObjectMeta{Name: "in-use-envoy-gateway"}}
		err := testClient.Delete(ctx, profile)
		Expect(apierrors.IsForbidden(err)).To(BeTrue(), "expected Forbidden, got %v", err)
		Expect(err.Error()).To(ContainSubstring("still pinned by 1 Shoot (garden-inuse/gw-pinned)"))

		By("the controller-manager has added its finalizer")
		Eventually(func(g Gomega) {
			g.Expect(testClient.Get(ctx, client.ObjectKeyFromObject(profile), profile)).To(Succeed())
			g.Expect(profile.Finalizers).To(ContainElement("gardener"))
		}).Should(Succeed())

		By("unpinning (an entry without version would keep the pin: the entry is removed), then deleting")
		shoot := &gardencorev1beta1.Shoot{}
		Expect(testClient.Get(ctx, client.ObjectKey{Namespace: "garden-inuse", Name: "gw-pinned"}, shoot)).To(Succeed())
		patch := client.MergeFrom(shoot.DeepCopy())
		shoot.Spec.Extensions[0].Components = nil
		Expect(testClient.Patch(ctx, shoot, patch)).To(Succeed())
		Eventually(func() error { return testClient.Delete(ctx, profile) }).Should(Succeed())
		Eventually(func() bool {
			return apierrors.IsNotFound(testClient.Get(ctx, client.ObjectKeyFromObject(profile), profile))
		}).Should(BeTrue())
	})
})

func pinnedVersions(shoot *gardencorev1beta1.Shoot) map[string]string {
	out := map[string]string{}
	for _, e := range shoot.Spec.Extensions {
		for _, c := range e.Components {
			if c.Version != nil {
				out[e.Type+"/"+c.Name] = *c.Version
			}
		}
	}
	return out
}

func firstDocument(data []byte) []byte {
	doc, _, _ := strings.Cut(string(data), "\n---")
	return []byte(doc)
}

// normalized re-encodes the spec so that providerConfig compares as JSON, not as bytes.
func normalized(spec extensionsv1alpha1.ExtensionSpec) map[string]any {
	out := map[string]any{}
	Expect(yaml.Unmarshal([]byte(toJSON(spec)), &out)).To(Succeed())
	return out
}

func toJSON(v any) string {
	data, err := yaml.Marshal(v)
	Expect(err).NotTo(HaveOccurred())
	out, err := yaml.YAMLToJSON(data)
	Expect(err).NotTo(HaveOccurred())
	return string(out)
}
