// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package v1alpha1_test

import (
	"os"
	"path/filepath"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"

	. "github.com/gep-78/gardener/pkg/apis/config/controllermanager/v1alpha1"
)

var _ = Describe("Validate", func() {
	valid := func() *ControllerManagerConfiguration {
		GinkgoHelper()
		cfg, err := Load("")
		Expect(err).NotTo(HaveOccurred())
		Expect(Validate(cfg)).To(BeEmpty())
		return cfg
	}

	DescribeTable("names each invalid field with its path",
		func(mutate func(*ControllerManagerConfiguration), want string) {
			cfg := valid()
			mutate(cfg)
			errs := Validate(cfg)
			Expect(errs).To(HaveLen(1))
			Expect(errs[0].Error()).To(ContainSubstring(want))
		},
		Entry("a negative garden QPS", func(cfg *ControllerManagerConfiguration) { cfg.GardenClientConnection.QPS = -1 },
			"gardenClientConnection.qps: Invalid value: -1: must not be negative"),
		Entry("no CloudProfile concurrency", func(cfg *ControllerManagerConfiguration) { cfg.Controllers.CloudProfile.ConcurrentSyncs = ptr.To(0) },
			"controllers.cloudProfile.concurrentSyncs: Invalid value: 0: must be at least 1"),
		Entry("no maintenance concurrency", func(cfg *ControllerManagerConfiguration) {
			cfg.Controllers.ShootMaintenance.ConcurrentSyncs = ptr.To(-1)
		},
			"controllers.shootMaintenance.concurrentSyncs: Invalid value: -1: must be at least 1"),
		Entry("a negative soak period", func(cfg *ControllerManagerConfiguration) {
			cfg.Controllers.ExtensionProfile.StableChannelSoakPeriod = &metav1.Duration{Duration: -time.Hour}
		}, `controllers.extensionProfile.stableChannelSoakPeriod: Invalid value: "-1h0m0s": must not be negative`),
		Entry("a zero expiration horizon", func(cfg *ControllerManagerConfiguration) {
			cfg.Metrics.ExtensionComponentExpirationHorizon = &metav1.Duration{}
		}, `metrics.extensionComponentExpirationHorizon: Invalid value: "0s": must be positive`),
		Entry("a metrics port out of range", func(cfg *ControllerManagerConfiguration) { cfg.Server.Metrics = &Server{Port: 65536} },
			"server.metrics.port: Invalid value: 65536: must be between 0 and 65535"),
	)

	It("accepts a soak period of zero and sections left out", func() {
		cfg := valid()
		cfg.Controllers.ExtensionProfile.StableChannelSoakPeriod = &metav1.Duration{}
		cfg.Controllers.CloudProfile = nil
		cfg.Metrics = nil
		Expect(Validate(cfg)).To(BeEmpty())
	})

	DescribeTable("Load refuses a file it cannot read strictly",
		func(content, want string) {
			path := filepath.Join(GinkgoT().TempDir(), "config.yaml")
			Expect(os.WriteFile(path, []byte(content), 0o600)).To(Succeed())
			_, err := Load(path)
			Expect(err).To(MatchError(ContainSubstring(want)))
		},
		Entry("an unknown field", "controllers:\n  shoot: {}\n", `unknown field "controllers.shoot"`),
		Entry("a duplicate field", "server: {}\nserver: {}\n", `"server" already set`),
		Entry("a duration that does not parse", "controllers:\n  extensionProfile:\n    stableChannelSoakPeriod: two weeks\n", "failed decoding"),
	)
})
