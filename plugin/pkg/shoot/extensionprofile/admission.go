// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Package extensionprofile is the ShootExtensionProfile admission plugin (GEP-78 "Admission").
// SKELETON: being implemented; Register and the type are the stable surface other packages use.
package extensionprofile

import (
	"context"
	"io"

	"k8s.io/apiserver/pkg/admission"

	plugin "github.com/gep-78/gardener/plugin/pkg"
)

// Register registers the plugin under its name.
func Register(plugins *admission.Plugins) {
	plugins.Register(plugin.PluginNameShootExtensionProfile, func(_ io.Reader) (admission.Interface, error) {
		return New()
	})
}

// ShootExtensionProfile is the admission plugin.
type ShootExtensionProfile struct {
	*admission.Handler
}

// New returns the plugin.
func New() (*ShootExtensionProfile, error) {
	return &ShootExtensionProfile{Handler: admission.NewHandler(admission.Create, admission.Update)}, nil
}

// Admit resolves partial versions.
func (p *ShootExtensionProfile) Admit(_ context.Context, _ admission.Attributes, _ admission.ObjectInterfaces) error {
	return nil
}

// Validate validates pins.
func (p *ShootExtensionProfile) Validate(_ context.Context, _ admission.Attributes, _ admission.ObjectInterfaces) error {
	return nil
}
