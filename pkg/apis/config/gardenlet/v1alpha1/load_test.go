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

	. "github.com/gep-78/gardener/pkg/apis/config/gardenlet/v1alpha1"
)

const header = "apiVersion: gardenlet.config.gardener.cloud/v1alpha1\nkind: GardenletConfiguration\n"

var _ = Describe("Load and Validate", func() {
	write := func(content string) string {
		GinkgoHelper()
		path := filepath.Join(GinkgoT().TempDir(), "config.yaml")
		Expect(os.WriteFile(path, []byte(content), 0o600)).To(Succeed())
		return path
	}
	load := func(content string) *GardenletConfiguration {
		GinkgoHelper()
		cfg, err := Load(write(header + content))
		Expect(err).NotTo(HaveOccurred())
		return cfg
	}

	It("defaults every section left out, without a file", func() {
		cfg, err := Load("")
		Expect(err).NotTo(HaveOccurred())
		Expect(cfg.GardenClientConnection).NotTo(BeNil())
		Expect(cfg.GardenClientConnection.QPS).To(BeNumerically(">", 0))
		Expect(cfg.GardenClientConnection.Burst).To(BeNumerically(">", 0))
		Expect(cfg.SeedClientConnection).NotTo(BeNil())
		Expect(cfg.Controllers.Shoot.ConcurrentSyncs).To(HaveValue(Equal(DefaultControllerConcurrentSyncs)))
		Expect(cfg.Controllers.Shoot.AdoptUnscheduledShoots).To(BeFalse())
		Expect(cfg.LeaderElection.ResourceLock).To(Equal("leases"))
		Expect(cfg.LeaderElection.ResourceNamespace).To(Equal(GardenletDefaultLockObjectNamespace))
		Expect(cfg.LeaderElection.ResourceName).To(Equal(GardenletDefaultLockObjectName))
		Expect(cfg.LeaderElection.LeaseDuration).To(Equal(metav1.Duration{Duration: 15 * time.Second}))
		Expect(cfg.Server.HealthProbes).To(Equal(&Server{Port: DefaultHealthProbePort}))
		Expect(cfg.Server.Metrics).To(BeNil())
		Expect(cfg.SeedConfig.Name).To(Equal(DefaultSeedName))
		Expect(Validate(cfg)).To(BeEmpty())
	})

	It("keeps what a file sets and defaults the rest", func() {
		cfg := load("controllers:\n  shoot:\n    concurrentSyncs: 3\n    adoptUnscheduledShoots: true\n" +
			"leaderElection:\n  leaderElect: true\n  resourceName: other\n" +
			"server:\n  metrics:\n    bindAddress: 127.0.0.1\n" +
			"seedConfig:\n  metadata:\n    name: eu-1\n")
		Expect(cfg.Controllers.Shoot.ConcurrentSyncs).To(HaveValue(Equal(3)))
		Expect(cfg.Controllers.Shoot.AdoptUnscheduledShoots).To(BeTrue())
		Expect(cfg.LeaderElection.LeaderElect).To(Equal(ptr.To(true)))
		Expect(cfg.LeaderElection.ResourceName).To(Equal("other"))
		Expect(cfg.LeaderElection.ResourceNamespace).To(Equal(GardenletDefaultLockObjectNamespace))
		Expect(cfg.Server.Metrics).To(Equal(&Server{BindAddress: "127.0.0.1", Port: DefaultMetricsPort}))
		Expect(cfg.SeedConfig.Name).To(Equal("eu-1"))
		Expect(Validate(cfg)).To(BeEmpty())
	})

	DescribeTable("refuses a file it cannot read strictly",
		func(content, want string) {
			_, err := Load(write(content))
			Expect(err).To(MatchError(ContainSubstring(want)))
		},
		Entry("an unknown field", header+"seedConfigs: {}\n", `unknown field "seedConfigs"`),
		Entry("a duplicate field", header+"server: {}\nserver: {}\n", `"server" already set`),
		Entry("another kind", "apiVersion: gardenlet.config.gardener.cloud/v1alpha1\nkind: Other\n", "Other"),
		Entry("a field of the wrong type", header+"controllers:\n  shoot:\n    concurrentSyncs: many\n", "failed decoding"),
	)

	It("says when the file cannot be read", func() {
		_, err := Load(filepath.Join(GinkgoT().TempDir(), "missing.yaml"))
		Expect(err).To(MatchError(ContainSubstring("no such file or directory")))
	})

	DescribeTable("Validate returns each invalid field with its path",
		func(content string, mutate func(*GardenletConfiguration), want string) {
			cfg := load(content)
			if mutate != nil {
				mutate(cfg)
			}
			Expect(Validate(cfg).ToAggregate()).To(MatchError(ContainSubstring(want)))
		},
		Entry("a negative garden QPS", "gardenClientConnection:\n  qps: -1\n", nil, "gardenClientConnection.qps: Invalid value: -1: must not be negative"),
		Entry("a negative seed burst", "seedClientConnection:\n  burst: -1\n", nil, "seedClientConnection.burst: Invalid value: -1: must not be negative"),
		Entry("no concurrency", "controllers:\n  shoot:\n    concurrentSyncs: 0\n", nil, "controllers.shoot.concurrentSyncs: Invalid value: 0: must be at least 1"),
		Entry("a zero lease duration", "leaderElection:\n  leaderElect: true\n", func(cfg *GardenletConfiguration) {
			cfg.LeaderElection.LeaseDuration = metav1.Duration{}
		}, "leaderElection.leaseDuration"),
		Entry("a health probe port out of range", "server:\n  healthProbes:\n    port: 70000\n", nil, "server.healthProbes.port: Invalid value: 70000: must be between 0 and 65535"),
		Entry("a metrics port out of range", "server:\n  metrics:\n    port: -1\n", nil, "server.metrics.port: Invalid value: -1: must be between 0 and 65535"),
		Entry("no seed name", "", func(cfg *GardenletConfiguration) { cfg.SeedConfig = nil }, "seedConfig.metadata.name: Required value: the seed's name"),
	)
})
