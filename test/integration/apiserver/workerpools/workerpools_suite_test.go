// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Package workerpools checks on the envtest garden that gardener-apiserver admits per-pool pins
// with every GEP-78 rule (docs/proposals/per-pool-component-versions.md).
package workerpools_test

import (
	"context"
	"sync"
	"testing"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	"k8s.io/client-go/rest"
	featuregatetesting "k8s.io/component-base/featuregate/testing"
	"k8s.io/klog/v2"
	"sigs.k8s.io/controller-runtime/pkg/client"
	logf "sigs.k8s.io/controller-runtime/pkg/log"
	"sigs.k8s.io/controller-runtime/pkg/log/zap"

	"github.com/gep-78/gardener/pkg/client/kubernetes"
	"github.com/gep-78/gardener/pkg/features"
	gardenerenvtest "github.com/gep-78/gardener/test/envtest"
)

func TestWorkerPools(t *testing.T) {
	features.RegisterFeatureGates()
	RegisterFailHandler(Fail)
	// Admission reads profiles and Shoots from informers.
	SetDefaultEventuallyTimeout(30 * time.Second)
	SetDefaultEventuallyPollingInterval(100 * time.Millisecond)
	RunSpecs(t, "Test Integration APIServer Worker Pools Suite")
}

var (
	ctx = context.Background()

	testEnv      *gardenerenvtest.GardenerTestEnvironment
	gardenClient client.Client
	// clientWarnings collects the warnings gardenClient receives.
	clientWarnings = &warningCollector{}
)

var _ = BeforeSuite(func() {
	logger := zap.New(zap.UseDevMode(true), zap.WriteTo(GinkgoWriter))
	logf.SetLogger(logger)
	klog.SetLogger(logger)
	// gardener-apiserver runs in-process: it reads the test process's feature gates per request.
	featuregatetesting.SetFeatureGateDuringTest(GinkgoTB(), features.DefaultFeatureGate, features.ExtensionComponentVersions, true)

	testEnv = &gardenerenvtest.GardenerTestEnvironment{
		GardenerAPIServer: &gardenerenvtest.GardenerAPIServer{Args: []string{"--feature-gates=ExtensionComponentVersions=true"}},
	}
	restConfig, err := testEnv.Start()
	Expect(err).NotTo(HaveOccurred())
	DeferCleanup(func() { Expect(testEnv.Stop()).To(Succeed()) })

	restConfig = rest.CopyConfig(restConfig)
	restConfig.WarningHandler = clientWarnings
	gardenClient, err = client.New(restConfig, client.Options{Scheme: kubernetes.GardenScheme})
	Expect(err).NotTo(HaveOccurred())
})

// warningCollector is a rest.WarningHandler that keeps the warnings since the last take.
type warningCollector struct {
	mu       sync.Mutex
	warnings []string
}

func (c *warningCollector) HandleWarningHeader(_ int, _ string, text string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.warnings = append(c.warnings, text)
}

// take returns the collected warnings and forgets them.
func (c *warningCollector) take() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	out := c.warnings
	c.warnings = nil
	return out
}
