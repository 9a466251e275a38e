// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Package metrics holds the Prometheus collectors of gardener-controller-manager that describe the
// garden as a whole rather than the work of one controller.
package metrics

import (
	"context"
	"fmt"
	"sort"
	"time"

	"github.com/go-logr/logr"
	"github.com/prometheus/client_golang/prometheus"
	"k8s.io/utils/clock"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/manager"
	crmetrics "sigs.k8s.io/controller-runtime/pkg/metrics"

	"github.com/gep-78/gardener/pkg/api/core/v1beta1/helper"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
)

const (
	// extensionComponentShootsName is the name of the gauge.
	extensionComponentShootsName = "gardener_extension_component_shoots"
	// classificationUnknown is the classification label of a pinned version no profile lists.
	classificationUnknown = "unknown"
	// defaultCollectTimeout bounds the reads of one scrape.
	defaultCollectTimeout = 10 * time.Second
	// extensionComponentShootsHelp is the help text of the gauge.
	extensionComponentShootsHelp = "Number of Shoots, not being deleted, that pin an extension component version (GEP-78), by extension type, " +
		"component, version and the version's current classification in the ExtensionProfile " +
		"(unavailable, preview, supported, deprecated, expired; unknown when the profile does not list it). " +
		"Every version an ExtensionProfile offers is reported, with 0 when no Shoot pins it. A Shoot counts once per version, " +
		"whether it pins it in spec.extensions or in worker pools."

	// extensionComponentWorkerPoolsName is the name of the gauge of worker pools.
	extensionComponentWorkerPoolsName = "gardener_extension_component_worker_pools"
	// extensionComponentWorkerPoolsHelp is its help text.
	extensionComponentWorkerPoolsHelp = "Number of worker pools of Shoots, not being deleted, that pin an extension component version in a " +
		"container runtime's components or in an override of an extension (GEP-78 per-pool versions), by extension type " +
		"(the ExtensionProfile's name), component, version and the version's current classification. Every version of a " +
		"container runtime's ExtensionProfile or of a component marked perWorkerPool is reported, with 0 when no pool pins it, and " +
		"every other version a pool pins."
)

// extensionComponentShootsDesc describes gardener_extension_component_shoots.
var extensionComponentShootsDesc = prometheus.NewDesc(
	extensionComponentShootsName,
	extensionComponentShootsHelp,
	[]string{"extension_type", "component", "version", "classification"}, nil,
)

// extensionComponentWorkerPoolsDesc describes gardener_extension_component_worker_pools.
var extensionComponentWorkerPoolsDesc = prometheus.NewDesc(
	extensionComponentWorkerPoolsName,
	extensionComponentWorkerPoolsHelp,
	[]string{"extension_type", "component", "version", "classification"}, nil,
)

// extensionComponentShootsCollector computes gardener_extension_component_shoots and
// gardener_extension_component_worker_pools at scrape time.
type extensionComponentShootsCollector struct {
	// Reader lists Shoots and ExtensionProfiles.
	Reader client.Reader
	// Clock gives the time at which lifecycles are classified.
	Clock clock.PassiveClock
	// Log receives read errors; a failed read leaves the gauge without series, not the scrape failed.
	Log logr.Logger
	// Timeout bounds the reads of one scrape; zero means defaultCollectTimeout.
	Timeout time.Duration
}

var _ prometheus.Collector = &extensionComponentShootsCollector{}

// AddToManager registers the collectors of this package, reading through mgr's client at clock's time.
func AddToManager(mgr manager.Manager, clock clock.PassiveClock, expirationHorizon, stableChannelSoakPeriod time.Duration) error {
	if err := crmetrics.Registry.Register(&extensionComponentShootsCollector{
		Reader: mgr.GetClient(),
		Clock:  clock,
		Log:    mgr.GetLogger().WithName("metrics").WithName(extensionComponentShootsName),
	}); err != nil {
		return fmt.Errorf("failed registering the %s collector: %w", extensionComponentShootsName, err)
	}
	if err := crmetrics.Registry.Register(&extensionComponentExpiryCollector{
		Reader:  mgr.GetClient(),
		Clock:   clock,
		Horizon: expirationHorizon,
		Log:     mgr.GetLogger().WithName("metrics").WithName("extension-component-expiry"),

		StableChannelSoakPeriod: stableChannelSoakPeriod,
	}); err != nil {
		return fmt.Errorf("failed registering the extension component expiry collector: %w", err)
	}
	if err := crmetrics.Registry.Register(&extensionComponentChannelCollector{
		Reader:     mgr.GetClient(),
		Clock:      clock,
		SoakPeriod: stableChannelSoakPeriod,
		Log:        mgr.GetLogger().WithName("metrics").WithName(extensionComponentChannelShootsName),
	}); err != nil {
		return fmt.Errorf("failed registering the %s collector: %w", extensionComponentChannelShootsName, err)
	}
	if err := crmetrics.Registry.Register(&extensionComponentRolloutCollector{
		Reader: mgr.GetClient(),
		Log:    mgr.GetLogger().WithName("metrics").WithName(extensionComponentRolloutStateName),
	}); err != nil {
		return fmt.Errorf("failed registering the %s collector: %w", extensionComponentRolloutStateName, err)
	}
	return nil
}

