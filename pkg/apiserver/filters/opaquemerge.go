// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package filters

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"reflect"
	"strings"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/apimachinery/pkg/util/mergepatch"
	"k8s.io/apimachinery/pkg/util/strategicpatch"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/apiserver/pkg/endpoints/handlers/responsewriters"
	"k8s.io/apiserver/pkg/endpoints/request"
	"k8s.io/apiserver/pkg/registry/rest"
	kjson "sigs.k8s.io/json"
)

// StoredObjects returns the getter of a served resource or subresource ("shoots",
// "shoots/status"), nil when there is none.
type StoredObjects func(resource string) rest.Getter

// WithOpaqueStrategicMerge makes a strategic-merge patch of the given resources that sets a
// runtime.RawExtension (providerConfig) to an object store what the merge with the served patch
// meta gives (patchMeta: a RawExtension is replaced whole), against the stored object (objects).
// k8s.io/apiserver merges with the meta of the Go types, which descends into a RawExtension (a
// merge, or 500 on objects nested in both); where its result would differ, the patch becomes the
// result ("$patch": "replace"). The resourceVersion read is the patch's precondition unless it
// names one. List items of mixed JSON types, keyed items without their key and directives the
// merge fails on (strategicPatchError), all 500 in the merge, get 422 naming the field. A patch
// with $setElementOrder is merged against the stored object too: its merge fails on a list
// stored as null or empty, which the patch alone does not tell.
func WithOpaqueStrategicMerge(handler http.Handler, kinds map[schema.GroupResource]schema.GroupVersionKind, objects StoredObjects,
	patchMeta func(schema.GroupVersionKind) (strategicpatch.LookupPatchMeta, error), scheme *runtime.Scheme, serializer runtime.NegotiatedSerializer) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		info, gvk, body, mediaType, ok := readWriteBody(req, kinds)
		if !ok || mediaType != string(types.StrategicMergePatchType) {
			handler.ServeHTTP(w, req)
			return
		}
		obj, err := scheme.New(gvk)
		if err != nil {
			handler.ServeHTTP(w, req)
			return
		}
		decoder := json.NewDecoder(bytes.NewReader(body))
		decoder.UseNumber()
		var checked map[string]interface{}
		if decoder.Decode(&checked) != nil {
			handler.ServeHTTP(w, req)
			return
		}
		setsOpaque, fieldErr := false, strategicPatchError(checked, reflect.TypeOf(obj).Elem(), nil)
		if fieldErr == nil {
			setsOpaque, fieldErr = inspectPatch(checked, reflect.TypeOf(obj).Elem(), nil)
		}
		if fieldErr != nil {
			responsewriters.ErrorNegotiated(apierrors.NewInvalid(gvk.GroupKind(), info.Name, field.ErrorList{fieldErr}), serializer, gvk.GroupVersion(), w, req)
			return
		}
		if !setsOpaque && !hasKeyPrefix(checked, setElementOrderPrefix) {
			handler.ServeHTTP(w, req)
			return
		}
		// Merged as decoded by the handler, so that numbers compare as they will there.
		var patch map[string]interface{}
		if kjson.UnmarshalCaseSensitivePreserveInts(body, &patch) != nil {
			handler.ServeHTTP(w, req)
			return
		}
		rewritten, err := mergeOpaque(req, info, gvk, obj, patch, objects, patchMeta, scheme)
		if err != nil {
			responsewriters.ErrorNegotiated(err, serializer, gvk.GroupVersion(), w, req)
			return
		}
		if rewritten != nil {
			req.Body = io.NopCloser(bytes.NewReader(rewritten))
			req.ContentLength = int64(len(rewritten))
		}
		handler.ServeHTTP(w, req)
	})
}

