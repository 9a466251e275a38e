// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package filters_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/util/strategicpatch"
	"k8s.io/apiserver/pkg/endpoints/request"
	"k8s.io/apiserver/pkg/registry/rest"

	"github.com/gep-78/gardener/pkg/api"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	. "github.com/gep-78/gardener/pkg/apiserver/filters"
)

// servedMeta is the patch meta of the Go types with the strategy "replace" on RawExtensions, as
// the served OpenAPI has it.
type servedMeta struct {
	strategicpatch.PatchMetaFromStruct
}

func (m servedMeta) LookupPatchMetadataForStruct(key string) (strategicpatch.LookupPatchMeta, strategicpatch.PatchMeta, error) {
	return m.replaceRaw(m.PatchMetaFromStruct.LookupPatchMetadataForStruct(key))
}

func (m servedMeta) LookupPatchMetadataForSlice(key string) (strategicpatch.LookupPatchMeta, strategicpatch.PatchMeta, error) {
	return m.replaceRaw(m.PatchMetaFromStruct.LookupPatchMetadataForSlice(key))
}

func (servedMeta) replaceRaw(sub strategicpatch.LookupPatchMeta, meta strategicpatch.PatchMeta, err error) (strategicpatch.LookupPatchMeta, strategicpatch.PatchMeta, error) {
	if err != nil {
		return nil, meta, err
	}
	s := sub.(strategicpatch.PatchMetaFromStruct)
	if t := s.T; t == reflect.TypeOf(runtime.RawExtension{}) || (t.Kind() == reflect.Ptr && t.Elem() == reflect.TypeOf(runtime.RawExtension{})) {
		meta.SetPatchStrategies([]string{"replace"})
	}
	return servedMeta{s}, meta, nil
}

// getter serves one stored object and records its reads.
type getter struct {
	obj   runtime.Object
	err   error
	reads []string
}

func (g *getter) Get(ctx context.Context, name string, _ *metav1.GetOptions) (runtime.Object, error) {
	g.reads = append(g.reads, request.NamespaceValue(ctx)+"/"+name)
	return g.obj, g.err
}

// servedPatchMeta is servedMeta of the Go type of gvk.
func servedPatchMeta(gvk schema.GroupVersionKind) (strategicpatch.LookupPatchMeta, error) {
	obj, err := api.Scheme.New(gvk)
	if err != nil {
		return nil, err
	}
	m, err := strategicpatch.NewPatchMetaFromStruct(obj)
	return servedMeta{m}, err
}

var _ rest.Getter = &getter{}

const opaqueShoot = `{"apiVersion": "core.gardener.cloud/v1beta1", "kind": "Shoot",
  "metadata": {"name": "x", "namespace": "garden-dev", "resourceVersion": "7"},
  "spec": {"provider": {"type": "local", "workers": [
    {"name": "a", "machine": {"type": "m"}, "minimum": 1, "maximum": 1,
     "cri": {"name": "containerd", "containerRuntimes": [{"type": "gvisor", "providerConfig": {"old": {"x": 1}}}]}}
  ]}, %s}}`

