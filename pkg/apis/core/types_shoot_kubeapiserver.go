// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package core

import (
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// KubeAPIServerConfig holds kube-apiserver settings.
type KubeAPIServerConfig struct {
	KubernetesConfig
	// AdmissionPlugins are admission plugins besides Gardener's, keyed by name.
	AdmissionPlugins []AdmissionPlugin
	// APIAudiences are the audiences service account tokens must carry (default kubernetes).
	APIAudiences []string
	// AuditConfig holds the audit policy.
	AuditConfig *AuditConfig
	// RuntimeConfig enables or disables API groups and versions.
	RuntimeConfig map[string]bool
	// ServiceAccountConfig holds service account token settings.
	ServiceAccountConfig *ServiceAccountConfig
	// WatchCacheSizes holds the watch cache sizes.
	WatchCacheSizes *WatchCacheSizes
	// Requests holds in-flight request limits.
	Requests *APIServerRequests
	// EnableAnonymousAuthentication allows anonymous requests; deprecated in Gardener in favour of
	// structured authentication.
	EnableAnonymousAuthentication *bool
	// EventTTL is how long events are kept (default 1h, at most 24h).
	EventTTL *metav1.Duration
	// Logging holds log and access-log verbosity.
	Logging *APIServerLogging
	// DefaultNotReadyTolerationSeconds is the default toleration of notReady:NoExecute, in seconds.
	DefaultNotReadyTolerationSeconds *int64
	// DefaultUnreachableTolerationSeconds is the default toleration of unreachable:NoExecute, in
	// seconds.
	DefaultUnreachableTolerationSeconds *int64
	// EncryptionConfig holds what etcd encryption covers beyond secrets.
	EncryptionConfig *EncryptionConfig
	// StructuredAuthentication references an AuthenticationConfiguration.
	StructuredAuthentication *StructuredAuthentication
	// StructuredAuthorization references an AuthorizationConfiguration and its kubeconfigs.
	StructuredAuthorization *StructuredAuthorization
	// Autoscaling holds the minimum resources of its vertical autoscaling.
	Autoscaling *ControlPlaneAutoscaling
	// TLSMinVersion is the minimum TLS version, VersionTLS12 or VersionTLS13.
	TLSMinVersion *string
}

// APIServerLogging holds kube-apiserver log settings.
type APIServerLogging struct {
	// Verbosity is the log level (default 2).
	Verbosity *int32
	// HTTPAccessVerbosity is the access-log level.
	HTTPAccessVerbosity *int32
}

// APIServerRequests holds kube-apiserver in-flight limits.
type APIServerRequests struct {
	// MaxNonMutatingInflight is the limit of non-mutating requests in flight (default 400).
	MaxNonMutatingInflight *int32
	// MaxMutatingInflight is the limit of mutating requests in flight (default 200).
	MaxMutatingInflight *int32
}

// EncryptionConfig holds what etcd encryption covers.
type EncryptionConfig struct {
	// Resources are resources (resource.group) encrypted besides secrets; wildcards allowed.
	Resources []string
	// Provider is the encryption provider.
	Provider EncryptionProvider
}

// EncryptionProvider is an encryption provider.
type EncryptionProvider struct {
	// Type is aescbc (default), aesgcm or secretbox.
	Type *EncryptionProviderType
}

// ServiceAccountConfig holds kube-apiserver service account settings.
type ServiceAccountConfig struct {
	// Issuer is the token issuer (iss claim); defaults to the API server URL.
	Issuer *string
	// ExtendTokenExpiration extends projected tokens' expiry (default true).
	ExtendTokenExpiration *bool
	// MaxTokenExpiration caps token validity (between 30d and 90d; default 30d).
	MaxTokenExpiration *metav1.Duration
	// AcceptedIssuers are further issuers whose tokens are accepted.
	AcceptedIssuers []string
}

// AuditConfig holds kube-apiserver audit settings.
type AuditConfig struct {
	// AuditPolicy references the audit policy.
	AuditPolicy *AuditPolicy
}

// AuditPolicy references an audit policy.
type AuditPolicy struct {
	// ConfigMapRef references the ConfigMap (same namespace) with the policy.
	ConfigMapRef *corev1.ObjectReference
}

// StructuredAuthentication references an AuthenticationConfiguration.
type StructuredAuthentication struct {
	// ConfigMapName names the ConfigMap in the project namespace with the configuration.
	ConfigMapName string
}

// StructuredAuthorization references an AuthorizationConfiguration.
type StructuredAuthorization struct {
	// ConfigMapName names the ConfigMap in the project namespace with the configuration.
	ConfigMapName string
	// Kubeconfigs reference the kubeconfigs of the webhook authorizers.
	Kubeconfigs []AuthorizerKubeconfigReference
}

// AuthorizerKubeconfigReference references the kubeconfig of a webhook authorizer.
type AuthorizerKubeconfigReference struct {
	// AuthorizerName is the authorizer's name.
	AuthorizerName string
	// SecretName names the secret with the kubeconfig.
	SecretName string
}

// AdmissionPlugin is a kube-apiserver admission plugin and its configuration.
type AdmissionPlugin struct {
	// Name is the plugin name.
	Name string
	// Config is the plugin configuration.
	Config *runtime.RawExtension
	// Disabled turns the plugin off.
	Disabled *bool
	// KubeconfigSecretName names the secret with the plugin's kubeconfig.
	KubeconfigSecretName *string
}

// WatchCacheSizes holds kube-apiserver watch cache sizes.
type WatchCacheSizes struct {
	// Default is ignored by current kube-apiserver versions; deprecated.
	Default *int32
	// Resources are per-resource cache sizes (--watch-cache-sizes).
	Resources []ResourceWatchCacheSize
}

// ResourceWatchCacheSize is the watch cache size of one resource.
type ResourceWatchCacheSize struct {
	// APIGroup is the resource's group; empty is the core group.
	APIGroup *string
	// Resource is the lower-case plural resource name.
	Resource string
	// CacheSize is the cache size.
	CacheSize int32
}
