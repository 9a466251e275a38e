// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Package v1alpha1 is the operator.gardener.cloud/v1alpha1 API group that gardener-operator
// reconciles in the runtime cluster, served as CRDs. It holds the Extension resource with
// Gardener's fields and, added by GEP-78, spec.extensionProfiles[]: the component versions the
// extension offers, from which gardener-operator generates the garden's ExtensionProfiles.
//
// +k8s:deepcopy-gen=package
// +kubebuilder:object:generate=false
// +groupName=operator.gardener.cloud
package v1alpha1
