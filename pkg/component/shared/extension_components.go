// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package shared

import (
	"context"
	"fmt"

	"github.com/go-logr/logr"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/utils/clock"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/gep-78/gardener/pkg/api/core/v1beta1/helper"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	extensionsv1alpha1 "github.com/gep-78/gardener/pkg/apis/extensions/v1alpha1"
	"github.com/gep-78/gardener/pkg/component/extensions/extension"
)

// ExtensionComponentOptions are the GEP-78 inputs of NewExtensionWithComponents.
type ExtensionComponentOptions struct {
	// ComponentVersions is the ExtensionComponentVersions feature gate. Off, no ExtensionProfile
	// is read, new Extensions get no spec.components and existing ones keep theirs.
	ComponentVersions bool
	// Clock supplies the gardener.cloud/timestamp annotation.
	Clock clock.Clock
	// ComponentsChanged: see extension.Values.
	ComponentsChanged func(name string, old, updated []extensionsv1alpha1.ExtensionComponent)
}

// NewExtensionWithComponents is NewExtension for the Extensions of a Shoot with their resolved
// component versions (DesiredExtensions). It reads the ExtensionProfiles of the Shoot's active
// pins from gardenClient and returns the warnings of DesiredExtensions.
func NewExtensionWithComponents(
	ctx context.Context,
	log logr.Logger,
	gardenClient client.Client,
	seedClient client.Client,
	namespace string,
	shoot *gardencorev1beta1.Shoot,
	opts ExtensionComponentOptions,
) (extension.Interface, []ComponentWarning, error) {
	profiles, err := profilesFor(ctx, gardenClient, shoot, opts.ComponentVersions)
	if err != nil {
		return nil, nil, err
	}
	desired, warnings := DesiredExtensions(shoot, profiles, namespace, opts.ComponentVersions)
	extensions := make(map[string]extension.Extension, len(desired))
	for _, ext := range desired {
		extensions[ext.Name] = extension.Extension{Extension: *ext, Timeout: extension.DefaultTimeout}
	}
	return extension.New(
		log,
		seedClient,
		&extension.Values{
			Namespace:         namespace,
			Extensions:        extensions,
			FreezeComponents:  !opts.ComponentVersions,
			ComponentsChanged: opts.ComponentsChanged,
			Clock:             opts.Clock,
		},
		extension.DefaultInterval,
		extension.DefaultSevereThreshold,
		extension.DefaultTimeout,
	), warnings, nil
}

// profilesFor returns the ExtensionProfiles named after the types of the Shoot's active pins
// (helper.ActiveComponentPins), by name. They are read only when componentVersions is on.
func profilesFor(ctx context.Context, c client.Client, shoot *gardencorev1beta1.Shoot, componentVersions bool) (map[string]*gardencorev1beta1.ExtensionProfile, error) {
	profiles := map[string]*gardencorev1beta1.ExtensionProfile{}
	if !componentVersions {
		return profiles, nil
	}
	read := map[string]bool{}
	for _, pin := range helper.ActiveComponentPins(shoot.Spec.Extensions) {
		if read[pin.ExtensionType] {
			continue
		}
		read[pin.ExtensionType] = true
		profile := &gardencorev1beta1.ExtensionProfile{}
		if err := c.Get(ctx, client.ObjectKey{Name: pin.ExtensionType}, profile); err != nil {
			if apierrors.IsNotFound(err) {
				continue
			}
			return nil, fmt.Errorf("failed reading ExtensionProfile %s: %w", pin.ExtensionType, err)
		}
		profiles[pin.ExtensionType] = profile
	}
	return profiles, nil
}

// DesiredExtensions returns the seed Extensions of a Shoot (mergeExtensions, in spec order,
// labelled extension.LabelManagedBy, LabelShootNamespace and LabelShootName) and a warning per pin
// without a profile version entry. It is pure; profiles are keyed by extension type.
//
// With componentVersions on, spec.components lists {name, version, providerConfig} per pinned
// entry, providerConfig from the profile's version entry (GEP-78 "Optional per-version
// providerConfig"); off, it stays empty. A pin without an entry is written as {name, version}
// with a ComponentWarning: dropping it would silently fall back to the extension's default.
func DesiredExtensions(
	shoot *gardencorev1beta1.Shoot,
	profiles map[string]*gardencorev1beta1.ExtensionProfile,
	namespace string,
	componentVersions bool,
) ([]*extensionsv1alpha1.Extension, []ComponentWarning) {
	var (
		merged   = mergeExtensions(shoot.Spec.Extensions, namespace, extensionsv1alpha1.ExtensionClassShoot, false)
		last     = map[string]int{}
		result   []*extensionsv1alpha1.Extension
		warnings []ComponentWarning
		pins     = helper.ActiveComponentPins(shoot.Spec.Extensions)
	)
	for i, entry := range shoot.Spec.Extensions {
		last[entry.Type] = i
	}

	for i, entry := range shoot.Spec.Extensions {
		m, ok := merged[entry.Type]
		if !ok || last[entry.Type] != i {
			continue
		}
		ext := m.Extension.DeepCopy()
		ext.Labels = map[string]string{
			extension.LabelManagedBy:      extension.ManagedByGardenlet,
			extension.LabelShootNamespace: shoot.Namespace,
			extension.LabelShootName:      shoot.Name,
		}
		if componentVersions {
			components, componentWarnings := desiredComponents(pins, i, profiles[entry.Type])
			ext.Spec.Components = components
			warnings = append(warnings, componentWarnings...)
		}
		result = append(result, ext)
	}
	if result == nil {
		result = []*extensionsv1alpha1.Extension{}
	}
	return result, warnings
}

// desiredComponents returns spec.components of the Extension of spec.extensions[extensionIndex]
// from the Shoot's active pins.
func desiredComponents(pins []helper.ComponentPin, extensionIndex int, profile *gardencorev1beta1.ExtensionProfile) ([]extensionsv1alpha1.ExtensionComponent, []ComponentWarning) {
	var (
		components []extensionsv1alpha1.ExtensionComponent
		warnings   []ComponentWarning
		seen       = map[string]bool{}
	)

	for _, pin := range pins {
		if pin.ExtensionIndex != extensionIndex {
			continue
		}
		warn := func(reason WarningReason) {
			warnings = append(warnings, ComponentWarning{ExtensionType: pin.ExtensionType, Component: pin.Component, Version: pin.Version, Reason: reason})
		}
		if seen[pin.Component] {
			warn(WarningDuplicateComponent)
			continue
		}
		seen[pin.Component] = true

		component := extensionsv1alpha1.ExtensionComponent{Name: pin.Component, Version: pin.Version}
		switch profileComponent := profileComponent(profile, pin.Component); {
		case profile == nil:
			warn(WarningProfileNotFound)
		case profileComponent == nil:
			warn(WarningComponentNotFound)
		default:
			version := helper.FindComponentVersion(profileComponent, pin.Version)
			if version == nil {
				warn(WarningVersionNotFound)
				break
			}
			if !extension.IsEmptyRaw(version.ProviderConfig) {
				component.ProviderConfig = version.ProviderConfig.DeepCopy()
			}
		}
		components = append(components, component)
	}
	return components, warnings
}

func profileComponent(profile *gardencorev1beta1.ExtensionProfile, name string) *gardencorev1beta1.ExtensionProfileComponent {
	if profile == nil {
		return nil
	}
	return helper.FindExtensionComponent(profile.Spec, name)
}
