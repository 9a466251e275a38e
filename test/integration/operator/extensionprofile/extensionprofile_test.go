// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package extensionprofile_test

import (
	"encoding/json"
	"slices"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	eventsv1 "k8s.io/api/events/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/client-go/util/retry"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/yaml"

	v1beta1helper "github.com/gep-78/gardener/pkg/api/core/v1beta1/helper"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	extensionsv1alpha1 "github.com/gep-78/gardener/pkg/apis/extensions/v1alpha1"
	operatorv1alpha1 "github.com/gep-78/gardener/pkg/apis/operator/v1alpha1"
	operatorextensionprofile "github.com/gep-78/gardener/pkg/operator/controller/extension/extensionprofile"
	"github.com/gep-78/gardener/test/examples"
	"github.com/gep-78/gardener/test/upstream"
)

const falcoType = "shoot-falco-service"

// falcoOperatorExtension is the falco extension's operator Extension of test/upstream, unchanged
// but for spec.extensionProfiles[] with the given profile spec for its type.
func falcoOperatorExtension(spec gardencorev1beta1.ExtensionProfileSpec) []byte {
	GinkgoHelper()
	obj := map[string]any{}
	Expect(yaml.Unmarshal(upstream.MustRead(upstream.FalcoOperatorExtension), &obj)).To(Succeed())
	specJSON, err := runtime.DefaultUnstructuredConverter.ToUnstructured(&spec)
	Expect(err).NotTo(HaveOccurred())
	obj["spec"].(map[string]any)["extensionProfiles"] = []any{map[string]any{"type": falcoType, "spec": specJSON}}
	manifest, err := yaml.Marshal(obj)
	Expect(err).NotTo(HaveOccurred())
	return manifest
}

func toJSON(v any) []byte {
	GinkgoHelper()
	data, err := json.Marshal(v)
	Expect(err).NotTo(HaveOccurred())
	return data
}

func exampleFalcoSpec() gardencorev1beta1.ExtensionProfileSpec {
	GinkgoHelper()
	profile := &gardencorev1beta1.ExtensionProfile{}
	examples.MustDecode("extensionprofile-shoot-falco-service.yaml", profile)
	// As gardener-apiserver and the operator Extension CRD default it.
	profile.Spec.ExtensionKind = gardencorev1beta1.ExtensionKindExtension
	return profile.Spec
}

func apply(manifest []byte) {
	GinkgoHelper()
	_, stderr, err := kubectl(manifest, "apply", "-f", "-")
	Expect(err).NotTo(HaveOccurred(), stderr)
}

// condition returns the ExtensionProfilesReconciled condition of the operator Extension.
func condition(g Gomega, name string) gardencorev1beta1.Condition {
	extension := &operatorv1alpha1.Extension{}
	g.Expect(runtimeClient.Get(ctx, client.ObjectKey{Name: name}, extension)).To(Succeed())
	c := v1beta1helper.GetCondition(extension.Status.Conditions, operatorv1alpha1.ExtensionProfilesReconciled)
	g.Expect(c).NotTo(BeNil())
	g.Expect(extension.Status.ObservedGeneration).To(Equal(extension.Generation))
	return *c
}

func versionsOf(g Gomega, name string) []string {
	profile := &gardencorev1beta1.ExtensionProfile{}
	g.Expect(gardenClient.Get(ctx, client.ObjectKey{Name: name}, profile)).To(Succeed())
	var out []string
	for _, v := range profile.Spec.Components[0].Versions {
		out = append(out, v.Version)
	}
	return out
}

// eventReasons returns the reasons of the events about the operator Extension.
func eventReasons(g Gomega, name string) []string {
	list := &eventsv1.EventList{}
	g.Expect(runtimeClient.List(ctx, list)).To(Succeed())
	var out []string
	for _, e := range list.Items {
		if e.Regarding.Kind == "Extension" && e.Regarding.Name == name && e.Regarding.APIVersion == operatorv1alpha1.SchemeGroupVersion.String() {
			out = append(out, e.Reason)
		}
	}
	return out
}

func withoutVersion(spec gardencorev1beta1.ExtensionProfileSpec, version string) gardencorev1beta1.ExtensionProfileSpec {
	spec = *spec.DeepCopy()
	spec.Components[0].Versions = slices.DeleteFunc(spec.Components[0].Versions, func(v gardencorev1beta1.ExtensionComponentVersion) bool { return v.Version == version })
	return spec
}

