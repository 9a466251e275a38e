// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package filters

import (
	"bytes"
	"fmt"
	"io"
	"net/http"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apiserver/pkg/endpoints/handlers/responsewriters"
	"k8s.io/apiserver/pkg/endpoints/request"
)

// WithRequestBodyLimit answers 413 Request Entity Too Large to a resource request whose body is
// larger than limit bytes, before any filter inside it (WithDecodeFieldPaths, the body checks)
// or the handler decodes the body: by its Content-Length when declared, else by reading at most
// limit+1 bytes, which are put back for the handler. It is the limit the handler applies itself
// (the server's MaxRequestBodyBytes, --max-resource-write-bytes), moved ahead of the decoding
// filters so that an oversized body gets 413 and not a decoding error. limit <= 0 disables it.
func WithRequestBodyLimit(handler http.Handler, limit int64, serializer runtime.NegotiatedSerializer) http.Handler {
	if limit <= 0 {
		return handler
	}
	return http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		info, ok := request.RequestInfoFrom(req.Context())
		if !ok || !info.IsResourceRequest || req.Body == nil || req.Body == http.NoBody {
			handler.ServeHTTP(w, req)
			return
		}
		tooLarge := req.ContentLength > limit
		if !tooLarge && req.ContentLength < 0 {
			body, err := io.ReadAll(io.LimitReader(req.Body, limit+1))
			rest := req.Body
			req.Body = struct {
				io.Reader
				io.Closer
			}{io.MultiReader(bytes.NewReader(body), rest), rest}
			tooLarge = err == nil && int64(len(body)) > limit
		}
		if tooLarge {
			err := apierrors.NewRequestEntityTooLargeError(fmt.Sprintf("limit is %d bytes", limit))
			responsewriters.ErrorNegotiated(err, serializer, schema.GroupVersion{Group: info.APIGroup, Version: info.APIVersion}, w, req)
			return
		}
		handler.ServeHTTP(w, req)
	})
}
