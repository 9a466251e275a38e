// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package extension

import (
	"fmt"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"

	"github.com/gep-78/gardener/pkg/api/core/v1beta1/helper"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	extensionsv1alpha1 "github.com/gep-78/gardener/pkg/apis/extensions/v1alpha1"
)

const (
	// LabelManagedBy marks the seed objects this controller owns. Only Extensions carrying it are
	// deleted as stale, and only namespaces carrying it are deleted with their Shoot.
	LabelManagedBy = "extensions.gardener.cloud/managed-by"
	// ManagedByGardenlet is the value of LabelManagedBy.
	ManagedByGardenlet = "gardenlet"
	// LabelShootNamespace and LabelShootName name the Shoot a seed object belongs to; the
	// Extension watch maps an object back to its Shoot through them.
	LabelShootNamespace = "shoot.gardener.cloud/namespace"
	// LabelShootName: see LabelShootNamespace.
	LabelShootName = "shoot.gardener.cloud/name"
)

// WarningReason says why a pinned component could not be matched to an ExtensionProfile entry.
type WarningReason string

const (
	// WarningProfileNotFound: no ExtensionProfile is named after the extension type.
	WarningProfileNotFound WarningReason = "ProfileNotFound"
	// WarningComponentNotFound: the profile does not list the component.
	WarningComponentNotFound WarningReason = "ComponentNotFound"
	// WarningVersionNotFound: the component does not list the pinned version (for example it was
	// removed from the profile while the Shoot pinned it, or the pin is a partial version that
	// admission never resolved).
	WarningVersionNotFound WarningReason = "VersionNotFound"
	// WarningDuplicateComponent: the Shoot pins the same component twice; only the first pin is
	// written, since spec.components is a list keyed by name.
	WarningDuplicateComponent WarningReason = "DuplicateComponent"
)

// ComponentWarning reports a pinned component whose version DesiredExtensions wrote without a
// providerConfig because the ExtensionProfile has no matching entry (or that it skipped, for
// WarningDuplicateComponent).
type ComponentWarning struct {
	// ExtensionType is the type of the Shoot extension entry (and the Extension's name).
	ExtensionType string
	// Component is the component name of the pin.
	Component string
	// Version is the pinned version.
	Version string
	// Reason says what was missing.
	Reason WarningReason
}

// String returns the message of the warning, e.g.
// "shoot-falco-service: falco 0.42.1 is not listed in ExtensionProfile shoot-falco-service; the pinned version is deployed without providerConfig".
func (w ComponentWarning) String() string {
	prefix := fmt.Sprintf("%s: %s %s", w.ExtensionType, w.Component, w.Version)
	const consequence = "the pinned version is deployed without providerConfig"
	switch w.Reason {
	case WarningProfileNotFound:
		return fmt.Sprintf("%s: there is no ExtensionProfile %s; %s", prefix, w.ExtensionType, consequence)
	case WarningComponentNotFound:
		return fmt.Sprintf("%s: ExtensionProfile %s has no component %s; %s", prefix, w.ExtensionType, w.Component, consequence)
	case WarningVersionNotFound:
		return fmt.Sprintf("%s is not listed in ExtensionProfile %s; %s", prefix, w.ExtensionType, consequence)
	case WarningDuplicateComponent:
		return fmt.Sprintf("%s: component %s is pinned more than once; only the first pin is deployed", prefix, w.Component)
	default:
		return fmt.Sprintf("%s: %s", prefix, w.Reason)
	}
}

// DesiredExtensions returns the seed Extension objects (extensions.gardener.cloud/v1alpha1) that
// gardenlet maintains for a Shoot, in the order of shoot.spec.extensions[], and a warning per
// pinned component it could not match to an ExtensionProfile version entry. It is pure: the
// caller reads the profiles (keyed by name, i.e. by extension type; a missing key means no
// profile) and decides what to do with the result.
//
// One Extension is returned per spec.extensions[] entry that is not disabled. It is named after
// the entry's type, lives in namespace (the Shoot's technical ID), leaves spec.class unset (as
// gardenlet does for shoots: absent means "shoot") and copies spec.providerConfig unchanged from
// the entry. It carries the labels LabelManagedBy, LabelShootNamespace and LabelShootName. Should a
// type repeat (validation rejects that), the last entry wins, as in Gardener's mergeExtensions.
// Unlike Gardener, there are no ControllerRegistrations here, so no type is enabled implicitly
// and every listed type gets an Extension.
//
// With componentVersions (the ExtensionComponentVersions feature gate) on, spec.components
// lists, in the Shoot's component order, {name, version, providerConfig} for every component
// entry with a non-empty version; providerConfig is copied verbatim from the matching
// ExtensionProfile version entry and omitted when the entry has none (GEP-78 "Design Details →
// 4. Deployment — gardenlet and extension controller" and "Optional per-version
// providerConfig"). With the gate off spec.components stays empty, so Extensions look exactly as
// they do in Gardener today.
//
// A pin without a matching profile, component or version entry is still written as
// {name, version}, without providerConfig, together with a ComponentWarning. The pin is what the
// owner asked for and what admission accepted when it was set (admission checks existence only
// when the pin changes, so a version may since have been removed from the profile); the
// extension controller decides whether it can deploy that version. Dropping the component
// instead would silently make the extension fall back to its own default version.
func DesiredExtensions(
	shoot *gardencorev1beta1.Shoot,
	profiles map[string]*gardencorev1beta1.ExtensionProfile,
	namespace string,
	componentVersions bool,
) ([]*extensionsv1alpha1.Extension, []ComponentWarning) {
	var (
		extensions []*extensionsv1alpha1.Extension
		warnings   []ComponentWarning
		position   = map[string]int{}
		pins       = helper.ActiveComponentPins(shoot.Spec.Extensions)
	)

	for i, entry := range shoot.Spec.Extensions {
		if i, ok := position[entry.Type]; ok {
			// A repeated type replaces the earlier entry (last wins).
			extensions[i] = nil
			delete(position, entry.Type)
		}
		if entry.Disabled != nil && *entry.Disabled {
			continue
		}

		extension := &extensionsv1alpha1.Extension{
			ObjectMeta: metav1.ObjectMeta{
				Name:      entry.Type,
				Namespace: namespace,
				Labels: map[string]string{
					LabelManagedBy:      ManagedByGardenlet,
					LabelShootNamespace: shoot.Namespace,
					LabelShootName:      shoot.Name,
				},
			},
			Spec: extensionsv1alpha1.ExtensionSpec{
				DefaultSpec: extensionsv1alpha1.DefaultSpec{
					Type:           entry.Type,
					ProviderConfig: entry.ProviderConfig.DeepCopy(),
				},
			},
		}
		if componentVersions {
			components, componentWarnings := desiredComponents(pins, i, profiles[entry.Type])
			extension.Spec.Components = components
			warnings = append(warnings, componentWarnings...)
		}

		position[entry.Type] = len(extensions)
		extensions = append(extensions, extension)
	}

	result := make([]*extensionsv1alpha1.Extension, 0, len(extensions))
	for _, extension := range extensions {
		if extension != nil {
			result = append(result, extension)
		}
	}
	return result, warnings
}

// desiredComponents returns spec.components of the Extension of spec.extensions[extensionIndex]
// from the Shoot's active pins (helper.ActiveComponentPins).
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
			if !isEmpty(version.ProviderConfig) {
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

func isEmpty(raw *runtime.RawExtension) bool {
	return raw == nil || (raw.Object == nil && (len(raw.Raw) == 0 || string(raw.Raw) == "null"))
}
