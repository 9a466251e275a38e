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

	. "github.com/gep-78/gardener/cmd/gardener-extension-shoot-falco-service/app"
	"github.com/gep-78/gardener/pkg/shoot-falco-service/controller/extension"
)

var _ = Describe("Options", func() {
	parse := func(args ...string) (*Options, error) {
		opts := NewOptions()
		fs := pflag.NewFlagSet("test", pflag.ContinueOnError)
		opts.AddFlags(fs)
		return opts, fs.Parse(args)
	}

	It("has the documented defaults", func() {
		opts, err := parse()
		Expect(err).NotTo(HaveOccurred())
		Expect(opts.Kubeconfig).To(BeEmpty())
		Expect(opts.MetricsBindAddress).To(Equal("0"))
		Expect(opts.HealthProbeBindAddress).To(Equal(":8081"))
		Expect(opts.MaxConcurrentReconciles).To(Equal(5))
		Expect(opts.ClientConnection.QPS).To(Equal(float32(50)))
		Expect(opts.ClientConnection.Burst).To(Equal(int32(100)))
		Expect(opts.ClientConnection.ContentType).To(BeEmpty())
		Expect(opts.Validate()).To(Succeed())
		Expect(opts.ControllerConfig()).To(Equal(extension.Config{MaxConcurrentReconciles: 5}))
	})

	It("parses every flag", func() {
		opts, err := parse("--kubeconfig=/seed", "--metrics-bind-address=:8080", "--health-probe-bind-address=127.0.0.1:2748",
			"--max-concurrent-reconciles=2", "--zap-devel", "--kube-api-qps=150", "--kube-api-burst=200",
			"--kube-api-content-type=application/json", "--kube-api-accept-content-types=application/json")
		Expect(err).NotTo(HaveOccurred())
		Expect(opts.Validate()).To(Succeed())
		Expect(opts.ClientConnection.QPS).To(Equal(float32(150)))
		Expect(opts.ClientConnection.Burst).To(Equal(int32(200)))
		Expect(opts.ClientConnection.ContentType).To(Equal("application/json"))
		Expect(opts.ClientConnection.AcceptContentTypes).To(Equal("application/json"))
		Expect(opts.Kubeconfig).To(Equal("/seed"))
		Expect(opts.MetricsBindAddress).To(Equal(":8080"))
		Expect(opts.HealthProbeBindAddress).To(Equal("127.0.0.1:2748"))
		Expect(opts.Zap.Development).To(BeTrue())
		Expect(opts.ControllerConfig()).To(Equal(extension.Config{MaxConcurrentReconciles: 2}))
	})

	DescribeTable("#Validate rejects",
		func(value int) {
			opts := NewOptions()
			opts.MaxConcurrentReconciles = value
			Expect(opts.Validate()).To(MatchError(ContainSubstring("--max-concurrent-reconciles must be at least 1")))
		},
		Entry("zero", 0),
		Entry("negative", -1),
	)

	It("#Validate rejects an unsupported content type", func() {
		opts, err := parse("--kube-api-content-type=application/cbor")
		Expect(err).NotTo(HaveOccurred())
		Expect(opts.Validate()).To(MatchError(ContainSubstring(`contentType: Unsupported value: "application/cbor"`)))
	})

	It("loads the seed kubeconfig given by --kubeconfig", func() {
		path := filepath.Join(GinkgoT().TempDir(), "kubeconfig")
		Expect(os.WriteFile(path, []byte(`apiVersion: v1
kind: Config
clusters:
- name: seed
  cluster: {server: "https://seed.example:6443"}
users:
- name: admin
  user: {token: t}
contexts:
- name: seed
  context: {cluster: seed, user: admin}
current-context: seed
`), 0o600)).To(Succeed())
		opts, err := parse("--kubeconfig=" + path)
		Expect(err).NotTo(HaveOccurred())
		config, err := opts.RESTConfig()
		Expect(err).NotTo(HaveOccurred())
		Expect(config.Host).To(Equal("https://seed.example:6443"))
		Expect(config.QPS).To(Equal(float32(50)))
		Expect(config.Burst).To(Equal(100))
	})
})
