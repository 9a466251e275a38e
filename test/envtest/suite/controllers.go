// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package suite

import (
	"context"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	"k8s.io/client-go/rest"
	"k8s.io/utils/clock"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/cluster"
	logf "sigs.k8s.io/controller-runtime/pkg/log"

	"github.com/gep-78/gardener/pkg/client/kubernetes"
	"github.com/gep-78/gardener/pkg/controllermanager/controller/shoot/maintenance"
	"github.com/gep-78/gardener/pkg/gardenlet/bootstrappers"
	"github.com/gep-78/gardener/pkg/gardenlet/controller/shoot/extension"
	"github.com/gep-78/gardener/test/failover"
)

// StartGardenlet applies the seed CRDs and runs gardenlet's Extension controller (seed "local",
// adopting unscheduled Shoots, the garden doubling as the seed) on clock (nil: the real one)
// until the calling node's cleanup.
func StartGardenlet(ctx context.Context, restConfig *rest.Config, clock clock.Clock) {
	GinkgoHelper()
	seedClient, err := client.New(restConfig, client.Options{Scheme: kubernetes.SeedScheme})
	Expect(err).NotTo(HaveOccurred())
	Expect(bootstrappers.EnsureExtensionCRD(ctx, logf.Log, seedClient, 100*time.Millisecond, time.Minute)).To(Succeed())

	By("Run gardenlet's Extension controller")
	r, err := failover.NewReplica(ctx, "gardenlet", restConfig, kubernetes.SeedScheme, nil)
	Expect(err).NotTo(HaveOccurred())
	gardenCluster, err := cluster.New(restConfig, func(o *cluster.Options) { o.Scheme = kubernetes.GardenScheme })
	Expect(err).NotTo(HaveOccurred())
	Expect(r.Manager.Add(gardenCluster)).To(Succeed())
	Expect((&extension.Reconciler{
		Config: extension.Config{SeedName: "local", AdoptUnscheduledShoots: true, ConcurrentSyncs: 5},
		Clock:  clock,
	}).AddToManager(r.Ctx, r.Manager, gardenCluster)).To(Succeed())
	start(r)
}

// StartMaintenance runs gardener-controller-manager's shoot maintenance controller as the
// identity of restConfig on clock until the calling node's cleanup.
func StartMaintenance(ctx context.Context, restConfig *rest.Config, clock clock.Clock) {
	GinkgoHelper()
	By("Run gardener-controller-manager's shoot maintenance controller")
	r, err := failover.NewReplica(ctx, "gardener-controller-manager", restConfig, kubernetes.GardenScheme, nil)
	Expect(err).NotTo(HaveOccurred())
	Expect((&maintenance.Reconciler{Clock: clock}).AddToManager(r.Manager)).To(Succeed())
	start(r)
}

func start(r *failover.Replica) {
	GinkgoHelper()
	r.Start()
	DeferCleanup(func() {
		r.Cancel()
		Eventually(r.Done).Should(Receive())
	})
}
