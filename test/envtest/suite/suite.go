// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Package suite starts the envtest garden for a Ginkgo integration suite. It is apart from
// package envtest, which local-garden links, so that programs do not link Ginkgo.
package suite

import (
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	"k8s.io/client-go/rest"
	featuregatetesting "k8s.io/component-base/featuregate/testing"
	"k8s.io/klog/v2"
	logf "sigs.k8s.io/controller-runtime/pkg/log"
	"sigs.k8s.io/controller-runtime/pkg/log/zap"

	"github.com/gep-78/gardener/pkg/features"
	gardenerenvtest "github.com/gep-78/gardener/test/envtest"
)

// StartGarden starts etcd, kube-apiserver and gardener-apiserver (with apiServerArgs after
// --feature-gates=ExtensionComponentVersions=true), turns the gate on in this process for the
// suite, logs to GinkgoWriter and stops the environment when the suite ends. Call it in
// BeforeSuite.
func StartGarden(apiServerArgs ...string) *rest.Config {
	GinkgoHelper()
	logger := zap.New(zap.UseDevMode(true), zap.WriteTo(GinkgoWriter))
	logf.SetLogger(logger)
	klog.SetLogger(logger)
	featuregatetesting.SetFeatureGateDuringTest(GinkgoTB(), features.DefaultFeatureGate, features.ExtensionComponentVersions, true)

	By("Start etcd, kube-apiserver and gardener-apiserver")
	testEnv := &gardenerenvtest.GardenerTestEnvironment{
		GardenerAPIServer: &gardenerenvtest.GardenerAPIServer{
			Args: append([]string{"--feature-gates=ExtensionComponentVersions=true"}, apiServerArgs...),
		},
	}
	restConfig, err := testEnv.Start()
	Expect(err).NotTo(HaveOccurred())
	DeferCleanup(func() {
		By("Stop the test environment")
		Expect(testEnv.Stop()).To(Succeed())
	})
	return restConfig
}
