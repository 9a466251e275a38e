// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package chaos_test

import (
	"fmt"
	"math/rand/v2"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
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

var _ = Describe("gardenlet restarted while it deploys Extensions", func() {
	const (
		namespace     = "garden-chaos-gardenlet"
		cloudProfile  = "chaos-gardenlet"
		extensionType = "chaos-gardenlet-agent"
		shoots        = 20
		crashRounds   = 3
	)

	var gardenClient, seedClient client.Client

	// expected reports whether every Shoot has exactly its one Extension, with the pinned
	// component, in its own seed namespace.
	expected := func() error {
		list := &gardencorev1beta1.ShootList{}
		if err := gardenClient.List(ctx, list, client.InNamespace(namespace)); err != nil {
			return err
		}
		if len(list.Items) != shoots {
			return fmt.Errorf("%d Shoots", len(list.Items))
		}
		for _, shoot := range list.Items {
			if shoot.Status.TechnicalID == "" {
				return fmt.Errorf("shoot %s has no technical ID yet", shoot.Name)
			}
			extensions := &extensionsv1alpha1.ExtensionList{}
			if err := seedClient.List(ctx, extensions, client.InNamespace(shoot.Status.TechnicalID)); err != nil {
				return err
			}
			if len(extensions.Items) != 1 {
				return fmt.Errorf("shoot %s has %d Extensions", shoot.Name, len(extensions.Items))
			}
			got := extensions.Items[0]
			if got.Spec.Type != extensionType || len(got.Spec.Components) != 1 || got.Spec.Components[0].Version != "1.1.0" {
				return fmt.Errorf("shoot %s: unexpected Extension %s: %+v", shoot.Name, got.Name, got.Spec)
			}
		}
		return nil
	}

	// runGardenlet runs gardenlet's Extension controller in its own managers (seed and garden),
	// crashing at a random write when crash is set; it returns once they have stopped.
	runGardenlet := func(rng *rand.Rand, crash bool) {
		GinkgoHelper()
		r, err := failover.NewReplica(ctx, "chaos", restConfig, kubernetes.SeedScheme, nil)
		Expect(err).NotTo(HaveOccurred())
		defer r.Cancel()
		mgr, cancel := r.Manager, r.Cancel
		gardenCluster, err := cluster.New(restConfig, func(o *cluster.Options) { o.Scheme = kubernetes.GardenScheme })
		Expect(err).NotTo(HaveOccurred())
		Expect(mgr.Add(gardenCluster)).To(Succeed())

		var crashes *failover.Crasher
		if crash {
			// About five writes per Shoot: finalizer, namespace, Extension, technical ID, events.
			crashes = failover.NewCrasher(rng, 5*shoots/2, cancel)
		}
		garden, err := client.NewWithWatch(restConfig, client.Options{Scheme: kubernetes.GardenScheme, Cache: &client.CacheOptions{Reader: gardenCluster.GetCache()}})
		Expect(err).NotTo(HaveOccurred())
		seed, err := client.NewWithWatch(restConfig, client.Options{Scheme: kubernetes.SeedScheme, Cache: &client.CacheOptions{Reader: mgr.GetCache()}})
		Expect(err).NotTo(HaveOccurred())
		Expect((&extension.Reconciler{
			GardenClient: crashes.Wrap(garden),
			SeedClient:   crashes.Wrap(seed),
			Config:       extension.Config{SeedName: "local", AdoptUnscheduledShoots: true, ConcurrentSyncs: 5},
		}).AddToManager(r.Ctx, mgr, gardenCluster)).To(Succeed())

		r.Start()
		if crash {
			Eventually(func() bool { return crashes.Crashed() || expected() == nil }).Should(BeTrue())
		} else {
			Eventually(expected).Should(Succeed())
		}
		cancel()
		Eventually(r.Done).Should(Receive())
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
		Expect(gardenClient.Create(ctx, failover.ExtensionProfile(extensionType))).To(Succeed())
	})

	It("leaves every Shoot with exactly its Extension and resolved components after crashes", func() {
		rng := rand.New(rand.NewPCG(uint64(GinkgoRandomSeed()), 17)) // #nosec G404 -- reproducible chaos, not security
		for i := range shoots {
			Expect(gardenClient.Create(ctx, failover.Shoot(namespace, fmt.Sprintf("g-%02d", i), cloudProfile, extensionType, "1.1.0"))).To(Succeed())
		}

		for round := range crashRounds {
			By(fmt.Sprintf("Crash round %d", round+1))
			runGardenlet(rng, true)
		}
		By("Restart without crashing")
		runGardenlet(rng, false)
		Expect(expected()).To(Succeed())
	})
})
