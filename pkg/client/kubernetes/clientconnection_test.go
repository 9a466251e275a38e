// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package kubernetes_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"sync"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	clientgoscheme "k8s.io/client-go/kubernetes/scheme"
	"k8s.io/client-go/rest"
	componentbaseconfigv1alpha1 "k8s.io/component-base/config/v1alpha1"
	"sigs.k8s.io/controller-runtime/pkg/client"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	extensionsv1alpha1 "github.com/gep-78/gardener/pkg/apis/extensions/v1alpha1"
	. "github.com/gep-78/gardener/pkg/client/kubernetes"
)

var _ = Describe("Client connection", func() {
	Describe("#SetDefaultsClientConnection", func() {
		It("defaults qps and burst to Gardener's 50 and 100 and leaves the content types empty", func() {
			c := componentbaseconfigv1alpha1.ClientConnectionConfiguration{}
			SetDefaultsClientConnection(&c)
			Expect(c).To(Equal(componentbaseconfigv1alpha1.ClientConnectionConfiguration{QPS: 50, Burst: 100}))
		})

		It("keeps set values", func() {
			c := componentbaseconfigv1alpha1.ClientConnectionConfiguration{QPS: 1, Burst: 2}
			SetDefaultsClientConnection(&c)
			Expect(c).To(Equal(componentbaseconfigv1alpha1.ClientConnectionConfiguration{QPS: 1, Burst: 2}))
		})
	})

	Describe("#ApplyClientConnection", func() {
		type request struct{ path, contentType, accept string }
		var (
			server   *httptest.Server
			mu       sync.Mutex
			requests []request
		)

		BeforeEach(func() {
			requests = nil
			server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				mu.Lock()
				requests = append(requests, request{path: r.URL.Path, contentType: r.Header.Get("Content-Type"), accept: r.Header.Get("Accept")})
				mu.Unlock()
				w.Header().Set("Content-Type", "application/json")
				w.WriteHeader(http.StatusForbidden)
				_, _ = w.Write([]byte(`{"kind":"Status","apiVersion":"v1","status":"Failure","reason":"Forbidden","code":403}`))
			}))
			DeferCleanup(server.Close)
		})

		// create sends a create of a Namespace (built-in, serves protobuf), of a Shoot
		// (core.gardener.cloud, served in protobuf by gardener-apiserver) and of an Extension (CRD,
		// JSON only) through a controller-runtime client and returns the requests seen.
		create := func(conn componentbaseconfigv1alpha1.ClientConnectionConfiguration) (namespace, shoot, extension request) {
			GinkgoHelper()
			cfg := ApplyClientConnection(&rest.Config{Host: server.URL}, conn)
			mapper := meta.NewDefaultRESTMapper(nil)
			mapper.Add(corev1.SchemeGroupVersion.WithKind("Namespace"), meta.RESTScopeRoot)
			mapper.Add(gardencorev1beta1.SchemeGroupVersion.WithKind("Shoot"), meta.RESTScopeNamespace)
			mapper.Add(extensionsv1alpha1.SchemeGroupVersion.WithKind("Extension"), meta.RESTScopeNamespace)
			scheme := runtime.NewScheme()
			Expect(clientgoscheme.AddToScheme(scheme)).To(Succeed())
			Expect(gardencorev1beta1.AddToScheme(scheme)).To(Succeed())
			Expect(extensionsv1alpha1.AddToScheme(scheme)).To(Succeed())
			c, err := client.New(cfg, client.Options{Scheme: scheme, Mapper: mapper})
			Expect(err).NotTo(HaveOccurred())
			ctx := context.Background()
			Expect(c.Create(ctx, &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: "a"}})).To(Satisfy(apierrors.IsForbidden))
			Expect(c.Create(ctx, &gardencorev1beta1.Shoot{ObjectMeta: metav1.ObjectMeta{Namespace: "a", Name: "b"}})).To(Satisfy(apierrors.IsForbidden))
			Expect(c.Create(ctx, &extensionsv1alpha1.Extension{ObjectMeta: metav1.ObjectMeta{Namespace: "a", Name: "b"}})).To(Satisfy(apierrors.IsForbidden))
			mu.Lock()
			defer mu.Unlock()
			Expect(requests).To(HaveLen(3))
			Expect(requests[0].path).To(Equal("/api/v1/namespaces"))
			Expect(requests[1].path).To(HavePrefix("/apis/core.gardener.cloud/"))
			Expect(requests[2].path).To(HavePrefix("/apis/extensions.gardener.cloud/"))
			return requests[0], requests[1], requests[2]
		}

		It("copies qps, burst and the accept header", func() {
			cfg := ApplyClientConnection(&rest.Config{Host: "https://x", QPS: 5, Burst: 10},
				componentbaseconfigv1alpha1.ClientConnectionConfiguration{QPS: 70, Burst: 140, AcceptContentTypes: "application/json"})
			Expect(cfg.QPS).To(Equal(float32(70)))
			Expect(cfg.Burst).To(Equal(140))
			Expect(cfg.AcceptContentTypes).To(Equal("application/json"))
		})

		It("sends protobuf for built-in kinds and core.gardener.cloud, and JSON for CRDs, by default", func() {
			namespace, shoot, extension := create(componentbaseconfigv1alpha1.ClientConnectionConfiguration{})
			Expect(namespace.contentType).To(Equal("application/vnd.kubernetes.protobuf"))
			Expect(namespace.accept).To(HavePrefix("application/vnd.kubernetes.protobuf"))
			Expect(shoot.contentType).To(Equal("application/vnd.kubernetes.protobuf"))
			Expect(shoot.accept).To(HavePrefix("application/vnd.kubernetes.protobuf"))
			Expect(extension.contentType).To(Equal("application/json"))
			Expect(extension.accept).To(HavePrefix("application/json"))
		})

		It("keeps CRDs on JSON when protobuf is asked for, and sends the accept list as given", func() {
			namespace, shoot, extension := create(componentbaseconfigv1alpha1.ClientConnectionConfiguration{
				ContentType:        ContentTypeProtobuf,
				AcceptContentTypes: "application/vnd.kubernetes.protobuf,application/json",
			})
			Expect(namespace.contentType).To(Equal("application/vnd.kubernetes.protobuf"))
			Expect(shoot.contentType).To(Equal("application/vnd.kubernetes.protobuf"))
			Expect(namespace.accept).To(Equal("application/vnd.kubernetes.protobuf,application/json"))
			Expect(extension.contentType).To(Equal("application/json"))
			Expect(extension.accept).To(Equal("application/vnd.kubernetes.protobuf,application/json"))
		})

		It("sends JSON for every kind when JSON is asked for", func() {
			namespace, shoot, extension := create(componentbaseconfigv1alpha1.ClientConnectionConfiguration{ContentType: ContentTypeJSON})
			Expect(namespace.contentType).To(Equal("application/json"))
			Expect(shoot.contentType).To(Equal("application/json"))
			Expect(extension.contentType).To(Equal("application/json"))
		})
	})

	DescribeTable("#ValidateClientConnection",
		func(c componentbaseconfigv1alpha1.ClientConnectionConfiguration, messages ...string) {
			errs := ValidateClientConnection(&c, nil)
			Expect(errs).To(HaveLen(len(messages)))
			for i, m := range messages {
				Expect(errs[i].Error()).To(ContainSubstring(m))
			}
		},
		Entry("defaults", componentbaseconfigv1alpha1.ClientConnectionConfiguration{QPS: 50, Burst: 100}),
		Entry("protobuf with JSON fallback", componentbaseconfigv1alpha1.ClientConnectionConfiguration{ContentType: ContentTypeProtobuf, AcceptContentTypes: "application/vnd.kubernetes.protobuf, application/json;q=0.9"}),
		Entry("negative rates", componentbaseconfigv1alpha1.ClientConnectionConfiguration{QPS: -1, Burst: -1}, "qps: Invalid value", "burst: Invalid value"),
		Entry("YAML", componentbaseconfigv1alpha1.ClientConnectionConfiguration{ContentType: "application/yaml"}, `contentType: Unsupported value: "application/yaml"`),
		Entry("unparsable accept list", componentbaseconfigv1alpha1.ClientConnectionConfiguration{AcceptContentTypes: "application/json,;"}, "acceptContentTypes: Invalid value"),
	)
})
