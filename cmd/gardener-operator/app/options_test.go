// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package app_test

import (
	"os"
	"path/filepath"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	"github.com/spf13/pflag"
	componentbaseconfigv1alpha1 "k8s.io/component-base/config/v1alpha1"

	. "github.com/gep-78/gardener/cmd/gardener-operator/app"
	operatorconfigv1alpha1 "github.com/gep-78/gardener/pkg/apis/config/operator/v1alpha1"
)

var _ = Describe("Options", func() {
	complete := func(args ...string) (*Options, error) {
		GinkgoHelper()
		opts := NewOptions()
		fs := pflag.NewFlagSet("test", pflag.ContinueOnError)
		opts.AddFlags(fs)
		Expect(fs.Parse(args)).To(Succeed())
		if err := opts.Complete(); err != nil {
			return opts, err
		}
		return opts, opts.Validate()
	}

	It("should complete the flags' defaults to the configuration's", func() {
		opts, err := complete()
		Expect(err).NotTo(HaveOccurred())
		connection := componentbaseconfigv1alpha1.ClientConnectionConfiguration{QPS: 100, Burst: 130}
		Expect(opts.Config.RuntimeClientConnection).To(Equal(connection))
		Expect(opts.Config.VirtualClientConnection).To(Equal(connection))
		Expect(opts.Config.Controllers.ExtensionProfile.ConcurrentSyncs).To(HaveValue(Equal(5)))
		Expect(opts.Config.Server).To(Equal(operatorconfigv1alpha1.ServerConfiguration{HealthProbes: &operatorconfigv1alpha1.Server{Port: 2751}}))
	})

	It("should let the given flags override the --config file", func() {
		path := filepath.Join(GinkgoT().TempDir(), "config.yaml")
		Expect(os.WriteFile(path, []byte("runtimeClientConnection:\n  kubeconfig: /file-runtime\n  qps: 3\n"+
			"virtualClientConnection:\n  kubeconfig: /file-garden\n"+
			"controllers:\n  extensionProfile:\n    concurrentSyncs: 2\n"+
			"server:\n  healthProbes:\n    port: 9000\n  metrics:\n    port: 9001\n"), 0o600)).To(Succeed())

		opts, err := complete("--config="+path, "--kubeconfig=/runtime", "--kube-api-burst=20",
			"--metrics-bind-address=127.0.0.1:2753", "--health-probe-bind-address=0")
		Expect(err).NotTo(HaveOccurred())
		cfg := opts.Config
		Expect(cfg.RuntimeClientConnection).To(Equal(componentbaseconfigv1alpha1.ClientConnectionConfiguration{Kubeconfig: "/runtime", QPS: 3, Burst: 20}))
		Expect(cfg.VirtualClientConnection).To(Equal(componentbaseconfigv1alpha1.ClientConnectionConfiguration{Kubeconfig: "/file-garden", QPS: 100, Burst: 20}))
		Expect(cfg.Controllers.ExtensionProfile.ConcurrentSyncs).To(HaveValue(Equal(2)))
		Expect(cfg.Server.HealthProbes).To(BeNil())
		Expect(cfg.Server.Metrics).To(Equal(&operatorconfigv1alpha1.Server{BindAddress: "127.0.0.1", Port: 2753}))

		opts, err = complete("--config="+path, "--garden-kubeconfig=/garden", "--concurrent-syncs=8", "--kube-api-qps=4")
		Expect(err).NotTo(HaveOccurred())
		Expect(opts.Config.VirtualClientConnection.Kubeconfig).To(Equal("/garden"))
		Expect(opts.Config.RuntimeClientConnection.QPS).To(Equal(float32(4)))
		Expect(opts.Config.VirtualClientConnection.QPS).To(Equal(float32(4)))
		Expect(opts.Config.Controllers.ExtensionProfile.ConcurrentSyncs).To(HaveValue(Equal(8)))
		Expect(opts.Config.Server.HealthProbes).To(Equal(&operatorconfigv1alpha1.Server{Port: 9000}))
	})

	It("should reject invalid flags and bind addresses", func() {
		_, err := complete("--concurrent-syncs=0")
		Expect(err).To(MatchError(And(
			ContainSubstring("--concurrent-syncs must be at least 1, got 0"),
			ContainSubstring("controllers.extensionProfile.concurrentSyncs: Invalid value: 0: must be at least 1"),
		)))
		_, err = complete("--metrics-bind-address=2753")
		Expect(err).To(MatchError(ContainSubstring("invalid --metrics-bind-address")))
	})
})
