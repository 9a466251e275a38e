// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Package chaos holds the crash tests: gardener-controller-manager's maintenance, gardener-apiserver
// and gardenlet are stopped at random points of their work, and each test asserts that nothing is
// lost, doubled or stuck afterwards. gardener-apiserver runs as the real binary (built once by the
// suite), so that it can be killed and sent SIGTERM; the controllers run in-process, in managers
// whose context is cancelled at a random write.
package chaos_test

import (
	"context"
	"testing"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	"github.com/onsi/gomega/gexec"
	"k8s.io/client-go/rest"
	featuregatetesting "k8s.io/component-base/featuregate/testing"
	"k8s.io/klog/v2"
	crenvtest "sigs.k8s.io/controller-runtime/pkg/envtest"
	logf "sigs.k8s.io/controller-runtime/pkg/log"
	"sigs.k8s.io/controller-runtime/pkg/log/zap"

	"github.com/gep-78/gardener/pkg/features"
	gardenerenvtest "github.com/gep-78/gardener/test/envtest"
)

func TestChaos(t *testing.T) {
	features.RegisterFeatureGates()
	RegisterFailHandler(Fail)
	SetDefaultEventuallyTimeout(60 * time.Second)
	SetDefaultEventuallyPollingInterval(100 * time.Millisecond)
	RunSpecs(t, "Test Integration Chaos Suite")
}

var (
	ctx = context.Background()

	testEnv    *gardenerenvtest.GardenerTestEnvironment
	restConfig *rest.Config
	// controllerManagerConfig is gardener-controller-manager's identity, the maintenance user.
	controllerManagerConfig *rest.Config
)

var _ = BeforeSuite(func() {
	logger := zap.New(zap.UseDevMode(true), zap.WriteTo(GinkgoWriter))
	logf.SetLogger(logger)
	klog.SetLogger(logger)

	// The in-process controllers read the process-wide gate; the binary gets the flag.
	featuregatetesting.SetFeatureGateDuringTest(GinkgoTB(), features.DefaultFeatureGate, features.ExtensionComponentVersions, true)

	By("Build gardener-apiserver")
	binary, err := gexec.Build("github.com/gep-78/gardener/cmd/gardener-apiserver")
	Expect(err).NotTo(HaveOccurred())
	DeferCleanup(gexec.CleanupBuildArtifacts)

	By("Start etcd, kube-apiserver and the gardener-apiserver binary")
	dir := GinkgoT().TempDir()
	admissionConfigFlag, err := gardenerenvtest.WriteAdmissionConfiguration(dir, "gardener-controller-manager")
	Expect(err).NotTo(HaveOccurred())
	testEnv = &gardenerenvtest.GardenerTestEnvironment{
		GardenerAPIServer: &gardenerenvtest.GardenerAPIServer{
			Path: binary,
			Args: []string{"--feature-gates=ExtensionComponentVersions=true", admissionConfigFlag},
			Out:  GinkgoWriter,
			Err:  GinkgoWriter,
		},
	}
	restConfig, err = testEnv.Start()
	Expect(err).NotTo(HaveOccurred())
	DeferCleanup(func() {
		By("Stop the test environment")
		Expect(testEnv.Stop()).To(Succeed())
	})

	user, err := testEnv.AddUser(crenvtest.User{Name: "gardener-controller-manager", Groups: []string{"system:masters"}}, &rest.Config{QPS: 200, Burst: 400})
	Expect(err).NotTo(HaveOccurred())
	controllerManagerConfig = user.Config()
})