// mergeOpaque returns the body the handler merges into the stored object as the served patch
// meta says, or nil to pass the patch on unchanged (no storage or patch meta to read).
func mergeOpaque(req *http.Request, info *request.RequestInfo, gvk schema.GroupVersionKind, obj runtime.Object, patch map[string]interface{},
	objects StoredObjects, patchMeta func(schema.GroupVersionKind) (strategicpatch.LookupPatchMeta, error), scheme *runtime.Scheme) ([]byte, error) {
	resource := info.Resource
	if info.Subresource != "" {
		resource += "/" + info.Subresource
	}
	var getter rest.Getter
	if objects != nil {
		getter = objects(resource)
	}
	lookup, err := patchMeta(gvk)
	if getter == nil || err != nil {
		return nil, nil
	}
	stored, err := getter.Get(request.WithNamespace(req.Context(), info.Namespace), info.Name, &metav1.GetOptions{})
	if err != nil {
		return nil, err
	}
	versioned, err := scheme.ConvertToVersion(stored, gvk.GroupVersion())
	if err != nil {
		return nil, err
	}
	original, err := runtime.DefaultUnstructuredConverter.ToUnstructured(versioned)
	if err != nil {
		return nil, err
	}
	served, err := strategicpatch.StrategicMergeMapPatchUsingLookupPatchMeta(runtime.DeepCopyJSON(original), runtime.DeepCopyJSON(patch), lookup)
	if err != nil {
		return nil, patchError(gvk, info.Name, err)
	}
	body := patch
	if own, err := strategicpatch.StrategicMergeMapPatch(runtime.DeepCopyJSON(original), runtime.DeepCopyJSON(patch), obj); err != nil || !reflect.DeepEqual(own, served) {
		body = served
		body["$patch"] = "replace"
	}
	accessor, err := meta.Accessor(stored)
	if err != nil || !requireResourceVersion(body, accessor.GetResourceVersion()) {
		return nil, err
	}
	return json.Marshal(body)
}

// requireResourceVersion sets metadata.resourceVersion of body to resourceVersion unless body
// names one; false when body's metadata is not an object.
func requireResourceVersion(body map[string]interface{}, resourceVersion string) bool {
	metadata, ok := body["metadata"].(map[string]interface{})
	if _, present := body["metadata"]; present && !ok {
		return false
	}
	if metadata == nil {
		metadata = map[string]interface{}{}
		body["metadata"] = metadata
	}
	// A resourceVersion that is not a string is left for the decoder to refuse.
	if rv, present := metadata["resourceVersion"]; !present || rv == nil || rv == "" {
		metadata["resourceVersion"] = resourceVersion
	}
	return true
}

// patchError is the status of a patch the merge refuses: 400 or 422 as k8s.io/apiserver
// answers the errors it knows, 422 for the others (which it answers with 500).
func patchError(gvk schema.GroupVersionKind, name string, err error) error {
	switch err {
	case mergepatch.ErrBadJSONDoc, mergepatch.ErrBadPatchFormatForPrimitiveList, mergepatch.ErrBadPatchFormatForRetainKeys,
		mergepatch.ErrBadPatchFormatForSetElementOrderList, mergepatch.ErrUnsupportedStrategicMergePatchFormat:
		return apierrors.NewBadRequest(err.Error())
	}
	return apierrors.NewInvalid(gvk.GroupKind(), name, field.ErrorList{field.Invalid(field.NewPath("patch"), field.OmitValueType{}, err.Error())})
}

// inspectPatch reports whether the strategic-merge patch value of Go type t sets a RawExtension
// to an object; the error names a list of the patch whose items differ in type.
func inspectPatch(value interface{}, t reflect.Type, path *field.Path) (bool, *field.Error) {
	for t.Kind() == reflect.Ptr {
		t = t.Elem()
	}
	setsOpaque := false
	visit := func(item interface{}, t reflect.Type, path *field.Path) *field.Error {
		sets, err := inspectPatch(item, t, path)
		setsOpaque = setsOpaque || sets
		return err
	}
	switch v := value.(type) {
	case map[string]interface{}:
		switch {
		case t == rawExtensionType:
			return true, nil
		case t.Kind() == reflect.Struct:
			fields := jsonFields(t)
			for _, key := range sortedKeys(v) {
				f, ok := fields[key]
				if !ok || strings.HasPrefix(key, "$") {
					continue
				}
				if err := visit(v[key], f.typ, childOf(path, key)); err != nil {
					return false, err
				}
			}
		case t.Kind() == reflect.Map:
			for _, key := range sortedKeys(v) {
				if !strings.HasPrefix(key, "$") {
					if err := visit(v[key], t.Elem(), path.Key(key)); err != nil {
						return false, err
					}
				}
			}
		}
	case []interface{}:
		if t.Kind() == reflect.Slice || t.Kind() == reflect.Array {
			for i, item := range v {
				if reflect.TypeOf(item) != reflect.TypeOf(v[0]) {
					return false, field.Invalid(path, "<list>", "the items of a list must all be of one type")
				}
				m, _ := item.(map[string]interface{})
				if _, directive := m["$patch"]; !directive {
					if want := jsonKindOf(t.Elem()); want != "" && jsonKindOfValue(item) != want {
						return false, field.Invalid(path.Index(i), item, "must be "+want)
					}
				}
				if err := visit(item, t.Elem(), path.Index(i)); err != nil {
					return false, err
				}
			}
		}
	}
	return setsOpaque, nil
}
