// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package v1alpha1_test

import (
	"os"
	"path/filepath"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	componentbaseconfigv1alpha1 "k8s.io/component-base/config/v1alpha1"

	. "github.com/gep-78/gardener/pkg/apis/config/operator/v1alpha1"
)

var _ = Describe("Load", func() {
	write := func(content string) string {
		GinkgoHelper()
		path := filepath.Join(GinkgoT().TempDir(), "config.yaml")
		Expect(os.WriteFile(path, []byte(content), 0o600)).To(Succeed())
		return path
	}

	It("should default every section left out", func() {
		cfg, err := Load("")
		Expect(err).NotTo(HaveOccurred())
		defaulted := componentbaseconfigv1alpha1.ClientConnectionConfiguration{QPS: 100, Burst: 130}
		Expect(cfg.RuntimeClientConnection).To(Equal(defaulted))
		Expect(cfg.VirtualClientConnection).To(Equal(defaulted))
		Expect(cfg.Controllers.ExtensionProfile.ConcurrentSyncs).To(HaveValue(Equal(5)))
		Expect(cfg.Server).To(Equal(ServerConfiguration{HealthProbes: &Server{Port: 2751}}))
		Expect(Validate(cfg)).To(BeEmpty())
	})

	It("should keep given values, default a zero concurrentSyncs and the port of a given metrics endpoint", func() {
		cfg, err := Load(write("apiVersion: operator.config.gardener.cloud/v1alpha1\nkind: OperatorConfiguration\n" +
			"runtimeClientConnection:\n  kubeconfig: /runtime\n  qps: 7\n" +
			"virtualClientConnection:\n  burst: 9\n" +
			"controllers:\n  extensionProfile:\n    concurrentSyncs: 0\n" +
			"server:\n  metrics:\n    bindAddress: 127.0.0.1\n"))
		Expect(err).NotTo(HaveOccurred())
		Expect(cfg.RuntimeClientConnection).To(Equal(componentbaseconfigv1alpha1.ClientConnectionConfiguration{Kubeconfig: "/runtime", QPS: 7, Burst: 130}))
		Expect(cfg.VirtualClientConnection).To(Equal(componentbaseconfigv1alpha1.ClientConnectionConfiguration{QPS: 100, Burst: 9}))
		Expect(cfg.Controllers.ExtensionProfile.ConcurrentSyncs).To(HaveValue(Equal(5)))
		Expect(cfg.Server.Metrics).To(Equal(&Server{BindAddress: "127.0.0.1", Port: 2752}))
	})

	It("should reject an unknown field", func() {
		_, err := Load(write("controllers:\n  garden: {}\n"))
		Expect(err).To(MatchError(ContainSubstring(`unknown field "controllers.garden"`)))
	})

	It("should reject a negative port, qps and concurrency", func() {
		cfg, err := Load(write("runtimeClientConnection:\n  qps: -1\ncontrollers:\n  extensionProfile:\n    concurrentSyncs: -2\nserver:\n  healthProbes:\n    port: -1\n"))
		Expect(err).NotTo(HaveOccurred())
		Expect(Validate(cfg).ToAggregate()).To(MatchError(And(
			ContainSubstring("runtimeClientConnection.qps: Invalid value: -1: must not be negative"),
			ContainSubstring("controllers.extensionProfile.concurrentSyncs: Invalid value: -2: must be at least 1"),
			ContainSubstring("server.healthProbes.port: Invalid value: -1: must be between 0 and 65535"),
		)))
	})
})
