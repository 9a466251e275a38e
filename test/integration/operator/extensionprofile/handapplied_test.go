// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package extensionprofile_test

import (
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/util/retry"
	"sigs.k8s.io/controller-runtime/pkg/client"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	operatorv1alpha1 "github.com/gep-78/gardener/pkg/apis/operator/v1alpha1"
	operatorextensionprofile "github.com/gep-78/gardener/pkg/operator/controller/extension/extensionprofile"
)

func ptrTime(value string) *metav1.Time {
	t, err := time.Parse(time.RFC3339, value)
	Expect(err).NotTo(HaveOccurred())
	return &metav1.Time{Time: t}
}

// operatorExtension is an operator Extension of one extension type with the given profile spec.
func operatorExtension(name, extensionType string, spec gardencorev1beta1.ExtensionProfileSpec) *operatorv1alpha1.Extension {
	return &operatorv1alpha1.Extension{
		ObjectMeta: metav1.ObjectMeta{Name: name},
		Spec: operatorv1alpha1.ExtensionSpec{
			Resources:         []operatorv1alpha1.ControllerResource{{Kind: "Extension", Type: extensionType}},
			ExtensionProfiles: []operatorv1alpha1.ExtensionProfileTemplate{{Type: extensionType, Spec: spec}},
		},
	}
}

func oneVersion(component string, versions ...string) gardencorev1beta1.ExtensionProfileSpec {
	spec := gardencorev1beta1.ExtensionProfileSpec{ExtensionKind: gardencorev1beta1.ExtensionKindExtension, Components: []gardencorev1beta1.ExtensionProfileComponent{{Name: component}}}
	for _, v := range versions {
		spec.Components[0].Versions = append(spec.Components[0].Versions, gardencorev1beta1.ExtensionComponentVersion{Version: v})
	}
	return spec
}

var _ = Describe("a profile that gardener-operator did not create", Ordered, func() {
	const (
		extensionName = "extension-hand"
		extensionType = "shoot-hand"
	)
	handSpec := oneVersion("hand", "1.0.0")
	operatorSpec := oneVersion("hand", "1.0.0", "1.1.0")

	It("is left unchanged, and the condition says why and how to take it over", func() {
		Expect(gardenClient.Create(ctx, &gardencorev1beta1.ExtensionProfile{ObjectMeta: metav1.ObjectMeta{Name: extensionType}, Spec: handSpec})).To(Succeed())
		Expect(runtimeClient.Create(ctx, operatorExtension(extensionName, extensionType, operatorSpec))).To(Succeed())

		Eventually(func(g Gomega) gardencorev1beta1.Condition { return condition(g, extensionName) }).Should(And(
			HaveField("Status", gardencorev1beta1.ConditionFalse),
			HaveField("Reason", operatorextensionprofile.ReasonNotManaged),
			HaveField("Message", ContainSubstring(operatorv1alpha1.AnnotationAdoptExtensionProfiles+"=true")),
		))
		profile := &gardencorev1beta1.ExtensionProfile{}
		Expect(gardenClient.Get(ctx, client.ObjectKey{Name: extensionType}, profile)).To(Succeed())
		Expect(profile.Spec).To(Equal(handSpec))
		Expect(profile.Labels).NotTo(HaveKey(operatorv1alpha1.LabelExtension))
	})

	It("is not taken over by a second operator Extension once another one manages it", func() {
		// gardener-operator writes the Extension's status meanwhile.
		Expect(retry.RetryOnConflict(retry.DefaultRetry, func() error {
			extension := &operatorv1alpha1.Extension{}
			if err := runtimeClient.Get(ctx, client.ObjectKey{Name: extensionName}, extension); err != nil {
				return err
			}
			metav1.SetMetaDataAnnotation(&extension.ObjectMeta, operatorv1alpha1.AnnotationAdoptExtensionProfiles, "true")
			return runtimeClient.Update(ctx, extension)
		})).To(Succeed())

		By("adopting it with the annotation")
		Eventually(func(g Gomega) {
			profile := &gardencorev1beta1.ExtensionProfile{}
			g.Expect(gardenClient.Get(ctx, client.ObjectKey{Name: extensionType}, profile)).To(Succeed())
			g.Expect(profile.Labels).To(HaveKeyWithValue(operatorv1alpha1.LabelExtension, extensionName))
			g.Expect(profile.Spec).To(Equal(operatorSpec))
		}).Should(Succeed())
		Eventually(func(g Gomega) gardencorev1beta1.ConditionStatus { return condition(g, extensionName).Status }).Should(Equal(gardencorev1beta1.ConditionTrue))
		Eventually(func(g Gomega) []string { return eventReasons(g, extensionName) }).Should(ContainElement(operatorextensionprofile.EventReasonAdopted))

		By("refusing a second operator Extension of the same type, even with the annotation")
		second := operatorExtension("extension-hand-second", extensionType, handSpec)
		second.Annotations = map[string]string{operatorv1alpha1.AnnotationAdoptExtensionProfiles: "true"}
		Expect(runtimeClient.Create(ctx, second)).To(Succeed())
		Eventually(func(g Gomega) gardencorev1beta1.Condition { return condition(g, second.Name) }).Should(And(
			HaveField("Status", gardencorev1beta1.ConditionFalse),
			HaveField("Reason", operatorextensionprofile.ReasonNotManaged),
			HaveField("Message", ContainSubstring(`managed by the operator Extension "`+extensionName+`"`)),
		))
		Expect(versionsOf(Default, extensionType)).To(Equal([]string{"1.0.0", "1.1.0"}))

		By("deleting the second operator Extension without touching the profile")
		Expect(runtimeClient.Delete(ctx, second)).To(Succeed())
		Eventually(func() bool {
			return apierrors.IsNotFound(runtimeClient.Get(ctx, client.ObjectKey{Name: second.Name}, &operatorv1alpha1.Extension{}))
		}).Should(BeTrue())
		Expect(versionsOf(Default, extensionType)).To(Equal([]string{"1.0.0", "1.1.0"}))
	})

	It("is deleted with the operator Extension that adopted it when no Shoot pins it", func() {
		Expect(runtimeClient.Delete(ctx, &operatorv1alpha1.Extension{ObjectMeta: metav1.ObjectMeta{Name: extensionName}})).To(Succeed())
		Eventually(func() bool {
			return apierrors.IsNotFound(gardenClient.Get(ctx, client.ObjectKey{Name: extensionType}, &gardencorev1beta1.ExtensionProfile{}))
		}).Should(BeTrue())
		Eventually(func() bool {
			return apierrors.IsNotFound(runtimeClient.Get(ctx, client.ObjectKey{Name: extensionName}, &operatorv1alpha1.Extension{}))
		}).Should(BeTrue())
	})
})

