// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package containerruntime_test

import (
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/cluster"
	logf "sigs.k8s.io/controller-runtime/pkg/log"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	extensionsv1alpha1 "github.com/gep-78/gardener/pkg/apis/extensions/v1alpha1"
	"github.com/gep-78/gardener/pkg/client/kubernetes"
	"github.com/gep-78/gardener/pkg/gardenlet/bootstrappers"
	"github.com/gep-78/gardener/pkg/gardenlet/controller/shoot/extension"
	"github.com/gep-78/gardener/test/failover"
)

var _ = Describe("gardenlet writes the seed ContainerRuntimes of a Shoot's pools", func() {
	const (
		namespace    = "garden-containerruntime"
		cloudProfile = "containerruntime"
	)

	var gardenClient, seedClient client.Client

	// runtimes returns the seed ContainerRuntimes of the Shoot by name, with their components.
	runtimes := func(g Gomega, shoot *gardencorev1beta1.Shoot) map[string][]extensionsv1alpha1.ExtensionComponent {
		g.Expect(gardenClient.Get(ctx, client.ObjectKeyFromObject(shoot), shoot)).To(Succeed())
		g.Expect(shoot.Status.TechnicalID).NotTo(BeEmpty())
		list := &extensionsv1alpha1.ContainerRuntimeList{}
		g.Expect(seedClient.List(ctx, list, client.InNamespace(shoot.Status.TechnicalID))).To(Succeed())
		out := map[string][]extensionsv1alpha1.ExtensionComponent{}
		for _, cr := range list.Items {
			g.Expect(cr.Spec.WorkerPool.Selector.MatchLabels).To(HaveKeyWithValue("worker.gardener.cloud/pool", cr.Spec.WorkerPool.Name))
			out[cr.Name] = cr.Spec.Components
		}
		return out
	}
	pin := func(version string) []gardencorev1beta1.ContainerRuntime {
		return []gardencorev1beta1.ContainerRuntime{{Type: "gvisor", Components: []gardencorev1beta1.ExtensionComponent{{Name: "runsc", Version: ptr.To(version)}}}}
	}

	BeforeEach(func() {
		var err error
		gardenClient, err = client.New(restConfig, client.Options{Scheme: kubernetes.GardenScheme})
		Expect(err).NotTo(HaveOccurred())
		seedClient, err = client.New(restConfig, client.Options{Scheme: kubernetes.SeedScheme})
		Expect(err).NotTo(HaveOccurred())
		Expect(bootstrappers.EnsureExtensionCRD(ctx, logf.Log, seedClient, 100*time.Millisecond, time.Minute)).To(Succeed())
		Expect(gardenClient.Create(ctx, &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: namespace}})).To(Succeed())
		Expect(gardenClient.Create(ctx, failover.CloudProfile(cloudProfile))).To(Succeed())
		// ShootExtensionProfile admits the pins of the Shoot against these profiles.
		Expect(gardenClient.Create(ctx, failover.ExtensionProfile("agent"))).To(Succeed())
		Expect(gardenClient.Create(ctx, &gardencorev1beta1.ExtensionProfile{
			ObjectMeta: metav1.ObjectMeta{Name: "containerruntime-gvisor"},
			Spec: gardencorev1beta1.ExtensionProfileSpec{ExtensionKind: gardencorev1beta1.ExtensionKindContainerRuntime, Components: []gardencorev1beta1.ExtensionProfileComponent{{
				Name:     "runsc",
				Versions: []gardencorev1beta1.ExtensionComponentVersion{{Version: "2025.1.1"}, {Version: "2026.1.1"}, {Version: "2026.2.1"}},
			}}},
		})).To(Succeed())

		By("Run gardenlet's Extension controller")
		r, err := failover.NewReplica(ctx, "containerruntime", restConfig, kubernetes.SeedScheme, nil)
		Expect(err).NotTo(HaveOccurred())
		gardenCluster, err := cluster.New(restConfig, func(o *cluster.Options) { o.Scheme = kubernetes.GardenScheme })
		Expect(err).NotTo(HaveOccurred())
		Expect(r.Manager.Add(gardenCluster)).To(Succeed())
		Expect((&extension.Reconciler{
			Config: extension.Config{SeedName: "local", AdoptUnscheduledShoots: true, ConcurrentSyncs: 1},
		}).AddToManager(r.Ctx, r.Manager, gardenCluster)).To(Succeed())
		r.Start()
		DeferCleanup(func() {
			r.Cancel()
			Eventually(r.Done).Should(Receive())
		})
	})

	It("writes one per pool at the pool's version, updates and deletes them with the pools, and with the Shoot", func() {
		shoot := failover.Shoot(namespace, "sandbox", cloudProfile, "agent", "1.1.0")
		old := shoot.Spec.Provider.Workers[0]
		old.CRI = &gardencorev1beta1.CRI{Name: gardencorev1beta1.CRINameContainerD, ContainerRuntimes: pin("2025.1.1")}
		recent := *old.DeepCopy()
		recent.Name, recent.CRI.ContainerRuntimes = "recent", pin("2026.1.1")
		shoot.Spec.Provider.Workers = []gardencorev1beta1.Worker{old, recent}
		Expect(gardenClient.Create(ctx, shoot)).To(Succeed())

		By("Two pools on two runsc versions")
		Eventually(func(g Gomega) {
			g.Expect(runtimes(g, shoot)).To(Equal(map[string][]extensionsv1alpha1.ExtensionComponent{
				"gvisor-" + old.Name: {{Name: "runsc", Version: "2025.1.1"}},
				"gvisor-recent":      {{Name: "runsc", Version: "2026.1.1"}},
			}))
		}).Should(Succeed())

		By("One pool moves, the other drops gVisor")
		Expect(gardenClient.Get(ctx, client.ObjectKeyFromObject(shoot), shoot)).To(Succeed())
		shoot.Spec.Provider.Workers[0].CRI.ContainerRuntimes = nil
		shoot.Spec.Provider.Workers[1].CRI.ContainerRuntimes = pin("2026.2.1")
		Expect(gardenClient.Update(ctx, shoot)).To(Succeed())
		Eventually(func(g Gomega) {
			g.Expect(runtimes(g, shoot)).To(Equal(map[string][]extensionsv1alpha1.ExtensionComponent{
				"gvisor-recent": {{Name: "runsc", Version: "2026.2.1"}},
			}))
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
})
