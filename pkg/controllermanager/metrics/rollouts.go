// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package metrics

import (
	"github.com/go-logr/logr"
	"github.com/prometheus/client_golang/prometheus"
	"sigs.k8s.io/controller-runtime/pkg/client"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
)

const (
	// extensionComponentRolloutStateName is the name of the rollout state gauge.
	extensionComponentRolloutStateName = "gardener_extension_component_rollout_state"
	// extensionComponentRolloutShootsName is the name of the gauge of Shoots moved to a version
	// under rollout, by outcome.
	extensionComponentRolloutShootsName = "gardener_extension_component_rollout_shoots"
)

var (
	rolloutStates = []gardencorev1beta1.RolloutState{
		gardencorev1beta1.RolloutStateProgressing, gardencorev1beta1.RolloutStateSoaking, gardencorev1beta1.RolloutStatePaused,
		gardencorev1beta1.RolloutStateHalted, gardencorev1beta1.RolloutStateWithdrawn, gardencorev1beta1.RolloutStateComplete,
	}

	extensionComponentRolloutStateDesc = prometheus.NewDesc(extensionComponentRolloutStateName,
		"Rollout state of a component version from its ExtensionProfile's status: 1 for the current state, 0 for the others. "+
			"Only versions with a rollout are reported.",
		[]string{"extension_type", "component", "version", "state"}, nil)
	extensionComponentRolloutShootsDesc = prometheus.NewDesc(extensionComponentRolloutShootsName,
		"Shoots that maintenance moved to a component version under rollout, by outcome: moved (all), healthy, and failed "+
			"(the component failed within the observation window after the move).",
		[]string{"extension_type", "component", "version", "outcome"}, nil)
)

// extensionComponentRolloutCollector reports the rollout of every component version from the
// status.components[].rollouts of the ExtensionProfiles read through Reader, at scrape time.
type extensionComponentRolloutCollector struct {
	Reader client.Reader
	// Log receives read errors; a scrape whose read fails reports no series of these gauges.
	Log logr.Logger
}

var _ prometheus.Collector = &extensionComponentRolloutCollector{}

// Describe implements prometheus.Collector.
func (c *extensionComponentRolloutCollector) Describe(ch chan<- *prometheus.Desc) {
	ch <- extensionComponentRolloutStateDesc
	ch <- extensionComponentRolloutShootsDesc
}

// Collect implements prometheus.Collector.
func (c *extensionComponentRolloutCollector) Collect(ch chan<- prometheus.Metric) {
	ctx, cancel := scrapeContext(0)
	defer cancel()
	profiles := &gardencorev1beta1.ExtensionProfileList{}
	if err := c.Reader.List(ctx, profiles); err != nil {
		c.Log.Error(err, "Failed listing ExtensionProfiles, reporting no series in this scrape", "gauge", extensionComponentRolloutStateName)
		return
	}
	for _, profile := range profiles.Items {
		for _, component := range profile.Status.Components {
			for _, r := range component.Rollouts {
				labels := []string{profile.Name, component.Name, r.Version}
				for _, state := range rolloutStates {
					value := 0.0
					if r.State == state {
						value = 1
					}
					ch <- prometheus.MustNewConstMetric(extensionComponentRolloutStateDesc, prometheus.GaugeValue, value, append(labels, string(state))...)
				}
				for outcome, n := range map[string]int32{"moved": r.Moved, "healthy": r.Healthy, "failed": r.Failed} {
					ch <- prometheus.MustNewConstMetric(extensionComponentRolloutShootsDesc, prometheus.GaugeValue, float64(n), append(labels, outcome)...)
				}
			}
		}
	}
}
