// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package componentversion

import (
	"slices"
	"strings"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
)

var (
	now         = time.Date(2026, time.November, 29, 0, 0, 0, 0, time.UTC)
	patch       = gardencorev1beta1.UpdateStrategyPatch
	minor       = gardencorev1beta1.UpdateStrategyMinor
	major       = gardencorev1beta1.UpdateStrategyMajor
	unavailable = gardencorev1beta1.ClassificationUnavailable
	preview     = gardencorev1beta1.ClassificationPreview
	supported   = gardencorev1beta1.ClassificationSupported
)

func at(days int) *metav1.Time { return &metav1.Time{Time: now.AddDate(0, 0, days)} }

func stage(c gardencorev1beta1.VersionClassification, start *metav1.Time) gardencorev1beta1.LifecycleStage {
	return gardencorev1beta1.LifecycleStage{Classification: c, StartTime: start}
}

// component has one version per classification at now, out of semver order, plus 1.10.0 to show
// semver ordering.
var component = gardencorev1beta1.ExtensionProfileComponent{
	Name: "comp",
	Versions: []gardencorev1beta1.ExtensionComponentVersion{
		{Version: "1.10.0", Lifecycle: []gardencorev1beta1.LifecycleStage{stage(gardencorev1beta1.ClassificationPreview, at(3))}},
		{Version: "1.9.1", Lifecycle: []gardencorev1beta1.LifecycleStage{stage(gardencorev1beta1.ClassificationPreview, nil)}},
		{Version: "1.9.0"},
		{Version: "1.8.4", Lifecycle: []gardencorev1beta1.LifecycleStage{stage(gardencorev1beta1.ClassificationSupported, nil), stage(gardencorev1beta1.ClassificationDeprecated, at(-1))}},
		{Version: "1.8.3", Lifecycle: []gardencorev1beta1.LifecycleStage{stage(gardencorev1beta1.ClassificationSupported, at(-10))}},
		{Version: "1.8.2", Lifecycle: []gardencorev1beta1.LifecycleStage{stage(gardencorev1beta1.ClassificationExpired, nil)}},
	},
}

const (
	rapid   = gardencorev1beta1.ReleaseChannelRapid
	regular = gardencorev1beta1.ReleaseChannelRegular
	stable  = gardencorev1beta1.ReleaseChannelStable
	soak    = 7 * 24 * time.Hour
	day     = 24 * time.Hour

	deprecated = gardencorev1beta1.ClassificationDeprecated
)

// lc is a lifecycle stage of classification c starting offset from now.
func lc(c gardencorev1beta1.VersionClassification, offset time.Duration) gardencorev1beta1.LifecycleStage {
	return gardencorev1beta1.LifecycleStage{Classification: c, StartTime: &metav1.Time{Time: now.Add(offset)}}
}

// lcAlways is a lifecycle stage of classification c without startTime.
func lcAlways(c gardencorev1beta1.VersionClassification) gardencorev1beta1.LifecycleStage {
	return gardencorev1beta1.LifecycleStage{Classification: c}
}

func channelComponent(versions ...gardencorev1beta1.ExtensionComponentVersion) gardencorev1beta1.ExtensionProfileComponent {
	return gardencorev1beta1.ExtensionProfileComponent{Name: "falco", Versions: versions}
}

func cv(version string, stages ...gardencorev1beta1.LifecycleStage) gardencorev1beta1.ExtensionComponentVersion {
	return gardencorev1beta1.ExtensionComponentVersion{Version: version, Lifecycle: stages}
}

// maintenanceComponent builds a component from "1.2.3 tag, ..." with tags p preview, s supported
// (default), d deprecated, x expired, u unavailable, classified at now.
func maintenanceComponent(spec string) gardencorev1beta1.ExtensionProfileComponent {
	c := gardencorev1beta1.ExtensionProfileComponent{Name: "agent"}
	for _, item := range strings.Split(spec, ",") {
		fields := strings.Fields(item)
		v := gardencorev1beta1.ExtensionComponentVersion{Version: fields[0]}
		tag := "s"
		if len(fields) > 1 {
			tag = fields[1]
		}
		switch tag {
		case "p":
			v.Lifecycle = []gardencorev1beta1.LifecycleStage{stage(gardencorev1beta1.ClassificationPreview, nil)}
		case "d":
			v.Lifecycle = []gardencorev1beta1.LifecycleStage{stage(gardencorev1beta1.ClassificationSupported, nil), stage(gardencorev1beta1.ClassificationDeprecated, at(-1))}
		case "x":
			v.Lifecycle = []gardencorev1beta1.LifecycleStage{stage(gardencorev1beta1.ClassificationSupported, nil), stage(gardencorev1beta1.ClassificationExpired, at(-1))}
		case "u":
			v.Lifecycle = []gardencorev1beta1.LifecycleStage{stage(gardencorev1beta1.ClassificationPreview, at(1))}
		}
		c.Versions = append(c.Versions, v)
	}
	return c
}

// incompatibleWith returns a compatibleFunc failing the listed versions with "<v> is incompatible".
func incompatibleWith(versions ...string) compatibleFunc {
	return func(v string) ([]string, error) {
		if slices.Contains(versions, v) {
			return []string{v + " is incompatible"}, nil
		}
		return nil, nil
	}
}

// channelFalco is a component for the release channel decisions: 0.40.0 supported long ago
// (soaked), 0.41.0 supported for 2 days (not soaked), 0.42.0 preview, 0.38.0 expired, 0.39.0
// deprecated.
func channelFalco() gardencorev1beta1.ExtensionProfileComponent {
	return channelComponent(
		cv("0.38.0", lcAlways(supported), lc(gardencorev1beta1.ClassificationExpired, -1*day)),
		cv("0.39.0", lcAlways(supported), lc(deprecated, -1*day)),
		cv("0.39.5", lcAlways(supported)),
		cv("0.40.0", lc(supported, -30*day)),
		cv("0.41.0", lc(preview, -10*day), lc(supported, -2*day)),
		cv("0.42.0", lc(preview, -1*day)),
	)
}

// channelFleet is a component for the channel queries: 0.40.0 always supported; 0.41.0 supported
// 30 days ago; 0.42.0 supported 2 days ago (not soaked); 0.43.0 preview; 0.44.0-rc.1 preview
// pre-release; 0.39.0 deprecated.
func channelFleet() gardencorev1beta1.ExtensionProfileComponent {
	return channelComponent(
		cv("0.39.0", lcAlways(supported), lc(deprecated, -10*day)),
		cv("0.40.0"),
		cv("0.41.0", lc(preview, -40*day), lc(supported, -30*day)),
		cv("0.42.0", lc(preview, -20*day), lc(supported, -2*day)),
		cv("0.43.0", lc(preview, -1*day), lc(supported, 30*day)),
		cv("0.44.0-rc.1", lc(preview, -1*day)),
	)
}
