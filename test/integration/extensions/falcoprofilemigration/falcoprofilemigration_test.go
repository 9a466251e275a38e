// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package falcoprofilemigration_test

import (
	"bytes"
	"fmt"
	"os"
	"regexp"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	eventsv1 "k8s.io/api/events/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/yaml"

	"github.com/gep-78/gardener/cmd/kubectl-extensionprofile/app"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	extensionsv1alpha1 "github.com/gep-78/gardener/pkg/apis/extensions/v1alpha1"
	gardencoreclientset "github.com/gep-78/gardener/pkg/client/core/clientset/versioned"
	falcoextension "github.com/gep-78/gardener/pkg/shoot-falco-service/controller/extension"
	"github.com/gep-78/gardener/pkg/shoot-falco-service/falco"
	"github.com/gep-78/gardener/test/envtest/suite"
	"github.com/gep-78/gardener/test/upstream"
)

const migrationDoc = "../../../../docs/operations/migrating-from-falcoprofile.md"

// docObject returns the YAML document of kind and name from the ```yaml blocks of a doc.
func docObject(doc, kind, name string) []byte {
	GinkgoHelper()
	data, err := os.ReadFile(doc)
	Expect(err).NotTo(HaveOccurred())
	for _, block := range regexp.MustCompile("(?s)```yaml\n(.*?)```\n").FindAllStringSubmatch(string(data), -1) {
		for _, document := range strings.Split(block[1], "\n---\n") {
			var meta metav1.PartialObjectMetadata
			if yaml.Unmarshal([]byte(document), &meta) == nil && meta.Kind == kind && meta.Name == name {
				return []byte(document)
			}
		}
	}
	Fail(fmt.Sprintf("%s has no %s %s", doc, kind, name))
	return nil
}

// falcoDeployed returns the image of the falco Deployment and the rules version of its
// ConfigMap in namespace, empty while they are missing.
func falcoDeployed(namespace string) (string, string) {
	deployment, configMap := &appsv1.Deployment{}, &corev1.ConfigMap{}
	if seedClient.Get(ctx, client.ObjectKey{Namespace: namespace, Name: falco.DeploymentName}, deployment) != nil ||
		seedClient.Get(ctx, client.ObjectKey{Namespace: namespace, Name: falco.ConfigMapName}, configMap) != nil {
		return "", ""
	}
	return deployment.Spec.Template.Spec.Containers[0].Image, configMap.Data[falco.DataKeyRulesVersion]
}

func withFalcoVersion(warnings []string) []string {
	var out []string
	for _, w := range warnings {
		if strings.Contains(w, "falcoVersion") {
			out = append(out, w)
		}
	}
	return out
}