var _ = Describe("gardener-operator generates the falco ExtensionProfile from the operator Extension", Ordered, func() {
	const (
		extensionName = "extension-shoot-falco-service"
		shootName     = "operator-falco"
		seedNamespace = "shoot--dev--operator-falco"
	)
	var spec gardencorev1beta1.ExtensionProfileSpec

	seedFalcoVersion := func(g Gomega) string {
		extension := &extensionsv1alpha1.Extension{}
		g.Expect(seedClient.Get(ctx, client.ObjectKey{Namespace: seedNamespace, Name: falcoType}, extension)).To(Succeed())
		g.Expect(extension.Spec.Components).To(HaveLen(1))
		return extension.Spec.Components[0].Version
	}
	pinShoot := func(version string) {
		GinkgoHelper()
		shoot := &gardencorev1beta1.Shoot{}
		Expect(gardenClient.Get(ctx, client.ObjectKey{Namespace: "garden-dev", Name: shootName}, shoot)).To(Succeed())
		shoot.Spec.Extensions[0].Components[0].Version = &version
		Expect(gardenClient.Update(ctx, shoot)).To(Succeed())
	}

	BeforeAll(func() {
		spec = exampleFalcoSpec()
	})

	It("creates the ExtensionProfile named after the type, labelled as generated, with the entry's spec", func() {
		apply(falcoOperatorExtension(spec))

		Eventually(func(g Gomega) {
			profile := &gardencorev1beta1.ExtensionProfile{}
			g.Expect(gardenClient.Get(ctx, client.ObjectKey{Name: falcoType}, profile)).To(Succeed())
			g.Expect(profile.Labels).To(HaveKeyWithValue(operatorv1alpha1.LabelExtension, extensionName))
			g.Expect(toJSON(profile.Spec)).To(MatchJSON(toJSON(spec)))
			// gardener-controller-manager classifies the generated profile like any other.
			g.Expect(profile.Status.Components).To(HaveLen(1))
		}).Should(Succeed())
		Eventually(func(g Gomega) gardencorev1beta1.ConditionStatus { return condition(g, extensionName).Status }).Should(Equal(gardencorev1beta1.ConditionTrue))
		Eventually(func(g Gomega) []string { return eventReasons(g, extensionName) }).Should(ContainElement(operatorextensionprofile.EventReasonCreated))

		extension := &operatorv1alpha1.Extension{}
		Expect(runtimeClient.Get(ctx, client.ObjectKey{Name: extensionName}, extension)).To(Succeed())
		Expect(extension.Finalizers).To(ConsistOf(operatorv1alpha1.FinalizerName))
	})

	It("changes the profile, and its classification, when a version's lifecycle changes in the operator Extension", func() {
		for i, v := range spec.Components[0].Versions {
			if v.Version == "0.44.1" {
				spec.Components[0].Versions[i].Lifecycle = []gardencorev1beta1.LifecycleStage{
					{Classification: gardencorev1beta1.ClassificationSupported},
					{Classification: gardencorev1beta1.ClassificationDeprecated, StartTime: ptrTime("2026-11-01T00:00:00Z")},
				}
			}
		}
		apply(falcoOperatorExtension(spec))

		Eventually(func(g Gomega) gardencorev1beta1.VersionClassification {
			profile := &gardencorev1beta1.ExtensionProfile{}
			g.Expect(gardenClient.Get(ctx, client.ObjectKey{Name: falcoType}, profile)).To(Succeed())
			g.Expect(toJSON(profile.Spec)).To(MatchJSON(toJSON(spec)))
			for _, v := range profile.Status.Components[0].Versions {
				if v.Version == "0.44.1" {
					return v.Classification
				}
			}
			return ""
		}).Should(Equal(gardencorev1beta1.ClassificationDeprecated))
		Eventually(func(g Gomega) []string { return eventReasons(g, extensionName) }).Should(ContainElement(operatorextensionprofile.EventReasonUpdated))
	})

	It("reverts a hand edit of the generated profile", func() {
		profile := &gardencorev1beta1.ExtensionProfile{}
		// gardener-controller-manager and gardener-operator write the profile meanwhile.
		Expect(retry.RetryOnConflict(retry.DefaultRetry, func() error {
			if err := gardenClient.Get(ctx, client.ObjectKey{Name: falcoType}, profile); err != nil {
				return err
			}
			profile.Spec.UpdateStrategy = nil
			return gardenClient.Update(ctx, profile)
		})).To(Succeed())

		Eventually(func(g Gomega) *gardencorev1beta1.ExtensionUpdateStrategy {
			g.Expect(gardenClient.Get(ctx, client.ObjectKey{Name: falcoType}, profile)).To(Succeed())
			return profile.Spec.UpdateStrategy
		}).Should(Equal(spec.UpdateStrategy))
		Eventually(func(g Gomega) []byte {
			g.Expect(gardenClient.Get(ctx, client.ObjectKey{Name: falcoType}, profile)).To(Succeed())
			return toJSON(profile.Spec)
		}).Should(MatchJSON(toJSON(spec)))
	})

	It("lets a Shoot pin a version of the generated profile, through gardenlet to the seed Extension and the deployed falco", func() {
		shoot := &gardencorev1beta1.Shoot{}
		examples.MustDecode("shoot-accepted-falco-traefik.yaml", shoot)
		shoot.Name = shootName
		shoot.Spec.Extensions = shoot.Spec.Extensions[:1]
		shoot.Spec.Extensions[0].AutoUpdate = nil
		Expect(gardenClient.Create(ctx, shoot)).To(Succeed())

		Eventually(seedFalcoVersion).Should(Equal("0.44.1"))
	})

	It("reports gardener-apiserver's refusal to remove the pinned version in the condition, and keeps the profile", func() {
		apply(falcoOperatorExtension(withoutVersion(spec, "0.44.1")))

		Eventually(func(g Gomega) gardencorev1beta1.Condition { return condition(g, extensionName) }).Should(And(
			HaveField("Status", gardencorev1beta1.ConditionFalse),
			HaveField("Reason", operatorextensionprofile.ReasonRefused),
			HaveField("Message", And(ContainSubstring(`version "0.44.1" of component "falco"`), ContainSubstring("garden-dev/"+shootName))),
		))
		Expect(versionsOf(Default, falcoType)).To(ContainElement("0.44.1"))
		Eventually(func(g Gomega) []string { return eventReasons(g, extensionName) }).Should(ContainElement(operatorextensionprofile.ReasonRefused))
	})

	It("removes the version as soon as the Shoot moves off it (a Shoot event, not a timer)", func() {
		pinShoot("0.45.0")

		Eventually(func(g Gomega) []string { return versionsOf(g, falcoType) }).ShouldNot(ContainElement("0.44.1"))
		Eventually(func(g Gomega) gardencorev1beta1.ConditionStatus { return condition(g, extensionName).Status }).Should(Equal(gardencorev1beta1.ConditionTrue))
		Eventually(seedFalcoVersion).Should(Equal("0.45.0"))
		spec = withoutVersion(spec, "0.44.1")
	})

	It("keeps its finalizer and the profile while a Shoot pins it when the operator Extension is deleted", func() {
		_, stderr, err := kubectl(nil, "delete", "extensions.operator.gardener.cloud", extensionName, "--wait=false")
		Expect(err).NotTo(HaveOccurred(), stderr)

		Eventually(func(g Gomega) gardencorev1beta1.Condition { return condition(g, extensionName) }).Should(And(
			HaveField("Status", gardencorev1beta1.ConditionFalse),
			HaveField("Reason", operatorextensionprofile.ReasonDeletionRefused),
			HaveField("Message", ContainSubstring("garden-dev/"+shootName)),
		))
		profile := &gardencorev1beta1.ExtensionProfile{}
		Expect(gardenClient.Get(ctx, client.ObjectKey{Name: falcoType}, profile)).To(Succeed())
		Expect(profile.DeletionTimestamp).To(BeNil())
		extension := &operatorv1alpha1.Extension{}
		Expect(runtimeClient.Get(ctx, client.ObjectKey{Name: extensionName}, extension)).To(Succeed())
		Expect(extension.Finalizers).To(ConsistOf(operatorv1alpha1.FinalizerName))
	})

	It("deletes the profile, then lets the operator Extension go, once no Shoot pins it", func() {
		shoot := &gardencorev1beta1.Shoot{}
		Expect(gardenClient.Get(ctx, client.ObjectKey{Namespace: "garden-dev", Name: shootName}, shoot)).To(Succeed())
		shoot.Spec.Extensions = nil
		Expect(gardenClient.Update(ctx, shoot)).To(Succeed())

		Eventually(func() bool {
			return apierrors.IsNotFound(gardenClient.Get(ctx, client.ObjectKey{Name: falcoType}, &gardencorev1beta1.ExtensionProfile{}))
		}).Should(BeTrue())
		Eventually(func() bool {
			return apierrors.IsNotFound(runtimeClient.Get(ctx, client.ObjectKey{Name: extensionName}, &operatorv1alpha1.Extension{}))
		}).Should(BeTrue())
	})
})
