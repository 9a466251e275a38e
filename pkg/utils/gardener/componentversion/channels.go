// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package componentversion

import (
	"slices"
	"time"

	"github.com/Masterminds/semver/v3"

	v1beta1helper "github.com/gep-78/gardener/pkg/api/core/v1beta1/helper"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	versionutils "github.com/gep-78/gardener/pkg/utils/version"
)

// ReleaseChannels are the release channels, from the newest versions to the most soaked.
var ReleaseChannels = []gardencorev1beta1.ReleaseChannel{
	gardencorev1beta1.ReleaseChannelRapid,
	gardencorev1beta1.ReleaseChannelRegular,
	gardencorev1beta1.ReleaseChannelStable,
}

// ChannelVersion returns the version channel gives for component at now, false for none or an
// unknown channel: the highest strict, non-pre-release version classified preview or supported
// (rapid), supported (regular), or supported for at least soak (stable).
func ChannelVersion(component gardencorev1beta1.ExtensionProfileComponent, channel gardencorev1beta1.ReleaseChannel, now time.Time, soak time.Duration) (string, bool) {
	if !slices.Contains(ReleaseChannels, channel) {
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

// inChannel reports whether a version with lifecycle is in channel at now. A supported run
// without startTime began before any soak.
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

// EffectiveChannel returns the release channel a component entry follows: its own, else the
// extension's unless the entry sets its own autoUpdate; false for none.
func EffectiveChannel(extension gardencorev1beta1.Extension, component gardencorev1beta1.ExtensionComponent) (gardencorev1beta1.ReleaseChannel, bool) {
	switch {
	case component.Channel != nil:
		return *component.Channel, true
	case component.AutoUpdate != nil || extension.Channel == nil:
		return "", false
	}
	return *extension.Channel, true
}

// ExtensionProfileStatusWithChannelsAt is v1beta1helper.ExtensionProfileStatusAt with the version
// of every channel of each component, in the order of ReleaseChannels ("" for none).
func ExtensionProfileStatusWithChannelsAt(spec gardencorev1beta1.ExtensionProfileSpec, now time.Time, soak time.Duration) gardencorev1beta1.ExtensionProfileStatus {
	status := v1beta1helper.ExtensionProfileStatusAt(spec, now)
	for i, component := range spec.Components {
		channels := make([]gardencorev1beta1.ReleaseChannelStatus, 0, len(ReleaseChannels))
		for _, channel := range ReleaseChannels {
			version, _ := ChannelVersion(component, channel, now, soak)
			channels = append(channels, gardencorev1beta1.ReleaseChannelStatus{Channel: channel, Version: version})
		}
		status.Components[i].Channels = channels
	}
	return status
}

// ChannelTime is an instant at which a channel's version can change without a write.
type ChannelTime struct {
	At time.Time
	// SoakEnds are the versions, in spec order, whose stable soak ends at At.
	SoakEnds []string
}

// ChannelTimes returns the instants after now, ascending, at which ChannelVersion of component can
// change: the start of every lifecycle stage and the end of the soak of every supported run.
func ChannelTimes(component gardencorev1beta1.ExtensionProfileComponent, now time.Time, soak time.Duration) []ChannelTime {
	var out []ChannelTime
	at := func(t time.Time) *ChannelTime {
		if i := slices.IndexFunc(out, func(c ChannelTime) bool { return c.At.Equal(t) }); i >= 0 {
			return &out[i]
		}
		out = append(out, ChannelTime{At: t})
		return &out[len(out)-1]
	}
	for _, version := range component.Versions {
		for _, s := range version.Lifecycle {
			if s.StartTime != nil && s.StartTime.After(now) {
				at(s.StartTime.Time)
			}
		}
	}
	for _, version := range component.Versions {
		for _, end := range soakEnds(version, soak) {
			if !end.After(now) {
				continue
			}
			if c := at(end); !slices.Contains(c.SoakEnds, version.Version) {
				c.SoakEnds = append(c.SoakEnds, version.Version)
			}
		}
	}
	slices.SortFunc(out, func(a, b ChannelTime) int { return a.At.Compare(b.At) })
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
