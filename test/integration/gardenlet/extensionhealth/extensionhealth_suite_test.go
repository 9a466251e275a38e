// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Package extensionhealth checks on the envtest garden that gardenlet's Extension controller
// shows a failing seed Extension in its Shoot's status.lastErrors and ExtensionsReady condition,
// and clears both once the Extension is healthy again.
package extensionhealth_test

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

func TestExtensionHealth(t *testing.T) {
	features.RegisterFeatureGates()
	RegisterFailHandler(Fail)
	SetDefaultEventuallyTimeout(60 * time.Second)
	SetDefaultEventuallyPollingInterval(100 * time.Millisecond)
	RunSpecs(t, "Test Integration Gardenlet Extension Health Suite")
}

var (
	ctx = context.Background()

	restConfig *rest.Config
)

var _ = BeforeSuite(func() {
	restConfig = suite.StartGarden()
})
