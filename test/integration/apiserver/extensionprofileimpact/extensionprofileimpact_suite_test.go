// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package extensionprofileimpact_test

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
	logf "sigs.k8s.io/controller-runtime/pkg/log"
	"sigs.k8s.io/controller-runtime/pkg/log/zap"

	gardencoreclientset "github.com/gep-78/gardener/pkg/client/core/clientset/versioned"
	"github.com/gep-78/gardener/pkg/features"
	gardenerenvtest "github.com/gep-78/gardener/test/envtest"
)

// The suite runs the operator runbook docs/operations/changing-a-profile-safely.md against a real
// garden (etcd, kube-apiserver, gardener-apiserver in-process with a fixed clock) with the real
// kubectl: its profiles are applied, dry-run and for real, and kubectl must print the warnings the
// runbook shows.
func TestExtensionProfileImpact(t *testing.T) {
	features.RegisterFeatureGates()
	RegisterFailHandler(Fail)
	// kube-apiserver aggregates gardener-apiserver asynchronously, and the admission plugin reads
	// Shoots from an informer.
	SetDefaultEventuallyTimeout(30 * time.Second)
	SetDefaultEventuallyPollingInterval(200 * time.Millisecond)
	RunSpecs(t, "Test Integration APIServer ExtensionProfile Impact Preview Suite")
}

// now is the garden's time: before the expiration date the runbook sets.
var now = time.Date(2026, time.December, 1, 0, 0, 0, 0, time.UTC)

var (
	ctx = context.Background()

	testEnv      *gardenerenvtest.GardenerTestEnvironment
	restConfig   *rest.Config
	gardenClient gardencoreclientset.Interface
	kubeconfig   string
	kubectlPath  string
)

var _ = BeforeSuite(func() {
	logger := zap.New(zap.UseDevMode(true), zap.WriteTo(GinkgoWriter))
	logf.SetLogger(logger)
	klog.SetLogger(logger)

	testEnv = &gardenerenvtest.GardenerTestEnvironment{
		GardenerAPIServer: &gardenerenvtest.GardenerAPIServer{
			Args:  []string{"--feature-gates=ExtensionComponentVersions=true"},
			Clock: testclock.NewFakePassiveClock(now),
		},
	}
	var err error
	restConfig, err = testEnv.Start()
	Expect(err).NotTo(HaveOccurred())
	DeferCleanup(func() { Expect(testEnv.Stop()).To(Succeed()) })

	gardenClient, err = gardencoreclientset.NewForConfig(restConfig)
	Expect(err).NotTo(HaveOccurred())

	kubeconfig = filepath.Join(GinkgoT().TempDir(), "kubeconfig")
	Expect(testEnv.WriteAdminKubeconfig(kubeconfig)).To(Succeed())
	binDir := os.Getenv("KUBEBUILDER_ASSETS")
	if binDir == "" {
		binDir = testEnv.Environment.BinaryAssetsDirectory
	}
	kubectlPath = filepath.Join(binDir, "kubectl")
	Expect(kubectlPath).To(BeAnExistingFile(), "kubectl is built into bin/ by `make tools`")
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
