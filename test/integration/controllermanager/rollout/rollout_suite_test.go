// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Package rollout runs staged rollouts on the envtest garden: gardener-apiserver, the
// ExtensionProfile and shoot maintenance controllers of gardener-controller-manager (restartable)
// and gardenlet's Extension controller, on one fake clock that the specs move through soak periods.
package rollout_test

import (
	"context"
	"testing"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	"k8s.io/client-go/rest"
	featuregatetesting "k8s.io/component-base/featuregate/testing"
	"k8s.io/klog/v2"
	testclock "k8s.io/utils/clock/testing"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/cluster"
	crenvtest "sigs.k8s.io/controller-runtime/pkg/envtest"
	logf "sigs.k8s.io/controller-runtime/pkg/log"
	"sigs.k8s.io/controller-runtime/pkg/log/zap"

	"github.com/gep-78/gardener/pkg/client/kubernetes"
	"github.com/gep-78/gardener/pkg/controllermanager/controller/extensionprofile"
	"github.com/gep-78/gardener/pkg/controllermanager/controller/shoot/maintenance"
	"github.com/gep-78/gardener/pkg/features"
	"github.com/gep-78/gardener/pkg/gardenlet/bootstrappers"
	"github.com/gep-78/gardener/pkg/gardenlet/controller/shoot/extension"
	gardenerenvtest "github.com/gep-78/gardener/test/envtest"
	"github.com/gep-78/gardener/test/examples"
	"github.com/gep-78/gardener/test/failover"
)

func TestRollout(t *testing.T) {
	features.RegisterFeatureGates()
	RegisterFailHandler(Fail)
	SetDefaultEventuallyTimeout(60 * time.Second)
	SetDefaultEventuallyPollingInterval(100 * time.Millisecond)
	RunSpecs(t, "Test Integration ControllerManager Rollout Suite")
}

var (
	ctx = context.Background()

	testEnv    *gardenerenvtest.GardenerTestEnvironment
	testClient client.Client
	seedClient client.Client
	// controllerManagerConfig is gardener-controller-manager's identity, the maintenance identity
	// of admission.
	controllerManagerConfig *rest.Config

	fakeClock = testclock.NewFakeClock(examples.ReferenceTime)
)

var _ = BeforeSuite(func() {
	logger := zap.New(zap.UseDevMode(true), zap.WriteTo(GinkgoWriter))
	logf.SetLogger(logger)
	klog.SetLogger(logger)
	featuregatetesting.SetFeatureGateDuringTest(GinkgoTB(), features.DefaultFeatureGate, features.ExtensionComponentVersions, true)

	By("Start etcd, kube-apiserver and gardener-apiserver with admission's clock at the reference time")
	admissionConfigFlag, err := gardenerenvtest.WriteAdmissionConfiguration(GinkgoT().TempDir(), "gardener-controller-manager")
	Expect(err).NotTo(HaveOccurred())
	testEnv = &gardenerenvtest.GardenerTestEnvironment{
		GardenerAPIServer: &gardenerenvtest.GardenerAPIServer{
			Args:  []string{"--feature-gates=ExtensionComponentVersions=true", admissionConfigFlag},
			Clock: testclock.NewFakePassiveClock(examples.ReferenceTime),
		},
	}
	restConfig, err := testEnv.Start()
	Expect(err).NotTo(HaveOccurred())
	DeferCleanup(func() {
		By("Stop the test environment")
		Expect(testEnv.Stop()).To(Succeed())
	})

	testClient, err = client.New(restConfig, client.Options{Scheme: kubernetes.GardenScheme})
	Expect(err).NotTo(HaveOccurred())
	seedClient, err = client.New(restConfig, client.Options{Scheme: kubernetes.SeedScheme})
	Expect(err).NotTo(HaveOccurred())
	user, err := testEnv.AddUser(crenvtest.User{Name: "gardener-controller-manager", Groups: []string{"system:masters"}}, nil)
	Expect(err).NotTo(HaveOccurred())
	controllerManagerConfig = user.Config()
	Expect(testClient.Create(ctx, failover.CloudProfile(cloudProfileName))).To(Succeed())

	By("Start gardenlet's Extension controller on the fake clock")
	Expect(bootstrappers.EnsureExtensionCRD(ctx, logger, seedClient, 100*time.Millisecond, time.Minute)).To(Succeed())
	gardenlet, err := failover.NewReplica(ctx, "gardenlet", restConfig, kubernetes.SeedScheme, nil)
	Expect(err).NotTo(HaveOccurred())
	gardenCluster, err := cluster.New(restConfig, func(o *cluster.Options) { o.Scheme = kubernetes.GardenScheme })
	Expect(err).NotTo(HaveOccurred())
	Expect(gardenlet.Manager.Add(gardenCluster)).To(Succeed())
	Expect((&extension.Reconciler{
		Config: extension.Config{SeedName: "local", AdoptUnscheduledShoots: true, ConcurrentSyncs: 5},
		Clock:  fakeClock,
	}).AddToManager(gardenlet.Ctx, gardenlet.Manager, gardenCluster)).To(Succeed())
	gardenlet.Start()
	DeferCleanup(func() {
		gardenlet.Cancel()
		Eventually(gardenlet.Done).Should(Receive())
	})

	stopControllerManager = startControllerManager()
	DeferCleanup(func() { stopControllerManager() })
})

// stopControllerManager stops the running gardener-controller-manager.
var stopControllerManager func()

// restartControllerManager stops gardener-controller-manager and starts a new one.
func restartControllerManager() {
	GinkgoHelper()
	stopControllerManager()
	stopControllerManager = startControllerManager()
}

// startControllerManager starts gardener-controller-manager's ExtensionProfile and shoot
// maintenance controllers in a manager of their own on the fake clock, with the built-in rollout
// defaults; the returned function stops it and waits until it has stopped.
func startControllerManager() func() {
	GinkgoHelper()
	r, err := failover.NewReplica(ctx, "gardener-controller-manager", controllerManagerConfig, kubernetes.GardenScheme, nil)
	Expect(err).NotTo(HaveOccurred())
	Expect((&extensionprofile.Reconciler{Clock: fakeClock}).AddToManager(r.Ctx, r.Manager)).To(Succeed())
	Expect((&maintenance.Reconciler{Clock: fakeClock}).AddToManager(r.Manager)).To(Succeed())
	r.Start()
	return func() {
		r.Cancel()
		Eventually(r.Done).Should(Receive())
	}
}
