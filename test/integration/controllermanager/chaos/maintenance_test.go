// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package chaos_test

import (
	"fmt"
	"math/rand/v2"

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
		namespace     = "garden-chaos-maintenance"
		cloudProfile  = "chaos-maintenance"
		extensionType = "chaos-maintenance-agent"
		shoots        = 30
		crashRounds   = 3
	)

	var testClient client.Client

	// runControllerManager runs the maintenance controller in its own manager, as a
	// gardener-controller-manager process would, until the crasher crashes it (crashAt > 0) or
	// every Shoot is maintained; it returns once the manager has stopped.
	//
	// It returns 1 if the crash came right after the removal of a pending result was stored: no
	// process counts that result.
	runControllerManager := func(rng *rand.Rand, crash bool) (uncounted int) {
		GinkgoHelper()
		r, err := failover.NewReplica(ctx, "chaos", controllerManagerConfig, kubernetes.GardenScheme, nil)
		Expect(err).NotTo(HaveOccurred())
		defer r.Cancel()
		mgr, cancel := r.Manager, r.Cancel
		var crashes *failover.Crasher
		if crash {
			// About seven writes per Shoot: dry run, Update, status, three events, the removal.
			crashes = failover.NewCrasher(rng, 7*shoots/2, cancel)
		}
		cl, err := client.NewWithWatch(controllerManagerConfig, client.Options{Scheme: kubernetes.GardenScheme, Cache: &client.CacheOptions{Reader: mgr.GetCache()}})
		Expect(err).NotTo(HaveOccurred())
		Expect((&maintenance.Reconciler{
			Client:            crashes.Wrap(cl),
			ReportingInstance: "chaos",
			Config:            controllermanagerconfigv1alpha1.ShootMaintenanceControllerConfiguration{ConcurrentSyncs: ptr.To(5)},
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
		if shoot, ok := crashes.AppliedCrashObject().(*gardencorev1beta1.Shoot); ok && shoot.Annotations[maintenance.AnnotationPendingResult] == "" {
			return 1
		}
		return 0
	}

	BeforeEach(func() {
		var err error
		testClient, err = client.New(restConfig, client.Options{Scheme: kubernetes.GardenScheme})
		Expect(err).NotTo(HaveOccurred())
		Expect(testClient.Create(ctx, &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: namespace}})).To(Succeed())
		Expect(testClient.Create(ctx, failover.CloudProfile(cloudProfile))).To(Succeed())
		Expect(testClient.Create(ctx, failover.ExtensionProfile(extensionType))).To(Succeed())
	})

	It("finishes every interrupted maintenance, with exactly one event per change and no Shoot left Processing", func() {
		rng := rand.New(rand.NewPCG(uint64(GinkgoRandomSeed()), 13)) // #nosec G404 -- reproducible chaos, not security
		upgradesBefore := testutil.ToFloat64(maintenance.ComponentUpgradesTotal.WithLabelValues(extensionType, "auto-update"))

		for i := range shoots {
			Expect(testClient.Create(ctx, failover.ShootToMaintain(namespace, fmt.Sprintf("m-%02d", i), cloudProfile, extensionType, "1.0.0"))).To(Succeed())
		}

		uncounted := 0
		for round := range crashRounds {
			By(fmt.Sprintf("Crash round %d", round+1))
			uncounted += runControllerManager(rng, true)
		}
		By("Restart without crashing: every Shoot is finished or maintained")
		runControllerManager(rng, false)

		list := &gardencorev1beta1.ShootList{}
		Expect(testClient.List(ctx, list, client.InNamespace(namespace))).To(Succeed())
		Expect(list.Items).To(HaveLen(shoots))
		for _, shoot := range list.Items {
			Expect(shoot.Annotations).NotTo(HaveKey(gardenerutils.AnnotationShootOperation), shoot.Name)
			Expect(shoot.Annotations).NotTo(HaveKey(maintenance.AnnotationPendingResult), shoot.Name)
			Expect(shoot.Spec.Kubernetes.Version).To(Equal("1.35.6"), shoot.Name)
			Expect(*shoot.Spec.Provider.Workers[0].Machine.Image.Version).To(Equal("1877.8.0"), shoot.Name)
			Expect(*shoot.Spec.Extensions[0].Components[0].Version).To(Equal("1.1.0"), shoot.Name)
			Expect(shoot.Status.LastMaintenance).NotTo(BeNil(), shoot.Name)
			Expect(shoot.Status.LastMaintenance.State).To(Equal(gardencorev1beta1.LastOperationStateSucceeded), shoot.Name)
			Expect(shoot.Status.LastMaintenance.Description).To(ContainSubstring(`Updated version from "1.0.0" to "1.1.0"`), shoot.Name)
		}

		By("Every change has exactly one event, and the counter counts every component upgrade once")
		events := &eventsv1.EventList{}
		Expect(testClient.List(ctx, events, client.InNamespace(namespace))).To(Succeed())
		perShoot := map[string][]string{}
		for _, event := range events.Items {
			if event.ReportingController == maintenance.ReportingController {
				perShoot[event.Regarding.Name] = append(perShoot[event.Regarding.Name], event.Reason)
			}
		}
		Expect(perShoot).To(HaveLen(shoots))
		for name, reasons := range perShoot {
			Expect(reasons).To(ConsistOf(
				maintenance.EventReasonMachineImageVersionMaintenance,
				maintenance.EventReasonKubernetesVersionMaintenance,
				maintenance.EventReasonExtensionComponentVersionMaintenance,
			), name)
		}
		Expect(testutil.ToFloat64(maintenance.ComponentUpgradesTotal.WithLabelValues(extensionType, "auto-update")) - upgradesBefore).To(Equal(float64(shoots - uncounted)))
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
