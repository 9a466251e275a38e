// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package v1alpha1

import (
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
)

// GroupName is the API group of gardener-operator's component configuration.
const GroupName = "operator.config.gardener.cloud"

var (
	// SchemeGroupVersion is operator.config.gardener.cloud/v1alpha1.
	SchemeGroupVersion = schema.GroupVersion{Group: GroupName, Version: "v1alpha1"}
	// SchemeBuilder registers the types and their defaulting functions.
	SchemeBuilder = runtime.NewSchemeBuilder(addKnownTypes, RegisterDefaults)
	// AddToScheme adds the types of this group version to a scheme.
	AddToScheme = SchemeBuilder.AddToScheme
)

func addKnownTypes(scheme *runtime.Scheme) error {
	scheme.AddKnownTypes(SchemeGroupVersion, &OperatorConfiguration{})
	return nil
}
