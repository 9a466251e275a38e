// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package kubernetes_test

import (
	"os"
	"path/filepath"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	. "github.com/gep-78/gardener/pkg/client/kubernetes"
)

var _ = Describe("KubeconfigRESTConfig", func() {
	kubeconfig := func(server string) string {
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

	It("reads the kubeconfig at the path", func() {
		GinkgoT().Setenv("KUBECONFIG", kubeconfig("https://from-env:6443"))
		cfg, err := KubeconfigRESTConfig(kubeconfig("https://from-path:6443"))
		Expect(err).NotTo(HaveOccurred())
		Expect(cfg.Host).To(Equal("https://from-path:6443"))
	})

	It("falls back to $KUBECONFIG for an empty path", func() {
		GinkgoT().Setenv("KUBECONFIG", kubeconfig("https://from-env:6443"))
		cfg, err := KubeconfigRESTConfig("")
		Expect(err).NotTo(HaveOccurred())
		Expect(cfg.Host).To(Equal("https://from-env:6443"))
	})

	It("returns the error of a missing file", func() {
		_, err := KubeconfigRESTConfig(filepath.Join(GinkgoT().TempDir(), "missing"))
		Expect(err).To(HaveOccurred())
	})
})
