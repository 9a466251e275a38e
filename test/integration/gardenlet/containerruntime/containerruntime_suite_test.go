// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Package containerruntime checks on the envtest garden that gardenlet writes a seed ContainerRuntime
// per pool and runtime type with the pool's pinned versions, and deletes those of dropped runtimes
// and of a deleted Shoot.
package containerruntime_test

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

func TestContainerRuntime(t *testing.T) {
	features.RegisterFeatureGates()
	RegisterFailHandler(Fail)
	SetDefaultEventuallyTimeout(60 * time.Second)
	SetDefaultEventuallyPollingInterval(100 * time.Millisecond)
	RunSpecs(t, "Test Integration Gardenlet ContainerRuntime Suite")
}

var (
	ctx = context.Background()

	restConfig *rest.Config
)

var _ = BeforeSuite(func() {
	restConfig = suite.StartGarden()
})
