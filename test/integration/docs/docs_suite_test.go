// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package docs_test

import (
	"context"
	"testing"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/client-go/rest"
	"k8s.io/klog/v2"
	testclock "k8s.io/utils/clock/testing"
	logf "sigs.k8s.io/controller-runtime/pkg/log"
	"sigs.k8s.io/controller-runtime/pkg/log/zap"

	operatorcrds "github.com/gep-78/gardener/pkg/apis/operator/crds"
	"github.com/gep-78/gardener/pkg/client/kubernetes"
	"github.com/gep-78/gardener/pkg/features"
	"github.com/gep-78/gardener/pkg/gardenlet/bootstrappers"
	kubernetesutils "github.com/gep-78/gardener/pkg/utils/kubernetes"
	gardenerenvtest "github.com/gep-78/gardener/test/envtest"
	"github.com/gep-78/gardener/test/examples"

	"sigs.k8s.io/controller-runtime/pkg/client"
)

// The suite applies every YAML block of the documentation (docs/**/*.md) to a real garden, so the
// docs cannot drift from the API: complete objects are created through kube-apiserver and
// gardener-apiserver (admission included), and excerpts are decoded strictly into the type their
// "<!-- fragment of: Kind -->" marker names.
func TestDocs(t *testing.T) {
	features.RegisterFeatureGates()
	RegisterFailHandler(Fail)
	RunSpecs(t, "Test Integration Docs Suite")
}

var (
	ctx        = context.Background()
	testEnv    *gardenerenvtest.GardenerTestEnvironment
	restConfig *rest.Config
	testClient client.Client
)

var _ = BeforeSuite(func() {
	logger := zap.New(zap.UseDevMode(true), zap.WriteTo(GinkgoWriter))
	logf.SetLogger(logger)
	klog.SetLogger(logger)

	testEnv = &gardenerenvtest.GardenerTestEnvironment{
		GardenerAPIServer: &gardenerenvtest.GardenerAPIServer{
			Args:  []string{"--feature-gates=ExtensionComponentVersions=true"},
			Clock: testclock.NewFakePassiveClock(examples.ReferenceTime),
		},
	}
	var err error
	restConfig, err = testEnv.Start()
	Expect(err).NotTo(HaveOccurred())
	DeferCleanup(func() { Expect(testEnv.Stop()).To(Succeed()) })

	testClient, err = client.New(restConfig, client.Options{Scheme: kubernetes.SeedScheme})
	Expect(err).NotTo(HaveOccurred())
	Expect(bootstrappers.EnsureExtensionCRD(ctx, logger, testClient, 100*time.Millisecond, time.Minute)).To(Succeed())
	// The operator Extensions of docs/operations/gardener-operator-extensionprofiles.md.
	Expect(kubernetesutils.ApplyCRD(ctx, logger, testClient, operatorcrds.ExtensionCRD(), "gardener-operator", 100*time.Millisecond, time.Minute)).To(Succeed())
	// Discovery serves the new group shortly after the CRD is established.
	Eventually(func() error {
		list := &unstructured.UnstructuredList{}
		list.SetAPIVersion("operator.gardener.cloud/v1alpha1")
		list.SetKind("ExtensionList")
		return testClient.List(ctx, list)
	}).WithTimeout(30 * time.Second).Should(Succeed())
})
