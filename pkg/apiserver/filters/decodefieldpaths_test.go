// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package filters_test

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/apiserver/pkg/endpoints/request"

	"github.com/gep-78/gardener/pkg/api"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	. "github.com/gep-78/gardener/pkg/apiserver/filters"
)

const profileWithBadStartTime = `{
  "apiVersion": "core.gardener.cloud/v1beta1",
  "kind": "ExtensionProfile",
  "metadata": {"name": "shoot-falco-service"},
  "spec": {"components": [{"name": "falco", "versions": [
    {"version": "0.41.0"},
    {"version": "0.42.0", "lifecycle": [{"classification": "supported", "startTime": "tomorrow"}]}
  ]}]}
}`

const (
	indexed = "spec.components[0].versions[1].lifecycle[0].startTime"
	// Patches merge keyed lists by key: their items are named by key, not by their index.
	keyed = `spec.components[name="falco"].versions[version="0.42.0"].lifecycle[0].startTime`
)

var _ = Describe("WithDecodeFieldPaths", func() {
	var (
		seenBody []byte
		handler  http.Handler
	)

	BeforeEach(func() {
		seenBody = nil
		kinds := map[schema.GroupResource]schema.GroupVersionKind{
			{Group: "core.gardener.cloud", Resource: "extensionprofiles"}: gardencorev1beta1.SchemeGroupVersion.WithKind("ExtensionProfile"),
			{Group: "core.gardener.cloud", Resource: "cloudprofiles"}:     gardencorev1beta1.SchemeGroupVersion.WithKind("CloudProfile"),
		}
		handler = WithDecodeFieldPaths(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
			var err error
			seenBody, err = io.ReadAll(req.Body)
			Expect(err).NotTo(HaveOccurred())
			w.WriteHeader(http.StatusTeapot)
		}), kinds, api.Scheme, api.Codecs)
	})

	serve := func(method, resource, name, contentType, body string) *httptest.ResponseRecorder {
		req := httptest.NewRequest(method, "/apis/core.gardener.cloud/v1beta1/"+resource, strings.NewReader(body))
		req.Header.Set("Content-Type", contentType)
		req = req.WithContext(request.WithRequestInfo(req.Context(), &request.RequestInfo{
			IsResourceRequest: true, APIGroup: "core.gardener.cloud", APIVersion: "v1beta1", Resource: resource, Name: name,
		}))
		recorder := httptest.NewRecorder()
		handler.ServeHTTP(recorder, req)
		return recorder
	}

	status := func(recorder *httptest.ResponseRecorder) *metav1.Status {
		Expect(recorder.Code).To(Equal(http.StatusUnprocessableEntity), recorder.Body.String())
		s := &metav1.Status{}
		Expect(json.Unmarshal(recorder.Body.Bytes(), s)).To(Succeed())
		return s
	}

	DescribeTable("rejects a malformed startTime with its field path, whatever the verb",
		func(method, name, contentType, body, path string) {
			s := status(serve(method, "extensionprofiles", name, contentType, body))
			Expect(s.Reason).To(Equal(metav1.StatusReasonInvalid))
			Expect(s.Details.Name).To(Equal("shoot-falco-service"))
			Expect(s.Details.Causes).To(ConsistOf(And(
				HaveField("Type", metav1.CauseTypeFieldValueInvalid),
				HaveField("Field", path),
				HaveField("Message", HavePrefix(`Invalid value: "tomorrow": parsing time "tomorrow"`)),
			)))
			Expect(seenBody).To(BeNil(), "the handler is not called")
		},
		Entry("create", http.MethodPost, "", "application/json", profileWithBadStartTime, indexed),
		Entry("update", http.MethodPut, "shoot-falco-service", "application/json", profileWithBadStartTime, indexed),
		Entry("merge patch (lists are replaced, the indices are the object's)", http.MethodPatch, "shoot-falco-service",
			"application/merge-patch+json", profileWithBadStartTime, indexed),
		Entry("strategic-merge patch with directives (kubectl apply)", http.MethodPatch, "shoot-falco-service", "application/strategic-merge-patch+json",
			`{"spec": {"$setElementOrder/components": [{"name": "falco"}], "components": [{"name": "falco",
			  "$setElementOrder/versions": [{"version": "0.41.0"}, {"version": "0.42.0"}],
			  "versions": [{"version": "0.42.0", "lifecycle": [{"classification": "supported", "startTime": "tomorrow"}]}]}]}}`, keyed),
		Entry("server-side apply (YAML)", http.MethodPatch, "shoot-falco-service", "application/apply-patch+yaml", `
apiVersion: core.gardener.cloud/v1beta1
kind: ExtensionProfile
metadata:
  name: shoot-falco-service
spec:
  components:
  - name: falco
    versions:
    - version: 0.41.0
    - version: 0.42.0
      lifecycle:
      - classification: supported
        startTime: tomorrow
`, keyed),
	)

	It("names a malformed CloudProfile expirationDate", func() {
		s := status(serve(http.MethodPost, "cloudprofiles", "", "application/json",
			`{"metadata": {"name": "local"}, "spec": {"kubernetes": {"versions": [{"version": "1.35.0", "expirationDate": "2026-13-01"}]}}}`))
		Expect(s.Details.Causes).To(ConsistOf(HaveField("Field", "spec.kubernetes.versions[0].expirationDate")))
	})

	DescribeTable("passes the body on unchanged when it decodes or cannot be located",
		func(resource, contentType, body string) {
			Expect(serve(http.MethodPost, resource, "", contentType, body).Code).To(Equal(http.StatusTeapot))
			Expect(string(seenBody)).To(Equal(body))
		},
		Entry("a valid profile", "extensionprofiles", "application/json", strings.Replace(profileWithBadStartTime, "tomorrow", "2026-01-01T00:00:00Z", 1)),
		Entry("an unknown field (strict decoding is the handler's)", "extensionprofiles", "application/json", `{"spec": {"bogus": 1}}`),
		Entry("not JSON", "extensionprofiles", "application/json", `{`),
		Entry("a JSON patch", "extensionprofiles", "application/json-patch+json", `[{"op": "add", "path": "/spec/x", "value": 1}]`),
		Entry("protobuf", "extensionprofiles", "application/vnd.kubernetes.protobuf", "k8s\x00"),
		Entry("another resource", "shoots", "application/json", profileWithBadStartTime),
	)
})

