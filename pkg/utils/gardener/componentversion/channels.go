// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package componentversion

import (
	"fmt"
	"slices"
	"time"

	"github.com/Masterminds/semver/v3"
	"k8s.io/apimachinery/pkg/util/validation/field"

	v1beta1helper "github.com/gep-78/gardener/pkg/api/core/v1beta1/helper"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	versionutils "github.com/gep-78/gardener/pkg/utils/version"
)

// This file is the one definition of the release channels (GEP-78 "Release channels"): the
// version each channel gives, which the ExtensionProfile status, admission and shoot maintenance
// (ChannelUpdateFor) read. The soak period of the stable channel is configuration
// (v1beta1helper.DefaultStableChannelSoakPeriod by default) and passed in.

// ReleaseChannels are the release channels, from the newest versions to the most soaked.
var ReleaseChannels = []gardencorev1beta1.ReleaseChannel{
	gardencorev1beta1.ReleaseChannelRapid,
	gardencorev1beta1.ReleaseChannelRegular,
	gardencorev1beta1.ReleaseChannelStable,
}

// IsReleaseChannel reports whether c is one of ReleaseChannels.
func IsReleaseChannel(c gardencorev1beta1.ReleaseChannel) bool {
	return slices.Contains(ReleaseChannels, c)
}

// ChannelVersion returns the current version of channel for component at now (a channel is the
// highest version of a tier, resolved through the ExtensionProfile without any change to its
// shape), and false when no version qualifies or channel is unknown. Only strict semantic
// versions (versionutils.ParseProfileVersion) that are not pre-releases count, highest first (of
// equal versions the first listed):
//   - rapid: the highest classified preview or supported at now;
//   - regular: the highest classified supported at now;
//   - stable: the highest classified supported at now whose supported run began at least soak
//     before now (v1beta1helper.SupportedSince; a run without startTime began before any soak).
//
// Deprecated versions are in no channel. Compatibility rules are not evaluated here: a channel's
// version is the same for every Shoot; callers check it against their Shoot.
func ChannelVersion(component gardencorev1beta1.ExtensionProfileComponent, channel gardencorev1beta1.ReleaseChannel, now time.Time, soak time.Duration) (string, bool) {
	if !IsReleaseChannel(channel) {
		return "", false
	}
	type candidate struct {
		version string
		parsed  *semver.Version
	}
	var candidates []candidate
	for _, v := range component.Versions {
		parsed, err := versionutils.ParseProfileVersion(v.Version)
		if err != nil || parsed.Prerelease() != "" || !inChannel(v.Lifecycle, channel, now, soak) {
			continue
		}
		candidates = append(candidates, candidate{v.Version, parsed})
	}
	if len(candidates) == 0 {
		return "", false
	}
	slices.SortStableFunc(candidates, func(a, b candidate) int { return b.parsed.Compare(a.parsed) })
	return candidates[0].version, true
}

func inChannel(lifecycle []gardencorev1beta1.LifecycleStage, channel gardencorev1beta1.ReleaseChannel, now time.Time, soak time.Duration) bool {
	switch v1beta1helper.CurrentClassification(lifecycle, now) {
	case gardencorev1beta1.ClassificationPreview:
		return channel == gardencorev1beta1.ReleaseChannelRapid
	case gardencorev1beta1.ClassificationSupported:
		if channel != gardencorev1beta1.ReleaseChannelStable {
			return true
		}
		since, bounded := v1beta1helper.SupportedSince(lifecycle, now)
		return !bounded || !since.Add(soak).After(now)
	}
	return false
}

// ChannelStatusesAt returns the current version of every channel of component at now, in the
// order of ReleaseChannels; a channel without a version has an empty Version.
func ChannelStatusesAt(component gardencorev1beta1.ExtensionProfileComponent, now time.Time, soak time.Duration) []gardencorev1beta1.ReleaseChannelStatus {
	out := make([]gardencorev1beta1.ReleaseChannelStatus, 0, len(ReleaseChannels))
	for _, channel := range ReleaseChannels {
		version, _ := ChannelVersion(component, channel, now, soak)
		out = append(out, gardencorev1beta1.ReleaseChannelStatus{Channel: channel, Version: version})
	}
	return out
}

// ExtensionProfileStatusWithChannelsAt is v1beta1helper.ExtensionProfileStatusAt with each
// component's ChannelStatusesAt.
func ExtensionProfileStatusWithChannelsAt(spec gardencorev1beta1.ExtensionProfileSpec, now time.Time, soak time.Duration) gardencorev1beta1.ExtensionProfileStatus {
	status := v1beta1helper.ExtensionProfileStatusAt(spec, now)
	for i, component := range spec.Components {
		status.Components[i].Channels = ChannelStatusesAt(component, now, soak)
	}
	return status
}

