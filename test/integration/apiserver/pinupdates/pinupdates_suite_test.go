// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package pinupdates_test

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
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
	"github.com/gep-78/gardener/test/envtest/suite"
	"github.com/gep-78/gardener/test/examples"
)

// The suite checks, black-box against a real garden (etcd, kube-apiserver, gardener-apiserver
// aggregated in-process with the clock fixed at the examples' reference time) and the real
// kubectl, that every way of writing a Shoot stores the same component versions and returns the
// same warnings (docs/usage/extension-component-versions.md, "GitOps and Other Clients").
func TestPinUpdates(t *testing.T) {
	features.RegisterFeatureGates()
	RegisterFailHandler(Fail)
	// kube-apiserver aggregates gardener-apiserver asynchronously, and admission reads profiles
	// from informers.
	SetDefaultEventuallyTimeout(30 * time.Second)
	SetDefaultEventuallyPollingInterval(200 * time.Millisecond)
	RunSpecs(t, "Test Integration APIServer Pin Updates Suite")
}

const namespace = "garden-dev"

var (
	ctx = context.Background()

	testEnv      *gardenerenvtest.GardenerTestEnvironment
	gardenClient gardencoreclientset.Interface
	// clientWarnings collects the warnings gardenClient receives.
	clientWarnings = &suite.Warnings{}
	kubeconfig     string
	kubectlPath    string
)

var _ = BeforeSuite(func() {
	logger := zap.New(zap.UseDevMode(true), zap.WriteTo(GinkgoWriter))
	logf.SetLogger(logger)
	klog.SetLogger(logger)

	testEnv = &gardenerenvtest.GardenerTestEnvironment{
		GardenerAPIServer: &gardenerenvtest.GardenerAPIServer{
			Args:  []string{"--feature-gates=ExtensionComponentVersions=true"},
			Clock: testclock.NewFakePassiveClock(examples.ReferenceTime),
		},
	}
	restConfig, err := testEnv.Start()
	Expect(err).NotTo(HaveOccurred())
	DeferCleanup(func() { Expect(testEnv.Stop()).To(Succeed()) })

	restConfig = rest.CopyConfig(restConfig)
	restConfig.WarningHandler = clientWarnings
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

	Eventually(func() error {
		_, stderr, err := kubectl(nil, "create", "namespace", namespace)
		if err != nil && !strings.Contains(stderr, "AlreadyExists") {
			return err
		}
		return nil
	}).Should(Succeed())
	for _, file := range []string{"cloudprofile-local.yaml", "extensionprofile-shoot-traefik.yaml", "extensionprofile-shoot-falco-service.yaml"} {
		Eventually(func() error {
			_, stderr, err := kubectl(examples.MustRead(file), "apply", "-f", "-")
			if err != nil {
				return &kubectlError{err: err, stderr: stderr}
			}
			return nil
		}).Should(Succeed(), file)
	}
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

type kubectlError struct {
	err    error
	stderr string
}

func (e *kubectlError) Error() string { return e.err.Error() + ": " + e.stderr }

// warningLines returns the "Warning: " lines of kubectl's stderr, without the prefix.
func warningLines(stderr string) []string {
	var out []string
	for _, line := range strings.Split(stderr, "\n") {
		if w, ok := strings.CutPrefix(line, "Warning: "); ok {
			out = append(out, w)
		}
	}
	return out
}
