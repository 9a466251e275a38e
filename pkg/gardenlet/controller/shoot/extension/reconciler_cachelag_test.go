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
})
