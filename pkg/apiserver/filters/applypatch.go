// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package filters

import (
	"errors"
	"net/http"
	"strings"
	"sync"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/apimachinery/pkg/util/managedfields"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/apiserver/pkg/endpoints/handlers/responsewriters"
	"sigs.k8s.io/structured-merge-diff/v6/typed"
	"sigs.k8s.io/yaml"
)

// WithApplyPatchValidation answers 422 Invalid, naming the field, to a server-side apply patch
// of the given resources that the server's type converter (structured-merge-diff over the
// served OpenAPI models) cannot turn into a typed value, such as a list with two items of the
// same key:
//
//	spec.extensions[type="shoot-traefik"].components: Invalid value: duplicate entries for key [name="comp"]
//
// k8s.io/apiserver answers such a patch with 500 ("failed to create typed patch object"). The
// check is the one the handler makes, done earlier; newTypeConverter is called once, on the first
// apply patch. A patch whose apiVersion and kind are not the resource's passes on unchanged.
func WithApplyPatchValidation(handler http.Handler, kinds map[schema.GroupResource]schema.GroupVersionKind, newTypeConverter func() (managedfields.TypeConverter, error), serializer runtime.NegotiatedSerializer) http.Handler {
	var (
		once      sync.Once
		converter managedfields.TypeConverter
	)
	return http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		info, gvk, body, mediaType, ok := readWriteBody(req, kinds)
		if !ok || mediaType != string(types.ApplyPatchType) {
			handler.ServeHTTP(w, req)
			return
		}
		patch := map[string]interface{}{}
		if err := yaml.Unmarshal(body, &patch); err != nil {
			handler.ServeHTTP(w, req)
			return
		}
		obj := &unstructured.Unstructured{Object: patch}
		if obj.GroupVersionKind() != gvk {
			handler.ServeHTTP(w, req)
			return
		}
		once.Do(func() {
			var err error
			if converter, err = newTypeConverter(); err != nil {
				converter = nil
			}
		})
		if converter == nil {
			handler.ServeHTTP(w, req)
			return
		}
		_, err := converter.ObjectToTyped(obj)
		if err == nil {
			handler.ServeHTTP(w, req)
			return
		}
		var allErrs, unknownErrs field.ErrorList
		var validationErrs typed.ValidationErrors
		if errors.As(err, &validationErrs) {
			for _, e := range validationErrs {
				fieldErr := &field.Error{Type: field.ErrorTypeInvalid, Field: strings.TrimPrefix(e.Path, "."), BadValue: field.OmitValueType{}, Detail: e.ErrorMessage}
				if strings.Contains(e.ErrorMessage, "field not declared in schema") {
					unknownErrs = append(unknownErrs, fieldErr)
					continue
				}
				allErrs = append(allErrs, fieldErr)
			}
		}
		// Strict field validation answers unknown fields itself (400, "unknown field"); with Warn or
		// Ignore the handler would answer them with 500, so they are refused here with their path.
		if req.URL.Query().Get("fieldValidation") != "Strict" {
			allErrs = append(allErrs, unknownErrs...)
		}
		if len(allErrs) == 0 {
			handler.ServeHTTP(w, req)
			return
		}
		responsewriters.ErrorNegotiated(apierrors.NewInvalid(gvk.GroupKind(), info.Name, allErrs), serializer, gvk.GroupVersion(), w, req)
	})
}
