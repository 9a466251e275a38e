// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package filters_test

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/util/sets"
	"k8s.io/apiserver/pkg/endpoints/request"
	"k8s.io/apiserver/pkg/warning"
	"k8s.io/kube-openapi/pkg/common"
	"k8s.io/kube-openapi/pkg/validation/spec"

	. "github.com/gep-78/gardener/pkg/apiserver/filters"
)

// definitions is a miniature OpenAPI model: Thing{spec: Spec{name, items[]Item{value}, labels
// map[string]string, config (no properties)}}.
func definitions(ref common.ReferenceCallback) map[string]common.OpenAPIDefinition {
	object := func(props map[string]spec.Schema) spec.Schema {
		return spec.Schema{SchemaProps: spec.SchemaProps{Type: []string{"object"}, Properties: props}}
	}
	str := spec.Schema{SchemaProps: spec.SchemaProps{Type: []string{"string"}}}
	return map[string]common.OpenAPIDefinition{
		"Thing": {Schema: object(map[string]spec.Schema{
			"apiVersion": str, "kind": str,
			"spec": {SchemaProps: spec.SchemaProps{Ref: ref("Spec")}},
		})},
		"Spec": {Schema: object(map[string]spec.Schema{
			"name":   str,
			"items":  {SchemaProps: spec.SchemaProps{Type: []string{"array"}, Items: &spec.SchemaOrArray{Schema: &spec.Schema{SchemaProps: spec.SchemaProps{Ref: ref("Item")}}}}},
			"labels": {SchemaProps: spec.SchemaProps{Type: []string{"object"}, AdditionalProperties: &spec.SchemaOrBool{Allows: true, Schema: &str}}},
			"config": {SchemaProps: spec.SchemaProps{Ref: ref("Raw")}},
		})},
		"Item": {Schema: object(map[string]spec.Schema{"value": str})},
		"Raw":  {Schema: spec.Schema{SchemaProps: spec.SchemaProps{Type: []string{"object"}}}},
	}
}

var thingsGVR = schema.GroupVersionResource{Group: "example.com", Version: "v1", Resource: "things"}

var _ = Describe("UnknownFieldPruner", func() {
	pruner := NewUnknownFieldPruner(definitions, map[schema.GroupVersionResource]string{thingsGVR: "Thing"})

	It("removes undeclared fields at every level and keeps maps and schemaless objects", func() {
		var obj map[string]interface{}
		Expect(json.Unmarshal([]byte(`{"apiVersion":"example.com/v1","kind":"Thing","status":{},
			"spec":{"name":"a","bogus":1,"items":[{"value":"x","extra":true},{"value":"y"}],
			"labels":{"any":"thing"},"config":{"free":{"form":1}}}}`), &obj)).To(Succeed())
		removed, ok := pruner.Prune(thingsGVR, obj)
		Expect(ok).To(BeTrue())
		Expect(removed).To(Equal([]string{"spec.bogus", "spec.items[0].extra", "status"}))
		Expect(obj).To(Equal(map[string]interface{}{
			"apiVersion": "example.com/v1", "kind": "Thing",
			"spec": map[string]interface{}{
				"name":   "a",
				"items":  []interface{}{map[string]interface{}{"value": "x"}, map[string]interface{}{"value": "y"}},
				"labels": map[string]interface{}{"any": "thing"},
				"config": map[string]interface{}{"free": map[string]interface{}{"form": float64(1)}},
			},
		}))
	})

	It("does not know other resources", func() {
		_, ok := pruner.Prune(schema.GroupVersionResource{Group: "example.com", Version: "v2", Resource: "things"}, map[string]interface{}{})
		Expect(ok).To(BeFalse())
	})
})

var _ = Describe("WithLenientFieldValidation and server-side apply", func() {
	var (
		body     string
		query    string
		warnings *recorder
		handler  http.Handler
	)

	BeforeEach(func() {
		body, query = "", ""
		warnings = &recorder{}
		pruner := NewUnknownFieldPruner(definitions, map[schema.GroupVersionResource]string{thingsGVR: "Thing"})
		handler = WithLenientFieldValidation(http.HandlerFunc(func(_ http.ResponseWriter, req *http.Request) {
			data, err := io.ReadAll(req.Body)
			Expect(err).NotTo(HaveOccurred())
			body, query = string(data), req.URL.RawQuery
		}), sets.New(thingsGVR.GroupResource()), pruner)
	})

	serve := func(contentType, payload, target string) {
		req := httptest.NewRequest(http.MethodPatch, target, strings.NewReader(payload))
		req.Header.Set("Content-Type", contentType)
		ctx := request.WithRequestInfo(req.Context(), &request.RequestInfo{IsResourceRequest: true, APIGroup: "example.com", APIVersion: "v1", Resource: "things", Name: "t"})
		ctx = warning.WithWarningRecorder(ctx, warnings)
		handler.ServeHTTP(httptest.NewRecorder(), req.WithContext(ctx))
	}

	It("prunes a YAML apply patch and warns per removed field", func() {
		serve("application/apply-patch+yaml", "apiVersion: example.com/v1\nkind: Thing\nspec:\n  name: a\n  bogus: 1\n  nested:\n    deep: true\n",
			"/apis/example.com/v1/things/t?fieldManager=m&fieldValidation=Strict")
		Expect(body).To(MatchJSON(`{"apiVersion":"example.com/v1","kind":"Thing","spec":{"name":"a"}}`))
		Expect(query).To(ContainSubstring("fieldValidation=Warn"))
		Expect(warnings.texts).To(Equal([]string{`unknown field "spec.bogus"`, `unknown field "spec.nested"`}))
	})

	It("prunes silently with fieldValidation=Ignore", func() {
		serve("application/apply-patch+yaml", `{"apiVersion":"example.com/v1","kind":"Thing","spec":{"bogus":1}}`,
			"/apis/example.com/v1/things/t?fieldValidation=Ignore")
		Expect(body).To(MatchJSON(`{"apiVersion":"example.com/v1","kind":"Thing","spec":{}}`))
		Expect(warnings.texts).To(BeEmpty())
	})

	It("keeps large numbers exact", func() {
		serve("application/apply-patch+yaml", `{"spec":{"bogus":1,"labels":{"n":12345678901234567890}}}`, "/apis/example.com/v1/things/t")
		Expect(body).To(Equal(`{"spec":{"labels":{"n":12345678901234567890}}}`))
	})

	It("leaves other patch types and undecodable bodies to the handler", func() {
		serve("application/merge-patch+json", `{"spec":{"bogus":1}}`, "/apis/example.com/v1/things/t")
		Expect(body).To(Equal(`{"spec":{"bogus":1}}`))
		serve("application/apply-patch+yaml", "spec: [unclosed", "/apis/example.com/v1/things/t")
		Expect(body).To(Equal("spec: [unclosed"))
		Expect(warnings.texts).To(BeEmpty())
	})
})

type recorder struct{ texts []string }

func (r *recorder) AddWarning(_, text string) { r.texts = append(r.texts, text) }
