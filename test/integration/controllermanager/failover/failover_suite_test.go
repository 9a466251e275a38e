// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Package failover holds gardener-controller-manager's failover test: two replicas elect
// a leader with the Lease of their component configuration, the leader dies while it maintains
// Shoots, and the other takes over.
package failover_test

import (
	"context"
	"testing"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	"k8s.io/client-go/rest"
	featuregatetesting "k8s.io/component-base/featuregate/testing"
	"k8s.io/klog/v2"
	crenvtest "sigs.k8s.io/controller-runtime/pkg/envtest"
	logf "sigs.k8s.io/controller-runtime/pkg/log"
	"sigs.k8s.io/controller-runtime/pkg/log/zap"

	"github.com/gep-78/gardener/pkg/features"
	gardenerenvtest "github.com/gep-78/gardener/test/envtest"
)

func TestFailover(t *testing.T) {
	features.RegisterFeatureGates()
	RegisterFailHandler(Fail)
	SetDefaultEventuallyTimeout(90 * time.Second)
	SetDefaultEventuallyPollingInterval(50 * time.Millisecond)
	RunSpecs(t, "Test Integration ControllerManager Failover Suite")
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
	featuregatetesting.SetFeatureGateDuringTest(GinkgoTB(), features.DefaultFeatureGate, features.ExtensionComponentVersions, true)

	By("Start etcd, kube-apiserver and gardener-apiserver")
	admissionConfigFlag, err := gardenerenvtest.WriteAdmissionConfiguration(GinkgoT().TempDir(), "gardener-controller-manager")
	Expect(err).NotTo(HaveOccurred())
	testEnv = &gardenerenvtest.GardenerTestEnvironment{
		GardenerAPIServer: &gardenerenvtest.GardenerAPIServer{
			Args: []string{"--feature-gates=ExtensionComponentVersions=true", admissionConfigFlag},
		},
	}
	restConfig, err = testEnv.Start()
	Expect(err).NotTo(HaveOccurred())
	restConfig.QPS, restConfig.Burst = 200, 400
	DeferCleanup(func() {
		By("Stop the test environment")
		Expect(testEnv.Stop()).To(Succeed())
	})

	user, err := testEnv.AddUser(crenvtest.User{Name: "gardener-controller-manager", Groups: []string{"system:masters"}}, &rest.Config{QPS: 200, Burst: 400})
	Expect(err).NotTo(HaveOccurred())
	controllerManagerConfig = user.Config()
})
