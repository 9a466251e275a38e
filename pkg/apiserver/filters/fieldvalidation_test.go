// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package filters_test

import (
	"net/http"
	"net/http/httptest"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/util/sets"
	"k8s.io/apiserver/pkg/endpoints/request"

	. "github.com/gep-78/gardener/pkg/apiserver/filters"
)

var _ = Describe("WithLenientFieldValidation", func() {
	var (
		seen    *http.Request
		handler http.Handler
	)

	BeforeEach(func() {
		seen = nil
		handler = WithLenientFieldValidation(http.HandlerFunc(func(_ http.ResponseWriter, req *http.Request) { seen = req }),
			sets.New(schema.GroupResource{Group: "core.gardener.cloud", Resource: "shoots"}), nil)
	})

	serve := func(target string, info *request.RequestInfo) *http.Request {
		req := httptest.NewRequest(http.MethodPatch, target, nil)
		if info != nil {
			req = req.WithContext(request.WithRequestInfo(req.Context(), info))
		}
		handler.ServeHTTP(httptest.NewRecorder(), req)
		Expect(seen).NotTo(BeNil())
		return seen
	}

	shoots := &request.RequestInfo{IsResourceRequest: true, APIGroup: "core.gardener.cloud", APIVersion: "v1beta1", Resource: "shoots", Namespace: "garden-dev", Name: "dev"}

	DescribeTable("the fieldValidation the handler sees",
		func(target string, info *request.RequestInfo, want string) {
			Expect(serve(target, info).URL.Query().Get("fieldValidation")).To(Equal(want))
		},
		Entry("Strict on shoots becomes Warn",
			"/apis/core.gardener.cloud/v1beta1/namespaces/garden-dev/shoots/dev?fieldManager=kubectl&fieldValidation=Strict", shoots, "Warn"),
		Entry("Strict on shoots/status becomes Warn",
			"/apis/core.gardener.cloud/v1beta1/namespaces/garden-dev/shoots/dev/status?fieldValidation=Strict",
			&request.RequestInfo{IsResourceRequest: true, APIGroup: "core.gardener.cloud", Resource: "shoots", Subresource: "status"}, "Warn"),
		Entry("Ignore on shoots stays Ignore",
			"/apis/core.gardener.cloud/v1beta1/namespaces/garden-dev/shoots/dev?fieldValidation=Ignore", shoots, "Ignore"),
		Entry("no fieldValidation stays unset (the server default is Warn)",
			"/apis/core.gardener.cloud/v1beta1/namespaces/garden-dev/shoots/dev", shoots, ""),
		Entry("Strict on extensionprofiles stays Strict",
			"/apis/core.gardener.cloud/v1beta1/extensionprofiles/shoot-traefik?fieldValidation=Strict",
			&request.RequestInfo{IsResourceRequest: true, APIGroup: "core.gardener.cloud", Resource: "extensionprofiles"}, "Strict"),
		Entry("Strict on shoots of another group stays Strict",
			"/apis/example.com/v1/namespaces/a/shoots/b?fieldValidation=Strict",
			&request.RequestInfo{IsResourceRequest: true, APIGroup: "example.com", Resource: "shoots"}, "Strict"),
		Entry("without request info nothing changes",
			"/apis/core.gardener.cloud/v1beta1/namespaces/garden-dev/shoots/dev?fieldValidation=Strict", nil, "Strict"),
	)

	It("keeps the other query parameters and updates the request URI", func() {
		req := serve("/apis/core.gardener.cloud/v1beta1/namespaces/garden-dev/shoots/dev?fieldManager=kubectl&dryRun=All&fieldValidation=Strict", shoots)
		Expect(req.URL.Query().Get("fieldManager")).To(Equal("kubectl"))
		Expect(req.URL.Query().Get("dryRun")).To(Equal("All"))
		Expect(req.RequestURI).To(ContainSubstring("fieldValidation=Warn"))
		Expect(req.URL.Path).To(Equal("/apis/core.gardener.cloud/v1beta1/namespaces/garden-dev/shoots/dev"))
	})
})
