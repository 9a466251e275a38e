// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package componentversion

import (
	"context"
	"fmt"
	"time"

	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/utils/ptr"

	v1beta1helper "github.com/gep-78/gardener/pkg/api/core/v1beta1/helper"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	versionutils "github.com/gep-78/gardener/pkg/utils/version"
)

// resolveChannels stores the versions of entries following a release channel, after
// keepUnchangedPins: a new extension channel adds an entry for every component of the profile; an
// entry without version gets the channel's; a version set on create, on a new entry or with a
// changed channel must be the channel's (else Invalid, never replaced); any other version stays,
// for maintenance to move. A new channel of a type without profile is Invalid.
func (m *pinMutation) resolveChannels(ctx context.Context) error {
	for i := range m.extensions {
		extension := &m.extensions[i]
		if ptr.Deref(extension.Disabled, false) || !usesChannel(extension) {
			continue
		}
		extensionPath := m.list.entryPath(i)
		old := findExtension(m.list.old, extension.Type)
		extensionChannelNew := extension.Channel != nil && (old == nil || old.Channel == nil || *old.Channel != *extension.Channel)

		profile, err := m.profileOf(ctx, extension.Type)
		if err != nil {
			return err
		}
		if profile == nil {
			if extensionChannelNew || componentChannelNew(extension, old) {
				m.allErrs = append(m.allErrs, field.Invalid(extensionPath.Child("type"), extension.Type, fmt.Sprintf(
					"no ExtensionProfile %q exists; release channels can only be followed for extension types with a profile", extension.Type)))
			}
			continue
		}
		if profile.DeletionTimestamp != nil {
			continue
		}
		if extensionChannelNew {
			for _, pc := range profile.Spec.Components {
				if !hasComponentEntry(m.extensions, extension.Type, pc.Name) {
					extension.Components = append(extension.Components, gardencorev1beta1.ExtensionComponent{Name: pc.Name})
				}
			}
		}
		for j := range extension.Components {
			m.resolveChannel(i, j, old, profile)
		}
	}
	return nil
}

// resolveChannel resolves component entry j of extension i; old is the old extension entry.
func (m *pinMutation) resolveChannel(i, j int, old *gardencorev1beta1.Extension, profile *gardencorev1beta1.ExtensionProfile) {
	extension := &m.extensions[i]
	component := &extension.Components[j]
	channel, follows := EffectiveChannel(*extension, *component)
	profileComponent := v1beta1helper.FindExtensionComponent(profile.Spec, component.Name)
	if !follows || profileComponent == nil {
		return
	}
	componentPath := m.list.entryPath(i).Child("components").Index(j)
	channelPath := m.list.entryPath(i).Child("channel")
	if component.Channel != nil {
		channelPath = componentPath.Child("channel")
	}

	oldVersion, oldChannel, oldFound := oldEntry(old, component.Name)
	version := ptr.Deref(component.Version, "")
	var (
		resolved string
		fieldErr *field.Error
		soak     = v1beta1helper.StableChannelSoakPeriod(profile, m.req.StableChannelSoakPeriod)
	)
	switch {
	case version == "":
		resolved, fieldErr = resolveChannelVersion(channelPath, *profileComponent, channel, m.req.Now, soak)
	case version != oldVersion && (!oldFound || oldChannel != channel):
		resolved, fieldErr = validateChannelPin(componentPath.Child("version"), channelPath, *profileComponent, channel, version, m.req.Now, soak)
	default:
		return
	}
	if fieldErr != nil {
		m.allErrs = append(m.allErrs, fieldErr)
		return
	}
	m.setVersion(i, j, resolved)
}

// oldEntry returns the version and effective channel of component name in old, and whether old
// has it.
func oldEntry(old *gardencorev1beta1.Extension, name string) (string, gardencorev1beta1.ReleaseChannel, bool) {
	if old == nil {
		return "", "", false
	}
	for _, component := range old.Components {
		if component.Name == name {
			channel, _ := EffectiveChannel(*old, component)
			return ptr.Deref(component.Version, ""), channel, true
		}
	}
	return "", "", false
}

// componentChannelNew reports whether an entry of extension sets a channel its old entry did not.
func componentChannelNew(extension, old *gardencorev1beta1.Extension) bool {
	for _, component := range extension.Components {
		if component.Channel == nil {
			continue
		}
		if _, oldChannel, found := oldEntry(old, component.Name); !found || oldChannel != *component.Channel {
			return true
		}
	}
	return false
}

func usesChannel(extension *gardencorev1beta1.Extension) bool {
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

// resolveChannelVersion returns the version an entry following channel stores when it sets none:
// ChannelVersion at now; no version in the channel is Invalid on channelPath.
func resolveChannelVersion(channelPath *field.Path, component gardencorev1beta1.ExtensionProfileComponent, channel gardencorev1beta1.ReleaseChannel, now time.Time, soak time.Duration) (string, *field.Error) {
	version, ok := ChannelVersion(component, channel, now, soak)
	if !ok {
		return "", field.Invalid(channelPath, channel, fmt.Sprintf("the %s channel of component %q has no version now: %s",
			channel, component.Name, channelDefinition(channel, soak)))
	}
	return version, nil
}

// validateChannelPin checks a version set explicitly on an entry following channel: the channel's
// current version, or a partial version it matches, gives that version; otherwise Invalid on
// versionPath.
func validateChannelPin(versionPath, channelPath *field.Path, component gardencorev1beta1.ExtensionProfileComponent, channel gardencorev1beta1.ReleaseChannel, pinned string, now time.Time, soak time.Duration) (string, *field.Error) {
	version, fieldErr := resolveChannelVersion(channelPath, component, channel, now, soak)
	if fieldErr != nil {
		return "", fieldErr
	}
	trimmed := versionutils.TrimShootPrefix(pinned)
	if trimmed == version {
		return version, nil
	}
	if versionutils.IsPartial(trimmed) {
		prefix, err := versionutils.ParsePartialVersion(trimmed)
		if v, perr := versionutils.ParseProfileVersion(version); err == nil && perr == nil && prefix.Matches(v) {
			return version, nil
		}
	}
	return "", field.Invalid(versionPath, pinned, fmt.Sprintf(
		"the component follows the %s channel, which gives %s now: omit the version, set %s, or remove the channel to pin another version", channel, version, version))
}

// channelDefinition says what a channel takes, for error messages.
func channelDefinition(channel gardencorev1beta1.ReleaseChannel, soak time.Duration) string {
	switch channel {
	case gardencorev1beta1.ReleaseChannelRapid:
		return "it takes the highest version classified preview or supported"
	case gardencorev1beta1.ReleaseChannelRegular:
		return "it takes the highest version classified supported"
	}
	return fmt.Sprintf("it takes the highest version classified supported for at least %s", soak)
}