var _ = Describe("WithOpaqueStrategicMerge", func() {
	var (
		stored    *getter
		resources map[string]rest.Getter
		seen      []byte
		handler   http.Handler
	)

	BeforeEach(func() {
		stored, seen, resources = &getter{}, nil, nil
		kinds := map[schema.GroupResource]schema.GroupVersionKind{
			{Group: "core.gardener.cloud", Resource: "shoots"}: gardencorev1beta1.SchemeGroupVersion.WithKind("Shoot"),
		}
		handler = WithOpaqueStrategicMerge(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
			var err error
			seen, err = io.ReadAll(req.Body)
			Expect(err).NotTo(HaveOccurred())
			w.WriteHeader(http.StatusTeapot)
		}), kinds, func(resource string) rest.Getter { return resources[resource] }, servedPatchMeta, api.Scheme, api.Codecs)
	})

	// store makes the stored Shoot the one of opaqueShoot with the given networking.
	store := func(networking string) []byte {
		raw := []byte(strings.Replace(opaqueShoot, "%s", `"networking": `+networking, 1))
		shoot := &gardencorev1beta1.Shoot{}
		Expect(json.Unmarshal(raw, shoot)).To(Succeed())
		stored.obj = shoot
		resources = map[string]rest.Getter{"shoots": stored, "shoots/status": stored}
		raw, err := json.Marshal(shoot)
		Expect(err).NotTo(HaveOccurred())
		return raw
	}

	serve := func(subresource, contentType, body string) *httptest.ResponseRecorder {
		req := httptest.NewRequest(http.MethodPatch, "/apis/core.gardener.cloud/v1beta1/namespaces/garden-dev/shoots/x", strings.NewReader(body))
		req.Header.Set("Content-Type", contentType)
		req = req.WithContext(request.WithRequestInfo(req.Context(), &request.RequestInfo{
			IsResourceRequest: true, APIGroup: "core.gardener.cloud", APIVersion: "v1beta1", Resource: "shoots",
			Subresource: subresource, Namespace: "garden-dev", Name: "x", Verb: "patch",
		}))
		recorder := httptest.NewRecorder()
		handler.ServeHTTP(recorder, req)
		return recorder
	}

	// merged is what k8s.io/apiserver stores for the body the filter passed on: its strategic
	// merge with the patch meta of the Go types.
	merged := func(original []byte) map[string]interface{} {
		out, err := strategicpatch.StrategicMergePatch(original, seen, &gardencorev1beta1.Shoot{})
		Expect(err).NotTo(HaveOccurred(), string(seen))
		var m map[string]interface{}
		Expect(json.Unmarshal(out, &m)).To(Succeed())
		return m
	}

	DescribeTable("stores what the merge with the served patch meta gives, against the stored resourceVersion",
		func(networking, subresource, patch, path, want string) {
			original := store(networking)
			Expect(serve(subresource, "application/strategic-merge-patch+json", patch).Code).To(Equal(http.StatusTeapot))
			Expect(stored.reads).To(Equal([]string{"garden-dev/x"}))

			result := merged(original)
			Expect(result).To(HaveKeyWithValue("metadata", HaveKeyWithValue("resourceVersion", "7")))
			served, err := strategicpatch.StrategicMergePatchUsingLookupPatchMeta(original, []byte(patch), servedMeta{strategicpatch.PatchMetaFromStruct{T: reflect.TypeOf(gardencorev1beta1.Shoot{})}})
			Expect(err).NotTo(HaveOccurred())
			var expected map[string]interface{}
			Expect(json.Unmarshal(served, &expected)).To(Succeed())
			Expect(result).To(Equal(expected))

			value := interface{}(result)
			for _, key := range strings.Split(path, ".") {
				switch v := value.(type) {
				case map[string]interface{}:
					value = v[key]
				case []interface{}:
					value = v[int(key[0]-'0')]
				}
			}
			if want == "" {
				Expect(value).To(BeNil())
			} else {
				raw, err := json.Marshal(value)
				Expect(err).NotTo(HaveOccurred())
				Expect(raw).To(MatchJSON(want))
			}
		},
		Entry("an object added where none is stored", `{"type": "calico"}`, "",
			`{"spec": {"networking": {"providerConfig": {"ipv6": {"sourceNATEnabled": true}}}}}`,
			"spec.networking.providerConfig", `{"ipv6": {"sourceNATEnabled": true}}`),
		Entry("an object replacing the stored one, nested objects in both", `{"type": "calico", "providerConfig": {"ipv6": {"a": 1}, "kept": 1}}`, "",
			`{"spec": {"networking": {"providerConfig": {"ipv6": {"b": 2}}}}}`,
			"spec.networking.providerConfig", `{"ipv6": {"b": 2}}`),
		Entry("an object replacing a stored string", `{"type": "calico", "providerConfig": "opaque"}`, "",
			`{"spec": {"networking": {"providerConfig": {"a": {"b": 1}}}}}`,
			"spec.networking.providerConfig", `{"a": {"b": 1}}`),
		Entry("null removing the stored object", `{"type": "calico", "providerConfig": {"a": 1}}`, "",
			`{"spec": {"networking": {"providerConfig": null, "type": "cilium"}, "provider": {"controlPlaneConfig": {"a": {"b": 1}}}}}`,
			"spec.networking.providerConfig", ``),
		Entry("an object added to an existing item of a keyed list", `{"type": "calico"}`, "",
			`{"spec": {"provider": {"workers": [{"name": "a", "providerConfig": {"a": {"b": 1}}}]}}}`,
			"spec.provider.workers.0.providerConfig", `{"a": {"b": 1}}`),
		Entry("an object in a new item of a keyed list, without a directive", `{"type": "calico"}`, "",
			`{"spec": {"provider": {"workers": [{"name": "b", "machine": {"type": "m"}, "minimum": 1, "maximum": 1, "providerConfig": {"a": {"b": 1}}}]}}}`,
			"spec.provider.workers.0.providerConfig", `{"a": {"b": 1}}`),
		Entry("an object in an atomic list, replaced whole without a directive", `{"type": "calico"}`, "",
			`{"spec": {"provider": {"workers": [{"name": "a", "cri": {"name": "containerd", "containerRuntimes": [{"type": "gvisor", "providerConfig": {"new": {"y": 2}}}]}}]}}}`,
			"spec.provider.workers.0.cri.containerRuntimes.0.providerConfig", `{"new": {"y": 2}}`),
		Entry("two items of one key: the second replaces what the first added", `{"type": "calico"}`, "",
			`{"spec": {"provider": {"workers": [{"name": "a", "providerConfig": {"x": {"a": 1}}}, {"name": "a", "providerConfig": {"y": {"b": 2}}}]}}}`,
			"spec.provider.workers.0.providerConfig", `{"y": {"b": 2}}`),
		Entry("a patch of the status subresource", `{"type": "calico"}`, "status",
			`{"spec": {"networking": {"providerConfig": {"a": {"b": 1}}}}}`,
			"spec.networking.providerConfig", `{"a": {"b": 1}}`),
	)

	It("keeps the resourceVersion a patch names as its precondition", func() {
		original := store(`{"type": "calico", "providerConfig": {"a": {"x": 1}}}`)
		Expect(serve("", "application/strategic-merge-patch+json",
			`{"metadata": {"resourceVersion": "6"}, "spec": {"networking": {"providerConfig": {"a": {"y": 1}}}}}`).Code).To(Equal(http.StatusTeapot))
		Expect(merged(original)).To(HaveKeyWithValue("metadata", HaveKeyWithValue("resourceVersion", "6")))
	})

	It("passes a patch that sets no RawExtension to an object on unchanged, without reading", func() {
		store(`{"type": "calico"}`)
		patch := `{"spec": {"networking": {"type": "cilium", "providerConfig": null}, "provider": {"workers": [{"name": "a", "maximum": 3}]}}}`
		Expect(serve("", "application/strategic-merge-patch+json", patch).Code).To(Equal(http.StatusTeapot))
		Expect(string(seen)).To(Equal(patch))
		Expect(stored.reads).To(BeEmpty())

		By("and any other content type")
		patch = `{"spec": {"networking": {"providerConfig": {"a": {"b": 1}}}}}`
		Expect(serve("", "application/merge-patch+json", patch).Code).To(Equal(http.StatusTeapot))
		Expect(string(seen)).To(Equal(patch))
		Expect(stored.reads).To(BeEmpty())
	})

	It("answers the error of the read, such as 404 for a Shoot that does not exist", func() {
		store(`{"type": "calico"}`)
		stored.err = apierrors.NewNotFound(schema.GroupResource{Group: "core.gardener.cloud", Resource: "shoots"}, "x")
		recorder := serve("", "application/strategic-merge-patch+json", `{"spec": {"networking": {"providerConfig": {"a": 1}}}}`)
		Expect(recorder.Code).To(Equal(http.StatusNotFound))
		Expect(seen).To(BeNil())
	})

	DescribeTable("answers 4xx for patches the merge refuses",
		func(patch string, code int, message string) {
			store(`{"type": "calico"}`)
			recorder := serve("", "application/strategic-merge-patch+json", patch)
			Expect(recorder.Code).To(Equal(code))
			Expect(recorder.Body.String()).To(ContainSubstring(message))
			Expect(seen).To(BeNil())
		},
		Entry("a keyed item without its key", `{"spec": {"provider": {"workers": [{"maximum": 2}]}}}`,
			http.StatusUnprocessableEntity, `spec.provider.workers[0].name: Required value`),
		Entry("list items of different types", `{"spec": {"provider": {"workers": [{"name": "a"}, "b"]}}}`,
			http.StatusUnprocessableEntity, `spec.provider.workers: Invalid value`),
		Entry("a directive the merge does not know (strategicPatchError)", `{"spec": {"networking": {"providerConfig": {"a": 1}}, "provider": {"workers": [{"name": "a", "$patch": "merge"}]}}}`,
			http.StatusUnprocessableEntity, `spec.provider.workers[0].$patch: Unsupported value`),
	)
})
