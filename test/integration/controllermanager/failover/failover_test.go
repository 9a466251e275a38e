// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package failover_test

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	corev1 "k8s.io/api/core/v1"
	eventsv1 "k8s.io/api/events/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/client/interceptor"

	controllermanagerconfigv1alpha1 "github.com/gep-78/gardener/pkg/apis/config/controllermanager/v1alpha1"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	gardencoreclientset "github.com/gep-78/gardener/pkg/client/core/clientset/versioned"
	"github.com/gep-78/gardener/pkg/client/kubernetes"
	"github.com/gep-78/gardener/pkg/controllermanager/controller/shoot/maintenance"
	"github.com/gep-78/gardener/test/failover"
)

var _ = Describe("gardener-controller-manager with two replicas", func() {
	const (
		namespace        = "garden-failover-maintenance"
		cloudProfileName = "failover-maintenance"
		extensionType    = "failover-maintenance-agent"
		shoots           = 100
		// The leader dies after this many maintenance writes, in the middle of the Shoots.
		killAfter = 30
	)

	var (
		testClient client.Client
		log        *failover.WriteLog
		cfg        *controllermanagerconfigv1alpha1.ControllerManagerConfiguration
	)

	BeforeEach(func() {
		var err error
		testClient, err = client.New(restConfig, client.Options{Scheme: kubernetes.GardenScheme})
		Expect(err).NotTo(HaveOccurred())
		Expect(testClient.Create(ctx, &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: namespace}})).To(Succeed())
		Expect(testClient.Create(ctx, failover.CloudProfile(cloudProfileName))).To(Succeed())
		Expect(testClient.Create(ctx, failover.ExtensionProfile(extensionType))).To(Succeed())
		log = &failover.WriteLog{}

		// Short leases through the component configuration, defaulted and validated as
		// gardener-controller-manager does with its --config file.
		cfg = loadConfig(`apiVersion: controllermanager.config.gardener.cloud/v1alpha1
kind: ControllerManagerConfiguration
controllers:
  shootMaintenance:
    concurrentSyncs: 5
leaderElection:
  leaseDuration: 4s
  renewDeadline: 3s
  retryPeriod: 250ms
  resourceNamespace: kube-system
`)
	})

	startReplica := func(name string, onWrite func(count int, r *failover.Replica)) *failover.Replica {
		GinkgoHelper()
		r, err := failover.NewReplica(ctx, name, controllerManagerConfig, kubernetes.GardenScheme, cfg.LeaderElection)
		Expect(err).NotTo(HaveOccurred())
		mgr := r.Manager

		cl, err := client.NewWithWatch(controllerManagerConfig, client.Options{Scheme: kubernetes.GardenScheme, Cache: &client.CacheOptions{Reader: mgr.GetCache()}})
		Expect(err).NotTo(HaveOccurred())
		recording := interceptor.NewClient(cl, interceptor.Funcs{
			Update: func(ctx context.Context, c client.WithWatch, obj client.Object, opts ...client.UpdateOption) error {
				generation := obj.GetGeneration()
				err := c.Update(ctx, obj, opts...)
				options := &client.UpdateOptions{}
				options.ApplyOptions(opts)
				// A maintenance write changes the spec; an Update that changes nothing is none.
				if _, ok := obj.(*gardencorev1beta1.Shoot); err != nil || !ok || len(options.DryRun) > 0 || obj.GetGeneration() == generation {
					return err
				}
				n := log.Add(failover.Write{Replica: name, Key: client.ObjectKeyFromObject(obj), At: time.Now(), Leading: r.Leading()})
				if onWrite != nil {
					onWrite(n, r)
				}
				return nil
			},
		})
		Expect((&maintenance.Reconciler{
			Client: recording,
			Config: cfg.Controllers.ShootMaintenance,
		}).AddToManager(mgr)).To(Succeed())
		r.Start()
		return r
	}

	// maintained reports whether every Shoot has finished its maintenance.
	maintained := func() error {
		list := &gardencorev1beta1.ShootList{}
		if err := testClient.List(ctx, list, client.InNamespace(namespace)); err != nil {
			return err
		}
		if len(list.Items) != shoots {
			return fmt.Errorf("%d Shoots", len(list.Items))
		}
		for _, shoot := range list.Items {
			if !failover.Maintained(&shoot) {
				return fmt.Errorf("shoot %s is not maintained yet", shoot.Name)
			}
		}
		return nil
	}

	It("takes over within failover.TakeoverBound of the kill when the leader dies during maintenance, maintaining every Shoot once", func() {
		gardenClient, err := gardencoreclientset.NewForConfig(restConfig)
		Expect(err).NotTo(HaveOccurred())
		audit := startAudit(gardenClient, namespace)

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
		Consistently(second.Elected, 2*cfg.LeaderElection.RetryPeriod.Duration).ShouldNot(BeClosed())

		By(fmt.Sprintf("Create %d Shoots to maintain; the leader dies after %d maintenance writes", shoots, killAfter))
		for i := range shoots {
			Expect(testClient.Create(ctx, failover.ShootToMaintain(namespace, fmt.Sprintf("s-%03d", i), cloudProfileName, extensionType, "1.0.0"))).To(Succeed())
		}
		Eventually(first.Done).Should(Receive())

		By("The second replica takes over and maintains the rest")
		Eventually(second.Elected).Should(BeClosed())
		Eventually(maintained).Should(Succeed())

		le := cfg.LeaderElection
		lease, err := failover.Lease(ctx, testClient, le)
		Expect(err).NotTo(HaveOccurred())
		Expect(lease.Spec.LeaseTransitions).To(HaveValue(BeNumerically(">=", 1)))
		Expect(lease.Spec.AcquireTime).NotTo(BeNil())
		takeover := lease.Spec.AcquireTime.Sub(killedAt)
		Expect(takeover).To(BeNumerically("<=", failover.TakeoverBound(le)), "takeover %s after the kill", takeover)
		Expect(first.StoppedAt).To(BeTemporally("<", lease.Spec.AcquireTime.Time), "the replicas never lead at the same time")

		By("Only the leader wrote, and each Shoot was written by one replica once")
		perKey := map[client.ObjectKey]int{}
		byReplica := map[string]int{}
		for _, w := range log.Snapshot() {
			perKey[w.Key]++
			byReplica[w.Replica]++
			Expect(w.Leading).To(BeTrue(), "%s wrote %s without leading", w.Replica, w.Key)
			if w.Replica == "first" {
				Expect(w.At).NotTo(BeTemporally(">", first.StoppedAt), "the first replica wrote after it stopped")
			}
		}
		for key, n := range perKey {
			Expect(n).To(Equal(1), "Shoot %s written %d times", key, n)
		}
		Expect(byReplica["first"]).To(BeNumerically(">=", killAfter))
		Expect(byReplica["second"]).To(BeNumerically(">", 0), "the second replica took over part of the work")

		By("The server's record: every Shoot has one maintenance write, one upgrade, one result")
		list := &gardencorev1beta1.ShootList{}
		Expect(testClient.List(ctx, list, client.InNamespace(namespace))).To(Succeed())
		Expect(list.Items).To(HaveLen(shoots))
		for _, shoot := range list.Items {
			// The audit has seen the final version (the watch may lag the List).
			Eventually(func() string { return audit.resourceVersion(shoot.Name) }).Should(Equal(shoot.ResourceVersion), shoot.Name)
			history := audit.history(shoot.Name)
			Expect(maintenanceWrites(history)).To(HaveLen(1), "maintenance writes of %s", shoot.Name)
			Expect(componentVersions(history)).To(Equal([]string{"1.0.0", "1.1.0"}), "no doubled upgrade of %s", shoot.Name)
			// Created with generation 1; the spec changed once.
			Expect(shoot.Generation).To(Equal(int64(2)), shoot.Name)
			Expect(shoot.Spec.Kubernetes.Version).To(Equal("1.35.6"), shoot.Name)
			Expect(*shoot.Spec.Provider.Workers[0].Machine.Image.Version).To(Equal("1877.8.0"), shoot.Name)
			Expect(shoot.Status.LastMaintenance.Description).To(ContainSubstring(`Updated version from "1.0.0" to "1.1.0"`), shoot.Name)
			Expect(shoot.Status.LastMaintenance.TriggeredTime.Time).To(BeTemporally("~", time.Now(), 5*time.Minute), shoot.Name)
			triggered := map[metav1.Time]bool{}
			for _, version := range history {
				if last := version.Status.LastMaintenance; last != nil {
					triggered[last.TriggeredTime] = true
				}
			}
			// A run the leader's death interrupted after it recorded Processing is run again by
			// the other replica.
			Expect(len(triggered)).To(BeNumerically("<=", 2), "recorded maintenance runs of %s", shoot.Name)
		}

		By("No change has two events")
		// The events of the runs the leader's death interrupted are lost (Gardener's).
		events := &eventsv1.EventList{}
		Expect(testClient.List(ctx, events, client.InNamespace(namespace))).To(Succeed())
		perShoot := map[string][]string{}
		for _, event := range events.Items {
			// A write the crash failed records MaintenanceFailed, as in Gardener.
			if event.ReportingController == maintenance.ControllerName+"-controller" && event.Reason != gardencorev1beta1.ShootMaintenanceFailed {
				perShoot[event.Regarding.Name] = append(perShoot[event.Regarding.Name], event.Reason)
			}
		}
		for name, reasons := range perShoot {
			Expect(reasons).To(HaveEach(BeElementOf(
				gardencorev1beta1.ShootEventImageVersionMaintenance,
				gardencorev1beta1.ShootEventK8sVersionMaintenance,
				maintenance.EventReasonExtensionComponentVersionMaintenance,
			)), name)
			Expect(reasons).To(HaveLen(len(slices.Compact(slices.Sorted(slices.Values(reasons))))), "an event twice for %s", name)
		}
		AddReportEntry("failover", fmt.Sprintf("takeover %s after the kill; maintenance writes: first %d, second %d", takeover, byReplica["first"], byReplica["second"]))
	})
})
