// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Package kubernetes holds the controller-runtime schemes of the garden, seed and runtime clusters.
package kubernetes

import (
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/apimachinery/pkg/runtime"
	utilruntime "k8s.io/apimachinery/pkg/util/runtime"
	kubernetesscheme "k8s.io/client-go/kubernetes/scheme"
	"sigs.k8s.io/controller-runtime/pkg/client/apiutil"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	extensionsv1alpha1 "github.com/gep-78/gardener/pkg/apis/extensions/v1alpha1"
	operatorv1alpha1 "github.com/gep-78/gardener/pkg/apis/operator/v1alpha1"
)

var (
	// GardenScheme holds the Kubernetes types and core.gardener.cloud/v1beta1, for clients of the
	// garden cluster.
	GardenScheme = runtime.NewScheme()
	// SeedScheme holds the Kubernetes types, apiextensions.k8s.io/v1 and
	// extensions.gardener.cloud/v1alpha1, for clients of a seed cluster.
	SeedScheme = runtime.NewScheme()
	// RuntimeScheme holds the Kubernetes types, apiextensions.k8s.io/v1 and
	// operator.gardener.cloud/v1alpha1, for gardener-operator's clients of the runtime cluster.
	RuntimeScheme = runtime.NewScheme()
)

func init() {
	utilruntime.Must(kubernetesscheme.AddToScheme(GardenScheme))
	utilruntime.Must(gardencorev1beta1.AddToScheme(GardenScheme))

	// gardener-apiserver serves core.gardener.cloud in protobuf: controller-runtime clients send
	// protobuf for the kinds of its protobuf scheme when rest.Config.ContentType is empty (see
	// ApplyClientConnection). CRDs such as extensions.gardener.cloud stay out of it: they speak
	// JSON only.
	utilruntime.Must(apiutil.AddToProtobufScheme(gardencorev1beta1.AddToScheme))

	utilruntime.Must(kubernetesscheme.AddToScheme(SeedScheme))
	utilruntime.Must(apiextensionsv1.AddToScheme(SeedScheme))
	utilruntime.Must(extensionsv1alpha1.AddToScheme(SeedScheme))

	utilruntime.Must(kubernetesscheme.AddToScheme(RuntimeScheme))
	utilruntime.Must(apiextensionsv1.AddToScheme(RuntimeScheme))
	utilruntime.Must(operatorv1alpha1.AddToScheme(RuntimeScheme))
}
