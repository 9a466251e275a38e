// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package opaquevalues_test

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/client-go/dynamic"
	"k8s.io/client-go/kubernetes"
	"k8s.io/klog/v2"
	logf "sigs.k8s.io/controller-runtime/pkg/log"
	"sigs.k8s.io/controller-runtime/pkg/log/zap"
	"sigs.k8s.io/yaml"

	"github.com/gep-78/gardener/pkg/api"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	"github.com/gep-78/gardener/pkg/features"
	gardenerenvtest "github.com/gep-78/gardener/test/envtest"
)

// The suite writes every RawExtension of every served resource through every client write path
// and checks that the server stores what the write path's semantics say (see oracle_test.go).
func TestOpaqueValues(t *testing.T) {
	features.RegisterFeatureGates()
	RegisterFailHandler(Fail)
	SetDefaultEventuallyTimeout(30 * time.Second)
	SetDefaultEventuallyPollingInterval(200 * time.Millisecond)
	RunSpecs(t, "Test Integration APIServer Opaque Values Suite")
}

const (
	namespace = "garden-opaque"
	// parentName is the CloudProfile (testdata/cloudprofile.yaml) the fixtures reference.
	parentName = "opaque-parent"
)

var (
	ctx = context.Background()

	testEnv       *gardenerenvtest.GardenerTestEnvironment
	dynamicClient dynamic.Interface
	kubeconfig    string
	kubectlPath   string
	kubectlCache  string
	openAPI       *served
	// references are the fixtures as stored (defaulted), by kind.
	references = map[string]map[string]interface{}{}
)

var _ = BeforeSuite(func() {
	logger := zap.New(zap.UseDevMode(true), zap.WriteTo(GinkgoWriter))
	logf.SetLogger(logger)
	klog.SetLogger(logger)

	testEnv = &gardenerenvtest.GardenerTestEnvironment{
		GardenerAPIServer: &gardenerenvtest.GardenerAPIServer{Args: []string{"--feature-gates=ExtensionComponentVersions=true"}},
	}
	restConfig, err := testEnv.Start()
	Expect(err).NotTo(HaveOccurred())
	DeferCleanup(func() { Expect(testEnv.Stop()).To(Succeed()) })
	dynamicClient, err = dynamic.NewForConfig(restConfig)
	Expect(err).NotTo(HaveOccurred())
	kubeClient, err := kubernetes.NewForConfig(restConfig)
	Expect(err).NotTo(HaveOccurred())

	kubeconfig = filepath.Join(GinkgoT().TempDir(), "kubeconfig")
	Expect(testEnv.WriteAdminKubeconfig(kubeconfig)).To(Succeed())
	kubectlCache = GinkgoT().TempDir()
	binDir := os.Getenv("KUBEBUILDER_ASSETS")
	if binDir == "" {
		binDir = testEnv.Environment.BinaryAssetsDirectory
	}
	kubectlPath = filepath.Join(binDir, "kubectl")
	Expect(kubectlPath).To(BeAnExistingFile(), "kubectl is built into bin/ by `make tools`")

	// kube-apiserver fetches the aggregated OpenAPI v3 asynchronously; kubectl and the oracles read it.
	Eventually(func(g Gomega) {
		raw, err := kubeClient.CoreV1().RESTClient().Get().AbsPath("/openapi/v3/apis/core.gardener.cloud/v1beta1").DoRaw(ctx)
		g.Expect(err).NotTo(HaveOccurred())
		g.Expect(string(raw)).To(ContainSubstring("com.github.gep-78.gardener.pkg.apis.core.v1beta1.Shoot"))
		openAPI, err = newServed(raw)
		g.Expect(err).NotTo(HaveOccurred())
	}).Should(Succeed())

	_, err = dynamicClient.Resource(schema.GroupVersionResource{Version: "v1", Resource: "namespaces"}).Create(ctx,
		&unstructured.Unstructured{Object: map[string]interface{}{"apiVersion": "v1", "kind": "Namespace", "metadata": map[string]interface{}{"name": namespace}}}, metav1.CreateOptions{})
	Expect(err).NotTo(HaveOccurred())
	parent := fixture("CloudProfile")
	parent["metadata"] = map[string]interface{}{"name": parentName}
	_, err = resourceOf("CloudProfile", "").Create(ctx, &unstructured.Unstructured{Object: parent}, metav1.CreateOptions{})
	Expect(err).NotTo(HaveOccurred())

	for _, kind := range servedKinds() {
		if fixtureFile(kind) == "" {
			continue
		}
		manifest := fixture(kind)
		manifest["metadata"].(map[string]interface{})["name"] = "reference"
		references[kind] = createWithStatus(kind, manifest)
	}
})

// servedKinds are the kinds of core.gardener.cloud/v1beta1 with object metadata.
func servedKinds() []string {
	var kinds []string
	for kind, t := range api.Scheme.KnownTypes(gardencorev1beta1.SchemeGroupVersion) {
		if f, ok := t.FieldByName("ObjectMeta"); ok && f.Type == reflect.TypeOf(metav1.ObjectMeta{}) {
			kinds = append(kinds, kind)
		}
	}
	sort.Strings(kinds)
	return kinds
}

// fixtureFile is the fixture of kind, "" when there is none.
func fixtureFile(kind string) string {
	file := filepath.Join("testdata", strings.ToLower(kind)+".yaml")
	if _, err := os.Stat(file); err != nil {
		return ""
	}
	return file
}

func fixture(kind string) map[string]interface{} {
	raw, err := os.ReadFile(fixtureFile(kind))
	Expect(err).NotTo(HaveOccurred())
	var out map[string]interface{}
	Expect(yaml.Unmarshal(raw, &out)).To(Succeed())
	return normalize(out).(map[string]interface{})
}

// resourceOf is the client of kind's resource in namespace ("" for cluster-scoped kinds).
func resourceOf(kind, namespace string) dynamic.ResourceInterface {
	gvr := gardencorev1beta1.SchemeGroupVersion.WithResource(strings.ToLower(kind) + "s")
	if namespace == "" {
		return dynamicClient.Resource(gvr)
	}
	return dynamicClient.Resource(gvr).Namespace(namespace)
}

func clientFor(manifest map[string]interface{}) (dynamic.ResourceInterface, string) {
	meta := manifest["metadata"].(map[string]interface{})
	ns, _ := meta["namespace"].(string)
	return resourceOf(manifest["kind"].(string), ns), meta["name"].(string)
}

// createWithStatus creates manifest and then writes its status, if it has one, through the
// status subresource; it returns the stored object.
func createWithStatus(kind string, manifest map[string]interface{}) map[string]interface{} {
	client, name := clientFor(manifest)
	created, err := client.Create(ctx, &unstructured.Unstructured{Object: deepCopy(manifest).(map[string]interface{})}, metav1.CreateOptions{})
	Expect(err).NotTo(HaveOccurred(), kind)
	if status, ok := manifest["status"]; ok {
		created.Object["status"] = status
		_, err = client.UpdateStatus(ctx, created, metav1.UpdateOptions{})
		Expect(err).NotTo(HaveOccurred(), kind)
	}
	return get(client, name)
}

func get(client dynamic.ResourceInterface, name string) map[string]interface{} {
	obj, err := client.Get(ctx, name, metav1.GetOptions{})
	Expect(err).NotTo(HaveOccurred())
	return normalize(obj.Object).(map[string]interface{})
}
