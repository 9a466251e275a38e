// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package metrics

import (
	"context"
	"sort"
	"time"

	"github.com/go-logr/logr"
	"github.com/prometheus/client_golang/prometheus"
	"k8s.io/utils/clock"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/gep-78/gardener/pkg/api/core/v1beta1/helper"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	celutils "github.com/gep-78/gardener/pkg/utils/cel"
	"github.com/gep-78/gardener/pkg/utils/gardener/componentversion"
)

const (
	// defaultExpirationHorizon is the default horizon of the expiry gauges: 30 days.
	defaultExpirationHorizon = 30 * 24 * time.Hour

	// extensionComponentVersionExpirationName is the name of the expiration timestamp gauge.
	extensionComponentVersionExpirationName = "gardener_extension_component_version_expiration_timestamp_seconds"
	// extensionComponentVersionExpirationHelp is its help text.
	extensionComponentVersionExpirationHelp = "Time at which a version an ExtensionProfile offers is classified expired (the start of its expired " +
		"lifecycle stage), in seconds since the Unix epoch, by extension type, component and version. Versions without an " +
		"expiration date have no series."

	// extensionComponentShootsExpiringName is the name of the gauge of Shoots whose pin expires.
	extensionComponentShootsExpiringName = "gardener_extension_component_shoots_expiring"
	// extensionComponentShootsExpiringHelp is its help text.
	extensionComponentShootsExpiringHelp = "Number of Shoots, not being deleted, whose pinned extension component version (of an enabled extension) " +
		"is not expired yet but expires within the configured horizon, by extension type, component and version; pins in worker " +
		"pools count, a Shoot once per version. Every version that expires within the horizon is reported, with 0 when no Shoot pins it."

	// extensionComponentWorkerPoolsExpiringName is the name of the gauge of worker pools whose pin expires.
	extensionComponentWorkerPoolsExpiringName = "gardener_extension_component_worker_pools_expiring"
	// extensionComponentWorkerPoolsExpiringHelp is its help text.
	extensionComponentWorkerPoolsExpiringHelp = "Number of worker pools of Shoots, not being deleted, that pin an extension component version (in a " +
		"container runtime's components or in an override of an enabled extension) that is not expired yet but expires within the " +
		"configured horizon, by extension type, component and version. Every such version of a container runtime's " +
		"ExtensionProfile or of a component marked perWorkerPool is reported, with 0 when no pool pins it, and every other such version a pool pins."

	// extensionComponentShootsWithoutUpgradePathName is the name of the gauge of Shoots to hold.
	extensionComponentShootsWithoutUpgradePathName = "gardener_extension_component_shoots_without_upgrade_path"
	// extensionComponentShootsWithoutUpgradePathHelp is its help text.
	extensionComponentShootsWithoutUpgradePathHelp = "Number of Shoots, not being deleted, whose pinned extension component version (of an enabled extension, in spec.extensions or a worker pool) " +
		"is expired, no longer listed, or expires within the configured horizon, and for which the shoot maintenance decision " +
		"taken at the expiration (now for expired and missing versions) finds no compatible version to force-upgrade to, " +
		"by extension type, component and version. Every version that is expired or expires within the horizon is reported, " +
		"with 0 when every pinning Shoot has a target."

	// extensionComponentWorkerPoolsWithoutUpgradePathName is the name of the gauge of pools to hold.
	extensionComponentWorkerPoolsWithoutUpgradePathName = "gardener_extension_component_worker_pools_without_upgrade_path"
	// extensionComponentWorkerPoolsWithoutUpgradePathHelp is its help text.
	extensionComponentWorkerPoolsWithoutUpgradePathHelp = "Number of worker pools of Shoots, not being deleted, whose pinned version (in a container runtime's " +
		"components or in an override of an enabled extension) is expired, no longer listed, or expires within the configured horizon, " +
		"and for which the shoot maintenance decision for the pool, taken at the expiration (now for expired and missing versions), finds " +
		"no compatible version to force-upgrade to, by extension type, component and version. Every such version of a container " +
		"runtime's ExtensionProfile or of a component marked perWorkerPool is reported, with 0 when every pool has a target, and " +
		"every other such version a pool pins."
)

var (
	// extensionComponentVersionExpirationDesc describes the expiration timestamp gauge.
	extensionComponentVersionExpirationDesc = prometheus.NewDesc(extensionComponentVersionExpirationName, extensionComponentVersionExpirationHelp,
		[]string{"extension_type", "component", "version"}, nil)
	// extensionComponentShootsExpiringDesc describes gardener_extension_component_shoots_expiring.
	extensionComponentShootsExpiringDesc = prometheus.NewDesc(extensionComponentShootsExpiringName, extensionComponentShootsExpiringHelp,
		[]string{"extension_type", "component", "version"}, nil)
	// extensionComponentWorkerPoolsExpiringDesc describes gardener_extension_component_worker_pools_expiring.
	extensionComponentWorkerPoolsExpiringDesc = prometheus.NewDesc(extensionComponentWorkerPoolsExpiringName, extensionComponentWorkerPoolsExpiringHelp,
		[]string{"extension_type", "component", "version"}, nil)
	// extensionComponentWorkerPoolsWithoutUpgradePathDesc describes the gauge of pools that would hold.
	extensionComponentWorkerPoolsWithoutUpgradePathDesc = prometheus.NewDesc(extensionComponentWorkerPoolsWithoutUpgradePathName, extensionComponentWorkerPoolsWithoutUpgradePathHelp,
		[]string{"extension_type", "component", "version"}, nil)
	// extensionComponentShootsWithoutUpgradePathDesc describes the gauge of Shoots that would hold.
	extensionComponentShootsWithoutUpgradePathDesc = prometheus.NewDesc(extensionComponentShootsWithoutUpgradePathName, extensionComponentShootsWithoutUpgradePathHelp,
		[]string{"extension_type", "component", "version"}, nil)
)

