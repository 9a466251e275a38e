// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package core

import (
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// Backup is the object store of etcd backups.
type Backup struct {
	// Provider is the object store's provider; immutable.
	Provider string
	// ProviderConfig is the BackupBucket's configuration.
	ProviderConfig *runtime.RawExtension
	// Region is the object store's region; immutable.
	Region *string
	// CredentialsRef references the object store's credentials (Secret or WorkloadIdentity).
	CredentialsRef *corev1.ObjectReference
}