// Describe implements prometheus.Collector.
func (c *extensionComponentShootsCollector) Describe(ch chan<- *prometheus.Desc) {
	ch <- extensionComponentShootsDesc
	ch <- extensionComponentWorkerPoolsDesc
}

// Collect implements prometheus.Collector.
func (c *extensionComponentShootsCollector) Collect(ch chan<- prometheus.Metric) {
	ctx, cancel := scrapeContext(c.Timeout)
	defer cancel()

	series, err := c.series(ctx)
	if err != nil {
		c.Log.Error(err, "Failed computing the metric, reporting no series in this scrape")
		return
	}
	for _, s := range series {
		ch <- prometheus.MustNewConstMetric(extensionComponentShootsDesc, prometheus.GaugeValue, float64(s.Shoots),
			s.ExtensionType, s.Component, s.Version, s.Classification)
		if s.Pools != nil {
			ch <- prometheus.MustNewConstMetric(extensionComponentWorkerPoolsDesc, prometheus.GaugeValue, float64(*s.Pools),
				s.ExtensionType, s.Component, s.Version, s.Classification)
		}
	}
}

// series is one series of the Shoot gauge and, unless Pools is nil, of the pool gauge.
type series struct {
	ExtensionType  string
	Component      string
	Version        string
	Classification string
	Shoots         int
	Pools          *int
}

type pinKey struct{ extensionType, component, version string }

// poolPinKey is a version pinned in one pool of a Shoot.
type poolPinKey struct {
	pinKey
	pool string
}

// poolVersions reports whether every version of the component has a pool series, also when no
// pool pins it: the components of a container runtime's profile, which only pools pin, and those
// marked perWorkerPool.
func poolVersions(profile *gardencorev1beta1.ExtensionProfile, component gardencorev1beta1.ExtensionProfileComponent) bool {
	return profile.Spec.ExtensionKind == gardencorev1beta1.ExtensionKindContainerRuntime || component.PerWorkerPool
}

func (c *extensionComponentShootsCollector) series(ctx context.Context) ([]series, error) {
	profiles := &gardencorev1beta1.ExtensionProfileList{}
	if err := c.Reader.List(ctx, profiles); err != nil {
		return nil, err
	}
	shoots := &gardencorev1beta1.ShootList{}
	if err := c.Reader.List(ctx, shoots); err != nil {
		return nil, err
	}
	return computeSeries(profiles.Items, shoots.Items, c.Clock.Now()), nil
}

// computeSeries returns the gauges' series at now, sorted: one per version a profile offers, with
// its classification and pinning Shoots, and one "unknown" per pinned version no profile offers;
// the pool count where poolVersions or a pool pins the version.
func computeSeries(profiles []gardencorev1beta1.ExtensionProfile, shoots []gardencorev1beta1.Shoot, now time.Time) []series {
	counts := map[pinKey]int{}
	poolCounts := map[pinKey]int{}
	classifications := map[pinKey]string{}

	for i := range profiles {
		profile := &profiles[i]
		for _, component := range profile.Spec.Components {
			for _, version := range component.Versions {
				key := pinKey{profile.Name, component.Name, version.Version}
				counts[key] = 0
				if poolVersions(profile, component) {
					poolCounts[key] = 0
				}
				classifications[key] = string(helper.CurrentClassification(version.Lifecycle, now))
			}
		}
	}

	for _, shoot := range shoots {
		if shoot.DeletionTimestamp != nil {
			continue
		}
		seen := map[pinKey]bool{}
		count := func(key pinKey) {
			if seen[key] {
				return
			}
			seen[key] = true
			counts[key]++
			if _, known := classifications[key]; !known {
				classifications[key] = classificationUnknown
			}
		}
		for _, extensionType := range helper.PinnedExtensionTypes(shoot.Spec.Extensions) {
			for _, pin := range helper.PinnedComponents(shoot.Spec.Extensions, extensionType) {
				count(pinKey{extensionType, pin.Component, pin.Version})
			}
		}
		pools := map[poolPinKey]bool{}
		for _, pin := range helper.PoolComponentPins(shoot.Spec.Extensions, shoot.Spec.Provider.Workers) {
			key := pinKey{pin.ExtensionType, pin.Component, pin.Version}
			if !pin.Pinned() || pools[poolPinKey{key, pin.Pool}] {
				continue
			}
			pools[poolPinKey{key, pin.Pool}] = true
			count(key)
			poolCounts[key]++
		}
	}

	out := make([]series, 0, len(counts))
	for key, n := range counts {
		out = append(out, series{
			ExtensionType:  key.extensionType,
			Component:      key.component,
			Version:        key.version,
			Classification: classifications[key],
			Shoots:         n,
		})
		if pools, ok := poolCounts[key]; ok {
			out[len(out)-1].Pools = &pools
		}
	}
	sort.Slice(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.ExtensionType != b.ExtensionType {
			return a.ExtensionType < b.ExtensionType
		}
		if a.Component != b.Component {
			return a.Component < b.Component
		}
		return a.Version < b.Version
	})
	return out
}
