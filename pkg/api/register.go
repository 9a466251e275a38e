// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Package api owns the scheme and codecs of gardener-apiserver.
package api

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/runtime/serializer"

	coreinstall "github.com/gep-78/gardener/pkg/apis/core/install"
)

var (
	// Scheme holds the internal and versioned types served by gardener-apiserver.
	Scheme = runtime.NewScheme()
	// Codecs encodes and decodes the types in Scheme.
	Codecs = serializer.NewCodecFactory(Scheme)
	// ParameterCodec handles query parameters of requests.
	ParameterCodec = runtime.NewParameterCodec(Scheme)
)

func init() {
	coreinstall.Install(Scheme)

	// The unversioned meta types every API server serves.
	unversioned := schema.GroupVersion{Group: "", Version: "v1"}
	metav1.AddToGroupVersion(Scheme, unversioned)
	Scheme.AddUnversionedTypes(unversioned,
		&metav1.Status{}, &metav1.APIVersions{}, &metav1.APIGroupList{}, &metav1.APIGroup{}, &metav1.APIResourceList{})
}
