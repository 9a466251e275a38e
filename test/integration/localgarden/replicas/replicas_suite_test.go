// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Package replicas runs bin/local-garden as a developer does, with --replicas 2, and checks
// the garden it reports ready: both gardener-apiservers serve behind the aggregator, and
// gardener-controller-manager and gardenlet have one leader each.
package replicas_test

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

func TestReplicas(t *testing.T) {
	RegisterFailHandler(Fail)
	SetDefaultEventuallyTimeout(2 * time.Minute)
	SetDefaultEventuallyPollingInterval(200 * time.Millisecond)
	RunSpecs(t, "Test Integration LocalGarden Replicas Suite")
}

var (
	ctx = context.Background()
	// binDir holds the project's binaries, built by the suite, and links to etcd, kube-apiserver
	// and kubectl of $KUBEBUILDER_ASSETS: local-garden's --bin-dir.
	binDir string
)

var _ = BeforeSuite(func() {
	assets := os.Getenv("KUBEBUILDER_ASSETS")
	Expect(assets).NotTo(BeEmpty(), "KUBEBUILDER_ASSETS names the directory with etcd and kube-apiserver (make tools)")

	By("Build local-garden and the components it starts")
	binDir = GinkgoT().TempDir()
	for _, name := range []string{"local-garden", "gardener-apiserver", "gardener-controller-manager", "gardenlet", "gardener-operator", "gardener-extension-shoot-falco-service", "gardener-extension-runtime-gvisor"} {
		path, err := gexec.Build("github.com/gep-78/gardener/cmd/" + name)
		Expect(err).NotTo(HaveOccurred())
		Expect(os.Symlink(path, filepath.Join(binDir, name))).To(Succeed())
	}
	DeferCleanup(gexec.CleanupBuildArtifacts)
	for _, name := range []string{"etcd", "kube-apiserver", "kubectl"} {
		path, err := filepath.Abs(filepath.Join(assets, name))
		Expect(err).NotTo(HaveOccurred())
		Expect(os.Symlink(path, filepath.Join(binDir, name))).To(Succeed())
	}
})
