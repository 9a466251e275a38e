// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package deployment_test

import (
	"context"
	"testing"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/rest"
	certutil "k8s.io/client-go/util/cert"
	"k8s.io/klog/v2"
	testclock "k8s.io/utils/clock/testing"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/client"
	crenvtest "sigs.k8s.io/controller-runtime/pkg/envtest"
	logf "sigs.k8s.io/controller-runtime/pkg/log"
	"sigs.k8s.io/controller-runtime/pkg/log/zap"

	"github.com/gep-78/gardener/charts"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	gardenclient "github.com/gep-78/gardener/pkg/client/kubernetes"
	"github.com/gep-78/gardener/pkg/features"
	gardenerenvtest "github.com/gep-78/gardener/test/envtest"
	"github.com/gep-78/gardener/test/examples"
)

// The suite renders the charts under charts/gardener, applies what they render to a kube-apiserver
// with server-side apply (the APIServices as a dry run: the real ones point at the test's
// gardener-apiserver), and runs gardener-apiserver as the chart's ServiceAccount with nothing but
// the chart's RBAC. The tests then act as the identities the RBAC model names.
func TestDeployment(t *testing.T) {
	features.RegisterFeatureGates()
	RegisterFailHandler(Fail)
	SetDefaultEventuallyTimeout(30 * time.Second)
	SetDefaultEventuallyPollingInterval(100 * time.Millisecond)
	RunSpecs(t, "Test Integration Deployment Suite")
}

const (
	// namespace is the release namespace of every chart.
	namespace = "garden"
	// fieldOwner is the field manager of the applied chart objects.
	fieldOwner = "helm"
	// operatorsGroup is the group the apiserver chart binds to gardener.cloud:extensionprofiles:admin.
	operatorsGroup = "gardener.cloud:system:operators"
)

var (
	ctx = context.Background()

	testEnv     *gardenerenvtest.GardenerTestEnvironment
	adminConfig *rest.Config
	adminClient client.Client
	kubeClient  kubernetes.Interface

	// rendered holds the objects of every chart; apiServices the APIServices among them.
	rendered    []*unstructured.Unstructured
	apiServices []*unstructured.Unstructured
)

// serviceAccount returns the identity of a ServiceAccount in the release namespace, as the
// kube-apiserver authenticates it.
func serviceAccount(name string) crenvtest.User {
	return crenvtest.User{
		Name:   "system:serviceaccount:" + namespace + ":" + name,
		Groups: []string{"system:serviceaccounts", "system:serviceaccounts:" + namespace},
	}
}

// clientFor provisions user at the kube-apiserver and returns a client acting as it.
func clientFor(user crenvtest.User) (client.Client, *rest.Config) {
	authenticated, err := testEnv.AddUser(user, nil)
	ExpectWithOffset(1, err).NotTo(HaveOccurred())
	config := authenticated.Config()
	c, err := client.New(config, client.Options{Scheme: gardenclient.GardenScheme})
	ExpectWithOffset(1, err).NotTo(HaveOccurred())
	return c, config
}

// apply server-side applies obj as fieldOwner, taking over conflicting fields.
func apply(c client.Client, obj *unstructured.Unstructured, opts ...client.ApplyOption) error {
	opts = append([]client.ApplyOption{client.FieldOwner(fieldOwner), client.ForceOwnership}, opts...)
	return c.Apply(ctx, client.ApplyConfigurationFromUnstructured(obj.DeepCopy()), opts...)
}

func renderCharts() {
	certPEM, keyPEM, err := certutil.GenerateSelfSignedCertKey("gardener-apiserver."+namespace+".svc", nil, nil)
	Expect(err).NotTo(HaveOccurred())
	gardenKubeconfig, err := gardenerenvtest.KubeconfigFromRESTConfig(adminConfig)
	Expect(err).NotTo(HaveOccurred())

	releases := []struct {
		chart, release string
		values         map[string]any
	}{
		{charts.CRDs, "gardener-crds", nil},
		{charts.APIServer, "gardener-apiserver", map[string]any{
			"etcd":         map[string]any{"servers": testEnv.ControlPlane.Etcd.URL.String()},
			"tls":          map[string]any{"crt": string(certPEM), "key": string(keyPEM)},
			"caBundle":     string(certPEM),
			"featureGates": map[string]any{"ExtensionComponentVersions": true},
		}},
		{charts.ControllerManager, "gardener-controller-manager", map[string]any{
			"featureGates": map[string]any{"ExtensionComponentVersions": true},
		}},
		// The test's one cluster is both garden and seed.
		{charts.Gardenlet, "gardenlet", map[string]any{
			"seedName": "local",
			"garden":   map[string]any{"kubeconfig": string(gardenKubeconfig)},
		}},
		{charts.Gardenlet, "gardenlet-garden", map[string]any{"target": "garden"}},
	}
	for _, r := range releases {
		objects, err := charts.Render(r.chart, r.release, namespace, r.values)
		Expect(err).NotTo(HaveOccurred(), r.chart)
		for _, obj := range objects {
			if obj.GetKind() == "APIService" {
				apiServices = append(apiServices, obj)
			} else {
				rendered = append(rendered, obj)
			}
		}
	}
}

var _ = BeforeSuite(func() {
	logger := zap.New(zap.UseDevMode(true), zap.WriteTo(GinkgoWriter))
	logf.SetLogger(logger)
	klog.SetLogger(logger)

	By("Start etcd and kube-apiserver, apply the charts, then start gardener-apiserver as the chart's ServiceAccount")
	testEnv = &gardenerenvtest.GardenerTestEnvironment{
		GardenerAPIServer: &gardenerenvtest.GardenerAPIServer{
			Args:  []string{"--feature-gates=ExtensionComponentVersions=true"},
			Clock: testclock.NewFakePassiveClock(examples.ReferenceTime),
		},
		GardenerAPIServerUser: ptr.To(serviceAccount("gardener-apiserver")),
		BeforeGardenerAPIServer: func(config *rest.Config) error {
			adminConfig = config
			var err error
			if adminClient, err = client.New(config, client.Options{Scheme: gardenclient.GardenScheme}); err != nil {
				return err
			}
			if err := adminClient.Create(ctx, &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: namespace}}); err != nil {
				return err
			}
			renderCharts()
			for _, obj := range rendered {
				if err := apply(adminClient, obj); err != nil {
					return err
				}
			}
			return nil
		},
	}
	var err error
	_, err = testEnv.Start()
	Expect(err).NotTo(HaveOccurred())
	DeferCleanup(func() {
		By("Stop the test environment")
		Expect(testEnv.Stop()).To(Succeed())
	})

	kubeClient, err = kubernetes.NewForConfig(adminConfig)
	Expect(err).NotTo(HaveOccurred())

	By("Create the example ExtensionProfiles")
	for _, file := range []string{"extensionprofile-shoot-traefik.yaml", "extensionprofile-shoot-falco-service.yaml"} {
		profile := &gardencorev1beta1.ExtensionProfile{}
		examples.MustDecode(file, profile)
		Expect(adminClient.Create(ctx, profile)).To(Succeed(), file)
	}
	By("Create the example CloudProfile the Shoots reference")
	cloudProfile := &gardencorev1beta1.CloudProfile{}
	examples.MustDecode("cloudprofile-local.yaml", cloudProfile)
	Expect(adminClient.Create(ctx, cloudProfile)).To(Succeed())
})
