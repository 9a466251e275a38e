// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package workerpools_test

import (
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/client"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	extensionsv1alpha1 "github.com/gep-78/gardener/pkg/apis/extensions/v1alpha1"
)

var _ = Describe("gardenlet's seed handoff of per-pool pins", func() {
	It("writes a ContainerRuntime per pool at the pool's version, updates and deletes them with the pools, and with the Shoot", func() {
		shoot := create(newShoot("sandbox", pool("old", "gvisor", runsc("1.0.1")), pool("recent", "gvisor", runsc("1.1.0"))))

		By("Two pools on two runsc versions, with the profile entry's providerConfig")
		Eventually(func(g Gomega) {
			g.Expect(seedRuntimes(g, shoot)).To(Equal(map[string][]string{
				"gvisor-old":    {"runsc@1.0.1"},
				"gvisor-recent": {"runsc@1.1.0 " + runscConfig},
			}))
		}).Should(Succeed())

		By("One pool moves, the other drops gVisor")
		_, err := update(shoot.Name, func(s *gardencorev1beta1.Shoot) {
			s.Spec.Provider.Workers[0].CRI.ContainerRuntimes = nil
			s.Spec.Provider.Workers[1].CRI.ContainerRuntimes[0].Components = []gardencorev1beta1.ExtensionComponent{runsc("1.1.3")}
		})
		Expect(err).NotTo(HaveOccurred())
		Eventually(func(g Gomega) {
			g.Expect(seedRuntimes(g, shoot)).To(Equal(map[string][]string{"gvisor-recent": {"runsc@1.1.3"}}))
		}).Should(Succeed())

		By("The Shoot is deleted")
		seedNamespace := shoot.Status.TechnicalID
		Expect(gardenClient.Delete(ctx, shoot)).To(Succeed())
		Eventually(func() bool {
			return apierrors.IsNotFound(gardenClient.Get(ctx, client.ObjectKeyFromObject(shoot), shoot))
		}).Should(BeTrue())
		list := &extensionsv1alpha1.ContainerRuntimeList{}
		Expect(seedClient.List(ctx, list, client.InNamespace(seedNamespace))).To(Succeed())
		Expect(list.Items).To(BeEmpty())
	})

	It("adds a pool's override to the seed Extension as an entry with the pool's name", func() {
		shoot := newShoot("gpu", pool("gl", ""), pool("old-gpus", ""))
		shoot.Spec.Extensions = []gardencorev1beta1.Extension{{Type: gpuDriver,
			Components: []gardencorev1beta1.ExtensionComponent{{Name: "driver", Version: ptr.To("570")}}}}
		shoot.Spec.Provider.Workers[1].Extensions = []gardencorev1beta1.WorkerExtension{{Type: gpuDriver,
			Components: []gardencorev1beta1.ExtensionComponent{{Name: "driver", Version: ptr.To("535")}}}}
		create(shoot)

		Eventually(func(g Gomega) {
			g.Expect(seedComponents(g, shoot, gpuDriver)).To(ConsistOf(
				extensionsv1alpha1.ExtensionComponent{Name: "driver", Version: "570.0.0"},
				extensionsv1alpha1.ExtensionComponent{Name: "driver", Version: "535.0.0", WorkerPool: "old-gpus"},
			))
		}).Should(Succeed())
	})
})

// seedComponents returns the components of the Shoot's seed Extension of extensionType.
func seedComponents(g Gomega, shoot *gardencorev1beta1.Shoot, extensionType string) []extensionsv1alpha1.ExtensionComponent {
	g.Expect(gardenClient.Get(ctx, client.ObjectKeyFromObject(shoot), shoot)).To(Succeed())
	g.Expect(shoot.Status.TechnicalID).NotTo(BeEmpty())
	extension := &extensionsv1alpha1.Extension{}
	g.Expect(seedClient.Get(ctx, client.ObjectKey{Namespace: shoot.Status.TechnicalID, Name: extensionType}, extension)).To(Succeed())
	return extension.Spec.Components
}

// seedRuntimes returns the seed ContainerRuntimes of the Shoot by name, each with its components as
// "name@version[ providerConfig]"; every one selects the nodes of its pool.
func seedRuntimes(g Gomega, shoot *gardencorev1beta1.Shoot) map[string][]string {
	g.Expect(gardenClient.Get(ctx, client.ObjectKeyFromObject(shoot), shoot)).To(Succeed())
	g.Expect(shoot.Status.TechnicalID).NotTo(BeEmpty())
	list := &extensionsv1alpha1.ContainerRuntimeList{}
	g.Expect(seedClient.List(ctx, list, client.InNamespace(shoot.Status.TechnicalID))).To(Succeed())
	out := map[string][]string{}
	for _, cr := range list.Items {
		g.Expect(cr.Spec.WorkerPool.Selector.MatchLabels).To(HaveKeyWithValue("worker.gardener.cloud/pool", cr.Spec.WorkerPool.Name))
		for _, c := range cr.Spec.Components {
			entry := c.Name + "@" + c.Version
			if c.ProviderConfig != nil {
				entry += " " + string(c.ProviderConfig.Raw)
			}
			out[cr.Name] = append(out[cr.Name], entry)
		}
	}
	return out
}
