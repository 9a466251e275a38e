// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Package workerpools runs shoot maintenance of per-pool pins on the envtest garden:
// gardener-apiserver with its admission plugins, which admit the pins and maintenance's writes,
// and gardener-controller-manager's maintenance controller on a fake clock.
package workerpools_test

import (
	"context"
	"testing"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	featuregatetesting "k8s.io/component-base/featuregate/testing"
	"k8s.io/klog/v2"
	testclock "k8s.io/utils/clock/testing"
	"sigs.k8s.io/controller-runtime/pkg/client"
	crenvtest "sigs.k8s.io/controller-runtime/pkg/envtest"
	logf "sigs.k8s.io/controller-runtime/pkg/log"
	"sigs.k8s.io/controller-runtime/pkg/log/zap"

	"github.com/gep-78/gardener/pkg/client/kubernetes"
	"github.com/gep-78/gardener/pkg/controllermanager/controller/shoot/maintenance"
	"github.com/gep-78/gardener/pkg/features"
	gardenerenvtest "github.com/gep-78/gardener/test/envtest"
	"github.com/gep-78/gardener/test/examples"
	"github.com/gep-78/gardener/test/failover"
)

func TestWorkerPools(t *testing.T) {
	features.RegisterFeatureGates()
	RegisterFailHandler(Fail)
	SetDefaultEventuallyTimeout(60 * time.Second)
	SetDefaultEventuallyPollingInterval(100 * time.Millisecond)
	RunSpecs(t, "Test Integration ControllerManager WorkerPools Suite")
}

var (
	ctx = context.Background()

	testClient client.Client
	// fakeClock is maintenance's clock; admission's stays at the reference time.
	fakeClock = testclock.NewFakeClock(examples.ReferenceTime)
)

var _ = BeforeSuite(func() {
	logger := zap.New(zap.UseDevMode(true), zap.WriteTo(GinkgoWriter))
	logf.SetLogger(logger)
	klog.SetLogger(logger)
	featuregatetesting.SetFeatureGateDuringTest(GinkgoTB(), features.DefaultFeatureGate, features.ExtensionComponentVersions, true)

	By("Start etcd, kube-apiserver and gardener-apiserver with admission's clock at the reference time")
	admissionConfigFlag, err := gardenerenvtest.WriteAdmissionConfiguration(GinkgoT().TempDir(), "gardener-controller-manager")
	Expect(err).NotTo(HaveOccurred())
	testEnv := &gardenerenvtest.GardenerTestEnvironment{
		GardenerAPIServer: &gardenerenvtest.GardenerAPIServer{
			Args:  []string{"--feature-gates=ExtensionComponentVersions=true", admissionConfigFlag},
			Clock: testclock.NewFakePassiveClock(examples.ReferenceTime),
		},
	}
	restConfig, err := testEnv.Start()
	Expect(err).NotTo(HaveOccurred())
	DeferCleanup(func() {
		By("Stop the test environment")
		Expect(testEnv.Stop()).To(Succeed())
	})

	testClient, err = client.New(restConfig, client.Options{Scheme: kubernetes.GardenScheme})
	Expect(err).NotTo(HaveOccurred())
	user, err := testEnv.AddUser(crenvtest.User{Name: "gardener-controller-manager", Groups: []string{"system:masters"}}, nil)
	Expect(err).NotTo(HaveOccurred())

	By("Start gardener-controller-manager's maintenance controller on the fake clock")
	r, err := failover.NewReplica(ctx, "gardener-controller-manager", user.Config(), kubernetes.GardenScheme, nil)
	Expect(err).NotTo(HaveOccurred())
	Expect((&maintenance.Reconciler{Clock: fakeClock}).AddToManager(r.Manager)).To(Succeed())
	r.Start()
	DeferCleanup(func() {
		r.Cancel()
		Eventually(r.Done).Should(Receive())
	})
})
