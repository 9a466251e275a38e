// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Package filters holds HTTP handler filters of gardener-apiserver.
package filters

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"mime"
	"net/http"
	"reflect"
	"sort"
	"strings"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/apiserver/pkg/endpoints/handlers/responsewriters"
	"k8s.io/apiserver/pkg/endpoints/request"
	kjson "sigs.k8s.io/json"
	"sigs.k8s.io/yaml"
)

// maxLocatedBodyBytes bounds the bodies WithDecodeFieldPaths reads; larger bodies pass unchanged
// (the server's own limit is below it).
const maxLocatedBodyBytes = 3 * 1024 * 1024

// WithDecodeFieldPaths rejects a create, update or patch of the given resources (any
// subresource) whose body holds a value that cannot be decoded into its typed field, such as a
// malformed metav1.Time in a lifecycle stage's startTime or a number where a string belongs, with
// 422 Invalid naming that field:
//
//	ExtensionProfile.core.gardener.cloud "x" is invalid:
//	spec.components[0].versions[1].lifecycle[0].startTime: Invalid value: "tomorrow": parsing time ...
//
// (The API machinery answers 400, 422 on "patch" or 500 without the path, by verb.) A value that
// fails in the body fails in the object built from it, so nothing the handler accepts is refused.
// Bodies that decode or cannot be read (protobuf, JSON patch, too large) pass unchanged. kinds
// maps each resource to its versioned Go type; serializer encodes the error. It must wrap the API
// handler inside genericapiserver.DefaultBuildHandlerChain.
func WithDecodeFieldPaths(handler http.Handler, kinds map[schema.GroupResource]schema.GroupVersionKind, scheme *runtime.Scheme, serializer runtime.NegotiatedSerializer) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		info, ok := request.RequestInfoFrom(req.Context())
		if !ok || !info.IsResourceRequest || req.Body == nil ||
			(req.Method != http.MethodPost && req.Method != http.MethodPut && req.Method != http.MethodPatch) {
			handler.ServeHTTP(w, req)
			return
		}
		gvk, ok := kinds[schema.GroupResource{Group: info.APIGroup, Resource: info.Resource}]
		if !ok {
			handler.ServeHTTP(w, req)
			return
		}
		obj, err := scheme.New(gvk)
		if err != nil {
			handler.ServeHTTP(w, req)
			return
		}
		jsonBody, patch, ok := readJSONBody(req)
		if !ok {
			handler.ServeHTTP(w, req)
			return
		}
		if kjson.UnmarshalCaseSensitivePreserveInts(jsonBody, obj) == nil {
			handler.ServeHTTP(w, req)
			return
		}
		fieldErr := LocateDecodeError(jsonBody, reflect.TypeOf(obj).Elem(), patch)
		if fieldErr == nil {
			handler.ServeHTTP(w, req)
			return
		}
		name := info.Name
		if name == "" {
			var meta struct {
				Metadata struct {
					Name string `json:"name"`
				} `json:"metadata"`
			}
			_ = json.Unmarshal(jsonBody, &meta)
			name = meta.Metadata.Name
		}
		invalid := apierrors.NewInvalid(gvk.GroupKind(), name, field.ErrorList{fieldErr})
		responsewriters.ErrorNegotiated(invalid, serializer, gvk.GroupVersion(), w, req)
	})
}

// readJSONBody reads the request body as JSON (YAML is converted) and puts it back for the
// handler. keyedPatch is true for strategic-merge and apply patches, which merge lists by key. ok
// is false when the body is not a JSON or YAML object, or too large.
func readJSONBody(req *http.Request) (body []byte, keyedPatch, ok bool) {
	mediaType, _, err := mime.ParseMediaType(req.Header.Get("Content-Type"))
	if err != nil {
		return nil, false, false
	}
	keyedPatch = mediaType == string(types.StrategicMergePatchType) || mediaType == string(types.ApplyPatchType)
	var toJSON func([]byte) ([]byte, error)
	switch mediaType {
	case runtime.ContentTypeJSON, string(types.MergePatchType), string(types.StrategicMergePatchType):
		toJSON = func(data []byte) ([]byte, error) { return data, nil }
	case runtime.ContentTypeYAML, string(types.ApplyPatchType):
		toJSON = yaml.YAMLToJSON
	default:
		return nil, false, false
	}
	body, err = io.ReadAll(io.LimitReader(req.Body, maxLocatedBodyBytes+1))
	rest := req.Body
	req.Body = struct {
		io.Reader
		io.Closer
	}{io.MultiReader(bytes.NewReader(body), rest), rest}
	if err != nil || len(body) > maxLocatedBodyBytes {
		return nil, false, false
	}
	jsonBody, err := toJSON(body)
	if err != nil || !bytes.HasPrefix(bytes.TrimSpace(jsonBody), []byte("{")) {
		return nil, false, false
	}
	return jsonBody, keyedPatch, true
}