// NextSoakEnd returns the earliest time after now at which a version of spec that is supported
// then finishes its soak (the start of its supported run plus soak), so that the stable channel
// may change without a lifecycle transition; false when there is none. Lifecycle transitions
// themselves are v1beta1helper.DurationUntilNextTransition's.
func NextSoakEnd(spec gardencorev1beta1.ExtensionProfileSpec, now time.Time, soak time.Duration) (time.Time, bool) {
	var next time.Time
	found := false
	for _, component := range spec.Components {
		for _, version := range component.Versions {
			for i, s := range version.Lifecycle {
				if s.Classification != gardencorev1beta1.ClassificationSupported || s.StartTime == nil ||
					(i > 0 && version.Lifecycle[i-1].Classification == gardencorev1beta1.ClassificationSupported) {
					continue
				}
				end := s.StartTime.Time.Add(soak)
				if end.After(now) && (!found || end.Before(next)) {
					next, found = end, true
				}
			}
		}
	}
	return next, found
}

// EffectiveChannel returns the release channel a component entry follows: its own channel, else
// the extension's channel unless the component sets its own autoUpdate (the most specific setting
// wins; validation refuses a channel and an autoUpdate on the same entry). ok is false when the
// component follows no channel.
func EffectiveChannel(extension gardencorev1beta1.Extension, component gardencorev1beta1.ExtensionComponent) (gardencorev1beta1.ReleaseChannel, bool) {
	switch {
	case component.Channel != nil:
		return *component.Channel, true
	case component.AutoUpdate != nil || extension.Channel == nil:
		return "", false
	}
	return *extension.Channel, true
}

// ResolveChannelVersion returns the version a component entry following channel stores when it
// sets no version (admission): ChannelVersion at now with the stable channel's soak period. No
// version in the channel is Invalid on channelPath.
func ResolveChannelVersion(channelPath *field.Path, component gardencorev1beta1.ExtensionProfileComponent, channel gardencorev1beta1.ReleaseChannel, now time.Time, soak time.Duration) (string, *field.Error) {
	version, ok := ChannelVersion(component, channel, now, soak)
	if !ok {
		return "", field.Invalid(channelPath, channel, fmt.Sprintf("the %s channel of component %q has no version now: %s",
			channel, component.Name, channelDefinition(channel, soak)))
	}
	return version, nil
}

// ValidateChannelPin checks a version that a request sets explicitly on a component entry that
// follows channel, on create, for a new entry, or together with a change of the channel: it must
// be the channel's current version, or a partial version (with an optional leading "v") that it
// matches; the result is the channel's version, which admission stores. Otherwise Invalid on
// versionPath, naming the channel's version; no version in the channel is
// ResolveChannelVersion's error.
func ValidateChannelPin(versionPath, channelPath *field.Path, component gardencorev1beta1.ExtensionProfileComponent, channel gardencorev1beta1.ReleaseChannel, pinned string, now time.Time, soak time.Duration) (string, *field.Error) {
	version, fieldErr := ResolveChannelVersion(channelPath, component, channel, now, soak)
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

// ChannelTimes returns the instants after now, ascending and without duplicates, at which a
// channel's version (ChannelVersion) of component can change without a write: the start of every
// lifecycle stage, and the end of the soak (SoakEnds) of every supported run.
func ChannelTimes(component gardencorev1beta1.ExtensionProfileComponent, now time.Time, soak time.Duration) []time.Time {
	var out []time.Time
	add := func(t time.Time) {
		if t.After(now) && !slices.ContainsFunc(out, t.Equal) {
			out = append(out, t)
		}
	}
	for _, version := range component.Versions {
		for _, s := range version.Lifecycle {
			if s.StartTime != nil {
				add(s.StartTime.Time)
			}
		}
		for _, end := range soakEnds(version, soak) {
			add(end)
		}
	}
	slices.SortFunc(out, time.Time.Compare)
	return out
}

// SoakEndsAt returns the versions of component whose soak ends at t: a supported run with a
// startTime began exactly soak before t. In the order of the spec.
func SoakEndsAt(component gardencorev1beta1.ExtensionProfileComponent, t time.Time, soak time.Duration) []string {
	var out []string
	for _, version := range component.Versions {
		if slices.ContainsFunc(soakEnds(version, soak), t.Equal) {
			out = append(out, version.Version)
		}
	}
	return out
}

// soakEnds returns the ends of the soak of every supported run of version that has a startTime.
func soakEnds(version gardencorev1beta1.ExtensionComponentVersion, soak time.Duration) []time.Time {
	var out []time.Time
	for i, s := range version.Lifecycle {
		if s.Classification == gardencorev1beta1.ClassificationSupported && s.StartTime != nil &&
			(i == 0 || version.Lifecycle[i-1].Classification != gardencorev1beta1.ClassificationSupported) {
			out = append(out, s.StartTime.Time.Add(soak))
		}
	}
	return out
}
