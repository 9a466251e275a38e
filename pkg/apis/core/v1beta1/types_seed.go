// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package v1beta1

import (
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// Backup is the object store of etcd backups.
type Backup struct {
	// Provider is the object store's provider; immutable.
	Provider string `json:"provider" protobuf:"bytes,1,opt,name=provider"`
	// ProviderConfig is the BackupBucket's configuration.
	// +optional
	ProviderConfig *runtime.RawExtension `json:"providerConfig,omitempty" protobuf:"bytes,2,opt,name=providerConfig"`
	// Region is the object store's region; immutable.
	// +optional
	Region *string `json:"region,omitempty" protobuf:"bytes,3,opt,name=region"`
	// CredentialsRef references the object store's credentials (Secret or WorkloadIdentity).
	// +optional
	CredentialsRef *corev1.ObjectReference `json:"credentialsRef,omitempty" protobuf:"bytes,5,opt,name=credentialsRef"`
}

// SeedTaintProtected is the taint of seeds that only Shoots in the garden namespace may use;
// those Shoots tolerate it by default.
const SeedTaintProtected = "seed.gardener.cloud/protected"
