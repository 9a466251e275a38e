// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package shootfalcoservice_test

import (
	"context"
	"os"
	"path/filepath"
	"runtime"
	"testing"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	"k8s.io/klog/v2"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/envtest"
	logf "sigs.k8s.io/controller-runtime/pkg/log"
	"sigs.k8s.io/controller-runtime/pkg/log/zap"
	"sigs.k8s.io/controller-runtime/pkg/manager"
	metricsserver "sigs.k8s.io/controller-runtime/pkg/metrics/server"

	"github.com/gep-78/gardener/pkg/client/kubernetes"
	"github.com/gep-78/gardener/pkg/gardenlet/bootstrappers"
	"github.com/gep-78/gardener/pkg/shoot-falco-service/controller/extension"
)

// The suite runs the example shoot-falco-service extension controller in a manager against real
// etcd and kube-apiserver processes (the seed). No gardener-apiserver is needed: the test plays
// gardenlet and writes the seed Extensions itself, after installing the Extension CRD as gardenlet
// does. The binaries come from $KUBEBUILDER_ASSETS, else from the repository's bin/.
func TestShootFalcoService(t *testing.T) {
	RegisterFailHandler(Fail)
	SetDefaultEventuallyTimeout(30 * time.Second)
	SetDefaultEventuallyPollingInterval(100 * time.Millisecond)
	SetDefaultConsistentlyDuration(time.Second)
	SetDefaultConsistentlyPollingInterval(100 * time.Millisecond)
	RunSpecs(t, "Test Integration Extensions ShootFalcoService Suite")
}

var (
	ctx = context.Background()

	testEnv    *envtest.Environment
	testClient client.Client
)

var _ = BeforeSuite(func() {
	logger := zap.New(zap.UseDevMode(true), zap.WriteTo(GinkgoWriter))
	logf.SetLogger(logger)
	klog.SetLogger(logger)

	By("Start etcd and kube-apiserver")
	testEnv = &envtest.Environment{}
	if os.Getenv("KUBEBUILDER_ASSETS") == "" {
		_, file, _, ok := runtime.Caller(0)
		Expect(ok).To(BeTrue())
		testEnv.BinaryAssetsDirectory = filepath.Join(filepath.Dir(file), "..", "..", "..", "..", "bin")
	}
	restConfig, err := testEnv.Start()
	Expect(err).NotTo(HaveOccurred())
	DeferCleanup(func() {
		By("Stop the test environment")
		Expect(testEnv.Stop()).To(Succeed())
	})

	testClient, err = client.New(restConfig, client.Options{Scheme: kubernetes.SeedScheme})
	Expect(err).NotTo(HaveOccurred())

	By("Install the Extension CRD as gardenlet does")
	Expect(bootstrappers.EnsureExtensionCRD(ctx, logger, testClient, 100*time.Millisecond, time.Minute)).To(Succeed())

	By("Start the shoot-falco-service extension controller")
	mgr, err := manager.New(restConfig, manager.Options{
		Scheme:                 kubernetes.SeedScheme,
		Metrics:                metricsserver.Options{BindAddress: "0"},
		HealthProbeBindAddress: "0",
	})
	Expect(err).NotTo(HaveOccurred())
	Expect((&extension.Reconciler{Config: extension.Config{MaxConcurrentReconciles: 2}}).AddToManager(mgr)).To(Succeed())

	mgrCtx, cancel := context.WithCancel(ctx)
	DeferCleanup(cancel)
	go func() {
		defer GinkgoRecover()
		Expect(mgr.Start(mgrCtx)).To(Succeed())
	}()
})
