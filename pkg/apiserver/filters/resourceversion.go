// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package filters

import (
	"net/http"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/apiserver/pkg/endpoints/handlers/responsewriters"
	"k8s.io/apiserver/pkg/endpoints/request"

	"github.com/gep-78/gardener/pkg/api/core/validation"
)

// WithResourceVersionQuery answers 400 Bad Request, naming the parameter, to a resource request
// whose resourceVersion query parameter is set but not a resource version this server issues
// (a decimal unsigned integer). k8s.io/apiserver answers a list so, but a get or a watch with 500
// (the storage's parse error is not mapped to a status).
func WithResourceVersionQuery(handler http.Handler, serializer runtime.NegotiatedSerializer) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		info, ok := request.RequestInfoFrom(req.Context())
		if !ok || !info.IsResourceRequest {
			handler.ServeHTTP(w, req)
			return
		}
		for _, value := range req.URL.Query()["resourceVersion"] {
			if fieldErr := validation.ValidateResourceVersion(value, field.NewPath("resourceVersion")); fieldErr != nil {
				err := apierrors.NewBadRequest(fieldErr.Error())
				err.ErrStatus.Details = &metav1.StatusDetails{Causes: []metav1.StatusCause{{
					Type: metav1.CauseType(fieldErr.Type), Message: fieldErr.ErrorBody(), Field: fieldErr.Field,
				}}}
				responsewriters.ErrorNegotiated(err, serializer, schema.GroupVersion{Group: info.APIGroup, Version: info.APIVersion}, w, req)
				return
			}
		}
		handler.ServeHTTP(w, req)
	})
}
