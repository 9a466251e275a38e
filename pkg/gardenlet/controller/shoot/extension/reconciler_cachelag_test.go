// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package extension_test

import (
	"context"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/client/interceptor"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	extensionsv1alpha1 "github.com/gep-78/gardener/pkg/apis/extensions/v1alpha1"
	"github.com/gep-78/gardener/pkg/component/extensions/extension"
	gardenletextension "github.com/gep-78/gardener/pkg/gardenlet/controller/shoot/extension"
)

var _ = Describe("Reconciler with a seed cache behind the API server", func() {
	BeforeEach(setUpReconciler)

	It("requeues, without an error, an event or status.lastErrors, when an Extension it creates exists already", func() {
		// The cache has not seen the Extension an earlier reconcile created: Get finds nothing,
		// the create answers AlreadyExists.
		reconciler.SeedClient = interceptor.NewClient(seedClient.(client.WithWatch), interceptor.Funcs{
			Create: func(ctx context.Context, c client.WithWatch, obj client.Object, opts ...client.CreateOption) error {
				if _, ok := obj.(*extensionsv1alpha1.Extension); ok && obj.GetName() == "shoot-traefik" {
					return apierrors.NewAlreadyExists(schema.GroupResource{Group: "extensions.gardener.cloud", Resource: "extensions"}, obj.GetName())
				}
				return c.Create(ctx, obj, opts...)
			},
		})

		result := reconcileShoot()
		Expect(result.RequeueAfter).To(Equal(extension.DefaultInterval))
		Expect(extensionNames()).To(ConsistOf("shoot-falco-service", "shoot-cert-service"))
		Expect(events()).To(ConsistOf("Normal ExtensionComponentsUpdated shoot-falco-service: falco none -> 0.44.1"))
		current := &gardencorev1beta1.Shoot{}
		Expect(gardenClient.Get(ctx, request.NamespacedName, current)).To(Succeed())
		Expect(current.Status.LastErrors).To(BeEmpty())

		By("the next reconcile, with the cache caught up, writes the Extension")
		reconciler.SeedClient = seedClient
		Expect(reconcileShoot().RequeueAfter).To(BeZero())
		Expect(extensionNames()).To(ConsistOf("shoot-falco-service", "shoot-traefik", "shoot-cert-service"))
	})

	It("does not write the Shoot again while the garden cache still shows it as it was before its writes", func() {
		stale := &gardencorev1beta1.Shoot{}
		Expect(gardenClient.Get(ctx, request.NamespacedName, stale)).To(Succeed())
		reconcileShoot()

		var shootWrites []string
		reconciler.GardenClient = interceptor.NewClient(gardenClient.(client.WithWatch), interceptor.Funcs{
			Get: func(ctx context.Context, c client.WithWatch, key client.ObjectKey, obj client.Object, opts ...client.GetOption) error {
				if shoot, ok := obj.(*gardencorev1beta1.Shoot); ok {
					stale.DeepCopyInto(shoot)
					return nil
				}
				return c.Get(ctx, key, obj, opts...)
			},
			Patch: func(ctx context.Context, c client.WithWatch, obj client.Object, patch client.Patch, opts ...client.PatchOption) error {
				shootWrites = append(shootWrites, "patch")
				return c.Patch(ctx, obj, patch, opts...)
			},
			SubResourcePatch: func(ctx context.Context, c client.Client, subResource string, obj client.Object, patch client.Patch, opts ...client.SubResourcePatchOption) error {
				shootWrites = append(shootWrites, subResource)
				return c.SubResource(subResource).Patch(ctx, obj, patch, opts...)
			},
		})
		Expect(reconcileShoot().RequeueAfter).To(BeZero())
		Expect(shootWrites).To(BeEmpty())

		By("once the cache shows a later version, the Shoot is read from it again")
		current := &gardencorev1beta1.Shoot{}
		Expect(gardenClient.Get(ctx, request.NamespacedName, current)).To(Succeed())
		current.Finalizers = nil // someone removed the finalizer
		Expect(gardenClient.Update(ctx, current)).To(Succeed())
		stale = current
		reconcileShoot()
		Expect(shootWrites).To(ConsistOf("patch"))
		Expect(gardenClient.Get(ctx, request.NamespacedName, current)).To(Succeed())
		Expect(current.Finalizers).To(ConsistOf(gardenletextension.FinalizerName))
	})
})
