// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Package install registers the core.gardener.cloud API group in a scheme.
package install

import (
	"k8s.io/apimachinery/pkg/runtime"
	utilruntime "k8s.io/apimachinery/pkg/util/runtime"

	"github.com/gep-78/gardener/pkg/apis/core"
	"github.com/gep-78/gardener/pkg/apis/core/v1beta1"
)

// Install registers the internal and v1beta1 versions of core.gardener.cloud, v1beta1 preferred.
func Install(scheme *runtime.Scheme) {
	utilruntime.Must(core.AddToScheme(scheme))
	utilruntime.Must(v1beta1.AddToScheme(scheme))
	utilruntime.Must(scheme.SetVersionPriority(v1beta1.SchemeGroupVersion))
}
