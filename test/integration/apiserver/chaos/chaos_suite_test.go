// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Package chaos kills gardener-apiserver and sends it SIGTERM during its work, and checks that
// nothing is lost, doubled or stuck afterwards. It runs the real binary, built once by the suite.
package chaos_test

import (
	"context"
	"testing"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	"github.com/onsi/gomega/gexec"
	"k8s.io/client-go/rest"
	"k8s.io/klog/v2"
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
	RunSpecs(t, "Test Integration APIServer Chaos Suite")
}

var (
	ctx = context.Background()

	testEnv    *gardenerenvtest.GardenerTestEnvironment
	restConfig *rest.Config
)

var _ = BeforeSuite(func() {
	logger := zap.New(zap.UseDevMode(true), zap.WriteTo(GinkgoWriter))
	logf.SetLogger(logger)
	klog.SetLogger(logger)

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
})
