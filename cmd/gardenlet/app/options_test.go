// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package app_test

import (
	"os"
	"path/filepath"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	"github.com/spf13/pflag"
	featuregatetesting "k8s.io/component-base/featuregate/testing"

	. "github.com/gep-78/gardener/cmd/gardenlet/app"
	gardenletconfigv1alpha1 "github.com/gep-78/gardener/pkg/apis/config/gardenlet/v1alpha1"
	"github.com/gep-78/gardener/pkg/features"
	"github.com/gep-78/gardener/pkg/gardenlet/controller/shoot/extension"
)

var _ = Describe("Options", func() {
	parse := func(args ...string) (*Options, error) {
		opts := NewOptions()
		fs := pflag.NewFlagSet("test", pflag.ContinueOnError)
		opts.AddFlags(fs)
		return opts, fs.Parse(args)
	}

	It("should have the documented defaults", func() {
		opts, err := parse()
		Expect(err).NotTo(HaveOccurred())
		Expect(opts.GardenKubeconfig).To(BeEmpty())
		Expect(opts.SeedKubeconfig).To(BeEmpty())
		Expect(opts.SeedName).To(Equal("local"))
		Expect(opts.AdoptUnscheduledShoots).To(BeFalse())
		Expect(opts.MetricsBindAddress).To(Equal("0"))
		Expect(opts.HealthProbeBindAddress).To(Equal(":2728"))
		Expect(opts.ConcurrentSyncs).To(BeZero())
		Expect(opts.FeatureGates).To(BeEmpty())
		Expect(opts.Complete()).To(Succeed())
		Expect(opts.Validate()).To(Succeed())
		// Gardener's defaults (pkg/apis/config/gardenlet/v1alpha1/defaults.go upstream).
		Expect(opts.Config.GardenClientConnection.QPS).To(Equal(float32(50)))
		Expect(opts.Config.GardenClientConnection.Burst).To(Equal(int32(100)))
		Expect(opts.Config.GardenClientConnection.ContentType).To(BeEmpty())
		Expect(opts.Config.SeedClientConnection.QPS).To(Equal(float32(50)))
		Expect(opts.Config.SeedClientConnection.Burst).To(Equal(int32(100)))
		Expect(ControllerConfig(opts.Config).ConcurrentSyncs).To(Equal(20))
		leaderElection := opts.Config.LeaderElection
		Expect(leaderElection.LeaderElect).To(HaveValue(BeTrue()))
		Expect(leaderElection.ResourceLock).To(Equal("leases"))
		Expect(leaderElection.ResourceNamespace).To(Equal("garden"))
		Expect(leaderElection.ResourceName).To(Equal("gardenlet-leader-election"))
		Expect(leaderElection.LeaseDuration.Duration).To(Equal(15 * time.Second))
		Expect(leaderElection.RenewDeadline.Duration).To(Equal(10 * time.Second))
		Expect(leaderElection.RetryPeriod.Duration).To(Equal(2 * time.Second))
		Expect(opts.Config.Server.HealthProbes).To(Equal(&gardenletconfigv1alpha1.Server{Port: 2728}))
		Expect(opts.Config.Server.Metrics).To(BeNil())
		Expect(opts.Config.SeedConfig.Name).To(Equal("local"))
	})

	It("should parse every flag", func() {
		opts, err := parse("--garden-kubeconfig=/g", "--seed-kubeconfig=/s", "--seed-name=seed-1", "--adopt-unscheduled-shoots",
			"--feature-gates=ExtensionComponentVersions=true", "--metrics-bind-address=:2729",
			"--health-probe-bind-address=:9999", "--concurrent-syncs=3", "--zap-devel")
		Expect(err).NotTo(HaveOccurred())
		Expect(opts.GardenKubeconfig).To(Equal("/g"))
		Expect(opts.SeedKubeconfig).To(Equal("/s"))
		Expect(opts.FeatureGates).To(Equal(map[string]bool{"ExtensionComponentVersions": true}))
		Expect(opts.MetricsBindAddress).To(Equal(":2729"))
		Expect(opts.HealthProbeBindAddress).To(Equal(":9999"))
		Expect(opts.Zap.Development).To(BeTrue())
		Expect(opts.Complete()).To(Succeed())
		Expect(ControllerConfig(opts.Config)).To(Equal(extension.Config{SeedName: "seed-1", AdoptUnscheduledShoots: true, ConcurrentSyncs: 3}))
		Expect(opts.Config.GardenClientConnection.Kubeconfig).To(Equal("/g"))
		Expect(opts.Config.SeedClientConnection.Kubeconfig).To(Equal("/s"))
		Expect(opts.Config.Server.Metrics).To(Equal(&gardenletconfigv1alpha1.Server{Port: 2729}))
		Expect(opts.Config.Server.HealthProbes).To(Equal(&gardenletconfigv1alpha1.Server{Port: 9999}))
		Expect(opts.Config.SeedConfig.Name).To(Equal("seed-1"))
	})

	writeConfig := func(content string) string {
		path := filepath.Join(GinkgoT().TempDir(), "config.yaml")
		Expect(os.WriteFile(path, []byte(content), 0o600)).To(Succeed())
		return path
	}

	It("should keep the seed name, the adoption and the endpoints of the file without the flags", func() {
		opts, err := parse("--config=" + writeConfig(`apiVersion: gardenlet.config.gardener.cloud/v1alpha1
kind: GardenletConfiguration
seedConfig:
  metadata:
    name: seed-2
controllers:
  shoot:
    adoptUnscheduledShoots: true
server:
  healthProbes:
    bindAddress: 127.0.0.1
  metrics:
    port: 8080
`))
		Expect(err).NotTo(HaveOccurred())
		Expect(opts.Complete()).To(Succeed())
		Expect(opts.Validate()).To(Succeed())
		Expect(ControllerConfig(opts.Config)).To(Equal(extension.Config{SeedName: "seed-2", AdoptUnscheduledShoots: true, ConcurrentSyncs: 20}))
		Expect(opts.Config.Server.HealthProbes).To(Equal(&gardenletconfigv1alpha1.Server{BindAddress: "127.0.0.1", Port: 2728}))
		Expect(opts.Config.Server.Metrics).To(Equal(&gardenletconfigv1alpha1.Server{Port: 8080}))
	})

	It("should disable the health probes with --health-probe-bind-address=0 and reject a bad address", func() {
		opts, err := parse("--health-probe-bind-address=0")
		Expect(err).NotTo(HaveOccurred())
		Expect(opts.Complete()).To(Succeed())
		Expect(opts.Config.Server.HealthProbes).To(BeNil())

		opts, err = parse("--metrics-bind-address=:x")
		Expect(err).NotTo(HaveOccurred())
		Expect(opts.Complete()).To(MatchError(ContainSubstring("invalid --metrics-bind-address")))
	})

	It("should read the component configuration of --config, flags taking precedence", func() {
		opts, err := parse("--config="+writeConfig(`apiVersion: gardenlet.config.gardener.cloud/v1alpha1
kind: GardenletConfiguration
gardenClientConnection:
  kubeconfig: /garden
  qps: 200
  burst: 300
  acceptContentTypes: application/vnd.kubernetes.protobuf,application/json
  contentType: application/vnd.kubernetes.protobuf
seedClientConnection:
  kubeconfig: /seed
  contentType: application/json
controllers:
  shoot:
    concurrentSyncs: 50
leaderElection:
  leaseDuration: 3s
  renewDeadline: 2s
  retryPeriod: 500ms
  resourceNamespace: seed-system
`), "--seed-kubeconfig=/other-seed")
		Expect(err).NotTo(HaveOccurred())
		Expect(opts.Complete()).To(Succeed())
		Expect(opts.Validate()).To(Succeed())
		garden := opts.Config.GardenClientConnection
		Expect(garden.Kubeconfig).To(Equal("/garden"))
		Expect(garden.QPS).To(Equal(float32(200)))
		Expect(garden.Burst).To(Equal(int32(300)))
		Expect(garden.AcceptContentTypes).To(Equal("application/vnd.kubernetes.protobuf,application/json"))
		Expect(garden.ContentType).To(Equal("application/vnd.kubernetes.protobuf"))
		seed := opts.Config.SeedClientConnection
		Expect(seed.Kubeconfig).To(Equal("/other-seed"))
		Expect(seed.QPS).To(Equal(float32(50)))
		Expect(seed.ContentType).To(Equal("application/json"))
		Expect(ControllerConfig(opts.Config).ConcurrentSyncs).To(Equal(50))
		leaderElection := opts.Config.LeaderElection
		Expect(leaderElection.LeaderElect).To(HaveValue(BeTrue()))
		Expect(leaderElection.LeaseDuration.Duration).To(Equal(3 * time.Second))
		Expect(leaderElection.RetryPeriod.Duration).To(Equal(500 * time.Millisecond))
		Expect(leaderElection.ResourceNamespace).To(Equal("seed-system"))
		Expect(leaderElection.ResourceName).To(Equal("gardenlet-leader-election"))
	})

	DescribeTable("#Complete rejects a configuration file",
		func(content, message string) {
			opts, err := parse("--config=" + writeConfig(content))
			Expect(err).NotTo(HaveOccurred())
			Expect(opts.Complete()).To(MatchError(ContainSubstring(message)))
		},
		Entry("with an unknown field", "apiVersion: gardenlet.config.gardener.cloud/v1alpha1\nkind: GardenletConfiguration\ngardenClientConnection:\n  qsp: 1\n", `unknown field "gardenClientConnection.qsp"`),
		Entry("of another kind", "apiVersion: controllermanager.config.gardener.cloud/v1alpha1\nkind: ControllerManagerConfiguration\n", "no kind \"ControllerManagerConfiguration\" is registered"),
	)

	DescribeTable("#Validate",
		func(mutate func(*Options), message string) {
			opts := NewOptions()
			Expect(opts.Complete()).To(Succeed())
			mutate(opts)
			Expect(opts.Validate()).To(MatchError(ContainSubstring(message)))
		},
		Entry("no seed name", func(o *Options) { o.SeedName = "" }, "--seed-name must not be empty"),
		Entry("no seed name in the configuration", func(o *Options) { o.Config.SeedConfig.Name = "" }, "seedConfig.metadata.name: Required value"),
		Entry("a port out of range", func(o *Options) { o.Config.Server.HealthProbes.Port = 70000 }, "server.healthProbes.port: Invalid value: 70000"),
		Entry("no workers", func(o *Options) { *o.Config.Controllers.Shoot.ConcurrentSyncs = 0 }, "controllers.shoot.concurrentSyncs: Invalid value: 0: must be at least 1"),
		Entry("negative qps", func(o *Options) { o.Config.GardenClientConnection.QPS = -1 }, "gardenClientConnection.qps: Invalid value"),
		Entry("unsupported content type", func(o *Options) { o.Config.SeedClientConnection.ContentType = "application/yaml" }, `seedClientConnection.contentType: Unsupported value: "application/yaml"`),
		Entry("a lease shorter than the renew deadline", func(o *Options) { o.Config.LeaderElection.LeaseDuration.Duration = 5 * time.Second },
			"leaderElection.leaseDuration: Invalid value: \"5s\": must be greater than renewDeadline"),
		Entry("a renew deadline not above the retry period", func(o *Options) { o.Config.LeaderElection.RetryPeriod.Duration = 10 * time.Second },
			"leaderElection.renewDeadline: Invalid value: \"10s\": must be greater than retryPeriod"),
		Entry("another lock", func(o *Options) { o.Config.LeaderElection.ResourceLock = "configmaps" }, `leaderElection.resourceLock: Unsupported value: "configmaps"`),
		Entry("a Lease without a namespace", func(o *Options) { o.Config.LeaderElection.ResourceNamespace = "" }, "leaderElection.resourceNamespace: Required value"),
		Entry("unsupported accept type", func(o *Options) { o.Config.SeedClientConnection.AcceptContentTypes = "application/json,text/plain" }, "seedClientConnection.acceptContentTypes: Invalid value"),
	)

	Describe("#ApplyFeatureGates", func() {
		BeforeEach(func() {
			features.RegisterFeatureGates()
			featuregatetesting.SetFeatureGateDuringTest(GinkgoTB(), features.DefaultFeatureGate, features.ExtensionComponentVersions, false)
		})

		It("should apply a known gate", func() {
			opts := NewOptions()
			opts.FeatureGates = map[string]bool{string(features.ExtensionComponentVersions): true}
			Expect(opts.ApplyFeatureGates()).To(Succeed())
			Expect(features.DefaultFeatureGate.Enabled(features.ExtensionComponentVersions)).To(BeTrue())
		})

		It("should reject an unknown gate", func() {
			opts := NewOptions()
			opts.FeatureGates = map[string]bool{"Unknown": true}
			Expect(opts.ApplyFeatureGates()).To(MatchError(ContainSubstring("unrecognized feature gate(s): Unknown")))
		})
	})

	Describe("#RESTConfigs", func() {
		writeKubeconfig := func(server string) string {
			path := filepath.Join(GinkgoT().TempDir(), "kubeconfig")
			Expect(os.WriteFile(path, []byte(`apiVersion: v1
kind: Config
clusters:
- name: c
  cluster:
    server: `+server+`
contexts:
- name: c
  context:
    cluster: c
    user: u
current-context: c
users:
- name: u
  user:
    token: t
`), 0o600)).To(Succeed())
			return path
		}

		It("should use the garden kubeconfig for the seed by default", func() {
			opts := NewOptions()
			opts.GardenKubeconfig = writeKubeconfig("https://garden:6443")
			Expect(opts.Complete()).To(Succeed())
			garden, seed, err := RESTConfigs(opts.Config)
			Expect(err).NotTo(HaveOccurred())
			Expect(garden.Host).To(Equal("https://garden:6443"))
			Expect(seed.Host).To(Equal("https://garden:6443"))
			Expect(garden.QPS).To(Equal(float32(50)))
			Expect(garden.Burst).To(Equal(100))
			Expect(seed.QPS).To(Equal(float32(50)))
			Expect(seed.Burst).To(Equal(100))
		})

		It("should use a separate seed kubeconfig", func() {
			opts := NewOptions()
			opts.GardenKubeconfig = writeKubeconfig("https://garden:6443")
			opts.SeedKubeconfig = writeKubeconfig("https://seed:6443")
			Expect(opts.Complete()).To(Succeed())
			garden, seed, err := RESTConfigs(opts.Config)
			Expect(err).NotTo(HaveOccurred())
			Expect(garden.Host).To(Equal("https://garden:6443"))
			Expect(seed.Host).To(Equal("https://seed:6443"))
		})

		It("should fail on a missing kubeconfig", func() {
			opts := NewOptions()
			opts.GardenKubeconfig = "/does/not/exist"
			Expect(opts.Complete()).To(Succeed())
			_, _, err := RESTConfigs(opts.Config)
			Expect(err).To(MatchError(ContainSubstring("failed loading the garden kubeconfig")))
		})
	})
})
