// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package v1beta1

import (
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// KubeAPIServerConfig holds kube-apiserver settings.
type KubeAPIServerConfig struct {
	KubernetesConfig `json:",inline" protobuf:"bytes,1,opt,name=kubernetesConfig"`
	// AdmissionPlugins are admission plugins besides Gardener's, keyed by name.
	// +patchMergeKey=name
	// +patchStrategy=merge
	// +optional
	AdmissionPlugins []AdmissionPlugin `json:"admissionPlugins,omitempty" patchMergeKey:"name" patchStrategy:"merge" protobuf:"bytes,2,rep,name=admissionPlugins"`
	// APIAudiences are the audiences service account tokens must carry (default kubernetes).
	// +optional
	APIAudiences []string `json:"apiAudiences,omitempty" protobuf:"bytes,3,rep,name=apiAudiences"`
	// AuditConfig holds the audit policy.
	// +optional
	AuditConfig *AuditConfig `json:"auditConfig,omitempty" protobuf:"bytes,4,opt,name=auditConfig"`
	// RuntimeConfig enables or disables API groups and versions.
	// +optional
	RuntimeConfig map[string]bool `json:"runtimeConfig,omitempty" protobuf:"bytes,7,rep,name=runtimeConfig"`
	// ServiceAccountConfig holds service account token settings.
	// +optional
	ServiceAccountConfig *ServiceAccountConfig `json:"serviceAccountConfig,omitempty" protobuf:"bytes,8,opt,name=serviceAccountConfig"`
	// WatchCacheSizes holds the watch cache sizes.
	// +optional
	WatchCacheSizes *WatchCacheSizes `json:"watchCacheSizes,omitempty" protobuf:"bytes,9,opt,name=watchCacheSizes"`
	// Requests holds in-flight request limits.
	// +optional
	Requests *APIServerRequests `json:"requests,omitempty" protobuf:"bytes,10,opt,name=requests"`
	// EnableAnonymousAuthentication allows anonymous requests; deprecated in Gardener in favour of
	// structured authentication.
	// +optional
	EnableAnonymousAuthentication *bool `json:"enableAnonymousAuthentication,omitempty" protobuf:"varint,11,opt,name=enableAnonymousAuthentication"`
	// EventTTL is how long events are kept (default 1h, at most 24h).
	// +optional
	EventTTL *metav1.Duration `json:"eventTTL,omitempty" protobuf:"bytes,12,opt,name=eventTTL"`
	// Logging holds log and access-log verbosity.
	// +optional
	Logging *APIServerLogging `json:"logging,omitempty" protobuf:"bytes,13,opt,name=logging"`
	// DefaultNotReadyTolerationSeconds is the default toleration of notReady:NoExecute, in seconds.
	// +optional
	DefaultNotReadyTolerationSeconds *int64 `json:"defaultNotReadyTolerationSeconds,omitempty" protobuf:"varint,14,opt,name=defaultNotReadyTolerationSeconds"`
	// DefaultUnreachableTolerationSeconds is the default toleration of unreachable:NoExecute, in
	// seconds.
	// +optional
	DefaultUnreachableTolerationSeconds *int64 `json:"defaultUnreachableTolerationSeconds,omitempty" protobuf:"varint,15,opt,name=defaultUnreachableTolerationSeconds"`
	// EncryptionConfig holds what etcd encryption covers beyond secrets.
	// +optional
	EncryptionConfig *EncryptionConfig `json:"encryptionConfig,omitempty" protobuf:"bytes,16,opt,name=encryptionConfig"`
	// StructuredAuthentication references an AuthenticationConfiguration.
	// +optional
	StructuredAuthentication *StructuredAuthentication `json:"structuredAuthentication,omitempty" protobuf:"bytes,17,opt,name=structuredAuthentication"`
	// StructuredAuthorization references an AuthorizationConfiguration and its kubeconfigs.
	// +optional
	StructuredAuthorization *StructuredAuthorization `json:"structuredAuthorization,omitempty" protobuf:"bytes,18,opt,name=structuredAuthorization"`
	// Autoscaling holds the minimum resources of its vertical autoscaling.
	// +optional
	Autoscaling *ControlPlaneAutoscaling `json:"autoscaling,omitempty" protobuf:"bytes,19,opt,name=autoscaling"`
	// TLSMinVersion is the minimum TLS version, VersionTLS12 or VersionTLS13.
	// +optional
	TLSMinVersion *string `json:"tlsMinVersion,omitempty" protobuf:"bytes,20,opt,name=tlsMinVersion"`
}

// APIServerLogging holds kube-apiserver log settings.
type APIServerLogging struct {
	// Verbosity is the log level (default 2).
	// +optional
	Verbosity *int32 `json:"verbosity,omitempty" protobuf:"varint,1,opt,name=verbosity"`
	// HTTPAccessVerbosity is the access-log level.
	// +optional
	HTTPAccessVerbosity *int32 `json:"httpAccessVerbosity,omitempty" protobuf:"varint,2,opt,name=httpAccessVerbosity"`
}

// APIServerRequests holds kube-apiserver in-flight limits.
type APIServerRequests struct {
	// MaxNonMutatingInflight is the limit of non-mutating requests in flight (default 400).
	// +optional
	MaxNonMutatingInflight *int32 `json:"maxNonMutatingInflight,omitempty" protobuf:"bytes,1,name=maxNonMutatingInflight"`
	// MaxMutatingInflight is the limit of mutating requests in flight (default 200).
	// +optional
	MaxMutatingInflight *int32 `json:"maxMutatingInflight,omitempty" protobuf:"bytes,2,name=maxMutatingInflight"`
}

// EncryptionConfig holds what etcd encryption covers.
type EncryptionConfig struct {
	// Resources are resources (resource.group) encrypted besides secrets; wildcards allowed.
	// +optional
	Resources []string `json:"resources,omitempty" protobuf:"bytes,1,rep,name=resources"`
	// Provider is the encryption provider.
	Provider EncryptionProvider `json:"provider" protobuf:"bytes,2,opt,name=provider"`
}

// EncryptionProvider is an encryption provider.
type EncryptionProvider struct {
	// Type is aescbc (default), aesgcm or secretbox.
	// +optional
	Type *EncryptionProviderType `json:"type,omitempty" protobuf:"bytes,1,opt,name=type"`
}

// ServiceAccountConfig holds kube-apiserver service account settings.
type ServiceAccountConfig struct {
	// Issuer is the token issuer (iss claim); defaults to the API server URL.
	// +optional
	Issuer *string `json:"issuer,omitempty" protobuf:"bytes,1,opt,name=issuer"`
	// ExtendTokenExpiration extends projected tokens' expiry (default true).
	// +optional
	ExtendTokenExpiration *bool `json:"extendTokenExpiration,omitempty" protobuf:"bytes,3,opt,name=extendTokenExpiration"`
	// MaxTokenExpiration caps token validity (between 30d and 90d; default 30d).
	// +optional
	MaxTokenExpiration *metav1.Duration `json:"maxTokenExpiration,omitempty" protobuf:"bytes,4,opt,name=maxTokenExpiration"`
	// AcceptedIssuers are further issuers whose tokens are accepted.
	// +optional
	AcceptedIssuers []string `json:"acceptedIssuers,omitempty" protobuf:"bytes,5,opt,name=acceptedIssuers"`
}

// AuditConfig holds kube-apiserver audit settings.
type AuditConfig struct {
	// AuditPolicy references the audit policy.
	// +optional
	AuditPolicy *AuditPolicy `json:"auditPolicy,omitempty" protobuf:"bytes,1,opt,name=auditPolicy"`
}

// AuditPolicy references an audit policy.
type AuditPolicy struct {
	// ConfigMapRef references the ConfigMap (same namespace) with the policy.
	// +optional
	ConfigMapRef *corev1.ObjectReference `json:"configMapRef,omitempty" protobuf:"bytes,1,opt,name=configMapRef"`
}

// StructuredAuthentication references an AuthenticationConfiguration.
type StructuredAuthentication struct {
	// ConfigMapName names the ConfigMap in the project namespace with the configuration.
	ConfigMapName string `json:"configMapName" protobuf:"bytes,1,opt,name=configMapName"`
}

// StructuredAuthorization references an AuthorizationConfiguration.
type StructuredAuthorization struct {
	// ConfigMapName names the ConfigMap in the project namespace with the configuration.
	ConfigMapName string `json:"configMapName" protobuf:"bytes,1,opt,name=configMapName"`
	// Kubeconfigs reference the kubeconfigs of the webhook authorizers.
	Kubeconfigs []AuthorizerKubeconfigReference `json:"kubeconfigs" protobuf:"bytes,2,rep,name=kubeconfigs"`
}

// AuthorizerKubeconfigReference references the kubeconfig of a webhook authorizer.
type AuthorizerKubeconfigReference struct {
	// AuthorizerName is the authorizer's name.
	AuthorizerName string `json:"authorizerName" protobuf:"bytes,1,opt,name=authorizerName"`
	// SecretName names the secret with the kubeconfig.
	SecretName string `json:"secretName" protobuf:"bytes,2,opt,name=secretName"`
}

// AdmissionPlugin is a kube-apiserver admission plugin and its configuration.
type AdmissionPlugin struct {
	// Name is the plugin name.
	Name string `json:"name" protobuf:"bytes,1,opt,name=name"`
	// Config is the plugin configuration.
	// +optional
	Config *runtime.RawExtension `json:"config,omitempty" protobuf:"bytes,2,opt,name=config"`
	// Disabled turns the plugin off.
	// +optional
	Disabled *bool `json:"disabled,omitempty" protobuf:"varint,3,opt,name=disabled"`
	// KubeconfigSecretName names the secret with the plugin's kubeconfig.
	// +optional
	KubeconfigSecretName *string `json:"kubeconfigSecretName,omitempty" protobuf:"bytes,4,opt,name=kubeconfigSecretName"`
}

// WatchCacheSizes holds kube-apiserver watch cache sizes.
type WatchCacheSizes struct {
	// Default is ignored by current kube-apiserver versions; deprecated.
	// +optional
	Default *int32 `json:"default,omitempty" protobuf:"varint,1,opt,name=default"`
	// Resources are per-resource cache sizes (--watch-cache-sizes).
	// +optional
	Resources []ResourceWatchCacheSize `json:"resources,omitempty" protobuf:"bytes,2,rep,name=resources"`
}

// ResourceWatchCacheSize is the watch cache size of one resource.
type ResourceWatchCacheSize struct {
	// APIGroup is the resource's group; empty is the core group.
	// +optional
	APIGroup *string `json:"apiGroup,omitempty" protobuf:"bytes,1,opt,name=apiGroup"`
	// Resource is the lower-case plural resource name.
	Resource string `json:"resource" protobuf:"bytes,2,opt,name=resource"`
	// CacheSize is the cache size.
	CacheSize int32 `json:"size" protobuf:"varint,3,opt,name=size"`
}
