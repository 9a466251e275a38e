// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package upstream_test

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
	"k8s.io/client-go/dynamic"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/rest"
	"k8s.io/klog/v2"
	logf "sigs.k8s.io/controller-runtime/pkg/log"
	"sigs.k8s.io/controller-runtime/pkg/log/zap"

	gardencoreclientset "github.com/gep-78/gardener/pkg/client/core/clientset/versioned"
	"github.com/gep-78/gardener/pkg/features"
	gardenerenvtest "github.com/gep-78/gardener/test/envtest"
	"github.com/gep-78/gardener/test/envtest/suite"
)

func TestUpstream(t *testing.T) {
	features.RegisterFeatureGates()
	RegisterFailHandler(Fail)
	// kube-apiserver aggregates discovery and OpenAPI of gardener-apiserver asynchronously.
	SetDefaultEventuallyTimeout(30 * time.Second)
	SetDefaultEventuallyPollingInterval(200 * time.Millisecond)
	RunSpecs(t, "Test Integration APIServer Upstream Manifests Suite")
}

var (
	ctx = context.Background()

	testEnv       *gardenerenvtest.GardenerTestEnvironment
	restConfig    *rest.Config
	kubeClient    kubernetes.Interface
	gardenClient  gardencoreclientset.Interface
	dynamicClient dynamic.Interface
	kubeconfig    string
	kubectlPath   string
)

var _ = BeforeSuite(func() {
	logger := zap.New(zap.UseDevMode(true), zap.WriteTo(GinkgoWriter))
	logf.SetLogger(logger)
	klog.SetLogger(logger)

	By("Start test environment (etcd, kube-apiserver, in-process gardener-apiserver)")
	testEnv = &gardenerenvtest.GardenerTestEnvironment{
		GardenerAPIServer: &gardenerenvtest.GardenerAPIServer{
			Args: []string{"--feature-gates=ExtensionComponentVersions=true"},
		},
	}
	var err error
	restConfig, err = testEnv.Start()
	Expect(err).NotTo(HaveOccurred())
	DeferCleanup(func() {
		By("Stop test environment")
		Expect(testEnv.Stop()).To(Succeed())
	})

	kubeClient, err = kubernetes.NewForConfig(restConfig)
	Expect(err).NotTo(HaveOccurred())
	gardenClient, err = gardencoreclientset.NewForConfig(restConfig)
	Expect(err).NotTo(HaveOccurred())
	dynamicClient, err = dynamic.NewForConfig(restConfig)
	Expect(err).NotTo(HaveOccurred())

	kubeconfig = filepath.Join(GinkgoT().TempDir(), "kubeconfig")
	Expect(testEnv.WriteAdminKubeconfig(kubeconfig)).To(Succeed())
	binDir := os.Getenv("KUBEBUILDER_ASSETS")
	if binDir == "" {
		binDir = testEnv.Environment.BinaryAssetsDirectory
	}
	kubectlPath = filepath.Join(binDir, "kubectl")
	Expect(kubectlPath).To(BeAnExistingFile(), "kubectl is built into bin/ by `make tools`")

	// kubectl validates on the server (fieldValidation=Strict) only once it finds the
	// parameter in the aggregated OpenAPI v3 of core.gardener.cloud, which kube-apiserver
	// fetches asynchronously; before that it validates client-side.
	By("Wait for the aggregated OpenAPI v3 of core.gardener.cloud")
	Eventually(func(g Gomega) {
		raw, err := kubeClient.CoreV1().RESTClient().Get().AbsPath("/openapi/v3/apis/core.gardener.cloud/v1beta1").DoRaw(ctx)
		g.Expect(err).NotTo(HaveOccurred())
		g.Expect(string(raw)).To(ContainSubstring("com.github.gep-78.gardener.pkg.apis.core.v1beta1.CloudProfile"))
	}).Should(Succeed())
})

// kubectl runs the real kubectl against the test environment with stdin as input and returns
// stdout, stderr and the error of the run.
func kubectl(stdin []byte, args ...string) (string, string, error) {
	cmd := exec.CommandContext(ctx, kubectlPath, append([]string{"--kubeconfig", kubeconfig}, args...)...)
	var stdout, stderr bytes.Buffer
	cmd.Stdin, cmd.Stdout, cmd.Stderr = bytes.NewReader(stdin), &stdout, &stderr
	err := cmd.Run()
	return stdout.String(), stderr.String(), err
}

// recordingClient returns a clientset of the admin identity that records response warnings.
func recordingClient() (gardencoreclientset.Interface, *suite.Warnings) {
	recorder := &suite.Warnings{}
	config := rest.CopyConfig(restConfig)
	config.WarningHandler = recorder
	client, err := gardencoreclientset.NewForConfig(config)
	Expect(err).NotTo(HaveOccurred())
	return client, recorder
}
