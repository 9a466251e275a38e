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

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/apimachinery/pkg/util/sets"
	"k8s.io/apiserver/pkg/endpoints/request"
	"k8s.io/apiserver/pkg/warning"
	"sigs.k8s.io/yaml"
)

const (
	fieldValidationParam = "fieldValidation"
	// maxApplyPatchBytes bounds the apply patches the filter reads; larger bodies pass
	// unchanged (the server's own limit is 3 MiB as well).
	maxApplyPatchBytes = 3 * 1024 * 1024
)

// WithLenientFieldValidation makes the given resources (any verb and subresource) accept
// manifests with fields the served types do not model, dropping them with a warning per field.
// The resources this project serves as a subset of Gardener's types (Shoot) are written from
// real Gardener manifests that carry such fields (spec.addons, spec.dns, ...):
//   - fieldValidation=Strict, which kubectl create/apply/replace send by default, is downgraded
//     to Warn, so the server decodes the known fields and answers with
//     `Warning: unknown field "spec.addons"` instead of rejecting the request;
//   - server-side apply patches are pruned to the declared fields first (with the same
//     warnings, unless the client asked for fieldValidation=Ignore), because server-side apply
//     rejects undeclared fields whatever the field validation.
//
// Other resources keep the client's choice. The filter must run after the request info is
// known, i.e. wrap the API handler inside genericapiserver.DefaultBuildHandlerChain.
func WithLenientFieldValidation(handler http.Handler, resources sets.Set[schema.GroupResource], pruner *UnknownFieldPruner) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		info, ok := request.RequestInfoFrom(req.Context())
		if !ok || !info.IsResourceRequest || !resources.Has(schema.GroupResource{Group: info.APIGroup, Resource: info.Resource}) {
			handler.ServeHTTP(w, req)
			return
		}

		// The filter changes a copy: the URL and headers of the incoming request stay intact.
		req = req.Clone(req.Context())
		query := req.URL.Query()
		directive := query.Get(fieldValidationParam)
		if directive == metav1.FieldValidationStrict {
			query.Set(fieldValidationParam, metav1.FieldValidationWarn)
			req.URL.RawQuery = query.Encode()
			req.RequestURI = req.URL.RequestURI()
		}

		if pruner != nil && isApplyPatch(req) {
			gvr := schema.GroupVersionResource{Group: info.APIGroup, Version: info.APIVersion, Resource: info.Resource}
			if err := pruneApplyPatch(req, gvr, pruner, directive != metav1.FieldValidationIgnore); err != nil {
				http.Error(w, err.Error(), http.StatusBadRequest)
				return
			}
		}
		handler.ServeHTTP(w, req)
	})
}

func isApplyPatch(req *http.Request) bool {
	if req.Method != http.MethodPatch || req.Body == nil {
		return false
	}
	mediaType, _, err := mime.ParseMediaType(req.Header.Get("Content-Type"))
	return err == nil && mediaType == string(types.ApplyPatchType)
}

// pruneApplyPatch replaces the request body by the patch without undeclared fields. A body it
// cannot read as YAML or JSON, or one that is too large, is passed on unchanged for the handler
// to judge.
func pruneApplyPatch(req *http.Request, gvr schema.GroupVersionResource, pruner *UnknownFieldPruner, warn bool) error {
	body, err := io.ReadAll(io.LimitReader(req.Body, maxApplyPatchBytes+1))
	_ = req.Body.Close()
	if err != nil {
		return fmt.Errorf("reading the request body: %w", err)
	}
	req.Body = io.NopCloser(bytes.NewReader(body))
	if len(body) > maxApplyPatchBytes {
		return nil
	}

	jsonBody, err := yaml.YAMLToJSON(body)
	if err != nil {
		return nil //nolint:nilerr // left to the handler
	}
	var obj map[string]interface{}
	decoder := json.NewDecoder(bytes.NewReader(jsonBody))
	decoder.UseNumber()
	if err := decoder.Decode(&obj); err != nil || obj == nil {
		return nil //nolint:nilerr // left to the handler
	}
	removed, ok := pruner.Prune(gvr, obj)
	if !ok || len(removed) == 0 {
		return nil
	}

	pruned, err := json.Marshal(obj)
	if err != nil {
		return err
	}
	req.Body = io.NopCloser(bytes.NewReader(pruned))
	req.ContentLength = int64(len(pruned))
	req.Header.Del("Content-Length")
	if warn {
		for _, path := range removed {
			warning.AddWarning(req.Context(), "", fmt.Sprintf("unknown field %q", path))
		}
	}
	return nil
}