// extensionComponentExpiryCollector computes the expiry gauges at scrape time.
type extensionComponentExpiryCollector struct {
	// Reader lists Shoots and ExtensionProfiles.
	Reader client.Reader
	// Clock gives the time at which lifecycles are classified.
	Clock clock.PassiveClock
	// Horizon is how far ahead an expiration counts; zero or less means defaultExpirationHorizon.
	Horizon time.Duration
	// StableChannelSoakPeriod is the soak period of the stable release channel.
	StableChannelSoakPeriod time.Duration
	// Checker evaluates compatibility rules; nil means componentversion.NewCELCompatibilityChecker.
	Checker componentversion.CompatibilityChecker
	// Log receives read and evaluation errors; a failed read leaves the gauges without series.
	Log logr.Logger
	// Timeout bounds one scrape; zero means defaultCollectTimeout.
	Timeout time.Duration
}

var _ prometheus.Collector = &extensionComponentExpiryCollector{}

// Describe implements prometheus.Collector.
func (c *extensionComponentExpiryCollector) Describe(ch chan<- *prometheus.Desc) {
	ch <- extensionComponentVersionExpirationDesc
	ch <- extensionComponentShootsExpiringDesc
	ch <- extensionComponentWorkerPoolsExpiringDesc
	ch <- extensionComponentShootsWithoutUpgradePathDesc
	ch <- extensionComponentWorkerPoolsWithoutUpgradePathDesc
}

// Collect implements prometheus.Collector.
func (c *extensionComponentExpiryCollector) Collect(ch chan<- prometheus.Metric) {
	ctx, cancel := scrapeContext(c.Timeout)
	defer cancel()
	profiles, shoots, ok := listProfilesAndShoots(ctx, c.Reader, c.Log, "expiry")
	if !ok {
		return
	}
	checker := c.Checker
	if checker == nil {
		checker = componentversion.NewCELCompatibilityChecker(celutils.NewCache())
	}
	for _, s := range computeExpirySeries(ctx, c.Log, profiles, shoots, c.Clock.Now(), c.Horizon, c.StableChannelSoakPeriod, checker) {
		if s.Expiration != nil {
			ch <- prometheus.MustNewConstMetric(extensionComponentVersionExpirationDesc, prometheus.GaugeValue, float64(s.Expiration.Unix()),
				s.ExtensionType, s.Component, s.Version)
		}
		if s.Expiring != nil {
			ch <- prometheus.MustNewConstMetric(extensionComponentShootsExpiringDesc, prometheus.GaugeValue, float64(*s.Expiring),
				s.ExtensionType, s.Component, s.Version)
		}
		if s.PoolsExpiring != nil {
			ch <- prometheus.MustNewConstMetric(extensionComponentWorkerPoolsExpiringDesc, prometheus.GaugeValue, float64(*s.PoolsExpiring),
				s.ExtensionType, s.Component, s.Version)
		}
		if s.WithoutUpgradePath != nil {
			ch <- prometheus.MustNewConstMetric(extensionComponentShootsWithoutUpgradePathDesc, prometheus.GaugeValue, float64(*s.WithoutUpgradePath),
				s.ExtensionType, s.Component, s.Version)
		}
		if s.PoolsWithoutUpgradePath != nil {
			ch <- prometheus.MustNewConstMetric(extensionComponentWorkerPoolsWithoutUpgradePathDesc, prometheus.GaugeValue, float64(*s.PoolsWithoutUpgradePath),
				s.ExtensionType, s.Component, s.Version)
		}
	}
}

// expirySeries holds the expiry gauges of one version; a nil field has no series.
type expirySeries struct {
	ExtensionType, Component, Version string
	// Expiration is the start of the version's expired stage, nil when it has none.
	Expiration *time.Time
	// Expiring counts the Shoots pinning the version; set when it expires within the horizon.
	Expiring *int
	// PoolsExpiring counts the pools pinning the version; set when it expires within the horizon
	// and poolVersions holds for its profile or a pool pins it.
	PoolsExpiring *int
	// WithoutUpgradePath counts the pinning Shoots without a forced-upgrade target; set when the
	// version is expired, unlisted or expires within the horizon.
	WithoutUpgradePath *int
	// PoolsWithoutUpgradePath counts the pools among them; set with WithoutUpgradePath where
	// poolVersions holds or a pool pins the version.
	PoolsWithoutUpgradePath *int
}

