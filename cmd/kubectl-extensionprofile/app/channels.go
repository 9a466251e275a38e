// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package app

import (
	"fmt"
	"io"
	"slices"
	"strings"

	v1beta1helper "github.com/gep-78/gardener/pkg/api/core/v1beta1/helper"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	"github.com/gep-78/gardener/pkg/utils/gardener/componentversion"
)

// channelRow is one release channel of a component of an ExtensionProfile with the Shoots and
// pools that follow it.
type channelRow struct {
	Component string
	Channel   gardencorev1beta1.ReleaseChannel
	// Version is the channel's current version from the profile status
	// (status.components[].channels, written by gardener-controller-manager with its soak period);
	// none when no version qualifies, unknown before the controller wrote it.
	Version string
	// Shoots follow the channel (componentversion.EffectiveChannel), sorted by namespace/name; a
	// pool's entry is namespace/name[pool].
	Shoots []channelShoot
}

// channelShoot is a Shoot that follows a channel, with the version it stores.
type channelShoot struct {
	// Shoot is namespace/name, or namespace/name[pool] for a pool's entry.
	Shoot string
	// Version is the stored components[].version; it differs from the channel's version until
	// the Shoot's maintenance moves it ("" when the entry stores none).
	Version string
	// Disabled is true when the extension is disabled: its components are not maintained.
	Disabled bool
}

// channelRows returns, per component of profile in spec order and per channel in the order of
// componentversion.ReleaseChannels, the channel's version from the profile status and the Shoots of
// shoots and their pools that follow it. Entries of components the profile does not list are left out.
func channelRows(profile *gardencorev1beta1.ExtensionProfile, shoots []gardencorev1beta1.Shoot) []channelRow {
	type key struct {
		component string
		channel   gardencorev1beta1.ReleaseChannel
	}
	followers := map[key][]channelShoot{}
	follow := func(extension gardencorev1beta1.Extension, component gardencorev1beta1.ExtensionComponent, follower channelShoot) {
		if channel, ok := componentversion.EffectiveChannel(extension, component); ok {
			k := key{component.Name, channel}
			followers[k] = append(followers[k], follower)
		}
	}
	for i := range shoots {
		shoot := &shoots[i]
		for _, pin := range v1beta1helper.ComponentPins(shoot.Spec.Extensions) {
			if pin.ExtensionType == profile.Name {
				extension := shoot.Spec.Extensions[pin.ExtensionIndex]
				follow(extension, extension.Components[pin.ComponentIndex], channelShoot{Shoot: shoot.Namespace + "/" + shoot.Name, Version: pin.Version, Disabled: pin.Disabled})
			}
		}
		for _, pin := range poolPins(shoot) {
			if pin.ExtensionType == profile.Name {
				follow(gardencorev1beta1.Extension{}, pin.Entry, channelShoot{Shoot: poolName(shoot, pin.Pool), Version: pin.Version, Disabled: pin.Disabled})
			}
		}
	}

	var rows []channelRow
	for _, component := range profile.Spec.Components {
		for _, channel := range componentversion.ReleaseChannels {
			row := channelRow{Component: component.Name, Channel: channel, Version: channelStatus(profile.Status, component.Name, channel)}
			row.Shoots = followers[key{component.Name, channel}]
			slices.SortFunc(row.Shoots, func(a, b channelShoot) int { return strings.Compare(a.Shoot, b.Shoot) })
			rows = append(rows, row)
		}
	}
	return rows
}

// channelStatus returns the version of channel for component in status: none when the channel
// has no version, unknown when status carries no channels for the component.
func channelStatus(status gardencorev1beta1.ExtensionProfileStatus, component string, channel gardencorev1beta1.ReleaseChannel) string {
	for _, c := range status.Components {
		if c.Name != component {
			continue
		}
		for _, ch := range c.Channels {
			if ch.Channel == channel {
				if ch.Version == "" {
					return none
				}
				return ch.Version
			}
		}
	}
	return unknown
}

// printChannels prints the channel rows as a table: COMPONENT, CHANNEL, VERSION and SHOOTS
// (comma-separated namespace/name or namespace/name[pool]; a Shoot that stores another version than the channel's is
// followed by it, "garden-dev/a (0.42.1)", a disabled extension by "(disabled)").
func printChannels(out io.Writer, rows []channelRow) error {
	if len(rows) == 0 {
		return nil
	}
	w := newTabWriter(out)
	fmt.Fprintln(w, "COMPONENT\tCHANNEL\tVERSION\tSHOOTS")
	for _, row := range rows {
		shoots := none
		if len(row.Shoots) > 0 {
			names := make([]string, 0, len(row.Shoots))
			for _, s := range row.Shoots {
				names = append(names, s.describe(row.Version))
			}
			shoots = strings.Join(names, ",")
		}
		fmt.Fprintf(w, "%s\t%s\t%s\t%s\n", row.Component, row.Channel, row.Version, shoots)
	}
	return w.Flush()
}

func (s channelShoot) describe(channelVersion string) string {
	var notes []string
	if s.Version != channelVersion {
		version := s.Version
		if version == "" {
			version = none
		}
		notes = append(notes, version)
	}
	if s.Disabled {
		notes = append(notes, "disabled")
	}
	if len(notes) == 0 {
		return s.Shoot
	}
	return s.Shoot + " (" + strings.Join(notes, ", ") + ")"
}
