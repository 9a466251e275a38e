// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Package extensionlabels is the ExtensionLabels admission plugin: it labels Shoots with the
// extension, provider and networking types they use.
package extensionlabels

import (
	"context"
	"io"
	"strings"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/validation"
	"k8s.io/apiserver/pkg/admission"

	"github.com/gep-78/gardener/pkg/apis/core"
	v1beta1constants "github.com/gep-78/gardener/pkg/apis/core/v1beta1/constants"
	plugin "github.com/gep-78/gardener/plugin/pkg"
)

// Register registers the plugin under plugin.PluginNameExtensionLabels.
func Register(plugins *admission.Plugins) {
	plugins.Register(plugin.PluginNameExtensionLabels, func(io.Reader) (admission.Interface, error) {
		return New()
	})
}

// ExtensionLabels maintains the extension labels of Shoots.
type ExtensionLabels struct {
	*admission.Handler
}

var _ admission.MutationInterface = (*ExtensionLabels)(nil)

// New returns the plugin; it handles creates and updates. The error is always nil.
func New() (*ExtensionLabels, error) {
	return &ExtensionLabels{Handler: admission.NewHandler(admission.Create, admission.Update)}, nil
}

// Admit rewrites the extension labels of a Shoot; other kinds and subresources are left alone.
func (e *ExtensionLabels) Admit(_ context.Context, a admission.Attributes, _ admission.ObjectInterfaces) error {
	if a.GetKind().GroupKind() != core.Kind("Shoot") || a.GetSubresource() != "" {
		return nil
	}
	shoot, ok := a.GetObject().(*core.Shoot)
	if !ok {
		return apierrors.NewBadRequest("could not convert resource into Shoot object")
	}
	MaintainShootLabels(shoot)
	return nil
}

// managedPrefixes are the label prefixes the plugin owns on Shoots.
var managedPrefixes = []string{
	v1beta1constants.LabelExtensionExtensionTypePrefix,
	v1beta1constants.LabelExtensionProviderTypePrefix,
	v1beta1constants.LabelExtensionNetworkingTypePrefix,
}

// MaintainShootLabels removes the managed labels of a Shoot and sets them anew from its spec.
func MaintainShootLabels(shoot *core.Shoot) {
	for key := range shoot.Labels {
		for _, prefix := range managedPrefixes {
			if strings.HasPrefix(key, prefix) {
				delete(shoot.Labels, key)
			}
		}
	}
	for _, extension := range shoot.Spec.Extensions {
		if extension.Disabled != nil && *extension.Disabled {
			continue
		}
		setTypeLabel(shoot, v1beta1constants.LabelExtensionExtensionTypePrefix, extension.Type)
	}
	setTypeLabel(shoot, v1beta1constants.LabelExtensionProviderTypePrefix, shoot.Spec.Provider.Type)
	if n := shoot.Spec.Networking; n != nil && n.Type != nil {
		setTypeLabel(shoot, v1beta1constants.LabelExtensionNetworkingTypePrefix, *n.Type)
	}
}

// setTypeLabel sets <prefix><type>=true unless the type is empty or the key would be invalid.
func setTypeLabel(shoot *core.Shoot, prefix, extensionType string) {
	if extensionType == "" || len(validation.IsQualifiedName(prefix+extensionType)) > 0 {
		return
	}
	metav1.SetMetaDataLabel(&shoot.ObjectMeta, prefix+extensionType, "true")
}
