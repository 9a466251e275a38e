// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package smoke_test

import (
	"context"
	"testing"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/rest"
	"k8s.io/klog/v2"
	logf "sigs.k8s.io/controller-runtime/pkg/log"
	"sigs.k8s.io/controller-runtime/pkg/log/zap"

	gardencoreclientset "github.com/gep-78/gardener/pkg/client/core/clientset/versioned"
	"github.com/gep-78/gardener/pkg/features"
	gardenerenvtest "github.com/gep-78/gardener/test/envtest"
)

func TestSmoke(t *testing.T) {
	features.RegisterFeatureGates()
	RegisterFailHandler(Fail)
	// kube-apiserver aggregates discovery and OpenAPI of gardener-apiserver asynchronously.
	SetDefaultEventuallyTimeout(30 * time.Second)
	SetDefaultEventuallyPollingInterval(200 * time.Millisecond)
	RunSpecs(t, "Test Integration APIServer Smoke Suite")
}

var (
	ctx = context.Background()

	testEnv      *gardenerenvtest.GardenerTestEnvironment
	restConfig   *rest.Config
	kubeClient   kubernetes.Interface
	gardenClient gardencoreclientset.Interface
)

var _ = BeforeSuite(func() {
	logger := zap.New(zap.UseDevMode(true), zap.WriteTo(GinkgoWriter))
	logf.SetLogger(logger)
	klog.SetLogger(logger)

	By("Start test environment (etcd, kube-apiserver, in-process gardener-apiserver)")
	started := time.Now()
	testEnv = &gardenerenvtest.GardenerTestEnvironment{
		GardenerAPIServer: &gardenerenvtest.GardenerAPIServer{
			Args: []string{"--feature-gates=ExtensionComponentVersions=true"},
		},
	}
	var err error
	restConfig, err = testEnv.Start()
	Expect(err).NotTo(HaveOccurred())
	GinkgoWriter.Printf("test environment ready after %s\n", time.Since(started).Round(time.Millisecond))

	DeferCleanup(func() {
		By("Stop test environment")
		Expect(testEnv.Stop()).To(Succeed())
	})

	kubeClient, err = kubernetes.NewForConfig(restConfig)
	Expect(err).NotTo(HaveOccurred())
	gardenClient, err = gardencoreclientset.NewForConfig(restConfig)
	Expect(err).NotTo(HaveOccurred())
})