var _ = Describe("invalid spec.extensionProfiles", func() {
	It("names the field of an entry whose type the Extension does not register", func() {
		extension := operatorExtension("extension-invalid-type", "shoot-a", oneVersion("a", "1.0.0"))
		extension.Spec.ExtensionProfiles[0].Type = "shoot-b"
		Expect(runtimeClient.Create(ctx, extension)).To(Succeed())
		DeferCleanup(func() { Expect(runtimeClient.Delete(ctx, extension)).To(Succeed()) })

		Eventually(func(g Gomega) gardencorev1beta1.Condition { return condition(g, extension.Name) }).Should(And(
			HaveField("Status", gardencorev1beta1.ConditionFalse),
			HaveField("Reason", operatorextensionprofile.ReasonInvalid),
			HaveField("Message", ContainSubstring(`spec.extensionProfiles[0].type: Unsupported value: "shoot-b"`)),
		))
		Expect(apierrors.IsNotFound(gardenClient.Get(ctx, client.ObjectKey{Name: "shoot-b"}, &gardencorev1beta1.ExtensionProfile{}))).To(BeTrue())
	})

	It("reports gardener-apiserver's validation errors under the entry's field path", func() {
		extension := operatorExtension("extension-invalid-version", "shoot-c", oneVersion("c", "not-a-version"))
		Expect(runtimeClient.Create(ctx, extension)).To(Succeed())
		DeferCleanup(func() { Expect(runtimeClient.Delete(ctx, extension)).To(Succeed()) })

		Eventually(func(g Gomega) gardencorev1beta1.Condition { return condition(g, extension.Name) }).Should(And(
			HaveField("Status", gardencorev1beta1.ConditionFalse),
			HaveField("Reason", operatorextensionprofile.ReasonInvalid),
			HaveField("Message", ContainSubstring("spec.extensionProfiles[0].spec.components[0].versions[0].version")),
		))
	})
})
