// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package gardenlet_test

import (
	"context"
	"fmt"
	"sync"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	coordinationv1 "k8s.io/api/coordination/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/client/interceptor"
	"sigs.k8s.io/controller-runtime/pkg/cluster"
	"sigs.k8s.io/controller-runtime/pkg/config"
	logf "sigs.k8s.io/controller-runtime/pkg/log"
	"sigs.k8s.io/controller-runtime/pkg/manager"
	metricsserver "sigs.k8s.io/controller-runtime/pkg/metrics/server"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	extensionsv1alpha1 "github.com/gep-78/gardener/pkg/apis/extensions/v1alpha1"
	"github.com/gep-78/gardener/pkg/client/kubernetes"
	gardenletconfigv1alpha1 "github.com/gep-78/gardener/pkg/gardenlet/apis/config/v1alpha1"
	"github.com/gep-78/gardener/pkg/gardenlet/bootstrappers"
	"github.com/gep-78/gardener/pkg/gardenlet/controller/shoot/extension"
	"github.com/gep-78/gardener/test/examples"
)

// write is one successful seed Extension create of a replica.
type write struct {
	replica string
	key     client.ObjectKey
	at      time.Time
	// leading says whether the replica's manager had been elected when it wrote.
	leading bool
}

// writeLog collects the Extension creates of every replica.
type writeLog struct {
	mu     sync.Mutex
	writes []write
}

func (l *writeLog) add(w write) int {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.writes = append(l.writes, w)
	n := 0
	for _, x := range l.writes {
		if x.replica == w.replica {
			n++
		}
	}
	return n
}

func (l *writeLog) snapshot() []write {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]write(nil), l.writes...)
}

