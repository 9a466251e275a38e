// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Package chaos crashes gardenlet's Extension controller at random writes, in managers of this
// process, and checks that every Shoot ends with exactly its seed Extension.
package chaos_test

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

func TestChaos(t *testing.T) {
	features.RegisterFeatureGates()
	RegisterFailHandler(Fail)
	SetDefaultEventuallyTimeout(60 * time.Second)
	SetDefaultEventuallyPollingInterval(100 * time.Millisecond)
	RunSpecs(t, "Test Integration Gardenlet Chaos Suite")
}

var (
	ctx = context.Background()

	restConfig *rest.Config
)

var _ = BeforeSuite(func() {
	restConfig = suite.StartGarden()
})
