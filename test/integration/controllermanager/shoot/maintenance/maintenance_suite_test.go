// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package maintenance_test

import (
	"context"
	"testing"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/rest"
	"k8s.io/client-go/tools/events"
	"k8s.io/klog/v2"
	"k8s.io/utils/clock"
	testclock "k8s.io/utils/clock/testing"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/cluster"
	crenvtest "sigs.k8s.io/controller-runtime/pkg/envtest"
	logf "sigs.k8s.io/controller-runtime/pkg/log"
	"sigs.k8s.io/controller-runtime/pkg/log/zap"
	"sigs.k8s.io/controller-runtime/pkg/manager"
	metricsserver "sigs.k8s.io/controller-runtime/pkg/metrics/server"

	controllermanagerconfigv1alpha1 "github.com/gep-78/gardener/pkg/apis/config/controllermanager/v1alpha1"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	"github.com/gep-78/gardener/pkg/client/kubernetes"
	"github.com/gep-78/gardener/pkg/controllermanager/controller/cloudprofile"
	"github.com/gep-78/gardener/pkg/controllermanager/controller/extensionprofile"
	"github.com/gep-78/gardener/pkg/controllermanager/controller/namespacedcloudprofile"
	"github.com/gep-78/gardener/pkg/controllermanager/controller/shoot/maintenance"
	"github.com/gep-78/gardener/pkg/features"
	"github.com/gep-78/gardener/pkg/gardenlet/bootstrappers"
	"github.com/gep-78/gardener/pkg/gardenlet/controller/shoot/extension"
	celutils "github.com/gep-78/gardener/pkg/utils/cel"
	"github.com/gep-78/gardener/pkg/utils/gardener/componentversion"
	gardenerenvtest "github.com/gep-78/gardener/test/envtest"
	"github.com/gep-78/gardener/test/examples"
)

// The suite runs the whole GEP-78 chain against real etcd and kube-apiserver processes, with
// gardener-apiserver aggregated in-process, and the controller-manager's classification
// controllers and gardenlet's Extension controller in managers of this process. Every clock is
// fixed at the reference time of the shared examples, 2026-11-29T00:00:00Z, so the outcomes
// listed in test/examples/README.md hold on any day; a spec that moves the controllers' clock
// (fakeClock) sets it back when it ends.
func TestMaintenance(t *testing.T) {
	features.RegisterFeatureGates()
	RegisterFailHandler(Fail)
	SetDefaultEventuallyTimeout(30 * time.Second)
	SetDefaultEventuallyPollingInterval(100 * time.Millisecond)
	RunSpecs(t, "Test Integration ControllerManager Shoot Maintenance Suite")
}

var (
	ctx = context.Background()

	testEnv    *gardenerenvtest.GardenerTestEnvironment
	restConfig *rest.Config
	// testClient talks to the garden, which locally doubles as the seed.
	testClient client.Client
	seedClient client.Client
	// controllerManagerClient talks to the garden as gardener-controller-manager, the maintenance
	// identity of admission.
	controllerManagerClient client.Client

	fakeClock = testclock.NewFakeClock(examples.ReferenceTime)
)

