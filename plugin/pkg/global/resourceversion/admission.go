// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Package resourceversion is the ResourceVersion admission plugin: it drops metadata.resourceVersion
// on create and rejects a malformed one on update with 422, both of which k8s.io/apiserver's
// storage answers with 500.
package resourceversion

import (
	"context"
	"io"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/api/meta"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/apiserver/pkg/admission"

	"github.com/gep-78/gardener/pkg/api/core/validation"
	"github.com/gep-78/gardener/pkg/apis/core"
	plugin "github.com/gep-78/gardener/plugin/pkg"
)

// Register registers the plugin under plugin.PluginNameResourceVersion.
func Register(plugins *admission.Plugins) {
	plugins.Register(plugin.PluginNameResourceVersion, func(io.Reader) (admission.Interface, error) {
		return newPlugin(), nil
	})
}

// resourceVersion is the ResourceVersion admission plugin.
type resourceVersion struct {
	*admission.Handler
}

var _ admission.MutationInterface = (*resourceVersion)(nil)

// newPlugin returns the plugin; it handles creates and updates.
func newPlugin() *resourceVersion {
	return &resourceVersion{Handler: admission.NewHandler(admission.Create, admission.Update)}
}

// Admit drops or checks metadata.resourceVersion of an object of core.gardener.cloud.
func (p *resourceVersion) Admit(_ context.Context, a admission.Attributes, _ admission.ObjectInterfaces) error {
	if a.GetKind().Group != core.GroupName || a.GetObject() == nil {
		return nil
	}
	accessor, err := meta.Accessor(a.GetObject())
	if err != nil {
		return nil
	}
	if a.GetOperation() == admission.Create {
		accessor.SetResourceVersion("")
		return nil
	}
	if fieldErr := validation.ValidateResourceVersion(accessor.GetResourceVersion(), field.NewPath("metadata", "resourceVersion")); fieldErr != nil {
		return apierrors.NewInvalid(a.GetKind().GroupKind(), a.GetName(), field.ErrorList{fieldErr})
	}
	return nil
}
