// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Package rollout runs staged rollouts on the envtest garden: gardener-apiserver, the
// ExtensionProfile and shoot maintenance controllers of gardener-controller-manager (restartable)
// and gardenlet's Extension controller, on one fake clock that the specs move through soak periods.
package rollout_test

import (
	"context"
	"testing"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	"k8s.io/client-go/rest"
	testclock "k8s.io/utils/clock/testing"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/gep-78/gardener/pkg/client/kubernetes"
	"github.com/gep-78/gardener/pkg/controllermanager/controller/extensionprofile"
	"github.com/gep-78/gardener/pkg/controllermanager/controller/shoot/maintenance"
	"github.com/gep-78/gardener/pkg/features"
	"github.com/gep-78/gardener/test/envtest/suite"
	"github.com/gep-78/gardener/test/examples"
	"github.com/gep-78/gardener/test/failover"
)

func TestRollout(t *testing.T) {
	features.RegisterFeatureGates()
	RegisterFailHandler(Fail)
	SetDefaultEventuallyTimeout(60 * time.Second)
	SetDefaultEventuallyPollingInterval(100 * time.Millisecond)
	RunSpecs(t, "Test Integration ControllerManager Rollout Suite")
}

var (
	ctx = context.Background()

	testClient client.Client
	seedClient client.Client
	// controllerManagerConfig is gardener-controller-manager's identity, the maintenance identity
	// of admission.
	controllerManagerConfig *rest.Config

	fakeClock = testclock.NewFakeClock(examples.ReferenceTime)
)

var _ = BeforeSuite(func() {
	garden := suite.StartGardenWith(suite.GardenOptions{
		Clock:             testclock.NewFakePassiveClock(examples.ReferenceTime),
		ControllerManager: true,
	})
	var err error
	testClient, err = client.New(garden.Config, client.Options{Scheme: kubernetes.GardenScheme})
	Expect(err).NotTo(HaveOccurred())
	seedClient, err = client.New(garden.Config, client.Options{Scheme: kubernetes.SeedScheme})
	Expect(err).NotTo(HaveOccurred())
	controllerManagerConfig = garden.ControllerManagerConfig
	Expect(testClient.Create(ctx, failover.CloudProfile(cloudProfileName))).To(Succeed())

	suite.StartGardenlet(ctx, garden.Config, fakeClock)
	stopControllerManager = startControllerManager()
	DeferCleanup(func() { stopControllerManager() })
})

// stopControllerManager stops the running gardener-controller-manager.
var stopControllerManager func()

// restartControllerManager stops gardener-controller-manager and starts a new one.
func restartControllerManager() {
	GinkgoHelper()
	stopControllerManager()
	stopControllerManager = startControllerManager()
}

// startControllerManager starts gardener-controller-manager's ExtensionProfile and shoot
// maintenance controllers in a manager of their own on the fake clock, with the built-in rollout
// defaults; the returned function stops it and waits until it has stopped.
func startControllerManager() func() {
	GinkgoHelper()
	r, err := failover.NewReplica(ctx, "gardener-controller-manager", controllerManagerConfig, kubernetes.GardenScheme, nil)
	Expect(err).NotTo(HaveOccurred())
	Expect((&extensionprofile.Reconciler{Clock: fakeClock}).AddToManager(r.Ctx, r.Manager)).To(Succeed())
	Expect((&maintenance.Reconciler{Clock: fakeClock}).AddToManager(r.Manager)).To(Succeed())
	r.Start()
	return func() {
		r.Cancel()
		Eventually(r.Done).Should(Receive())
	}
}
