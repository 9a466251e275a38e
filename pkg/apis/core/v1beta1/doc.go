// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Package v1beta1 is the v1beta1 version of the core.gardener.cloud API group: the subset of
// Shoot and CloudProfile that GEP-78 reads and writes, and the new ExtensionProfile.
//
// +k8s:deepcopy-gen=package
// +k8s:conversion-gen=github.com/gep-78/gardener/pkg/apis/core
// +k8s:openapi-gen=true
// +k8s:defaulter-gen=TypeMeta
// +k8s:protobuf-gen=package
// +k8s:openapi-model-package=com.github.gep-78.gardener.pkg.apis.core.v1beta1
// +groupName=core.gardener.cloud
package v1beta1
