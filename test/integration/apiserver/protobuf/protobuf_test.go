// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package protobuf_test

import (
	"bytes"
	"encoding/json"
	"net/http"
	"strings"
	"sync"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/runtime/serializer"
	"k8s.io/apimachinery/pkg/watch"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/metadata"
	"k8s.io/client-go/rest"
	componentbaseconfigv1alpha1 "k8s.io/component-base/config/v1alpha1"
	"sigs.k8s.io/controller-runtime/pkg/client"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	gardencoreclientset "github.com/gep-78/gardener/pkg/client/core/clientset/versioned"
	gardenerkubernetes "github.com/gep-78/gardener/pkg/client/kubernetes"
	"github.com/gep-78/gardener/test/examples"
)

const (
	protobuf = "application/vnd.kubernetes.protobuf"
	// protobufWithJSONFallback is what a client-go protobuf client sends.
	protobufWithJSONFallback = "application/vnd.kubernetes.protobuf, application/json"
	namespace                = "garden-dev"
)

// resources are the served core.gardener.cloud/v1beta1 resources with the collection path of
// each, and an object of each that the suite creates.
var resources = []struct{ resource, path, name string }{
	{"cloudprofiles", "/apis/core.gardener.cloud/v1beta1/cloudprofiles", "local"},
	{"extensionprofiles", "/apis/core.gardener.cloud/v1beta1/extensionprofiles", "shoot-falco-service"},
	{"shoots", "/apis/core.gardener.cloud/v1beta1/namespaces/" + namespace + "/shoots", "falco-traefik-eval"},
}

// protobufClientset is a clientset that sends and accepts protobuf only, so a missing protobuf
// encoding fails instead of falling back to JSON.
func protobufClientset() gardencoreclientset.Interface {
	GinkgoHelper()
	cfg := rest.CopyConfig(restConfig)
	cfg.ContentType = protobuf
	cfg.AcceptContentTypes = protobuf
	c, err := gardencoreclientset.NewForConfig(cfg)
	Expect(err).NotTo(HaveOccurred())
	return c
}

// get sends a GET with the given Accept header through kube-apiserver and returns the status,
// the response Content-Type and the body.
func get(path, accept string) (int, string, []byte) {
	GinkgoHelper()
	kubeClient, err := kubernetes.NewForConfig(restConfig)
	Expect(err).NotTo(HaveOccurred())
	var (
		status      int
		contentType string
	)
	result := kubeClient.CoreV1().RESTClient().Get().AbsPath(path).SetHeader("Accept", accept).Do(ctx).
		StatusCode(&status).ContentType(&contentType)
	body, _ := result.Raw()
	return status, contentType, body
}

// decodeProtobuf decodes a protobuf response body (Kubernetes' protobuf envelope) into into.
func decodeProtobuf(body []byte, into runtime.Object) {
	GinkgoHelper()
	Expect(bytes.HasPrefix(body, []byte{0x6b, 0x38, 0x73, 0x00})).To(BeTrue(), "not a Kubernetes protobuf envelope: %q", body)
	scheme := runtime.NewScheme()
	Expect(gardencorev1beta1.AddToScheme(scheme)).To(Succeed())
	metav1.AddToGroupVersion(scheme, schema.GroupVersion{Version: "v1"})
	Expect(metav1.AddMetaToScheme(scheme)).To(Succeed())
	scheme.AddUnversionedTypes(metav1.SchemeGroupVersion, &metav1.Table{}, &metav1.PartialObjectMetadataList{}, &metav1.PartialObjectMetadata{})
	_, _, err := serializer.NewCodecFactory(scheme).UniversalDeserializer().Decode(body, nil, into)
	Expect(err).NotTo(HaveOccurred())
}

// contentTypeRecorder records the Content-Type of every response, by request path.
type contentTypeRecorder struct {
	mu    sync.Mutex
	paths []string
	types []string
}

type recordingTransport struct {
	recorder *contentTypeRecorder
	next     http.RoundTripper
}

