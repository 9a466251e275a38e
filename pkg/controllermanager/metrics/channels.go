// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package metrics

import (
	"sort"
	"strconv"
	"time"

	"github.com/go-logr/logr"
	"github.com/prometheus/client_golang/prometheus"
	"k8s.io/utils/clock"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/gep-78/gardener/pkg/api/core/v1beta1/helper"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	"github.com/gep-78/gardener/pkg/utils/gardener/componentversion"
)

const (
	// extensionComponentChannelShootsName is the name of the release channel gauge.
	extensionComponentChannelShootsName = "gardener_extension_component_channel_shoots"
	// channelVersionNone is the version label of a channel without a version.
	channelVersionNone = "none"
	// extensionComponentChannelShootsHelp is the help text of the gauge.
	extensionComponentChannelShootsHelp = "Number of Shoots, not being deleted, whose component entry follows a release channel (GEP-78 \"Release channels\"), " +
		"by extension type, component, channel, the channel's current version (none when no version qualifies) and whether the entry " +
		"stores that version (on_channel_version=false: maintenance has not moved it yet, or holds it). " +
		"Every channel of every component an ExtensionProfile offers is reported, with 0 when no Shoot follows it."
)

// extensionComponentChannelShootsDesc describes gardener_extension_component_channel_shoots.
var extensionComponentChannelShootsDesc = prometheus.NewDesc(
	extensionComponentChannelShootsName,
	extensionComponentChannelShootsHelp,
	[]string{"extension_type", "component", "channel", "version", "on_channel_version"}, nil,
)

// extensionComponentChannelCollector computes the release channel gauge at scrape time.
type extensionComponentChannelCollector struct {
	Reader client.Reader
	// Clock gives the time at which the channels are resolved.
	Clock clock.PassiveClock
	// SoakPeriod is the stable channel's soak period, the ExtensionProfile controller's.
	SoakPeriod time.Duration
	// Log receives read errors; a scrape whose reads fail reports no series of this gauge.
	Log logr.Logger
	// Timeout bounds the reads of one scrape; zero means defaultCollectTimeout.
	Timeout time.Duration
}

var _ prometheus.Collector = &extensionComponentChannelCollector{}

// Describe implements prometheus.Collector.
func (c *extensionComponentChannelCollector) Describe(ch chan<- *prometheus.Desc) {
	ch <- extensionComponentChannelShootsDesc
}

// Collect implements prometheus.Collector.
func (c *extensionComponentChannelCollector) Collect(ch chan<- prometheus.Metric) {
	ctx, cancel := scrapeContext(c.Timeout)
	defer cancel()
	profiles, shoots, ok := listProfilesAndShoots(ctx, c.Reader, c.Log, extensionComponentChannelShootsName)
	if !ok {
		return
	}
	for _, s := range computeChannelSeries(profiles, shoots, c.Clock.Now(), c.SoakPeriod) {
		ch <- prometheus.MustNewConstMetric(extensionComponentChannelShootsDesc, prometheus.GaugeValue, float64(s.Shoots),
			s.ExtensionType, s.Component, string(s.Channel), s.Version, strconv.FormatBool(s.OnChannelVersion))
	}
}

// channelSeries is one series of gardener_extension_component_channel_shoots.
type channelSeries struct {
	ExtensionType, Component string
	Channel                  gardencorev1beta1.ReleaseChannel
	// Version is the channel's current version, channelVersionNone for none.
	Version string
	// OnChannelVersion is whether the counted entries store Version.
	OnChannelVersion bool
	Shoots           int
}

// computeChannelSeries returns the channel series at now, sorted, both series of each channel for
// every component of every profile; a Shoot counts once per component it pins on a channel.
func computeChannelSeries(profiles []gardencorev1beta1.ExtensionProfile, shoots []gardencorev1beta1.Shoot, now time.Time, soak time.Duration) []channelSeries {
	type key struct {
		extensionType, component string
		channel                  gardencorev1beta1.ReleaseChannel
		on                       bool
	}
	versions := map[key]string{}
	counts := map[key]int{}
	for _, profile := range profiles {
		for _, component := range profile.Spec.Components {
			for _, channel := range componentversion.ReleaseChannels {
				version, ok := componentversion.ChannelVersion(component, channel, now, soak)
				if !ok {
					version = channelVersionNone
				}
				for _, on := range []bool{false, true} {
					k := key{profile.Name, component.Name, channel, on}
					versions[k], counts[k] = version, 0
				}
			}
		}
	}

	for _, shoot := range shoots {
		if shoot.DeletionTimestamp != nil {
			continue
		}
		seen := map[key]bool{}
		for _, pin := range helper.ComponentPins(shoot.Spec.Extensions) {
			if pin.Disabled {
				continue
			}
			extension := shoot.Spec.Extensions[pin.ExtensionIndex]
			channel, ok := componentversion.EffectiveChannel(extension, extension.Components[pin.ComponentIndex])
			if !ok {
				continue
			}
			k := key{pin.ExtensionType, pin.Component, channel, false}
			version, listed := versions[k]
			if !listed {
				continue
			}
			k.on = pin.Version == version
			if seen[k] {
				continue
			}
			seen[k] = true
			counts[k]++
		}
	}

	order := map[gardencorev1beta1.ReleaseChannel]int{}
	for i, channel := range componentversion.ReleaseChannels {
		order[channel] = i
	}
	out := make([]channelSeries, 0, len(counts))
	for k, n := range counts {
		out = append(out, channelSeries{ExtensionType: k.extensionType, Component: k.component, Channel: k.channel,
			Version: versions[k], OnChannelVersion: k.on, Shoots: n})
	}
	sort.Slice(out, func(i, j int) bool {
		a, b := out[i], out[j]
		switch {
		case a.ExtensionType != b.ExtensionType:
			return a.ExtensionType < b.ExtensionType
		case a.Component != b.Component:
			return a.Component < b.Component
		case a.Channel != b.Channel:
			return order[a.Channel] < order[b.Channel]
		}
		return !a.OnChannelVersion && b.OnChannelVersion
	})
	return out
}
