// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Package failover holds gardenlet's failover test: two replicas elect a leader with the Lease
// of their component configuration, the leader dies while it writes seed Extensions, and the
// other takes over.
package failover_test

import (
	"context"
	"testing"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	"k8s.io/client-go/rest"

	"github.com/gep-78/gardener/pkg/features"
	"github.com/gep-78/gardener/test/envtest/suite"
)

func TestFailover(t *testing.T) {
	features.RegisterFeatureGates()
	RegisterFailHandler(Fail)
	SetDefaultEventuallyTimeout(90 * time.Second)
	SetDefaultEventuallyPollingInterval(50 * time.Millisecond)
	RunSpecs(t, "Test Integration Gardenlet Failover Suite")
}

var (
	ctx = context.Background()

	restConfig *rest.Config
)

var _ = BeforeSuite(func() {
	restConfig = suite.StartGarden()
	restConfig.QPS, restConfig.Burst = 200, 400
})
