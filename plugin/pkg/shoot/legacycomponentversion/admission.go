// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Package legacycomponentversion is the ShootLegacyComponentVersion admission plugin: it warns when
// a Shoot sets a providerConfig version field (legacyFields) of a type with an ExtensionProfile.
package legacycomponentversion

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/apiserver/pkg/admission"
	"k8s.io/apiserver/pkg/warning"

	"github.com/gep-78/gardener/pkg/apis/core"
	admissioninitializer "github.com/gep-78/gardener/pkg/apiserver/admission/initializer"
	gardencoreinformers "github.com/gep-78/gardener/pkg/client/core/informers/externalversions"
	gardencorev1beta1listers "github.com/gep-78/gardener/pkg/client/core/listers/core/v1beta1"
	"github.com/gep-78/gardener/pkg/features"
	plugin "github.com/gep-78/gardener/plugin/pkg"
	admissionutils "github.com/gep-78/gardener/plugin/pkg/utils"
)

// legacyField is a providerConfig string field that selected a component version before pins.
type legacyField struct {
	ExtensionType string
	Field         string
	// Component is the ExtensionProfile component the field stands for.
	Component string
}

// legacyFields are the fields the plugin knows.
var legacyFields = []legacyField{
	{ExtensionType: "shoot-falco-service", Field: "falcoVersion", Component: "falco"},
}

// Register registers the plugin under plugin.PluginNameShootLegacyComponentVersion.
func Register(plugins *admission.Plugins) {
	plugins.Register(plugin.PluginNameShootLegacyComponentVersion, func(io.Reader) (admission.Interface, error) {
		return newPlugin(), nil
	})
}

// shootLegacyComponentVersion is the admission plugin.
type shootLegacyComponentVersion struct {
	*admissionutils.ReadyHandler

	extensionProfileLister gardencorev1beta1listers.ExtensionProfileLister
}

var (
	_ admission.ValidationInterface = (*shootLegacyComponentVersion)(nil)

	_ = admissioninitializer.WantsCoreInformerFactory(&shootLegacyComponentVersion{})
)

// newPlugin returns the plugin; it handles creates and updates.
func newPlugin() *shootLegacyComponentVersion {
	return &shootLegacyComponentVersion{ReadyHandler: admissionutils.NewReadyHandler(admission.Create, admission.Update)}
}

// SetCoreInformerFactory takes the ExtensionProfile lister; requests wait for it to sync.
func (p *shootLegacyComponentVersion) SetCoreInformerFactory(f gardencoreinformers.SharedInformerFactory) {
	informer := f.Core().V1beta1().ExtensionProfiles()
	p.extensionProfileLister = informer.Lister()
	p.AddReadyFunc(informer.Informer().HasSynced)
}

// ValidateInitialization returns an error when the ExtensionProfile lister is missing.
func (p *shootLegacyComponentVersion) ValidateInitialization() error {
	if p.extensionProfileLister == nil {
		return errors.New("missing ExtensionProfile lister")
	}
	return nil
}

// Validate adds the warnings to the response; it fails only while the informer has not synced.
func (p *shootLegacyComponentVersion) Validate(ctx context.Context, a admission.Attributes, _ admission.ObjectInterfaces) error {
	if !features.DefaultFeatureGate.Enabled(features.ExtensionComponentVersions) ||
		a.GetKind().GroupKind() != core.Kind("Shoot") || a.GetSubresource() != "" {
		return nil
	}
	shoot, ok := a.GetObject().(*core.Shoot)
	if !ok {
		return apierrors.NewBadRequest("could not convert resource into Shoot object")
	}
	if err := p.WaitUntilReady(a); err != nil {
		return err
	}
	for _, message := range p.Warnings(shoot) {
		warning.AddWarning(ctx, "", message)
	}
	return nil
}

// Warnings returns the warnings for shoot in spec order; an unreadable profile counts as none.
func (p *shootLegacyComponentVersion) Warnings(shoot *core.Shoot) []string {
	var warnings []string
	extensionsPath := field.NewPath("spec", "extensions")
	for i, extension := range shoot.Spec.Extensions {
		if extension.Disabled != nil && *extension.Disabled || extension.ProviderConfig == nil {
			continue
		}
		for _, legacy := range legacyFields {
			if legacy.ExtensionType != extension.Type {
				continue
			}
			value := stringField(extension.ProviderConfig.Raw, legacy.Field)
			if value == "" {
				continue
			}
			if _, err := p.extensionProfileLister.Get(extension.Type); err != nil {
				continue
			}
			idxPath := extensionsPath.Index(i)
			fieldPath := idxPath.Child("providerConfig", legacy.Field)
			if pin := pinnedVersion(extension, legacy.Component); pin != "" {
				warnings = append(warnings, fmt.Sprintf("%s %s is deprecated and ignored: %s pins %s %s, which wins; remove %s from the providerConfig",
					fieldPath, value, idxPath.Child("components"), legacy.Component, pin, legacy.Field))
				continue
			}
			warnings = append(warnings, fmt.Sprintf("%s is deprecated: %s has an ExtensionProfile; pin %s.version instead (until then the extension deploys %s %s from providerConfig.%s)",
				fieldPath, extension.Type, idxPath.Child("components").Key("name="+legacy.Component), legacy.Component, value, legacy.Field))
		}
	}
	return warnings
}

// stringField returns the top-level string field name of a JSON object, "" when there is none.
func stringField(raw []byte, name string) string {
	var object map[string]json.RawMessage
	if json.Unmarshal(raw, &object) != nil {
		return ""
	}
	var value string
	if json.Unmarshal(object[name], &value) != nil {
		return ""
	}
	return value
}

func pinnedVersion(extension core.Extension, component string) string {
	for _, c := range extension.Components {
		if c.Name == component && c.Version != nil {
			return *c.Version
		}
	}
	return ""
}
