// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package maintenance

import (
	"context"

	"github.com/go-logr/logr"
	"github.com/prometheus/client_golang/prometheus"
	"k8s.io/client-go/util/workqueue"
	"sigs.k8s.io/controller-runtime/pkg/event"
	"sigs.k8s.io/controller-runtime/pkg/handler"
	"sigs.k8s.io/controller-runtime/pkg/metrics"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

var (
	// ComponentUpgradesTotal counts the component versions maintenance changed and wrote; the
	// reasons are told in docs/usage/shoot-maintenance.md.
	ComponentUpgradesTotal = prometheus.NewCounterVec(prometheus.CounterOpts{
		Namespace: "gardener",
		Subsystem: "shoot_maintenance",
		Name:      "extension_component_upgrades_total",
		Help:      "Number of extension component versions changed by shoot maintenance (GEP-78), by extension type and reason (auto-update, channel, expiry).",
	}, []string{"extension_type", "reason"})

	// ComponentFailuresTotal counts the failed maintenance operations of extension components.
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

// The values of the reason label of each counter: a fixed enum.
var (
	upgradeReasons = []string{"auto-update", "channel", "expiry"}
	failureReasons = []string{failureNoTarget, failureIncompatible, failureError, failureRejected}
)

// countComponentMaintenance counts the component results of a written run, of extension types
// with an ExtensionProfile only; a kept version counts in neither counter.
func countComponentMaintenance(log logr.Logger, componentUpdates []componentUpdate) {
	for _, c := range componentUpdates {
		switch {
		case c.kept:
		case !c.hasProfile:
			log.V(1).Info("Not counting the component result of an extension type without ExtensionProfile", "extensionType", c.extensionType)
		case c.isSuccessful:
			reason := "auto-update"
			switch {
			case c.forced:
				reason = "expiry"
			case c.channel:
				reason = "channel"
			}
			ComponentUpgradesTotal.WithLabelValues(c.extensionType, reason).Inc()
		default:
			category := c.failureCategory
			if category == "" {
				category = failureError
			}
			ComponentFailuresTotal.WithLabelValues(c.extensionType, category).Inc()
		}
	}
}

// countRejectedComponentMaintenance counts one "write-rejected" failure per extension type with
// an ExtensionProfile and a component result in a run whose dry run was rejected.
func countRejectedComponentMaintenance(log logr.Logger, componentUpdates []componentUpdate) {
	counted := map[string]bool{}
	for _, c := range componentUpdates {
		if counted[c.extensionType] || !c.hasProfile {
			continue
		}
		counted[c.extensionType] = true
		ComponentFailuresTotal.WithLabelValues(c.extensionType, failureRejected).Inc()
	}
	if len(counted) > 0 {
		log.V(1).Info("Counted the rejected maintenance of extension components", "extensionTypes", len(counted))
	}
}

// metricsInitializer adds both counters' series at 0 for an ExtensionProfile's type when it
// appears and removes them with it, so that increase() counts the first increment.
func metricsInitializer() handler.EventHandler {
	return handler.Funcs{
		CreateFunc: func(_ context.Context, e event.CreateEvent, _ workqueue.TypedRateLimitingInterface[reconcile.Request]) {
			for _, reason := range upgradeReasons {
				ComponentUpgradesTotal.WithLabelValues(e.Object.GetName(), reason)
			}
			for _, reason := range failureReasons {
				ComponentFailuresTotal.WithLabelValues(e.Object.GetName(), reason)
			}
		},
		DeleteFunc: func(_ context.Context, e event.DeleteEvent, _ workqueue.TypedRateLimitingInterface[reconcile.Request]) {
			ComponentUpgradesTotal.DeletePartialMatch(prometheus.Labels{"extension_type": e.Object.GetName()})
			ComponentFailuresTotal.DeletePartialMatch(prometheus.Labels{"extension_type": e.Object.GetName()})
		},
	}
}
