// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Package failover holds gardener-apiserver's failover test: two gardener-apiserver processes
// serve core.gardener.cloud behind one Service of the kube-apiserver's aggregator, one is killed
// during a stream of creates, and the clients notice no more than a retry.
package failover_test

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

	gardenerenvtest "github.com/gep-78/gardener/test/envtest"
)

func TestFailover(t *testing.T) {
	RegisterFailHandler(Fail)
	SetDefaultEventuallyTimeout(90 * time.Second)
	SetDefaultEventuallyPollingInterval(50 * time.Millisecond)
	RunSpecs(t, "Test Integration APIServer Failover Suite")
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

	By("Start etcd, kube-apiserver and two gardener-apiserver processes behind one Service")
	testEnv = &gardenerenvtest.GardenerTestEnvironment{
		GardenerAPIServer: &gardenerenvtest.GardenerAPIServer{
			Path: binary,
			// /metrics without authorization, so that the test can tell which replica served.
			Args: []string{"--authorization-always-allow-paths=/healthz,/readyz,/livez,/metrics"},
			Out:  GinkgoWriter,
			Err:  GinkgoWriter,
		},
		GardenerAPIServerReplicas: 2,
	}
	restConfig, err = testEnv.Start()
	Expect(err).NotTo(HaveOccurred())
	restConfig.QPS, restConfig.Burst = 200, 400
	DeferCleanup(func() {
		By("Stop the test environment")
		Expect(testEnv.Stop()).To(Succeed())
	})
})