var _ = Describe("LocateDecodeError", func() {
	profile := reflect.TypeOf(gardencorev1beta1.ExtensionProfile{})

	It("returns nil for a document that decodes", func() {
		Expect(LocateDecodeError([]byte(`{"spec": {"components": []}}`), profile, false)).To(BeNil())
	})

	It("names a value of the wrong JSON type, with list indices, map keys and inline metadata", func() {
		err := LocateDecodeError([]byte(`{"metadata": {"labels": {"a": 1}}}`), profile, false)
		Expect(err).NotTo(BeNil())
		Expect(err.Type).To(Equal(field.ErrorTypeInvalid))
		Expect(err.Field).To(Equal("metadata.labels[a]"))

		err = LocateDecodeError([]byte(`{"spec": {"components": [{"name": "a"}, {"name": 7}]}}`), profile, false)
		Expect(err).NotTo(BeNil())
		Expect(err.Field).To(Equal("spec.components[1].name"))
		Expect(err.BadValue).To(BeEquivalentTo(7))

		By("in a patch, an item without its merge key by its index in the patch")
		err = LocateDecodeError([]byte(`{"spec": {"components": [{"name": "a"}, {"versions": 7}]}}`), profile, true)
		Expect(err).NotTo(BeNil())
		Expect(err.Field).To(Equal("spec.components[1].versions"))
	})

	It("does not echo a large value", func() {
		err := LocateDecodeError([]byte(`{"spec": {"components": [{"name": "`+strings.Repeat("x", 10000)+`", "versions": 1}]}}`), profile, false)
		Expect(err).NotTo(BeNil())
		Expect(err.Field).To(Equal("spec.components[0].versions"))
		Expect(len(err.Error())).To(BeNumerically("<", 300))
	})
})
