// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package v1alpha1_test

import (
	"os"
	"path/filepath"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	"k8s.io/utils/ptr"

	. "github.com/gep-78/gardener/pkg/apis/config/operator/v1alpha1"
)

var _ = Describe("Validate", func() {
	valid := func() *OperatorConfiguration {
		GinkgoHelper()
		cfg, err := Load("")
		Expect(err).NotTo(HaveOccurred())
		Expect(Validate(cfg)).To(BeEmpty())
		return cfg
	}

	DescribeTable("names each invalid field with its path",
		func(mutate func(*OperatorConfiguration), want string) {
			cfg := valid()
			mutate(cfg)
			errs := Validate(cfg)
			Expect(errs).To(HaveLen(1))
			Expect(errs[0].Error()).To(Equal(want))
		},
		Entry("a zero runtime QPS", func(cfg *OperatorConfiguration) { cfg.RuntimeClientConnection.QPS = 0 },
			"runtimeClientConnection.qps: Invalid value: 0: must be positive"),
		Entry("a zero virtual burst", func(cfg *OperatorConfiguration) { cfg.VirtualClientConnection.Burst = 0 },
			"virtualClientConnection.burst: Invalid value: 0: must be positive"),
		Entry("a negative virtual QPS", func(cfg *OperatorConfiguration) { cfg.VirtualClientConnection.QPS = -2 },
			"virtualClientConnection.qps: Invalid value: -2: must not be negative"),
		Entry("no concurrency", func(cfg *OperatorConfiguration) { cfg.Controllers.ExtensionProfile.ConcurrentSyncs = ptr.To(0) },
			"controllers.extensionProfile.concurrentSyncs: Invalid value: 0: must be at least 1"),
		Entry("a health probe port out of range", func(cfg *OperatorConfiguration) { cfg.Server.HealthProbes.Port = 65536 },
			"server.healthProbes.port: Invalid value: 65536: must be between 0 and 65535"),
		Entry("a metrics port out of range", func(cfg *OperatorConfiguration) { cfg.Server.Metrics = &Server{Port: -1} },
			"server.metrics.port: Invalid value: -1: must be between 0 and 65535"),
	)

	It("accepts a port of zero, which picks a free one", func() {
		cfg := valid()
		cfg.Server.HealthProbes.Port = 0
		cfg.Server.Metrics = &Server{Port: 0}
		Expect(Validate(cfg)).To(BeEmpty())
	})

	DescribeTable("Load refuses a file it cannot read strictly",
		func(content, want string) {
			path := filepath.Join(GinkgoT().TempDir(), "config.yaml")
			Expect(os.WriteFile(path, []byte(content), 0o600)).To(Succeed())
			_, err := Load(path)
			Expect(err).To(MatchError(ContainSubstring(want)))
		},
		Entry("a duplicate field", "server: {}\nserver: {}\n", `"server" already set`),
		Entry("a field of the wrong type", "controllers:\n  extensionProfile:\n    concurrentSyncs: many\n", "failed decoding"),
	)
})
