// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Package v1alpha1 is the extensions.gardener.cloud/v1alpha1 API group served as CRDs on the
// seed. It holds the Extension resource, extended by GEP-78 with spec.components[].
//
// +k8s:deepcopy-gen=package
// +kubebuilder:object:generate=false
// +groupName=extensions.gardener.cloud
package v1alpha1
