// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Package prometheus runs `local-garden --prometheus` on the example garden and runs every query of
// the garden dashboard (read from its JSON) against that real Prometheus, and checks that the
// alert rules fire.
package prometheus_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	"github.com/onsi/gomega/gexec"
)

func TestPrometheus(t *testing.T) {
	RegisterFailHandler(Fail)
	SetDefaultEventuallyTimeout(2 * time.Minute)
	SetDefaultEventuallyPollingInterval(500 * time.Millisecond)
	RunSpecs(t, "Test Integration LocalGarden Prometheus Suite")
}

// repoRoot is the repository's top folder, relative to this package.
const repoRoot = "../../../.."

var (
	ctx = context.Background()
	// binDir is local-garden's --bin-dir: the project's binaries built by the suite and links to
	// etcd, kube-apiserver, kubectl and prometheus (with its web UI) of $KUBEBUILDER_ASSETS.
	binDir string
)

var _ = BeforeSuite(func() {
	assets := os.Getenv("KUBEBUILDER_ASSETS")
	Expect(assets).NotTo(BeEmpty(), "KUBEBUILDER_ASSETS names the directory with etcd and kube-apiserver (make tools)")
	prometheus, err := filepath.Abs(filepath.Join(assets, "prometheus"))
	Expect(err).NotTo(HaveOccurred())
	if _, err := os.Stat(prometheus); err != nil {
		message := "prometheus not found in $KUBEBUILDER_ASSETS: run `make tools` (hack/tools/install-prometheus.sh takes it from the Debian package prometheus); " + err.Error()
		if os.Getenv("CI") == "true" {
			Fail(message)
		}
		Skip(message)
	}

	By("Build local-garden and the components it starts")
	binDir = GinkgoT().TempDir()
	for _, name := range []string{"local-garden", "gardener-apiserver", "gardener-controller-manager", "gardenlet", "gardener-operator", "gardener-extension-shoot-falco-service", "gardener-extension-runtime-gvisor"} {
		path, err := gexec.Build("github.com/gep-78/gardener/cmd/" + name)
		Expect(err).NotTo(HaveOccurred())
		Expect(os.Symlink(path, filepath.Join(binDir, name))).To(Succeed())
	}
	DeferCleanup(gexec.CleanupBuildArtifacts)
	for _, name := range []string{"etcd", "kube-apiserver", "kubectl", "prometheus", "prometheus-web"} {
		path, err := filepath.Abs(filepath.Join(assets, name))
		Expect(err).NotTo(HaveOccurred())
		if _, err := os.Stat(path); err == nil {
			Expect(os.Symlink(path, filepath.Join(binDir, name))).To(Succeed())
		}
	}
})
