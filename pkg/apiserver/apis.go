// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package apiserver

import (
	"k8s.io/apimachinery/pkg/runtime/schema"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
)

// AllGardenerAPIGroupVersions lists every group version gardener-apiserver serves. Whoever
// registers the server with a kube-apiserver (test/envtest, local-garden) creates one
// APIService per entry, so a new group version must be added here.
var AllGardenerAPIGroupVersions = []schema.GroupVersion{
	gardencorev1beta1.SchemeGroupVersion,
}