var _ = Describe("migrating from FalcoProfile (docs/operations/migrating-from-falcoprofile.md)", Ordered, func() {
	const (
		legacyNamespace   = "shoot--dev--docs-legacy-falco"
		migratedNamespace = "shoot--dev--docs-migrated-falco"
	)
	var (
		owner    gardencoreclientset.Interface
		warnings *suite.Warnings
	)

	updateShoot := func(name string, mutate func(*gardencorev1beta1.Shoot)) {
		GinkgoHelper()
		shoot, err := owner.CoreV1beta1().Shoots("garden-dev").Get(ctx, name, metav1.GetOptions{})
		Expect(err).NotTo(HaveOccurred())
		mutate(shoot)
		_, err = owner.CoreV1beta1().Shoots("garden-dev").Update(ctx, shoot, metav1.UpdateOptions{})
		Expect(err).NotTo(HaveOccurred())
	}

	BeforeAll(func() {
		owner, warnings = shootOwner()
		Expect(gardenClient.Create(ctx, &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: "garden-dev"}})).To(Succeed())
		_, stderr, err := kubectl(docObject("../../../../docs/operations/extensionprofiles.md", "CloudProfile", "docs-local"), "apply", "-f", "-")
		Expect(err).NotTo(HaveOccurred(), stderr)
	})

	It("deploys a Shoot that sets only providerConfig.falcoVersion at that version, before an ExtensionProfile exists, without a warning", func() {
		shoot := &gardencorev1beta1.Shoot{}
		Expect(yaml.UnmarshalStrict(docObject(migrationDoc, "Shoot", "docs-legacy-falco"), shoot)).To(Succeed())
		_, err := owner.CoreV1beta1().Shoots("garden-dev").Create(ctx, shoot, metav1.CreateOptions{})
		Expect(err).NotTo(HaveOccurred())
		Expect(withFalcoVersion(warnings.Take())).To(BeEmpty())

		Eventually(func() []string {
			image, rules := falcoDeployed(legacyNamespace)
			return []string{image, rules}
		}).Should(Equal([]string{"falcosecurity/falco:0.42.1", "0.42.1"}))
	})

	It("converts the FalcoProfile the falco extension ships into the doc's ExtensionProfile, which applies as is", func() {
		var stdout, stderr bytes.Buffer
		cmd := app.NewCommand(&stdout, &stderr)
		cmd.SetArgs([]string{"convert", "falcoprofile", "-f", "../../../upstream/" + upstream.FalcoProfile})
		Expect(cmd.Execute()).To(Succeed())
		Expect(stdout.String()).To(MatchYAML(string(docObject(migrationDoc, "ExtensionProfile", "shoot-falco-service"))))
		Expect(stderr.String()).To(ContainSubstring("Warning: spec.versions.falcosidekick (3 versions)"))

		out, errOut, err := kubectl(stdout.Bytes(), "apply", "-f", "-")
		Expect(err).NotTo(HaveOccurred(), errOut)
		Expect(out).To(ContainSubstring("extensionprofile.core.gardener.cloud/shoot-falco-service created"))
	})

	It("warns the owner of the legacy Shoot on its next update, and keeps deploying the legacy version", func() {
		// The admission plugin reads profiles from its informer; dry-run updates wait for it.
		Eventually(func() []string {
			shoot, err := owner.CoreV1beta1().Shoots("garden-dev").Get(ctx, "docs-legacy-falco", metav1.GetOptions{})
			Expect(err).NotTo(HaveOccurred())
			_, err = owner.CoreV1beta1().Shoots("garden-dev").Update(ctx, shoot, metav1.UpdateOptions{DryRun: []string{metav1.DryRunAll}})
			Expect(err).NotTo(HaveOccurred())
			return withFalcoVersion(warnings.Take())
		}).ShouldNot(BeEmpty())

		updateShoot("docs-legacy-falco", func(s *gardencorev1beta1.Shoot) { metav1.SetMetaDataLabel(&s.ObjectMeta, "migration", "announced") })
		Expect(withFalcoVersion(warnings.Take())).To(ConsistOf(
			"spec.extensions[0].providerConfig.falcoVersion is deprecated: shoot-falco-service has an ExtensionProfile; pin spec.extensions[0].components[name=falco].version instead (until then the extension deploys falco 0.42.1 from providerConfig.falcoVersion)"))

		Eventually(func(g Gomega) {
			list := &eventsv1.EventList{}
			g.Expect(seedClient.List(ctx, list, client.InNamespace(legacyNamespace))).To(Succeed())
			var notes []string
			for _, event := range list.Items {
				if event.Reason == falcoextension.EventReasonDeprecatedFalcoVersion && event.Regarding.Kind == "Extension" {
					notes = append(notes, event.Note)
				}
			}
			g.Expect(notes).To(ContainElement("providerConfig.falcoVersion is deprecated: falco 0.42.1 is deployed from it; pin Shoot.spec.extensions[].components[name=falco].version instead"))
		}).Should(Succeed())
		image, rules := falcoDeployed(legacyNamespace)
		Expect([]string{image, rules}).To(Equal([]string{"falcosecurity/falco:0.42.1", "0.42.1"}))
	})

	It("deploys the owner's pin, with the profile entry's rules and image, and says that the pin wins over the legacy field", func() {
		updateShoot("docs-legacy-falco", func(s *gardencorev1beta1.Shoot) {
			s.Spec.Extensions[0].Components = []gardencorev1beta1.ExtensionComponent{{Name: "falco", Version: ptr.To("0.44.1")}}
		})
		Expect(withFalcoVersion(warnings.Take())).To(ConsistOf(
			"spec.extensions[0].providerConfig.falcoVersion 0.42.1 is deprecated and ignored: spec.extensions[0].components pins falco 0.44.1, which wins; remove falcoVersion from the providerConfig"))

		Eventually(func() []string {
			image, rules := falcoDeployed(legacyNamespace)
			return []string{image, rules}
		}).Should(Equal([]string{"falcosecurity/falco:0.44.1", "0.44.0"}))
		ext := &extensionsv1alpha1.Extension{}
		Expect(seedClient.Get(ctx, types.NamespacedName{Namespace: legacyNamespace, Name: "shoot-falco-service"}, ext)).To(Succeed())
		Expect(ext.Spec.Components).To(HaveLen(1))
		Expect(ext.Spec.Components[0].Version).To(Equal("0.44.1"))
	})

	It("rolls back one Shoot: without the pin, the legacy version is deployed again", func() {
		updateShoot("docs-legacy-falco", func(s *gardencorev1beta1.Shoot) { s.Spec.Extensions[0].Components = nil })
		Expect(withFalcoVersion(warnings.Take())).To(ConsistOf(ContainSubstring("(until then the extension deploys falco 0.42.1 from providerConfig.falcoVersion)")))
		Eventually(func() []string {
			image, rules := falcoDeployed(legacyNamespace)
			return []string{image, rules}
		}).Should(Equal([]string{"falcosecurity/falco:0.42.1", "0.42.1"}))
	})

	It("admits the doc's migrated Shoot without a legacy warning and deploys its pin", func() {
		shoot := &gardencorev1beta1.Shoot{}
		Expect(yaml.UnmarshalStrict(docObject(migrationDoc, "Shoot", "docs-migrated-falco"), shoot)).To(Succeed())
		_, err := owner.CoreV1beta1().Shoots("garden-dev").Create(ctx, shoot, metav1.CreateOptions{})
		Expect(err).NotTo(HaveOccurred())
		Expect(withFalcoVersion(warnings.Take())).To(BeEmpty())
		Eventually(func() []string {
			image, rules := falcoDeployed(migratedNamespace)
			return []string{image, rules}
		}).Should(Equal([]string{"falcosecurity/falco:0.42.1", "0.42.1"}))
	})

	It("refuses to delete the ExtensionProfile while a Shoot pins it, naming the Shoot", func() {
		_, stderr, err := kubectl(nil, "delete", "extensionprofile", "shoot-falco-service")
		Expect(err).To(HaveOccurred())
		Expect(stderr).To(ContainSubstring("garden-dev/docs-migrated-falco"))
	})
})