func (t recordingTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	resp, err := t.next.RoundTrip(req)
	if err == nil {
		t.recorder.mu.Lock()
		t.recorder.paths = append(t.recorder.paths, req.URL.Path)
		t.recorder.types = append(t.recorder.types, resp.Header.Get("Content-Type"))
		t.recorder.mu.Unlock()
	}
	return resp, err
}

func (r *contentTypeRecorder) wrap(next http.RoundTripper) http.RoundTripper {
	return recordingTransport{recorder: r, next: next}
}

// responses returns the response content types of the requests whose path starts with prefix.
func (r *contentTypeRecorder) responses(prefix string) []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	var out []string
	for i, path := range r.paths {
		if strings.HasPrefix(path, prefix) {
			out = append(out, r.types[i])
		}
	}
	return out
}

// anyCells matches n table cells of any value.
func anyCells(n int) []any {
	out := make([]any, n)
	for i := range out {
		out[i] = Not(BeNil())
	}
	return out
}

var _ = Describe("protobuf through kube-apiserver", Ordered, func() {
	var pb gardencoreclientset.Interface

	BeforeAll(func() {
		pb = protobufClientset()
		kubeClient, err := kubernetes.NewForConfig(restConfig)
		Expect(err).NotTo(HaveOccurred())
		_, err = kubeClient.CoreV1().Namespaces().Create(ctx, &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: namespace}}, metav1.CreateOptions{})
		Expect(err).NotTo(HaveOccurred())
	})

	It("creates every kind with a protobuf body", func() {
		cloudProfile := &gardencorev1beta1.CloudProfile{}
		examples.MustDecode("cloudprofile-local.yaml", cloudProfile)
		_, err := pb.CoreV1beta1().CloudProfiles().Create(ctx, cloudProfile, metav1.CreateOptions{})
		Expect(err).NotTo(HaveOccurred())

		for _, file := range []string{"extensionprofile-shoot-falco-service.yaml", "extensionprofile-shoot-traefik.yaml"} {
			profile := &gardencorev1beta1.ExtensionProfile{}
			examples.MustDecode(file, profile)
			_, err := pb.CoreV1beta1().ExtensionProfiles().Create(ctx, profile, metav1.CreateOptions{})
			Expect(err).NotTo(HaveOccurred())
		}

		shoot := &gardencorev1beta1.Shoot{}
		examples.MustDecode("shoot-accepted-falco-traefik.yaml", shoot)
		// autoUpdate.classifications (field 3 of ExtensionAutoUpdate) on both levels.
		shoot.Spec.Extensions[1].AutoUpdate.Classifications = []gardencorev1beta1.VersionClassification{gardencorev1beta1.ClassificationSupported}
		shoot.Spec.Extensions[1].Components[0].AutoUpdate.Classifications = []gardencorev1beta1.VersionClassification{
			gardencorev1beta1.ClassificationPreview, gardencorev1beta1.ClassificationSupported}
		created, err := pb.CoreV1beta1().Shoots(namespace).Create(ctx, shoot, metav1.CreateOptions{})
		Expect(err).NotTo(HaveOccurred())
		Expect(created.Spec.Extensions).To(HaveLen(len(shoot.Spec.Extensions)))
		Expect(created.Spec.Extensions[1].AutoUpdate).To(Equal(shoot.Spec.Extensions[1].AutoUpdate))
		Expect(created.Spec.Extensions[1].Components).To(Equal(shoot.Spec.Extensions[1].Components))
	})

	It("lists and gets every kind with a protobuf-only client, with the same content as JSON", func() {
		jsonClient, err := gardencoreclientset.NewForConfig(restConfig)
		Expect(err).NotTo(HaveOccurred())

		profiles, err := pb.CoreV1beta1().ExtensionProfiles().List(ctx, metav1.ListOptions{})
		Expect(err).NotTo(HaveOccurred())
		Expect(profiles.Items).To(HaveLen(2))
		viaJSON, err := jsonClient.CoreV1beta1().ExtensionProfiles().Get(ctx, "shoot-falco-service", metav1.GetOptions{})
		Expect(err).NotTo(HaveOccurred())
		viaProtobuf, err := pb.CoreV1beta1().ExtensionProfiles().Get(ctx, "shoot-falco-service", metav1.GetOptions{})
		Expect(err).NotTo(HaveOccurred())
		Expect(viaProtobuf.Spec).To(Equal(viaJSON.Spec))
		Expect(viaProtobuf.Status).To(Equal(viaJSON.Status))

		cloudProfiles, err := pb.CoreV1beta1().CloudProfiles().List(ctx, metav1.ListOptions{})
		Expect(err).NotTo(HaveOccurred())
		Expect(cloudProfiles.Items).To(ConsistOf(HaveField("Name", "local")))
		cloudProfileJSON, err := jsonClient.CoreV1beta1().CloudProfiles().Get(ctx, "local", metav1.GetOptions{})
		Expect(err).NotTo(HaveOccurred())
		Expect(cloudProfiles.Items[0].Spec).To(Equal(cloudProfileJSON.Spec))

		shoots, err := pb.CoreV1beta1().Shoots(namespace).List(ctx, metav1.ListOptions{})
		Expect(err).NotTo(HaveOccurred())
		Expect(shoots.Items).To(ConsistOf(HaveField("Name", "falco-traefik-eval")))
		shootJSON, err := jsonClient.CoreV1beta1().Shoots(namespace).Get(ctx, "falco-traefik-eval", metav1.GetOptions{})
		Expect(err).NotTo(HaveOccurred())
		Expect(shoots.Items[0].Spec).To(Equal(shootJSON.Spec))
	})

	It("watches with a protobuf-only client", func() {
		list, err := pb.CoreV1beta1().ExtensionProfiles().List(ctx, metav1.ListOptions{})
		Expect(err).NotTo(HaveOccurred())
		watcher, err := pb.CoreV1beta1().ExtensionProfiles().Watch(ctx, metav1.ListOptions{ResourceVersion: list.ResourceVersion})
		Expect(err).NotTo(HaveOccurred())
		DeferCleanup(watcher.Stop)

		profile := &gardencorev1beta1.ExtensionProfile{}
		examples.MustDecode("extensionprofile-envoy-gateway.yaml", profile)
		_, err = pb.CoreV1beta1().ExtensionProfiles().Create(ctx, profile, metav1.CreateOptions{})
		Expect(err).NotTo(HaveOccurred())

		Eventually(watcher.ResultChan()).Should(Receive(And(
			HaveField("Type", watch.Added),
			HaveField("Object", HaveField("ObjectMeta.Name", profile.Name)),
		)))
	})

	It("answers protobuf to a client that accepts JSON as fallback, for every kind", func() {
		for _, r := range resources {
			status, contentType, body := get(r.path, protobufWithJSONFallback)
			Expect(status).To(Equal(http.StatusOK), "%s: %s", r.resource, body)
			Expect(contentType).To(Equal(protobuf), r.resource)

			status, contentType, body = get(r.path+"/"+r.name, protobufWithJSONFallback)
			Expect(status).To(Equal(http.StatusOK), "%s: %s", r.resource, body)
			Expect(contentType).To(Equal(protobuf), r.resource)
		}
	})

	It("serves Tables in JSON, also to a client that asks for protobuf first, as kube-apiserver does for its own kinds", func() {
		// metav1.Table has no protobuf encoding (+protobuf=false), for Kubernetes' kinds neither:
		// a protobuf-only Table request is refused the same way.
		const (
			protobufTable = protobuf + ";as=Table;v=v1;g=meta.k8s.io"
			jsonTable     = "application/json;as=Table;v=v1;g=meta.k8s.io"
		)
		builtInStatus, _, _ := get("/api/v1/namespaces", protobufTable)

		for _, r := range resources {
			status, _, _ := get(r.path, protobufTable)
			Expect(status).To(Equal(builtInStatus), r.resource)

			for _, accept := range []string{jsonTable, protobufTable + ", " + jsonTable} {
				status, contentType, body := get(r.path, accept)
				Expect(status).To(Equal(http.StatusOK), "%s: %s", r.resource, body)
				Expect(contentType).To(HavePrefix("application/json"), r.resource)
				table := &metav1.Table{}
				Expect(json.Unmarshal(body, table)).To(Succeed())
				Expect(table.Kind).To(Equal("Table"), r.resource)
				Expect(table.ColumnDefinitions).NotTo(BeEmpty(), r.resource)
				Expect(table.Rows).To(ContainElement(HaveField("Cells", HaveExactElements(append([]any{r.name}, anyCells(len(table.ColumnDefinitions)-1)...)))), r.resource)
			}
		}
	})

	It("serves PartialObjectMetadataList to the metadata client (protobuf) and in JSON", func() {
		metadataClient, err := metadata.NewForConfig(restConfig)
		Expect(err).NotTo(HaveOccurred())
		for _, r := range resources {
			gvr := gardencorev1beta1.SchemeGroupVersion.WithResource(r.resource)
			var list *metav1.PartialObjectMetadataList
			if r.resource == "shoots" {
				list, err = metadataClient.Resource(gvr).Namespace(namespace).List(ctx, metav1.ListOptions{})
			} else {
				list, err = metadataClient.Resource(gvr).List(ctx, metav1.ListOptions{})
			}
			Expect(err).NotTo(HaveOccurred(), r.resource)
			Expect(list.Items).To(ContainElement(HaveField("Name", r.name)), r.resource)

			status, contentType, body := get(r.path, protobuf+";as=PartialObjectMetadataList;v=v1;g=meta.k8s.io")
			Expect(status).To(Equal(http.StatusOK), "%s: %s", r.resource, body)
			Expect(contentType).To(HavePrefix(protobuf), r.resource)
			pbList := &metav1.PartialObjectMetadataList{}
			decodeProtobuf(body, pbList)
			Expect(pbList.Items).To(ContainElement(HaveField("Name", r.name)), r.resource)

			status, _, body = get(r.path, "application/json;as=PartialObjectMetadataList;v=v1;g=meta.k8s.io")
			Expect(status).To(Equal(http.StatusOK), "%s: %s", r.resource, body)
			jsonList := &metav1.PartialObjectMetadataList{}
			Expect(json.Unmarshal(body, jsonList)).To(Succeed())
			Expect(jsonList.Items).To(ContainElement(HaveField("Name", r.name)), r.resource)
		}
	})

	It("still answers JSON to a JSON client", func() {
		for _, r := range resources {
			status, contentType, body := get(r.path+"/"+r.name, "application/json")
			Expect(status).To(Equal(http.StatusOK), "%s: %s", r.resource, body)
			Expect(contentType).To(Equal("application/json"), r.resource)
			Expect(json.Valid(body)).To(BeTrue())
		}
	})

	It("lets the controllers' clients (controller-runtime, per-kind content type) read and write core.gardener.cloud in protobuf", func() {
		requests := &contentTypeRecorder{}
		connection := componentbaseconfigv1alpha1.ClientConnectionConfiguration{}
		gardenerkubernetes.SetDefaultsClientConnection(&connection)
		cfg := gardenerkubernetes.ApplyClientConnection(restConfig, connection)
		cfg.Wrap(requests.wrap)
		c, err := client.New(cfg, client.Options{Scheme: gardenerkubernetes.GardenScheme})
		Expect(err).NotTo(HaveOccurred())

		shoot := &gardencorev1beta1.Shoot{}
		Expect(c.Get(ctx, client.ObjectKey{Namespace: namespace, Name: "falco-traefik-eval"}, shoot)).To(Succeed())
		patch := client.MergeFrom(shoot.DeepCopy())
		shoot.Labels = map[string]string{"protobuf": "yes"}
		Expect(c.Patch(ctx, shoot, patch)).To(Succeed())
		profiles := &gardencorev1beta1.ExtensionProfileList{}
		Expect(c.List(ctx, profiles)).To(Succeed())
		Expect(profiles.Items).To(HaveLen(3))

		Expect(requests.responses("/apis/core.gardener.cloud/")).NotTo(BeEmpty())
		Expect(requests.responses("/apis/core.gardener.cloud/")).To(HaveEach(Equal(protobuf)))
	})

	upstreamWireSpecs()
})
