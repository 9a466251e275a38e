// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package kubernetes

import (
	"fmt"
	"mime"
	"strings"

	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/client-go/rest"
	"k8s.io/client-go/tools/clientcmd"
	componentbaseconfigv1alpha1 "k8s.io/component-base/config/v1alpha1"
	ctrlconfig "sigs.k8s.io/controller-runtime/pkg/client/config"
)

// Content types a client connection may name in contentType and acceptContentTypes.
const (
	// ContentTypeJSON is application/json, which every Kubernetes API (CRDs included) serves.
	ContentTypeJSON = runtime.ContentTypeJSON
	// ContentTypeProtobuf is application/vnd.kubernetes.protobuf, which kube-apiserver serves for
	// the built-in kinds and gardener-apiserver for core.gardener.cloud; CRDs do not.
	ContentTypeProtobuf = runtime.ContentTypeProtobuf
)

// DefaultClientConnectionQPS and DefaultClientConnectionBurst are the defaults of qps and burst of
// Gardener's gardenClientConnection and seedClientConnection (gardener/gardener
// pkg/apis/config/gardenlet/v1alpha1/defaults.go and pkg/apis/config/controllermanager/v1alpha1/
// defaults.go, SetDefaults_ClientConnectionConfiguration). client-go's own defaults (5 and 10)
// throttle a controller of a large garden.
const (
	DefaultClientConnectionQPS   float32 = 50
	DefaultClientConnectionBurst int32   = 100
)

// SetDefaultsClientConnection defaults qps and burst of a client connection to
// DefaultClientConnectionQPS and DefaultClientConnectionBurst. contentType and acceptContentTypes
// stay empty, as in Gardener: empty means protobuf for the kinds that serve it (see
// ApplyClientConnection).
func SetDefaultsClientConnection(obj *componentbaseconfigv1alpha1.ClientConnectionConfiguration) {
	if obj.QPS == 0 {
		obj.QPS = DefaultClientConnectionQPS
	}
	if obj.Burst == 0 {
		obj.Burst = DefaultClientConnectionBurst
	}
}

// ValidateClientConnection checks a client connection: qps and burst are not negative,
// contentType is empty, ContentTypeJSON or ContentTypeProtobuf, and acceptContentTypes is a
// comma-separated list of those two types (media-type parameters such as ";q=0.9" allowed).
func ValidateClientConnection(obj *componentbaseconfigv1alpha1.ClientConnectionConfiguration, fldPath *field.Path) field.ErrorList {
	var allErrs field.ErrorList
	if obj.QPS < 0 {
		allErrs = append(allErrs, field.Invalid(fldPath.Child("qps"), obj.QPS, "must not be negative"))
	}
	if obj.Burst < 0 {
		allErrs = append(allErrs, field.Invalid(fldPath.Child("burst"), obj.Burst, "must not be negative"))
	}
	supported := []string{ContentTypeJSON, ContentTypeProtobuf}
	if obj.ContentType != "" && obj.ContentType != ContentTypeJSON && obj.ContentType != ContentTypeProtobuf {
		allErrs = append(allErrs, field.NotSupported(fldPath.Child("contentType"), obj.ContentType, supported))
	}
	if obj.AcceptContentTypes != "" {
		for _, part := range strings.Split(obj.AcceptContentTypes, ",") {
			mediaType, _, err := mime.ParseMediaType(strings.TrimSpace(part))
			if err != nil || (mediaType != ContentTypeJSON && mediaType != ContentTypeProtobuf) {
				allErrs = append(allErrs, field.Invalid(fldPath.Child("acceptContentTypes"), obj.AcceptContentTypes,
					fmt.Sprintf("must be a comma-separated list of %q and %q", ContentTypeJSON, ContentTypeProtobuf)))
				break
			}
		}
	}
	return allErrs
}

// ApplyClientConnection returns a copy of base with qps, burst, contentType and
// acceptContentTypes of conn applied (conn.Kubeconfig is the caller's to load).
//
// contentType is applied per kind, which is how a controller-runtime client negotiates: an empty
// contentType or ContentTypeProtobuf leaves rest.Config.ContentType empty, so that
// controller-runtime's client sends protobuf for the kinds registered in its protobuf scheme (the
// Kubernetes built-ins, and core.gardener.cloud, see init in scheme.go) and JSON for everything
// else, in particular for CRDs such as extensions.gardener.cloud Extensions, which do not speak
// protobuf. ContentTypeJSON is set as is and makes every request JSON. acceptContentTypes is
// copied as is; "application/vnd.kubernetes.protobuf,application/json" lets the server answer
// JSON where it has no protobuf.
func ApplyClientConnection(base *rest.Config, conn componentbaseconfigv1alpha1.ClientConnectionConfiguration) *rest.Config {
	cfg := rest.CopyConfig(base)
	cfg.QPS = conn.QPS
	cfg.Burst = int(conn.Burst)
	cfg.AcceptContentTypes = conn.AcceptContentTypes
	switch conn.ContentType {
	case ContentTypeJSON:
		cfg.ContentType = ContentTypeJSON
	default:
		cfg.ContentType = ""
	}
	return cfg
}

// ClientConnectionLogValues returns the fields of a client connection worth logging at start-up
// (no kubeconfig path).
func ClientConnectionLogValues(conn componentbaseconfigv1alpha1.ClientConnectionConfiguration) map[string]any {
	return map[string]any{"qps": conn.QPS, "burst": conn.Burst, "contentType": conn.ContentType, "acceptContentTypes": conn.AcceptContentTypes}
}

// KubeconfigRESTConfig returns the REST config of the kubeconfig file at path (a client
// connection's kubeconfig); an empty path is controller-runtime's default: $KUBECONFIG, else
// in-cluster, else ~/.kube/config.
func KubeconfigRESTConfig(path string) (*rest.Config, error) {
	if path == "" {
		return ctrlconfig.GetConfig()
	}
	return clientcmd.BuildConfigFromFlags("", path)
}
