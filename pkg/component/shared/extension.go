// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Package shared builds the deployers of components that gardenlet's flows share.
package shared

import (
	"context"

	"github.com/go-logr/logr"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/client"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	extensionsv1alpha1 "github.com/gep-78/gardener/pkg/apis/extensions/v1alpha1"
	"github.com/gep-78/gardener/pkg/component/extensions/extension"
)

// NewExtension creates the default deployer for the Extension custom resources of namespace.
func NewExtension(
	_ context.Context,
	log logr.Logger,
	_ client.Client,
	seedClient client.Client,
	namespace string,
	class extensionsv1alpha1.ExtensionClass,
	extensions []gardencorev1beta1.Extension,
	workerlessSupported bool,
) (extension.Interface, error) {
	var extensionClass *extensionsv1alpha1.ExtensionClass
	// A Shoot's Extensions carry no class: absent means "shoot".
	if class != extensionsv1alpha1.ExtensionClassShoot {
		extensionClass = &class
	}

	return extension.New(
		log,
		seedClient,
		&extension.Values{
			Class:      extensionClass,
			Namespace:  namespace,
			Extensions: mergeExtensions(extensions, namespace, class, workerlessSupported),
		},
		extension.DefaultInterval,
		extension.DefaultSevereThreshold,
		extension.DefaultTimeout,
	), nil
}

// mergeExtensions returns the Extensions of the listed types that are not disabled, by type.
func mergeExtensions(extensions []gardencorev1beta1.Extension, namespace string, _ extensionsv1alpha1.ExtensionClass, _ bool) map[string]extension.Extension {
	requiredExtensions := make(map[string]extension.Extension)

	for _, ext := range extensions {
		if ptr.Deref(ext.Disabled, false) {
			delete(requiredExtensions, ext.Type)
			continue
		}
		requiredExtensions[ext.Type] = extension.Extension{
			Extension: extensionsv1alpha1.Extension{
				ObjectMeta: metav1.ObjectMeta{
					Name:      ext.Type,
					Namespace: namespace,
				},
				Spec: extensionsv1alpha1.ExtensionSpec{
					DefaultSpec: extensionsv1alpha1.DefaultSpec{
						Type:           ext.Type,
						ProviderConfig: ext.ProviderConfig.DeepCopy(),
					},
				},
			},
			Timeout: extension.DefaultTimeout,
		}
	}

	return requiredExtensions
}
