// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Package workerpools walks every per-pool case of docs/proposals/per-pool-component-versions.md
// on one envtest garden: gardener-apiserver with its admission plugins (clock at the examples'
// reference time), gardener-controller-manager's shoot maintenance on a fake clock, and gardenlet
// writing the seed ContainerRuntimes and Extensions.
package workerpools_test

import (
	"context"
	"testing"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/rest"
	testclock "k8s.io/utils/clock/testing"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/gep-78/gardener/pkg/client/kubernetes"
	"github.com/gep-78/gardener/pkg/features"
	"github.com/gep-78/gardener/test/envtest/suite"
	"github.com/gep-78/gardener/test/examples"
)

func TestWorkerPools(t *testing.T) {
	features.RegisterFeatureGates()
	RegisterFailHandler(Fail)
	// Admission reads profiles and Shoots from informers; the controllers act asynchronously.
	SetDefaultEventuallyTimeout(60 * time.Second)
	SetDefaultEventuallyPollingInterval(100 * time.Millisecond)
	RunSpecs(t, "Test Integration Worker Pools Suite")
}

var (
	ctx = context.Background()

	// gardenClient is an admin of the garden; seedClient reads the seed's resources of the same
	// cluster.
	gardenClient client.Client
	seedClient   client.Client
	// clientWarnings collects the warnings gardenClient receives.
	clientWarnings = &suite.Warnings{}
	// fakeClock is the clock of maintenance and gardenlet; admission's stays at the reference
	// time. A spec that moves it sets it back.
	fakeClock = testclock.NewFakeClock(examples.ReferenceTime)
)

var _ = BeforeSuite(func() {
	garden := suite.StartGardenWith(suite.GardenOptions{
		Clock:             testclock.NewFakePassiveClock(examples.ReferenceTime),
		ControllerManager: true,
	})
	config := rest.CopyConfig(garden.Config)
	config.WarningHandler = clientWarnings
	var err error
	gardenClient, err = client.New(config, client.Options{Scheme: kubernetes.GardenScheme})
	Expect(err).NotTo(HaveOccurred())
	seedClient, err = client.New(garden.Config, client.Options{Scheme: kubernetes.SeedScheme})
	Expect(err).NotTo(HaveOccurred())

	suite.StartGardenlet(ctx, garden.Config, fakeClock)
	suite.StartMaintenance(ctx, garden.ControllerManagerConfig, fakeClock)

	By("Create the namespace, the CloudProfile and the ExtensionProfiles")
	Expect(gardenClient.Create(ctx, &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: namespace}})).To(Succeed())
	Expect(gardenClient.Create(ctx, cloudProfile())).To(Succeed())
	for _, profile := range extensionProfiles() {
		Expect(gardenClient.Create(ctx, profile)).To(Succeed())
	}
	// Admission reads the profiles from its informer (a miss is read live); wait until it admits.
	Eventually(func() error {
		return gardenClient.Create(ctx, newShoot("probe", pool("a", "gvisor", runsc("1.2.0"))), client.DryRunAll)
	}).Should(Succeed())
})
