// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package extension_test

import (
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	. "github.com/gep-78/gardener/pkg/gardenlet/controller/shoot/extension"
)

var _ = Describe("Reconciler", func() {
	BeforeEach(setUpReconciler)

	DescribeTable("which Shoots belong to this seed",
		func(seedName *string, adopt, reconciled bool) {
			updateShoot(func(s *gardencorev1beta1.Shoot) { s.Spec.SeedName = seedName })
			reconciler.Config.AdoptUnscheduledShoots = adopt

			reconcileShoot()

			current := &gardencorev1beta1.Shoot{}
			Expect(gardenClient.Get(ctx, request.NamespacedName, current)).To(Succeed())
			err := seedClient.Get(ctx, client.ObjectKey{Name: seedNamespace}, &corev1.Namespace{})
			if reconciled {
				Expect(err).NotTo(HaveOccurred())
				Expect(current.Finalizers).To(ConsistOf(FinalizerName))
				Expect(extensionNames()).To(HaveLen(3))
			} else {
				Expect(apierrors.IsNotFound(err)).To(BeTrue())
				Expect(current.Finalizers).To(BeEmpty())
				Expect(current.Status.TechnicalID).To(BeEmpty())
				Expect(extensionNames()).To(BeEmpty())
			}
		},
		Entry("this seed", ptr.To("local"), false, true),
		Entry("another seed", ptr.To("other"), false, false),
		Entry("another seed, even when adopting unscheduled Shoots", ptr.To("other"), true, false),
		Entry("unscheduled, not adopting", nil, false, false),
		Entry("unscheduled, adopting", nil, true, true),
		Entry("empty seed name, adopting", ptr.To(""), true, true),
	)

	It("records a warning and creates nothing for a Shoot outside a project namespace", func() {
		foreign := exampleShoot()
		foreign.Namespace = "default"
		foreign.Spec.SeedName = ptr.To("local")
		Expect(gardenClient.Create(ctx, foreign)).To(Succeed())

		_, err := reconciler.Reconcile(ctx, reconcile.Request{NamespacedName: client.ObjectKeyFromObject(foreign)})
		Expect(err).NotTo(HaveOccurred())

		Expect(events()).To(ConsistOf(`Warning InvalidTechnicalID namespace "default" is not a project namespace ("garden" or "garden-"<project>)`))
		namespaces := &corev1.NamespaceList{}
		Expect(seedClient.List(ctx, namespaces)).To(Succeed())
		Expect(namespaces.Items).To(BeEmpty())
	})

	It("does nothing for a Shoot that is gone", func() {
		Expect(gardenClient.Delete(ctx, shoot)).To(Succeed())
		Expect(reconcileShoot()).To(Equal(reconcile.Result{}))
	})

	Describe("deletion", func() {
		deleteShoot := func() {
			GinkgoHelper()
			current := &gardencorev1beta1.Shoot{}
			Expect(gardenClient.Get(ctx, request.NamespacedName, current)).To(Succeed())
			Expect(gardenClient.Delete(ctx, current)).To(Succeed())
		}

		It("deletes the Extensions, then the namespace, then removes the finalizer", func() {
			reconcileShoot()
			deleteShoot()

			result := reconcileShoot()
			Expect(result.RequeueAfter).To(BeNumerically(">", 0))
			Expect(extensionNames()).To(BeEmpty())
			Expect(gardenClient.Get(ctx, request.NamespacedName, &gardencorev1beta1.Shoot{})).To(Succeed())

			Expect(reconcileShoot()).To(Equal(reconcile.Result{}))
			Expect(apierrors.IsNotFound(seedClient.Get(ctx, client.ObjectKey{Name: seedNamespace}, &corev1.Namespace{}))).To(BeTrue())
			Expect(apierrors.IsNotFound(gardenClient.Get(ctx, request.NamespacedName, &gardencorev1beta1.Shoot{}))).To(BeTrue())
		})

		It("waits for Extensions that an extension controller still finalizes", func() {
			reconcileShoot()
			falco := getExtension("shoot-falco-service")
			falco.Finalizers = []string{"extensions.gardener.cloud/shoot-falco-service"}
			Expect(seedClient.Update(ctx, falco)).To(Succeed())
			deleteShoot()

			Expect(reconcileShoot().RequeueAfter).To(BeNumerically(">", 0))
			Expect(reconcileShoot().RequeueAfter).To(BeNumerically(">", 0))
			falco = getExtension("shoot-falco-service")
			Expect(falco.DeletionTimestamp).NotTo(BeNil())
			Expect(falco.Annotations).To(HaveKeyWithValue("confirmation.gardener.cloud/deletion", "true"))
			Expect(gardenClient.Get(ctx, request.NamespacedName, &gardencorev1beta1.Shoot{})).To(Succeed())

			falco.Finalizers = nil
			Expect(seedClient.Update(ctx, falco)).To(Succeed())
			Expect(reconcileShoot()).To(Equal(reconcile.Result{}))
			Expect(apierrors.IsNotFound(gardenClient.Get(ctx, request.NamespacedName, &gardencorev1beta1.Shoot{}))).To(BeTrue())
		})

		It("does not delete a seed namespace it does not manage", func() {
			Expect(seedClient.Create(ctx, &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: seedNamespace}})).To(Succeed())
			updateShoot(func(s *gardencorev1beta1.Shoot) { s.Finalizers = []string{FinalizerName} })
			deleteShoot()

			Expect(reconcileShoot()).To(Equal(reconcile.Result{}))

			Expect(seedClient.Get(ctx, client.ObjectKey{Name: seedNamespace}, &corev1.Namespace{})).To(Succeed())
			Expect(apierrors.IsNotFound(gardenClient.Get(ctx, request.NamespacedName, &gardencorev1beta1.Shoot{}))).To(BeTrue())
		})

		It("cleans up a Shoot with its finalizer even after it left this seed", func() {
			reconcileShoot()
			updateShoot(func(s *gardencorev1beta1.Shoot) { s.Spec.SeedName = ptr.To("other") })
			deleteShoot()

			reconcileShoot()
			reconcileShoot()

			Expect(extensionNames()).To(BeEmpty())
			Expect(apierrors.IsNotFound(gardenClient.Get(ctx, request.NamespacedName, &gardencorev1beta1.Shoot{}))).To(BeTrue())
		})

		It("leaves a deleted Shoot without its finalizer alone", func() {
			updateShoot(func(s *gardencorev1beta1.Shoot) { s.Finalizers = []string{"other"} })
			deleteShoot()

			Expect(reconcileShoot()).To(Equal(reconcile.Result{}))

			current := &gardencorev1beta1.Shoot{}
			Expect(gardenClient.Get(ctx, request.NamespacedName, current)).To(Succeed())
			Expect(current.Finalizers).To(ConsistOf("other"))
		})
	})
})