// LocateDecodeError returns the innermost field of the JSON object data whose value cannot be
// decoded into its Go field of type t (a struct type such as v1beta1.ExtensionProfile), as a
// field.Invalid with the field's path, the value (objects and lists abbreviated) and the
// decoder's reason; nil when data decodes into t or the failure is not in one field. It decodes
// as gardener-apiserver does (case-sensitive, sigs.k8s.io/json). Keys starting with "$" (the
// directives of strategic-merge patches) are not located. With patch, data is a strategic-merge or
// apply patch: items of keyed lists are named by their merge key (see locateKeyed).
func LocateDecodeError(data []byte, t reflect.Type, patch bool) *field.Error {
	var doc interface{}
	if err := json.Unmarshal(data, &doc); err != nil {
		return nil
	}
	return locate(doc, t, nil, patch)
}

var unmarshalerType = reflect.TypeOf((*json.Unmarshaler)(nil)).Elem()

// locate returns the innermost failing field at or below path, or nil when value decodes into t.
func locate(value interface{}, t reflect.Type, path *field.Path, keyed bool) *field.Error {
	err := decodes(value, t)
	if err == nil {
		return nil
	}
	for t.Kind() == reflect.Ptr {
		t = t.Elem()
	}
	// A type with its own decoding (metav1.Time, resource.Quantity, ...) is a leaf.
	if !reflect.PointerTo(t).Implements(unmarshalerType) {
		if inner := locateInside(value, t, path, keyed); inner != nil {
			return inner
		}
	}
	if path == nil {
		return nil
	}
	return field.Invalid(path, shortValue(value), err.Error())
}

func locateInside(value interface{}, t reflect.Type, path *field.Path, keyed bool) *field.Error {
	switch v := value.(type) {
	case map[string]interface{}:
		var fields map[string]structField
		switch t.Kind() {
		case reflect.Struct:
			fields = jsonFields(t)
		case reflect.Map:
		default:
			return nil
		}
		for _, key := range sortedKeys(v) {
			if strings.HasPrefix(key, "$") {
				continue
			}
			if t.Kind() == reflect.Map {
				if fieldErr := locate(v[key], t.Elem(), path.Key(key), keyed); fieldErr != nil {
					return fieldErr
				}
			} else if f, ok := fields[key]; ok {
				if items, isList := v[key].([]interface{}); isList && keyed && f.mergeKey != "" {
					if fieldErr := locateKeyed(items, f, path.Child(key)); fieldErr != nil {
						return fieldErr
					}
				} else if fieldErr := locate(v[key], f.typ, path.Child(key), keyed); fieldErr != nil {
					return fieldErr
				}
			}
		}
	case []interface{}:
		if t.Kind() == reflect.Slice || t.Kind() == reflect.Array {
			for i, item := range v {
				if fieldErr := locate(item, t.Elem(), path.Index(i), keyed); fieldErr != nil {
					return fieldErr
				}
			}
		}
	}
	return nil
}

// locateKeyed locates in the items of a keyed list of a patch. The items of a patch are merged
// into the object by their merge key, so their index in the patch is not their index in the
// object: an item is named by its key, as server-side apply names list items
// (`versions[version="0.42.0"]`); an item without the key by its index in the patch.
func locateKeyed(items []interface{}, f structField, path *field.Path) *field.Error {
	if f.typ.Kind() != reflect.Slice {
		return locate(items, f.typ, path, true)
	}
	for i, item := range items {
		itemPath := path.Index(i)
		if m, ok := item.(map[string]interface{}); ok {
			if key, ok := m[f.mergeKey].(string); ok {
				itemPath = path.Key(fmt.Sprintf("%s=%q", f.mergeKey, key))
			}
		}
		if fieldErr := locate(item, f.typ.Elem(), itemPath, true); fieldErr != nil {
			return fieldErr
		}
	}
	return nil
}

// decodes returns the error of decoding value (decoded JSON) into a new value of type t.
func decodes(value interface{}, t reflect.Type) error {
	raw, err := json.Marshal(value)
	if err != nil {
		return err
	}
	return kjson.UnmarshalCaseSensitivePreserveInts(raw, reflect.New(t).Interface())
}

// structField is the type of a struct field and its patch merge key, if it is a keyed list.
type structField struct {
	typ      reflect.Type
	mergeKey string
}

// jsonFields maps the JSON names of t's fields to their types, including the promoted fields
// of embedded (inline) structs, as encoding/json does.
func jsonFields(t reflect.Type) map[string]structField {
	fields := map[string]structField{}
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		tag := f.Tag.Get("json")
		if tag == "-" {
			continue
		}
		name, _, _ := strings.Cut(tag, ",")
		if f.Anonymous && name == "" {
			ft := f.Type
			if ft.Kind() == reflect.Ptr {
				ft = ft.Elem()
			}
			if ft.Kind() == reflect.Struct {
				for k, v := range jsonFields(ft) {
					if _, ok := fields[k]; !ok {
						fields[k] = v
					}
				}
				continue
			}
		}
		if !f.IsExported() {
			continue
		}
		if name == "" {
			name = f.Name
		}
		fields[name] = structField{typ: f.Type, mergeKey: f.Tag.Get("patchMergeKey")}
	}
	return fields
}

func sortedKeys(m map[string]interface{}) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// shortValue is value for an error message: scalars as they are (long strings cut), objects and
// lists by kind, so that a rejection never echoes a large document.
func shortValue(value interface{}) interface{} {
	switch v := value.(type) {
	case map[string]interface{}:
		return "<object>"
	case []interface{}:
		return "<list>"
	case string:
		if len(v) > 256 {
			return v[:256] + "..."
		}
	}
	return value
}
