// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package app_test

import (
	"bytes"
	"os"
	"path/filepath"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	"github.com/spf13/pflag"
	featuregatetesting "k8s.io/component-base/featuregate/testing"
	"k8s.io/utils/ptr"

	. "github.com/gep-78/gardener/cmd/gardener-controller-manager/app"
	controllermanagerconfigv1alpha1 "github.com/gep-78/gardener/pkg/apis/config/controllermanager/v1alpha1"
	"github.com/gep-78/gardener/pkg/features"
)

var _ = Describe("Options", func() {
	parse := func(args ...string) (*Options, error) {
		opts := NewOptions()
		fs := pflag.NewFlagSet("test", pflag.ContinueOnError)
		opts.AddFlags(fs)
		return opts, fs.Parse(args)
	}
	// expectControllers checks the concurrency of the three controllers, the soak period and the
	// expiration horizon of a completed configuration.
	expectControllers := func(opts *Options, cloudProfile, extensionProfile, shootMaintenance int, soak, horizon time.Duration) {
		GinkgoHelper()
		c := opts.Config.Controllers
		Expect(c.CloudProfile.ConcurrentSyncs).To(HaveValue(Equal(cloudProfile)))
		Expect(c.ExtensionProfile.ConcurrentSyncs).To(HaveValue(Equal(extensionProfile)))
		Expect(c.ShootMaintenance.ConcurrentSyncs).To(HaveValue(Equal(shootMaintenance)))
		Expect(c.ExtensionProfile.StableChannelSoakPeriod.Duration).To(Equal(soak))
		Expect(opts.Config.Metrics.ExtensionComponentExpirationHorizon.Duration).To(Equal(horizon))
	}

	It("should have the documented defaults", func() {
		opts, err := parse()
		Expect(err).NotTo(HaveOccurred())
		Expect(opts.MetricsBindAddress).To(Equal("0"))
		Expect(opts.HealthProbeBindAddress).To(Equal(":2718"))
		Expect(opts.ConcurrentSyncs).To(BeZero())
		Expect(opts.FeatureGates).To(BeEmpty())
		Expect(opts.Complete()).To(Succeed())
		Expect(opts.Validate()).To(Succeed())
		// Gardener's defaults, but no metrics endpoint.
		Expect(opts.Config.GardenClientConnection.Kubeconfig).To(BeEmpty())
		Expect(opts.Config.Server.HealthProbes).To(Equal(&controllermanagerconfigv1alpha1.Server{Port: 2718}))
		Expect(opts.Config.Server.Metrics).To(BeNil())
		Expect(opts.Config.GardenClientConnection.QPS).To(Equal(float32(50)))
		Expect(opts.Config.GardenClientConnection.Burst).To(Equal(int32(100)))
		leaderElection := opts.Config.LeaderElection
		Expect(leaderElection.LeaderElect).To(HaveValue(BeTrue()))
		Expect(leaderElection.ResourceLock).To(Equal("leases"))
		Expect(leaderElection.ResourceNamespace).To(Equal("garden"))
		Expect(leaderElection.ResourceName).To(Equal("gardener-controller-manager-leader-election"))
		Expect(leaderElection.LeaseDuration.Duration).To(Equal(15 * time.Second))
		Expect(leaderElection.RenewDeadline.Duration).To(Equal(10 * time.Second))
		Expect(leaderElection.RetryPeriod.Duration).To(Equal(2 * time.Second))
		expectControllers(opts, 5, 5, 5, 14*24*time.Hour, 30*24*time.Hour)
	})

	It("should parse every flag and hand the concurrency to each controller", func() {
		opts, err := parse("--feature-gates=ExtensionComponentVersions=true", "--metrics-bind-address=:2719",
			"--health-probe-bind-address=:9999", "--leader-election", "--leader-election-id=x", "--leader-election-namespace=y",
			"--concurrent-syncs=3", "--kubeconfig=/dev/null", "--zap-devel")
		Expect(err).NotTo(HaveOccurred())
		Expect(opts.FeatureGates).To(Equal(map[string]bool{"ExtensionComponentVersions": true}))
		Expect(opts.MetricsBindAddress).To(Equal(":2719"))
		Expect(opts.HealthProbeBindAddress).To(Equal(":9999"))
		Expect(opts.Zap.Development).To(BeTrue())
		Expect(opts.Complete()).To(Succeed())
		Expect(opts.Config.LeaderElection.LeaderElect).To(HaveValue(BeTrue()))
		Expect(opts.Config.LeaderElection.ResourceName).To(Equal("x"))
		Expect(opts.Config.LeaderElection.ResourceNamespace).To(Equal("y"))
		Expect(opts.Config.GardenClientConnection.Kubeconfig).To(Equal("/dev/null"))
		Expect(opts.Config.Server.Metrics).To(Equal(&controllermanagerconfigv1alpha1.Server{Port: 2719}))
		Expect(opts.Config.Server.HealthProbes).To(Equal(&controllermanagerconfigv1alpha1.Server{Port: 9999}))
		expectControllers(opts, 3, 3, 3, 14*24*time.Hour, 30*24*time.Hour)
	})

	It("should read the component configuration of --config", func() {
		path := filepath.Join(GinkgoT().TempDir(), "config.yaml")
		Expect(os.WriteFile(path, []byte(`apiVersion: controllermanager.config.gardener.cloud/v1alpha1
kind: ControllerManagerConfiguration
gardenClientConnection:
  kubeconfig: /etc/garden/kubeconfig
  qps: 100
  burst: 130
  contentType: application/vnd.kubernetes.protobuf
controllers:
  extensionProfile:
    concurrentSyncs: 2
    stableChannelSoakPeriod: 72h
  shootMaintenance:
    concurrentSyncs: 40
metrics:
  extensionComponentExpirationHorizon: 168h
leaderElection:
  leaseDuration: 3s
  renewDeadline: 2s
  retryPeriod: 500ms
  resourceNamespace: kube-system
server:
  healthProbes:
    bindAddress: 127.0.0.1
  metrics: {}
`), 0o600)).To(Succeed())
		opts, err := parse("--config=" + path)
		Expect(err).NotTo(HaveOccurred())
		Expect(opts.Complete()).To(Succeed())
		Expect(opts.Validate()).To(Succeed())
		leaderElection := opts.Config.LeaderElection
		Expect(leaderElection.LeaderElect).To(HaveValue(BeTrue()))
		Expect(leaderElection.LeaseDuration.Duration).To(Equal(3 * time.Second))
		Expect(leaderElection.RenewDeadline.Duration).To(Equal(2 * time.Second))
		Expect(leaderElection.RetryPeriod.Duration).To(Equal(500 * time.Millisecond))
		Expect(leaderElection.ResourceNamespace).To(Equal("kube-system"))
		Expect(leaderElection.ResourceName).To(Equal("gardener-controller-manager-leader-election"))
		Expect(opts.Config.GardenClientConnection.QPS).To(Equal(float32(100)))
		Expect(opts.Config.GardenClientConnection.Burst).To(Equal(int32(130)))
		Expect(opts.Config.GardenClientConnection.Kubeconfig).To(Equal("/etc/garden/kubeconfig"))
		Expect(opts.Config.Server.HealthProbes).To(Equal(&controllermanagerconfigv1alpha1.Server{BindAddress: "127.0.0.1", Port: 2718}))
		Expect(opts.Config.Server.Metrics).To(Equal(&controllermanagerconfigv1alpha1.Server{Port: 2719}))
		expectControllers(opts, 5, 2, 40, 72*time.Hour, 7*24*time.Hour)
	})

	It("should let --metrics-bind-address and --health-probe-bind-address override server only when given", func() {
		path := filepath.Join(GinkgoT().TempDir(), "config.yaml")
		Expect(os.WriteFile(path, []byte("server:\n  healthProbes:\n    port: 8081\n  metrics:\n    bindAddress: 10.0.0.1\n    port: 8080\n"), 0o600)).To(Succeed())
		opts, err := parse("--config=" + path)
		Expect(err).NotTo(HaveOccurred())
		Expect(opts.Complete()).To(Succeed())
		Expect(opts.Config.Server.HealthProbes).To(Equal(&controllermanagerconfigv1alpha1.Server{Port: 8081}))
		Expect(opts.Config.Server.Metrics).To(Equal(&controllermanagerconfigv1alpha1.Server{BindAddress: "10.0.0.1", Port: 8080}))

		opts, err = parse("--config="+path, "--metrics-bind-address=0", "--health-probe-bind-address=[::1]:0")
		Expect(err).NotTo(HaveOccurred())
		Expect(opts.Complete()).To(Succeed())
		Expect(opts.Validate()).To(Succeed())
		Expect(opts.Config.Server.Metrics).To(BeNil())
		Expect(opts.Config.Server.HealthProbes).To(Equal(&controllermanagerconfigv1alpha1.Server{BindAddress: "::1", Port: 0}))

		opts, err = parse("--health-probe-bind-address=0")
		Expect(err).NotTo(HaveOccurred())
		Expect(opts.Complete()).To(Succeed())
		Expect(opts.Config.Server.HealthProbes).To(BeNil())
	})

	DescribeTable("should reject a bind address without a numeric port",
		func(flag, message string) {
			opts, err := parse(flag)
			Expect(err).NotTo(HaveOccurred())
			Expect(opts.Complete()).To(MatchError(ContainSubstring(message)))
		},
		Entry("no port", "--metrics-bind-address=2719", "invalid --metrics-bind-address: address 2719: missing port in address"),
		Entry("a named port", "--health-probe-bind-address=:http", `invalid --health-probe-bind-address: port "http" is not a number`),
	)

	It("should let the deprecated --leader-election flags override the configuration only when given", func() {
		path := filepath.Join(GinkgoT().TempDir(), "config.yaml")
		Expect(os.WriteFile(path, []byte("leaderElection:\n  leaderElect: false\n  resourceName: from-file\n"), 0o600)).To(Succeed())
		opts, err := parse("--config=" + path)
		Expect(err).NotTo(HaveOccurred())
		Expect(opts.Complete()).To(Succeed())
		Expect(opts.Config.LeaderElection.LeaderElect).To(HaveValue(BeFalse()))
		Expect(opts.Config.LeaderElection.ResourceName).To(Equal("from-file"))

		opts, err = parse("--config="+path, "--leader-election", "--leader-election-namespace=y")
		Expect(err).NotTo(HaveOccurred())
		Expect(opts.Complete()).To(Succeed())
		Expect(opts.Config.LeaderElection.LeaderElect).To(HaveValue(BeTrue()))
		Expect(opts.Config.LeaderElection.ResourceName).To(Equal("from-file"))
		Expect(opts.Config.LeaderElection.ResourceNamespace).To(Equal("y"))

		opts, err = parse("--leader-election=false")
		Expect(err).NotTo(HaveOccurred())
		Expect(opts.Complete()).To(Succeed())
		Expect(opts.Config.LeaderElection.LeaderElect).To(HaveValue(BeFalse()))
		Expect(opts.Validate()).To(Succeed())
	})

	It("should reject an unknown field in --config", func() {
		path := filepath.Join(GinkgoT().TempDir(), "config.yaml")
		Expect(os.WriteFile(path, []byte("apiVersion: controllermanager.config.gardener.cloud/v1alpha1\nkind: ControllerManagerConfiguration\ncontrollers:\n  shoot:\n    concurrentSyncs: 1\n"), 0o600)).To(Succeed())
		opts, err := parse("--config=" + path)
		Expect(err).NotTo(HaveOccurred())
		Expect(opts.Complete()).To(MatchError(ContainSubstring(`unknown field "controllers.shoot"`)))
	})

	DescribeTable("#Validate",
		func(mutate func(*Options), message string) {
			opts := NewOptions()
			Expect(opts.Complete()).To(Succeed())
			mutate(opts)
			Expect(opts.Validate()).To(MatchError(ContainSubstring(message)))
		},
		Entry("no workers", func(o *Options) { o.Config.Controllers.ShootMaintenance.ConcurrentSyncs = ptr.To(-1) }, "controllers.shootMaintenance.concurrentSyncs: Invalid value: -1: must be at least 1"),
		Entry("a port above 65535", func(o *Options) { o.Config.Server.HealthProbes.Port = 65536 }, "server.healthProbes.port: Invalid value: 65536: must be between 0 and 65535"),
		Entry("no expiration horizon", func(o *Options) {
			o.Config.Metrics.ExtensionComponentExpirationHorizon.Duration = 0
		}, "metrics.extensionComponentExpirationHorizon: Invalid value: \"0s\": must be positive"),
		Entry("unsupported content type", func(o *Options) { o.Config.GardenClientConnection.ContentType = "text/plain" }, "gardenClientConnection.contentType: Unsupported value"),
		Entry("a lease shorter than the renew deadline", func(o *Options) { o.Config.LeaderElection.LeaseDuration.Duration = 5 * time.Second },
			"leaderElection.leaseDuration: Invalid value: \"5s\": must be greater than renewDeadline"),
		Entry("a renew deadline not above the retry period", func(o *Options) { o.Config.LeaderElection.RetryPeriod.Duration = 10 * time.Second },
			"leaderElection.renewDeadline: Invalid value: \"10s\": must be greater than retryPeriod"),
		Entry("another lock", func(o *Options) { o.Config.LeaderElection.ResourceLock = "configmaps" }, `leaderElection.resourceLock: Unsupported value: "configmaps"`),
		Entry("a Lease without a name", func(o *Options) { o.Config.LeaderElection.ResourceName = "" }, "leaderElection.resourceName: Required value"),
		Entry("a rollout stage of an unknown purpose", func(o *Options) { o.Config.Controllers.ExtensionProfile.Rollout.Stages[1].Purposes[0] = "staging" },
			`controllers.extensionProfile.rollout.stages[1].purposes[0]: Unsupported value: "staging"`),
		Entry("a purpose in two rollout stages", func(o *Options) { o.Config.Controllers.ExtensionProfile.Rollout.Stages[1].Purposes[0] = "testing" },
			`controllers.extensionProfile.rollout.stages[1].purposes[0]: Duplicate value: "testing"`),
		Entry("a rollout failure percentage above 100", func(o *Options) {
			o.Config.Controllers.ExtensionProfile.Rollout.FailureThreshold.Percentage = ptr.To[int32](101)
		}, "controllers.extensionProfile.rollout.failureThreshold.percentage: Invalid value: 101: must be between 0 and 100"),
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
			opts.FeatureGates = map[string]bool{"NoSuchGate": true, string(features.ExtensionComponentVersions): true}
			Expect(opts.ApplyFeatureGates()).To(MatchError(ContainSubstring("unrecognized feature gate(s): NoSuchGate")))
			Expect(features.DefaultFeatureGate.Enabled(features.ExtensionComponentVersions)).To(BeFalse())
		})
	})
})

var _ = Describe("NewCommand", func() {
	It("should print the help with every flag", func() {
		cmd := NewCommand()
		out := &bytes.Buffer{}
		cmd.SetOut(out)
		cmd.SetArgs([]string{"--help"})
		Expect(cmd.Execute()).To(Succeed())
		for _, flag := range []string{"--kubeconfig", "--feature-gates", "ExtensionComponentVersions=true|false (ALPHA - default=false)",
			"--metrics-bind-address", "--health-probe-bind-address", "--config", "--zap-log-level"} {
			Expect(out.String()).To(ContainSubstring(flag))
		}
		// Deprecated flags are accepted but not listed.
		Expect(out.String()).NotTo(ContainSubstring("--leader-election"))
	})

	It("should reject positional arguments", func() {
		cmd := NewCommand()
		cmd.SetOut(&bytes.Buffer{})
		cmd.SetArgs([]string{"extra"})
		Expect(cmd.Execute()).To(MatchError(ContainSubstring("unknown command")))
	})
})