// replica is one gardenlet process: a seed manager electing a leader, with the garden as a
// second cluster, running the shoot extension controller.
type replica struct {
	name      string
	mgr       manager.Manager
	cancel    context.CancelFunc
	done      chan error
	electedAt time.Time
	elected   chan struct{}
	stoppedAt time.Time
}

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
		log                      *writeLog
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
		log = &writeLog{}

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

	startReplica := func(name string, onCreate func(count int, r *replica)) *replica {
		GinkgoHelper()
		le := leaderElection.LeaderElection
		r := &replica{name: name, done: make(chan error, 1), elected: make(chan struct{})}
		mgrCtx, cancel := context.WithCancel(ctx)
		r.cancel = cancel
		mgr, err := manager.New(restConfig, manager.Options{
			Scheme:                     kubernetes.SeedScheme,
			Metrics:                    metricsserver.Options{BindAddress: "0"},
			Controller:                 config.Controller{SkipNameValidation: ptr.To(true)},
			LeaderElection:             ptr.Deref(le.LeaderElect, false),
			LeaderElectionResourceLock: le.ResourceLock,
			LeaderElectionID:           le.ResourceName,
			LeaderElectionNamespace:    le.ResourceNamespace,
			LeaseDuration:              &le.LeaseDuration.Duration,
			RenewDeadline:              &le.RenewDeadline.Duration,
			RetryPeriod:                &le.RetryPeriod.Duration,
			// A crash: the Lease is not released.
			LeaderElectionReleaseOnCancel: false,
		})
		Expect(err).NotTo(HaveOccurred())
		r.mgr = mgr
		gardenCluster, err := cluster.New(restConfig, func(o *cluster.Options) { o.Scheme = kubernetes.GardenScheme })
		Expect(err).NotTo(HaveOccurred())
		Expect(mgr.Add(gardenCluster)).To(Succeed())

		seedWithWatch, err := client.NewWithWatch(restConfig, client.Options{Scheme: kubernetes.SeedScheme, Cache: &client.CacheOptions{Reader: mgr.GetCache()}})
		Expect(err).NotTo(HaveOccurred())
		seed := interceptor.NewClient(seedWithWatch, interceptor.Funcs{
			Create: func(ctx context.Context, c client.WithWatch, obj client.Object, opts ...client.CreateOption) error {
				err := c.Create(ctx, obj, opts...)
				if _, ok := obj.(*extensionsv1alpha1.Extension); ok && err == nil {
					leading := false
					select {
					case <-mgr.Elected():
						leading = true
					default:
					}
					n := log.add(write{replica: name, key: client.ObjectKeyFromObject(obj), at: time.Now(), leading: leading})
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
		}).AddToManager(mgrCtx, mgr, gardenCluster)).To(Succeed())

		go func() {
			select {
			case <-mgr.Elected():
				r.electedAt = time.Now()
				close(r.elected)
			case <-mgrCtx.Done():
			}
		}()
		go func() {
			err := mgr.Start(mgrCtx)
			r.stoppedAt = time.Now()
			r.done <- err
		}()
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

	It("takes over within the lease duration when the leader dies during seed writes, losing and doubling no write", func() {
		By("Start the first replica and wait until it leads")
		var killedAt time.Time
		var kill sync.Once
		first := startReplica("first", func(count int, r *replica) {
			if count == killAfter {
				kill.Do(func() {
					killedAt = time.Now()
					r.cancel()
				})
			}
		})
		DeferCleanup(first.cancel)
		Eventually(first.elected).Should(BeClosed())

		By("Start the second replica, which waits")
		second := startReplica("second", nil)
		DeferCleanup(func() {
			second.cancel()
			Eventually(second.done).Should(Receive())
		})
		Consistently(second.elected, 2*leaderElection.LeaderElection.RetryPeriod.Duration).ShouldNot(BeClosed())

		By(fmt.Sprintf("Create %d Shoots; the leader dies after %d Extensions", shoots, killAfter))
		for i := range shoots {
			shoot := &gardencorev1beta1.Shoot{}
			examples.MustDecode("shoot-accepted-maintenance-ordering.yaml", shoot)
			shoot.ObjectMeta = metav1.ObjectMeta{Namespace: namespace, Name: fmt.Sprintf("s-%03d", i)}
			shoot.Spec.Extensions = []gardencorev1beta1.Extension{{Type: extensionType}}
			Expect(gardenClient.Create(ctx, shoot)).To(Succeed())
		}
		Eventually(first.done).Should(Receive())

		By("The second replica takes over and deploys the rest")
		Eventually(second.elected).Should(BeClosed())
		Eventually(deployed).Should(Succeed())

		le := leaderElection.LeaderElection
		lease := &coordinationv1.Lease{}
		Expect(seedClient.Get(ctx, client.ObjectKey{Namespace: le.ResourceNamespace, Name: le.ResourceName}, lease)).To(Succeed())
		Expect(lease.Spec.LeaseTransitions).To(HaveValue(BeNumerically(">=", 1)))
		Expect(lease.Spec.AcquireTime).NotTo(BeNil())
		// The waiting replica counts leaseDuration from when it last saw the Lease change, which is
		// at most one of its polls after the kill, and acquires at its first poll after that; a poll
		// comes every retryPeriod with client-go's jitter of up to 1.2 periods, so two polls are at
		// most 4.4 retryPeriods.
		takeover := lease.Spec.AcquireTime.Sub(killedAt)
		Expect(takeover).To(BeNumerically("<=", le.LeaseDuration.Duration+5*le.RetryPeriod.Duration), "takeover %s after the kill", takeover)
		Expect(first.stoppedAt).To(BeTemporally("<", lease.Spec.AcquireTime.Time), "the replicas never lead at the same time")

		perKey := map[client.ObjectKey]int{}
		byReplica := map[string]int{}
		for _, w := range log.snapshot() {
			perKey[w.key]++
			byReplica[w.replica]++
			Expect(w.leading).To(BeTrue(), "%s created %s without leading", w.replica, w.key)
			if w.replica == "first" {
				Expect(w.at).NotTo(BeTemporally(">", first.stoppedAt), "the first replica wrote after it stopped")
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