var _ = BeforeSuite(func() {
	logger := zap.New(zap.UseDevMode(true), zap.WriteTo(GinkgoWriter))
	logf.SetLogger(logger)
	klog.SetLogger(logger)

	By("Start etcd, kube-apiserver and gardener-apiserver with the classification clock fixed")
	// gardener-controller-manager authenticates with a client certificate here, so its user name
	// is configured as the maintenance identity.
	admissionConfigFlag, err := gardenerenvtest.WriteAdmissionConfiguration(GinkgoT().TempDir(), "gardener-controller-manager")
	Expect(err).NotTo(HaveOccurred())
	testEnv = &gardenerenvtest.GardenerTestEnvironment{
		GardenerAPIServer: &gardenerenvtest.GardenerAPIServer{
			Args:  []string{"--feature-gates=ExtensionComponentVersions=true", admissionConfigFlag},
			Clock: testclock.NewFakePassiveClock(examples.ReferenceTime),
		},
	}
	restConfig, err = testEnv.Start()
	Expect(err).NotTo(HaveOccurred())
	DeferCleanup(func() {
		By("Stop the test environment")
		Expect(testEnv.Stop()).To(Succeed())
	})

	testClient, err = client.New(restConfig, client.Options{Scheme: kubernetes.GardenScheme})
	Expect(err).NotTo(HaveOccurred())
	seedClient, err = client.New(restConfig, client.Options{Scheme: kubernetes.SeedScheme})
	Expect(err).NotTo(HaveOccurred())

	By("Publish the example CloudProfile that every Shoot of the suite references")
	cloudProfile := &gardencorev1beta1.CloudProfile{}
	examples.MustDecode("cloudprofile-local.yaml", cloudProfile)
	Expect(testClient.Create(ctx, cloudProfile)).To(Succeed())

	mgrCtx, cancel := context.WithCancel(ctx)
	DeferCleanup(cancel)

	By("Start gardener-controller-manager's classification and maintenance controllers with its own identity")
	controllerManagerUser, err := testEnv.AddUser(crenvtest.User{Name: "gardener-controller-manager", Groups: []string{"system:masters"}}, nil)
	Expect(err).NotTo(HaveOccurred())
	controllerManagerClient, err = client.New(controllerManagerUser.Config(), client.Options{Scheme: kubernetes.GardenScheme})
	Expect(err).NotTo(HaveOccurred())
	controllerManager, err := manager.New(controllerManagerUser.Config(), manager.Options{
		Scheme:  kubernetes.GardenScheme,
		Metrics: metricsserver.Options{BindAddress: "0"},
	})
	Expect(err).NotTo(HaveOccurred())
	Expect((&extensionprofile.Reconciler{Clock: fakeClock, Config: controllermanagerconfigv1alpha1.ExtensionProfileControllerConfiguration{
		StableChannelSoakPeriod: &metav1.Duration{Duration: gardencorev1beta1.DefaultStableChannelSoakPeriod}}}).AddToManager(mgrCtx, controllerManager)).To(Succeed())
	Expect((&cloudprofile.Reconciler{Clock: fakeClock}).AddToManager(controllerManager)).To(Succeed())
	Expect((&namespacedcloudprofile.Reconciler{}).AddToManager(controllerManager)).To(Succeed())
	Expect((&maintenance.Reconciler{Clock: fakeClock, StableChannelSoakPeriod: gardencorev1beta1.DefaultStableChannelSoakPeriod}).AddToManager(controllerManager)).To(Succeed())
	go func() {
		defer GinkgoRecover()
		Expect(controllerManager.Start(mgrCtx)).To(Succeed())
	}()

	By("Start gardenlet's Extension controller (garden cluster + seed manager, same kube-apiserver)")
	Expect(bootstrappers.EnsureExtensionCRD(ctx, logger, seedClient, 100*time.Millisecond, time.Minute)).To(Succeed())
	gardenlet, err := manager.New(restConfig, manager.Options{
		Scheme:  kubernetes.SeedScheme,
		Metrics: metricsserver.Options{BindAddress: "0"},
	})
	Expect(err).NotTo(HaveOccurred())
	gardenCluster, err := cluster.New(restConfig, func(o *cluster.Options) { o.Scheme = kubernetes.GardenScheme })
	Expect(err).NotTo(HaveOccurred())
	Expect(gardenlet.Add(gardenCluster)).To(Succeed())
	Expect((&extension.Reconciler{
		Config: extension.Config{SeedName: "local", AdoptUnscheduledShoots: true, ConcurrentSyncs: 5},
		Clock:  fakeClock,
	}).AddToManager(mgrCtx, gardenlet, gardenCluster)).To(Succeed())
	go func() {
		defer GinkgoRecover()
		Expect(gardenlet.Start(mgrCtx)).To(Succeed())
	}()
})

// maintenanceReconciler returns a shoot maintenance reconciler beside the manager's, on clock:
// gardener-controller-manager's identity and field manager; its events are dropped.
func maintenanceReconciler(clock clock.Clock) *maintenance.Reconciler {
	return &maintenance.Reconciler{
		Client:               client.WithFieldOwner(controllerManagerClient, maintenance.FieldManager),
		Clock:                clock,
		Recorder:             &events.FakeRecorder{},
		CompatibilityChecker: componentversion.NewCELCompatibilityChecker(celutils.NewCache()),
	}
}
