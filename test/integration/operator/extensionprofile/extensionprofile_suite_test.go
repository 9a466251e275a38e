// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package extensionprofile_test

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
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
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
	operatorcrds "github.com/gep-78/gardener/pkg/apis/operator/crds"
	operatorv1alpha1 "github.com/gep-78/gardener/pkg/apis/operator/v1alpha1"
	"github.com/gep-78/gardener/pkg/client/kubernetes"
	controllermanagerextensionprofile "github.com/gep-78/gardener/pkg/controllermanager/controller/extensionprofile"
	"github.com/gep-78/gardener/pkg/features"
	"github.com/gep-78/gardener/pkg/gardenlet/bootstrappers"
	gardenletextension "github.com/gep-78/gardener/pkg/gardenlet/controller/shoot/extension"
	operatorextensionprofile "github.com/gep-78/gardener/pkg/operator/controller/extension/extensionprofile"
	falcoextension "github.com/gep-78/gardener/pkg/shoot-falco-service/controller/extension"
	kubernetesutils "github.com/gep-78/gardener/pkg/utils/kubernetes"
	gardenerenvtest "github.com/gep-78/gardener/test/envtest"
	"github.com/gep-78/gardener/test/examples"
)

// TestOperatorExtensionProfile runs gardener-operator's ExtensionProfile controller against a
// garden whose kube-apiserver doubles as the runtime cluster and the seed, as in the local
// garden: gardener-apiserver (in-use protection, Shoot admission), gardener-controller-manager's
// ExtensionProfile controller (classification, deletion finalizer), gardenlet's Extension
// controller and the example falco extension. Operators act with kubectl.
func TestOperatorExtensionProfile(t *testing.T) {
	features.RegisterFeatureGates()
	RegisterFailHandler(Fail)
	SetDefaultEventuallyTimeout(30 * time.Second)
	SetDefaultEventuallyPollingInterval(100 * time.Millisecond)
	RunSpecs(t, "Test Integration Operator ExtensionProfile Suite")
}

var (
	ctx = context.Background()

	testEnv       *gardenerenvtest.GardenerTestEnvironment
	restConfig    *rest.Config
	gardenClient  client.Client
	runtimeClient client.Client
	seedClient    client.Client
	kubeconfig    string
	kubectlPath   string
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
	runtimeClient, err = client.New(restConfig, client.Options{Scheme: kubernetes.RuntimeScheme})
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

	By("Publish the example CloudProfile and the project namespace")
	cloudProfile := &gardencorev1beta1.CloudProfile{}
	examples.MustDecode("cloudprofile-local.yaml", cloudProfile)
	Expect(gardenClient.Create(ctx, cloudProfile)).To(Succeed())
	Expect(gardenClient.Create(ctx, &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: "garden-dev"}})).To(Succeed())

	mgrCtx, cancel := context.WithCancel(ctx)
	DeferCleanup(cancel)
	fakeClock := testclock.NewFakeClock(examples.ReferenceTime)

	By("Start gardener-controller-manager's ExtensionProfile controller")
	controllerManager, err := manager.New(restConfig, manager.Options{Scheme: kubernetes.GardenScheme, Metrics: metricsserver.Options{BindAddress: "0"}})
	Expect(err).NotTo(HaveOccurred())
	Expect((&controllermanagerextensionprofile.Reconciler{Clock: fakeClock}).AddToManager(mgrCtx, controllerManager)).To(Succeed())

	By("Start gardenlet's Extension controller and the example falco extension")
	Expect(bootstrappers.EnsureExtensionCRD(ctx, logger, seedClient, 100*time.Millisecond, time.Minute)).To(Succeed())
	seed, err := manager.New(restConfig, manager.Options{Scheme: kubernetes.SeedScheme, Metrics: metricsserver.Options{BindAddress: "0"}})
	Expect(err).NotTo(HaveOccurred())
	gardenletGarden, err := cluster.New(restConfig, func(o *cluster.Options) { o.Scheme = kubernetes.GardenScheme })
	Expect(err).NotTo(HaveOccurred())
	Expect(seed.Add(gardenletGarden)).To(Succeed())
	Expect((&gardenletextension.Reconciler{
		Config: gardenletextension.Config{SeedName: "local", AdoptUnscheduledShoots: true, ConcurrentSyncs: 2},
		Clock:  fakeClock,
	}).AddToManager(mgrCtx, seed, gardenletGarden)).To(Succeed())
	Expect((&falcoextension.Reconciler{Clock: fakeClock}).AddToManager(seed)).To(Succeed())

	By("Start gardener-operator's ExtensionProfile controller; the garden doubles as the runtime cluster")
	Expect(kubernetesutils.ApplyCRD(ctx, logger, runtimeClient, operatorcrds.ExtensionCRD(), "gardener-operator", 100*time.Millisecond, time.Minute)).To(Succeed())
	// Discovery serves the new group shortly after the CRD is established.
	Eventually(func() error { return runtimeClient.List(ctx, &operatorv1alpha1.ExtensionList{}) }).Should(Succeed())
	operator, err := manager.New(restConfig, manager.Options{Scheme: kubernetes.RuntimeScheme, Metrics: metricsserver.Options{BindAddress: "0"}})
	Expect(err).NotTo(HaveOccurred())
	operatorGarden, err := cluster.New(restConfig, func(o *cluster.Options) { o.Scheme = kubernetes.GardenScheme })
	Expect(err).NotTo(HaveOccurred())
	Expect(operator.Add(operatorGarden)).To(Succeed())
	// A long retry interval: every step below must be driven by a watch event, not by the timer.
	Expect((&operatorextensionprofile.Reconciler{Clock: fakeClock, RetryInterval: time.Hour}).AddToManager(operator, operatorGarden)).To(Succeed())

	for _, mgr := range []manager.Manager{controllerManager, seed, operator} {
		go func() {
			defer GinkgoRecover()
			Expect(mgr.Start(mgrCtx)).To(Succeed())
		}()
	}
})

// kubectl runs bin/kubectl against the garden with stdin and returns stdout, stderr and the error.
func kubectl(stdin []byte, args ...string) (string, string, error) {
	cmd := exec.CommandContext(ctx, kubectlPath, append([]string{"--kubeconfig", kubeconfig}, args...)...)
	var stdout, stderr bytes.Buffer
	cmd.Stdin, cmd.Stdout, cmd.Stderr = bytes.NewReader(stdin), &stdout, &stderr
	err := cmd.Run()
	return stdout.String(), stderr.String(), err
}
