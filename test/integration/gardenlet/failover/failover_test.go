// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package failover_test

import (
	"context"
	"fmt"
	"sync"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/client/interceptor"
	"sigs.k8s.io/controller-runtime/pkg/cluster"
	logf "sigs.k8s.io/controller-runtime/pkg/log"

	gardenletconfigv1alpha1 "github.com/gep-78/gardener/pkg/apis/config/gardenlet/v1alpha1"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	extensionsv1alpha1 "github.com/gep-78/gardener/pkg/apis/extensions/v1alpha1"
	"github.com/gep-78/gardener/pkg/client/kubernetes"
	"github.com/gep-78/gardener/pkg/gardenlet/bootstrappers"
	"github.com/gep-78/gardener/pkg/gardenlet/controller/shoot/extension"
	"github.com/gep-78/gardener/test/examples"
	"github.com/gep-78/gardener/test/failover"
)

var _ = Describe("gardenlet with two replicas", func() {
	const (
		namespace     = "garden-failover"
		extensionType = "failover-agent"
		shoots        = 100
		// The leader dies after this many Extension creates, in the middle of the Shoots.
		killAfter = 30
	)

	var (
		gardenClient, seedClient client.Client
		log                      *failover.WriteLog
		leaderElection           *gardenletconfigv1alpha1.GardenletConfiguration
	)

	BeforeEach(func() {
		var err error
		gardenClient, err = client.New(restConfig, client.Options{Scheme: kubernetes.GardenScheme})
		Expect(err).NotTo(HaveOccurred())
		seedClient, err = client.New(restConfig, client.Options{Scheme: kubernetes.SeedScheme})
		Expect(err).NotTo(HaveOccurred())
		Expect(bootstrappers.EnsureExtensionCRD(ctx, logf.Log, seedClient, 100*time.Millisecond, time.Minute)).To(Succeed())
		Expect(gardenClient.Create(ctx, &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: namespace}})).To(Succeed())
		cloudProfile := &gardencorev1beta1.CloudProfile{}
		examples.MustDecode("cloudprofile-local.yaml", cloudProfile)
		Expect(gardenClient.Create(ctx, cloudProfile)).To(Succeed())
		log = &failover.WriteLog{}

		// Short leases through the component configuration, defaulted and validated as gardenlet
		// does with its --config file.
		leaderElection = &gardenletconfigv1alpha1.GardenletConfiguration{}
		Expect(yamlInto(`apiVersion: gardenlet.config.gardener.cloud/v1alpha1
kind: GardenletConfiguration
leaderElection:
  leaseDuration: 4s
  renewDeadline: 3s
  retryPeriod: 250ms
  resourceNamespace: kube-system
`, leaderElection)).To(Succeed())
		Expect(gardenletconfigv1alpha1.Validate(leaderElection)).To(BeEmpty())
	})

	startReplica := func(name string, onCreate func(count int, r *failover.Replica)) *failover.Replica {
		GinkgoHelper()
		r, err := failover.NewReplica(ctx, name, restConfig, kubernetes.SeedScheme, leaderElection.LeaderElection)
		Expect(err).NotTo(HaveOccurred())
		mgr := r.Manager
		gardenCluster, err := cluster.New(restConfig, func(o *cluster.Options) { o.Scheme = kubernetes.GardenScheme })
		Expect(err).NotTo(HaveOccurred())
		Expect(mgr.Add(gardenCluster)).To(Succeed())

		seedWithWatch, err := client.NewWithWatch(restConfig, client.Options{Scheme: kubernetes.SeedScheme, Cache: &client.CacheOptions{Reader: mgr.GetCache()}})
		Expect(err).NotTo(HaveOccurred())
		seed := interceptor.NewClient(seedWithWatch, interceptor.Funcs{
			Create: func(ctx context.Context, c client.WithWatch, obj client.Object, opts ...client.CreateOption) error {
				err := c.Create(ctx, obj, opts...)
				if _, ok := obj.(*extensionsv1alpha1.Extension); ok && err == nil {
					n := log.Add(failover.Write{Replica: name, Key: client.ObjectKeyFromObject(obj), At: time.Now(), Leading: r.Leading()})
					if onCreate != nil {
						onCreate(n, r)
					}
				}
				return err
			},
		})
		Expect((&extension.Reconciler{
			SeedClient: seed,
			Config:     extension.Config{SeedName: "local", AdoptUnscheduledShoots: true, ConcurrentSyncs: 5},
		}).AddToManager(r.Ctx, mgr, gardenCluster)).To(Succeed())
		r.Start()
		return r
	}

	// deployed reports whether every Shoot has exactly its one Extension in its seed namespace.
	deployed := func() error {
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
			if len(extensions.Items) != 1 || extensions.Items[0].Spec.Type != extensionType {
				return fmt.Errorf("shoot %s has %d Extensions", shoot.Name, len(extensions.Items))
			}
			// The spec was written once: neither lost nor written again by the second replica.
			if g := extensions.Items[0].Generation; g != 1 {
				return fmt.Errorf("the Extension of shoot %s has generation %d", shoot.Name, g)
			}
		}
		return nil
	}

	It("takes over within failover.TakeoverBound of the kill when the leader dies during seed writes, losing and doubling no write", func() {
		By("Start the first replica and wait until it leads")
		var killedAt time.Time
		var kill sync.Once
		first := startReplica("first", func(count int, r *failover.Replica) {
			if count == killAfter {
				kill.Do(func() {
					killedAt = time.Now()
					r.Cancel()
				})
			}
		})
		DeferCleanup(first.Cancel)
		Eventually(first.Elected).Should(BeClosed())

		By("Start the second replica, which waits")
		second := startReplica("second", nil)
		DeferCleanup(func() {
			second.Cancel()
			Eventually(second.Done).Should(Receive())
		})
		Consistently(second.Elected, 2*leaderElection.LeaderElection.RetryPeriod.Duration).ShouldNot(BeClosed())

		By(fmt.Sprintf("Create %d Shoots; the leader dies after %d Extensions", shoots, killAfter))
		for i := range shoots {
			shoot := &gardencorev1beta1.Shoot{}
			examples.MustDecode("shoot-accepted-maintenance-ordering.yaml", shoot)
			shoot.ObjectMeta = metav1.ObjectMeta{Namespace: namespace, Name: fmt.Sprintf("s-%03d", i)}
			shoot.Spec.Extensions = []gardencorev1beta1.Extension{{Type: extensionType}}
			Expect(gardenClient.Create(ctx, shoot)).To(Succeed())
		}
		Eventually(first.Done).Should(Receive())

		By("The second replica takes over and deploys the rest")
		Eventually(second.Elected).Should(BeClosed())
		Eventually(deployed).Should(Succeed())

		le := leaderElection.LeaderElection
		lease, err := failover.Lease(ctx, seedClient, le)
		Expect(err).NotTo(HaveOccurred())
		Expect(lease.Spec.LeaseTransitions).To(HaveValue(BeNumerically(">=", 1)))
		Expect(lease.Spec.AcquireTime).NotTo(BeNil())
		takeover := lease.Spec.AcquireTime.Sub(killedAt)
		Expect(takeover).To(BeNumerically("<=", failover.TakeoverBound(le)), "takeover %s after the kill", takeover)
		Expect(first.StoppedAt).To(BeTemporally("<", lease.Spec.AcquireTime.Time), "the replicas never lead at the same time")

		perKey := map[client.ObjectKey]int{}
		byReplica := map[string]int{}
		for _, w := range log.Snapshot() {
			perKey[w.Key]++
			byReplica[w.Replica]++
			Expect(w.Leading).To(BeTrue(), "%s created %s without leading", w.Replica, w.Key)
			if w.Replica == "first" {
				Expect(w.At).NotTo(BeTemporally(">", first.StoppedAt), "the first replica wrote after it stopped")
			}
		}
		for key, n := range perKey {
			Expect(n).To(Equal(1), "Extension %s created %d times", key, n)
		}
		AddReportEntry("failover", fmt.Sprintf("takeover %s after the kill; Extensions created: first %d, second %d", takeover, byReplica["first"], byReplica["second"]))
		Expect(byReplica["first"]).To(BeNumerically(">=", killAfter))
		Expect(byReplica["second"]).To(BeNumerically(">", 0), "the second replica took over part of the work")
	})
})
