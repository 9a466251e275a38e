// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package maintenance

import (
	"github.com/prometheus/client_golang/prometheus"
	"sigs.k8s.io/controller-runtime/pkg/metrics"
)

var (
	// ComponentUpgradesTotal counts the extension component versions maintenance changed and
	// wrote, by extension type and reason ("auto-update" or "expiry"; a version no longer listed
	// counts as expiry).
	ComponentUpgradesTotal = prometheus.NewCounterVec(prometheus.CounterOpts{
		Namespace: "gardener",
		Subsystem: "shoot_maintenance",
		Name:      "extension_component_upgrades_total",
		Help:      "Number of extension component versions changed by shoot maintenance (GEP-78), by extension type and reason (auto-update, expiry).",
	}, []string{"extension_type", "reason"})

	// ComponentFailuresTotal counts the failed maintenance operations of extension components, by
	// extension type and reason: "no-target" (a forced update found no compatible supported
	// version), "incompatible" (a forced Kubernetes or machine-image update left the pinned version
	// incompatible), "error" (missing ExtensionProfile, unparsable version, evaluation error) and
	// "write-rejected" (the maintained Shoot, including a component change, was rejected by the API
	// server on the dry run).
	ComponentFailuresTotal = prometheus.NewCounterVec(prometheus.CounterOpts{
		Namespace: "gardener",
		Subsystem: "shoot_maintenance",
		Name:      "extension_component_failures_total",
		Help:      "Number of failed shoot maintenance operations on extension components (GEP-78), by extension type and reason (no-target, incompatible, error, write-rejected).",
	}, []string{"extension_type", "reason"})
)

func init() {
	metrics.Registry.MustRegister(ComponentUpgradesTotal, ComponentFailuresTotal)
}

// recordMetrics counts the component results of a written run.
func recordMetrics(results []Result) {
	for _, r := range results {
		if r.Kind != ResultKindExtensionComponent {
			continue
		}
		if r.Successful {
			reason := "auto-update"
			if r.Forced {
				reason = "expiry"
			}
			ComponentUpgradesTotal.WithLabelValues(r.ExtensionType, reason).Inc()
			continue
		}
		category := r.failureCategory
		if category == "" {
			category = failureError
		}
		ComponentFailuresTotal.WithLabelValues(r.ExtensionType, category).Inc()
	}
}

// recordRejectedMetrics counts a rejected write once for every extension type with a component
// result in the run.
func recordRejectedMetrics(results []Result) {
	seen := map[string]bool{}
	for _, r := range results {
		if r.Kind == ResultKindExtensionComponent && !seen[r.ExtensionType] {
			seen[r.ExtensionType] = true
			ComponentFailuresTotal.WithLabelValues(r.ExtensionType, failureRejected).Inc()
		}
	}
}