// computeExpirySeries returns the expiry series at now for horizon, sorted; a pin has no upgrade
// path when componentversion.Decide at its expiration finds no forced-update target.
func computeExpirySeries(ctx context.Context, log logr.Logger, profiles []gardencorev1beta1.ExtensionProfile, shoots []gardencorev1beta1.Shoot, now time.Time, horizon, soak time.Duration, checker componentversion.CompatibilityChecker) []expirySeries {
	if horizon <= 0 {
		horizon = defaultExpirationHorizon
	}
	type versionState struct {
		series expirySeries
		// decideAt is when the forced decision is taken; zero when the version is not at risk.
		decideAt time.Time
	}
	states := map[pinKey]*versionState{}
	byName := map[string]*gardencorev1beta1.ExtensionProfile{}
	for i := range profiles {
		profile := &profiles[i]
		byName[profile.Name] = profile
		for _, component := range profile.Spec.Components {
			for _, version := range component.Versions {
				state := &versionState{series: expirySeries{ExtensionType: profile.Name, Component: component.Name, Version: version.Version}}
				if expiration, ok := helper.ExpirationTime(version.Lifecycle); ok {
					state.series.Expiration = &expiration
					switch {
					case !expiration.After(now):
						state.decideAt = now
						state.series.WithoutUpgradePath = new(int)
					case !expiration.After(now.Add(horizon)):
						state.decideAt = expiration
						state.series.Expiring, state.series.WithoutUpgradePath = new(int), new(int)
						if poolVersions(profile, component) {
							state.series.PoolsExpiring = new(int)
						}
					}
					if state.series.WithoutUpgradePath != nil && poolVersions(profile, component) {
						state.series.PoolsWithoutUpgradePath = new(int)
					}
				}
				states[pinKey{profile.Name, component.Name, version.Version}] = state
			}
		}
	}

	for i := range shoots {
		shoot := &shoots[i]
		if shoot.DeletionTimestamp != nil {
			continue
		}
		// expiring and held count the Shoot once per version in Expiring and WithoutUpgradePath.
		expiring, held := map[pinKey]bool{}, map[pinKey]bool{}
		count := func(key pinKey, pool string, decide func(time.Time) componentversion.Outcome) {
			state := states[key]
			if state == nil {
				// Not listed: maintenance forces an update now.
				state = &versionState{series: expirySeries{ExtensionType: key.extensionType, Component: key.component, Version: key.version, WithoutUpgradePath: new(int)}, decideAt: now}
				states[key] = state
			}
			if s := &state.series; s.Expiring != nil {
				if !expiring[key] {
					expiring[key] = true
					*s.Expiring++
				}
				if pool != "" {
					if s.PoolsExpiring == nil {
						s.PoolsExpiring = new(int)
					}
					*s.PoolsExpiring++
				}
			}
			if state.decideAt.IsZero() {
				return
			}
			if pool != "" && state.series.PoolsWithoutUpgradePath == nil {
				state.series.PoolsWithoutUpgradePath = new(int)
			}
			outcome := decide(state.decideAt)
			if outcome.Err != nil && !outcome.Forced {
				log.Error(outcome.Err, "Failed deciding the upgrade path", "shoot", client.ObjectKeyFromObject(shoot), "extensionType", key.extensionType,
					"component", key.component, "version", key.version, "pool", pool)
			}
			if outcome.Candidate != "" {
				return
			}
			if !held[key] {
				held[key] = true
				*state.series.WithoutUpgradePath++
			}
			if pool != "" {
				*state.series.PoolsWithoutUpgradePath++
			}
		}
		seen := map[pinKey]bool{}
		for _, pin := range helper.ActiveComponentPins(shoot.Spec.Extensions) {
			key := pinKey{pin.ExtensionType, pin.Component, pin.Version}
			profile := byName[pin.ExtensionType]
			if seen[key] || profile == nil {
				continue
			}
			seen[key] = true
			count(key, "", func(at time.Time) componentversion.Outcome {
				return componentversion.Decide(ctx, profile, shoot, pin.ExtensionIndex, pin.ComponentIndex, at, soak, nil, checker)
			})
		}
		pools := map[poolPinKey]bool{}
		for _, pin := range helper.ActivePoolComponentPins(shoot.Spec.Extensions, shoot.Spec.Provider.Workers) {
			key := pinKey{pin.ExtensionType, pin.Component, pin.Version}
			profile := byName[pin.ExtensionType]
			if pools[poolPinKey{key, pin.Pool}] || profile == nil {
				continue
			}
			pools[poolPinKey{key, pin.Pool}] = true
			count(key, pin.Pool, func(at time.Time) componentversion.Outcome {
				return componentversion.DecidePool(ctx, profile, shoot, pin, at, soak, nil, checker)
			})
		}
	}

	out := make([]expirySeries, 0, len(states))
	for _, state := range states {
		if state.series.Expiration != nil || state.series.WithoutUpgradePath != nil {
			out = append(out, state.series)
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
