// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package filters

import (
	"bytes"
	"encoding/json"
	"io"
	"mime"
	"net/http"
	"reflect"
	"strings"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/apiserver/pkg/endpoints/handlers/responsewriters"
	"k8s.io/apiserver/pkg/endpoints/request"
	"sigs.k8s.io/yaml"

	"github.com/gep-78/gardener/pkg/api/core/validation"
)

// WithOpaqueValueChecks answers 400 Bad Request, naming the field, to a write of the given
// resources with a value a runtime.RawExtension (providerConfig) takes but k8s.io/apiserver then
// panics on for managedFields: a number beyond float64 (1e400) in a JSON or YAML body, or invalid
// JSON in a RawExtension of a protobuf body, or an IntOrString of a protobuf body whose type is
// neither int nor string. Bodies it cannot read pass unchanged.
func WithOpaqueValueChecks(handler http.Handler, kinds map[schema.GroupResource]schema.GroupVersionKind, scheme *runtime.Scheme, serializer runtime.NegotiatedSerializer) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		info, gvk, body, mediaType, ok := readWriteBody(req, kinds)
		if !ok {
			handler.ServeHTTP(w, req)
			return
		}
		var fieldErr *field.Error
		switch mediaType {
		case runtime.ContentTypeProtobuf:
			fieldErr = protobufRawExtensionError(body, gvk, scheme, serializer)
		case runtime.ContentTypeYAML, string(types.ApplyPatchType):
			if jsonBody, err := yaml.YAMLToJSON(body); err == nil {
				_, fieldErr = validation.InspectJSON(jsonBody, nil)
			}
		default:
			_, fieldErr = validation.InspectJSON(body, nil)
			if fieldErr != nil && strings.HasPrefix(fieldErr.Detail, "not valid JSON") {
				// Malformed JSON is the decoder's to answer (400).
				fieldErr = nil
			}
		}
		if fieldErr == nil {
			handler.ServeHTTP(w, req)
			return
		}
		err := apierrors.NewBadRequest(fieldErr.Error())
		err.ErrStatus.Details = &metav1.StatusDetails{
			Name: info.Name, Group: gvk.Group, Kind: gvk.Kind,
			Causes: []metav1.StatusCause{{Type: metav1.CauseType(fieldErr.Type), Message: fieldErr.ErrorBody(), Field: fieldErr.Field}},
		}
		responsewriters.ErrorNegotiated(err, serializer, gvk.GroupVersion(), w, req)
	})
}

// protobufRawExtensionError decodes a protobuf body and returns the first IntOrString of an
// unknown type, else the first RawExtension that is not valid JSON or holds an out-of-range
// number; nil also when the body does not decode.
func protobufRawExtensionError(body []byte, gvk schema.GroupVersionKind, scheme *runtime.Scheme, serializer runtime.NegotiatedSerializer) *field.Error {
	info, ok := runtime.SerializerInfoForMediaType(serializer.SupportedMediaTypes(), runtime.ContentTypeProtobuf)
	if !ok {
		return nil
	}
	obj, err := scheme.New(gvk)
	if err != nil {
		return nil
	}
	if _, _, err := info.Serializer.Decode(body, &gvk, obj); err != nil {
		return nil
	}
	if fieldErr := validation.InvalidIntOrString(obj, nil); fieldErr != nil {
		return fieldErr
	}
	var fieldErr *field.Error
	validation.VisitRawExtensions(obj, nil, func(path *field.Path, raw *runtime.RawExtension) {
		if fieldErr == nil && len(raw.Raw) > 0 {
			_, fieldErr = validation.InspectJSON(raw.Raw, path)
		}
	})
	return fieldErr
}

var rawExtensionType = reflect.TypeOf(runtime.RawExtension{})

var jsonUnmarshalerType = reflect.TypeOf((*json.Unmarshaler)(nil)).Elem()

// jsonKindOf is the JSON kind ("an object", "a list", "a scalar") a list item of Go type t must
// have; "" where any JSON is valid (RawExtension, types with their own JSON form).
func jsonKindOf(t reflect.Type) string {
	for t.Kind() == reflect.Ptr {
		t = t.Elem()
	}
	if t == rawExtensionType || reflect.PointerTo(t).Implements(jsonUnmarshalerType) {
		return ""
	}
	switch t.Kind() {
	case reflect.Struct, reflect.Map:
		return "an object"
	case reflect.Slice, reflect.Array:
		return "a list"
	case reflect.Interface:
		return ""
	default:
		return "a scalar"
	}
}

func jsonKindOfValue(v interface{}) string {
	switch v.(type) {
	case map[string]interface{}:
		return "an object"
	case []interface{}:
		return "a list"
	case nil:
		return "null"
	default:
		return "a scalar"
	}
}

func childOf(path *field.Path, name string) *field.Path {
	if path == nil {
		return field.NewPath(name)
	}
	return path.Child(name)
}

// readWriteBody reads the body of a create, update or patch of one of kinds (at most
// maxLocatedBodyBytes; WithRequestBodyLimit runs first) and puts it back for the handler.
func readWriteBody(req *http.Request, kinds map[schema.GroupResource]schema.GroupVersionKind) (*request.RequestInfo, schema.GroupVersionKind, []byte, string, bool) {
	info, ok := request.RequestInfoFrom(req.Context())
	if !ok || !info.IsResourceRequest || req.Body == nil ||
		(req.Method != http.MethodPost && req.Method != http.MethodPut && req.Method != http.MethodPatch) {
		return nil, schema.GroupVersionKind{}, nil, "", false
	}
	gvk, ok := kinds[schema.GroupResource{Group: info.APIGroup, Resource: info.Resource}]
	if !ok {
		return nil, schema.GroupVersionKind{}, nil, "", false
	}
	mediaType, _, err := mime.ParseMediaType(req.Header.Get("Content-Type"))
	if err != nil {
		return nil, schema.GroupVersionKind{}, nil, "", false
	}
	body, err := io.ReadAll(io.LimitReader(req.Body, maxLocatedBodyBytes+1))
	rest := req.Body
	req.Body = struct {
		io.Reader
		io.Closer
	}{io.MultiReader(bytes.NewReader(body), rest), rest}
	if err != nil || len(body) > maxLocatedBodyBytes {
		return nil, schema.GroupVersionKind{}, nil, "", false
	}
	return info, gvk, body, mediaType, true
}
