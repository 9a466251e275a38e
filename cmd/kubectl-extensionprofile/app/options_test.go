// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package app

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	gardencoreclientset "github.com/gep-78/gardener/pkg/client/core/clientset/versioned"
	"github.com/gep-78/gardener/pkg/client/core/clientset/versioned/fake"
)

const kubeconfig = `apiVersion: v1
kind: Config
clusters:
- name: garden
  cluster: {server: "https://garden.example:6443"}
contexts:
- name: dev
  context: {cluster: garden, user: admin, namespace: garden-dev}
- name: plain
  context: {cluster: garden, user: admin}
current-context: dev
users:
- name: admin
  user: {token: secret}
`

var _ = Describe("Options", func() {
	var path string

	BeforeEach(func() {
		path = filepath.Join(GinkgoT().TempDir(), "kubeconfig")
		Expect(os.WriteFile(path, []byte(kubeconfig), 0o600)).To(Succeed())
	})

	DescribeTable("namespace is --namespace, else the context's, else default",
		func(flags []string, want string) {
			o := &Options{Out: &bytes.Buffer{}}
			cmd := NewCommandWithOptions(o)
			Expect(cmd.PersistentFlags().Parse(append([]string{"--kubeconfig", path}, flags...))).To(Succeed())
			Expect(o.namespace()).To(Equal(want))
		},
		Entry("the current context's", nil, "garden-dev"),
		Entry("--namespace", []string{"--namespace", "garden-other"}, "garden-other"),
		Entry("-n", []string{"-n", "garden-other"}, "garden-other"),
		Entry("a context without namespace", []string{"--context", "plain"}, "default"),
	)

	It("builds a client from the kubeconfig and its connection flags", func() {
		o := &Options{Out: &bytes.Buffer{}}
		cmd := NewCommandWithOptions(o)
		Expect(cmd.PersistentFlags().Parse([]string{"--kubeconfig", path, "--server", "https://other.example:6443"})).To(Succeed())
		config, err := o.clientConfig().ClientConfig()
		Expect(err).NotTo(HaveOccurred())
		Expect(config.Host).To(Equal("https://other.example:6443"))
		Expect(config.BearerToken).To(Equal("secret"))
		client, err := o.client()
		Expect(err).NotTo(HaveOccurred())
		Expect(client).NotTo(BeNil())
	})

	It("says when the kubeconfig cannot be loaded", func() {
		o := &Options{Kubeconfig: filepath.Join(GinkgoT().TempDir(), "missing")}
		_, err := o.client()
		Expect(err).To(MatchError(ContainSubstring("cannot load the kubeconfig")))
	})

	It("uses NewClient when it is set, with its error", func() {
		fakeClient := fake.NewSimpleClientset()
		o := &Options{NewClient: func() (gardencoreclientset.Interface, error) { return fakeClient, nil }}
		Expect(o.client()).To(BeIdenticalTo(fakeClient))
		o.NewClient = func() (gardencoreclientset.Interface, error) { return nil, errors.New("no garden") }
		_, err := o.client()
		Expect(err).To(MatchError("no garden"))
	})

	It("has the subcommands and the display name of a kubectl plugin", func() {
		var out, errOut bytes.Buffer
		cmd := NewCommand(&out, &errOut)
		var names []string
		for _, c := range cmd.Commands() {
			names = append(names, c.Name())
		}
		// convert (convert_test.go) stays with the Falco extension when the plugin lifts.
		Expect(names).To(ContainElements("usage", "shoot", "rollout"))
		Expect(cmd.DisplayName()).To(Equal("kubectl extensionprofile"))
		Expect(cmd.PersistentFlags().Lookup("kubeconfig")).NotTo(BeNil())
		Expect(cmd.PersistentFlags().Lookup("context")).NotTo(BeNil())
		Expect(cmd.OutOrStdout()).To(BeIdenticalTo(&out))
		Expect(cmd.ErrOrStderr()).To(BeIdenticalTo(&errOut))
	})
})
