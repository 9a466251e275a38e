// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package chaos_test

import (
	"fmt"
	"math/rand/v2"
	"slices"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	"github.com/prometheus/client_golang/prometheus/testutil"
	corev1 "k8s.io/api/core/v1"
	eventsv1 "k8s.io/api/events/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/client"

	controllermanagerconfigv1alpha1 "github.com/gep-78/gardener/pkg/apis/config/controllermanager/v1alpha1"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	"github.com/gep-78/gardener/pkg/client/kubernetes"
	"github.com/gep-78/gardener/pkg/controllermanager/controller/shoot/maintenance"
	gardenerutils "github.com/gep-78/gardener/pkg/utils/gardener"
	"github.com/gep-78/gardener/test/failover"
)

var _ = Describe("gardener-controller-manager crashing during maintenance", func() {
	const (
		namespace       = "garden-chaos-maintenance"
		cloudProfile    = "chaos-maintenance"
		extensionType   = "chaos-maintenance-agent"
		shoots          = 30
		crashRounds     = 3
		concurrentSyncs = 5
	)

	var testClient client.Client

	// runControllerManager runs the maintenance controller in its own manager, as a
	// gardener-controller-manager process would, until the crasher crashes it (crashAt > 0) or
	// every Shoot is maintained; it returns once the manager has stopped.
	runControllerManager := func(rng *rand.Rand, crash bool) {
		GinkgoHelper()
		r, err := failover.NewReplica(ctx, "chaos", controllerManagerConfig, kubernetes.GardenScheme, nil)
		Expect(err).NotTo(HaveOccurred())
		defer r.Cancel()
		mgr, cancel := r.Manager, r.Cancel
		var crashes *failover.Crasher
		if crash {
			// About four writes per Shoot: status, dry run, Update, status.
			crashes = failover.NewCrasher(rng, 4*shoots/2, cancel)
		}
		cl, err := client.NewWithWatch(controllerManagerConfig, client.Options{Scheme: kubernetes.GardenScheme, Cache: &client.CacheOptions{Reader: mgr.GetCache()}})
		Expect(err).NotTo(HaveOccurred())
		Expect((&maintenance.Reconciler{
			Client: crashes.Wrap(cl),
			Config: controllermanagerconfigv1alpha1.ShootMaintenanceControllerConfiguration{ConcurrentSyncs: ptr.To(concurrentSyncs)},
		}).AddToManager(mgr)).To(Succeed())

		r.Start()
		if crash {
			// Until the crash, or until there is nothing left to crash in.
			Eventually(func() bool { return crashes.Crashed() || allMaintained(testClient, namespace) }).Should(BeTrue())
		} else {
			Eventually(func() bool { return allMaintained(testClient, namespace) }).Should(BeTrue())
		}
		cancel()
		Eventually(r.Done).Should(Receive())
	}

	BeforeEach(func() {
		var err error
		testClient, err = client.New(restConfig, client.Options{Scheme: kubernetes.GardenScheme})
		Expect(err).NotTo(HaveOccurred())
		Expect(testClient.Create(ctx, &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: namespace}})).To(Succeed())
		Expect(testClient.Create(ctx, failover.CloudProfile(cloudProfile))).To(Succeed())
		Expect(testClient.Create(ctx, failover.ExtensionProfile(extensionType))).To(Succeed())
	})

	It("finishes every interrupted maintenance, with at most one event per change and no Shoot left Processing", func() {
		rng := rand.New(rand.NewPCG(uint64(GinkgoRandomSeed()), 13)) // #nosec G404 -- reproducible chaos, not security
		upgradesBefore := testutil.ToFloat64(maintenance.ComponentUpgradesTotal.WithLabelValues(extensionType, "auto-update"))

		for i := range shoots {
			Expect(testClient.Create(ctx, failover.ShootToMaintain(namespace, fmt.Sprintf("m-%02d", i), cloudProfile, extensionType, "1.0.0"))).To(Succeed())
		}

		for round := range crashRounds {
			By(fmt.Sprintf("Crash round %d", round+1))
			runControllerManager(rng, true)
		}
		By("Restart without crashing: every Shoot is finished or maintained")
		runControllerManager(rng, false)

		list := &gardencorev1beta1.ShootList{}
		Expect(testClient.List(ctx, list, client.InNamespace(namespace))).To(Succeed())
		Expect(list.Items).To(HaveLen(shoots))
		for _, shoot := range list.Items {
			Expect(shoot.Annotations).NotTo(HaveKey(gardenerutils.AnnotationShootOperation), shoot.Name)
			Expect(shoot.Spec.Kubernetes.Version).To(Equal("1.35.6"), shoot.Name)
			Expect(*shoot.Spec.Provider.Workers[0].Machine.Image.Version).To(Equal("1877.8.0"), shoot.Name)
			Expect(*shoot.Spec.Extensions[0].Components[0].Version).To(Equal("1.1.0"), shoot.Name)
			Expect(shoot.Status.LastMaintenance).NotTo(BeNil(), shoot.Name)
			Expect(shoot.Status.LastMaintenance.State).To(Equal(gardencorev1beta1.LastOperationStateSucceeded), shoot.Name)
			Expect(shoot.Status.LastMaintenance.Description).To(ContainSubstring(`Updated version from "1.0.0" to "1.1.0"`), shoot.Name)
		}

		By("No change has two events, and the counter counts no component upgrade twice")
		// A run whose process dies after the spec write records neither its events nor its
		// metrics (Gardener's): per crash, at most the runs in flight lose them.
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
		upgrades := testutil.ToFloat64(maintenance.ComponentUpgradesTotal.WithLabelValues(extensionType, "auto-update")) - upgradesBefore
		Expect(upgrades).To(BeNumerically("<=", shoots))
		Expect(upgrades).To(BeNumerically(">=", shoots-crashRounds*concurrentSyncs))
	})
})

// allMaintained reports whether every Shoot of the namespace has finished its maintenance.
func allMaintained(c client.Client, namespace string) bool {
	list := &gardencorev1beta1.ShootList{}
	if err := c.List(ctx, list, client.InNamespace(namespace)); err != nil {
		return false
	}
	for _, shoot := range list.Items {
		if !failover.Maintained(&shoot) {
			return false
		}
	}
	return len(list.Items) > 0
}
