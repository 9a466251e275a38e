// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package falcoprofilemigration_test

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	"k8s.io/client-go/rest"
	"k8s.io/klog/v2"
	testclock "k8s.io/utils/clock/testing"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/cluster"
	logf "sigs.k8s.io/controller-runtime/pkg/log"
	"sigs.k8s.io/controller-runtime/pkg/log/zap"
	"sigs.k8s.io/controller-runtime/pkg/manager"
	metricsserver "sigs.k8s.io/controller-runtime/pkg/metrics/server"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	gardencoreclientset "github.com/gep-78/gardener/pkg/client/core/clientset/versioned"
	"github.com/gep-78/gardener/pkg/client/kubernetes"
	"github.com/gep-78/gardener/pkg/features"
	"github.com/gep-78/gardener/pkg/gardenlet/bootstrappers"
	gardenletextension "github.com/gep-78/gardener/pkg/gardenlet/controller/shoot/extension"
	falcoextension "github.com/gep-78/gardener/pkg/shoot-falco-service/controller/extension"
	gardenerenvtest "github.com/gep-78/gardener/test/envtest"
	"github.com/gep-78/gardener/test/envtest/suite"
	"github.com/gep-78/gardener/test/examples"
)

// TestFalcoProfileMigration runs docs/operations/migrating-from-falcoprofile.md against a garden
// with gardener-apiserver, gardenlet's Extension controller and the example falco extension, all
// on one kube-apiserver (the garden doubles as the seed). gardener-apiserver classifies at the
// reference time of the shared examples.
func TestFalcoProfileMigration(t *testing.T) {
	features.RegisterFeatureGates()
	RegisterFailHandler(Fail)
	SetDefaultEventuallyTimeout(30 * time.Second)
	SetDefaultEventuallyPollingInterval(100 * time.Millisecond)
	RunSpecs(t, "Test Integration Extensions FalcoProfile Migration Suite")
}

var (
	ctx = context.Background()

	testEnv      *gardenerenvtest.GardenerTestEnvironment
	restConfig   *rest.Config
	gardenClient client.Client
	seedClient   client.Client
	kubeconfig   string
	kubectlPath  string
)

var _ = BeforeSuite(func() {
	logger := zap.New(zap.UseDevMode(true), zap.WriteTo(GinkgoWriter))
	logf.SetLogger(logger)
	klog.SetLogger(logger)

	By("Start etcd, kube-apiserver and gardener-apiserver")
	testEnv = &gardenerenvtest.GardenerTestEnvironment{
		GardenerAPIServer: &gardenerenvtest.GardenerAPIServer{
			Args:  []string{"--feature-gates=ExtensionComponentVersions=true"},
			Clock: testclock.NewFakePassiveClock(examples.ReferenceTime),
		},
	}
	var err error
	restConfig, err = testEnv.Start()
	Expect(err).NotTo(HaveOccurred())
	DeferCleanup(func() {
		By("Stop the test environment")
		Expect(testEnv.Stop()).To(Succeed())
	})
	gardenClient, err = client.New(restConfig, client.Options{Scheme: kubernetes.GardenScheme})
	Expect(err).NotTo(HaveOccurred())
	seedClient, err = client.New(restConfig, client.Options{Scheme: kubernetes.SeedScheme})
	Expect(err).NotTo(HaveOccurred())

	kubeconfig = filepath.Join(GinkgoT().TempDir(), "kubeconfig")
	Expect(testEnv.WriteAdminKubeconfig(kubeconfig)).To(Succeed())
	binDir := os.Getenv("KUBEBUILDER_ASSETS")
	if binDir == "" {
		binDir = testEnv.Environment.BinaryAssetsDirectory
	}
	kubectlPath = filepath.Join(binDir, "kubectl")
	Expect(kubectlPath).To(BeAnExistingFile(), "kubectl is built into bin/ by `make tools`")

	By("Publish the example CloudProfile")
	cloudProfile := &gardencorev1beta1.CloudProfile{}
	examples.MustDecode("cloudprofile-local.yaml", cloudProfile)
	Expect(gardenClient.Create(ctx, cloudProfile)).To(Succeed())

	mgrCtx, cancel := context.WithCancel(ctx)
	DeferCleanup(cancel)

	By("Start gardenlet's Extension controller and the example falco extension")
	Expect(bootstrappers.EnsureExtensionCRD(ctx, logger, seedClient, 100*time.Millisecond, time.Minute)).To(Succeed())
	seed, err := manager.New(restConfig, manager.Options{Scheme: kubernetes.SeedScheme, Metrics: metricsserver.Options{BindAddress: "0"}})
	Expect(err).NotTo(HaveOccurred())
	garden, err := cluster.New(restConfig, func(o *cluster.Options) { o.Scheme = kubernetes.GardenScheme })
	Expect(err).NotTo(HaveOccurred())
	Expect(seed.Add(garden)).To(Succeed())
	fakeClock := testclock.NewFakeClock(examples.ReferenceTime)
	Expect((&gardenletextension.Reconciler{
		Config: gardenletextension.Config{SeedName: "local", AdoptUnscheduledShoots: true, ConcurrentSyncs: 2},
		Clock:  fakeClock,
	}).AddToManager(mgrCtx, seed, garden)).To(Succeed())
	Expect((&falcoextension.Reconciler{Clock: fakeClock}).AddToManager(seed)).To(Succeed())
	go func() {
		defer GinkgoRecover()
		Expect(seed.Start(mgrCtx)).To(Succeed())
	}()
})

// kubectl runs bin/kubectl against the garden with stdin and returns stdout, stderr and the error.
func kubectl(stdin []byte, args ...string) (string, string, error) {
	cmd := exec.CommandContext(ctx, kubectlPath, append([]string{"--kubeconfig", kubeconfig}, args...)...)
	var stdout, stderr bytes.Buffer
	cmd.Stdin, cmd.Stdout, cmd.Stderr = bytes.NewReader(stdin), &stdout, &stderr
	err := cmd.Run()
	return stdout.String(), stderr.String(), err
}

// shootOwner returns a clientset that records the warnings a shoot owner would see.
func shootOwner() (gardencoreclientset.Interface, *suite.Warnings) {
	recorder := &suite.Warnings{}
	config := rest.CopyConfig(restConfig)
	config.WarningHandler = recorder
	c, err := gardencoreclientset.NewForConfig(config)
	Expect(err).NotTo(HaveOccurred())
	return c, recorder
}
