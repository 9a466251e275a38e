// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package extensionprofile

import (
	"context"
	"fmt"

	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/utils/ptr"

	v1beta1helper "github.com/gep-78/gardener/pkg/api/core/v1beta1/helper"
	"github.com/gep-78/gardener/pkg/apis/core"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	"github.com/gep-78/gardener/pkg/utils/gardener/componentversion"
)

// resolveChannels stores the versions of component entries that follow a release channel
// (GEP-78 "Release channels"; componentversion.EffectiveChannel), after keepUnchangedPins:
//   - an extension-level channel that is new (create, or a channel the old entry did not have)
//     adds an entry, by name, for every component of the profile the extension does not list, so
//     that the channel covers all of them;
//   - an entry following a channel without a version (create, a new entry, or one that had none)
//     gets the channel's current version (componentversion.ResolveChannelVersion);
//   - an entry that sets a version explicitly on create, as a new entry, or in the request that
//     changes its channel, must give the channel's current version (a partial version matching it
//     is stored as it): componentversion.ValidateChannelPin. The channel takes precedence over a
//     version; a mismatch is Invalid on the version, never silently replaced;
//   - otherwise the stored version stays, also when the channel changed: maintenance moves it in
//     the window and never downgrades. A version changed alone (by maintenance, or by the owner
//     moving ahead of the channel) is checked like any pin by Validate.
//
// A channel on an extension whose type has no ExtensionProfile is Invalid on its path when the
// channel is new. Disabled extensions, profiles that are being deleted and components the profile
// does not list are left for Validate. The stored version is then checked by Validate as every
// changed pin: listed, not expired, its compatibility rules hold.
func (c *mutationContext) resolveChannels(ctx context.Context) (field.ErrorList, error) {
	var allErrs field.ErrorList
	for i := range c.shoot.Spec.Extensions {
		extension := &c.shoot.Spec.Extensions[i]
		if ptr.Deref(extension.Disabled, false) || !usesChannel(extension) {
			continue
		}
		extensionPath := field.NewPath("spec", "extensions").Index(i)
		old := findV1beta1Extension(c.oldExtensions, extension.Type)
		extensionChannelNew := extension.Channel != nil && (old == nil || old.Channel == nil || string(*old.Channel) != string(*extension.Channel))

		profile, err := c.profiles.get(ctx, c.plugin, extension.Type)
		if err != nil {
			return nil, err
		}
		if profile == nil {
			if extensionChannelNew || c.componentChannelNew(extension, old) {
				allErrs = append(allErrs, field.Invalid(extensionPath.Child("type"), extension.Type, fmt.Sprintf(
					"no ExtensionProfile %q exists; release channels can only be followed for extension types with a profile", extension.Type)))
			}
			continue
		}
		if profile.DeletionTimestamp != nil {
			continue
		}
		if extensionChannelNew {
			for _, pc := range profile.Spec.Components {
				if !hasComponentEntry(c.shoot, extension.Type, pc.Name) {
					extension.Components = append(extension.Components, core.ExtensionComponent{Name: pc.Name})
				}
			}
		}

		for j := range extension.Components {
			component := &extension.Components[j]
			channel, follows := componentversion.EffectiveChannel(toV1beta1Channels(extension, component))
			profileComponent := v1beta1helper.FindExtensionComponent(profile.Spec, component.Name)
			if !follows || profileComponent == nil {
				continue
			}
			componentPath := extensionPath.Child("components").Index(j)
			channelPath := extensionPath.Child("channel")
			if component.Channel != nil {
				channelPath = componentPath.Child("channel")
			}

			oldVersion, oldChannel, oldFound := c.oldEntry(old, component.Name)
			version := ptr.Deref(component.Version, "")
			switch {
			case version == "":
				resolved, fieldErr := componentversion.ResolveChannelVersion(channelPath, *profileComponent, channel, c.now, c.plugin.StableChannelSoakPeriod)
				if fieldErr != nil {
					allErrs = append(allErrs, fieldErr)
					continue
				}
				component.Version = &resolved
			case version != oldVersion && (!oldFound || oldChannel != channel):
				resolved, fieldErr := componentversion.ValidateChannelPin(componentPath.Child("version"), channelPath, *profileComponent, channel, version, c.now, c.plugin.StableChannelSoakPeriod)
				if fieldErr != nil {
					allErrs = append(allErrs, fieldErr)
					continue
				}
				component.Version = &resolved
			}
		}
	}
	return allErrs, nil
}

// oldEntry returns the old Shoot's version and effective channel of a component of old (the old
// entry of the same extension type), and whether the old Shoot had that component entry.
func (c *mutationContext) oldEntry(old *gardencorev1beta1.Extension, name string) (string, gardencorev1beta1.ReleaseChannel, bool) {
	if old == nil {
		return "", "", false
	}
	for _, component := range old.Components {
		if component.Name == name {
			channel, _ := componentversion.EffectiveChannel(*old, component)
			return ptr.Deref(component.Version, ""), channel, true
		}
	}
	return "", "", false
}

// componentChannelNew reports whether a component entry of extension sets a channel that the
// old entry of that component did not have.
func (c *mutationContext) componentChannelNew(extension *core.Extension, old *gardencorev1beta1.Extension) bool {
	for j := range extension.Components {
		component := &extension.Components[j]
		if component.Channel == nil {
			continue
		}
		if _, oldChannel, found := c.oldEntry(old, component.Name); !found || string(oldChannel) != string(*component.Channel) {
			return true
		}
	}
	return false
}

func usesChannel(extension *core.Extension) bool {
	if extension.Channel != nil {
		return true
	}
	for _, component := range extension.Components {
		if component.Channel != nil {
			return true
		}
	}
	return false
}

// toV1beta1Channels returns the fields of an internal extension and component entry that
// componentversion.EffectiveChannel reads, as v1beta1 values.
func toV1beta1Channels(extension *core.Extension, component *core.ExtensionComponent) (gardencorev1beta1.Extension, gardencorev1beta1.ExtensionComponent) {
	e := gardencorev1beta1.Extension{Type: extension.Type, Channel: (*gardencorev1beta1.ReleaseChannel)(extension.Channel)}
	ec := gardencorev1beta1.ExtensionComponent{Name: component.Name, Channel: (*gardencorev1beta1.ReleaseChannel)(component.Channel)}
	if component.AutoUpdate != nil {
		ec.AutoUpdate = &gardencorev1beta1.ExtensionAutoUpdate{}
	}
	return e, ec
}

func findV1beta1Extension(extensions []gardencorev1beta1.Extension, extensionType string) *gardencorev1beta1.Extension {
	for i := range extensions {
		if extensions[i].Type == extensionType {
			return &extensions[i]
		}
	}
	return nil
}

// oldExtensionsOf returns spec.extensions of the old Shoot in v1beta1; none for nil.
func oldExtensionsOf(shoot *core.Shoot) ([]gardencorev1beta1.Extension, error) {
	if shoot == nil {
		return nil, nil
	}
	return extensionsToV1beta1(shoot)
}
