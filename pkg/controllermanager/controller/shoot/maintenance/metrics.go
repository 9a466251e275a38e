// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package maintenance

import (
	"context"
	"strings"

	"github.com/go-logr/logr"
	"github.com/prometheus/client_golang/prometheus"
	"k8s.io/apimachinery/pkg/util/sets"
	"k8s.io/client-go/util/workqueue"
	"sigs.k8s.io/controller-runtime/pkg/event"
	"sigs.k8s.io/controller-runtime/pkg/handler"
	"sigs.k8s.io/controller-runtime/pkg/metrics"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"github.com/gep-78/gardener/pkg/utils/gardener/componentversion"
)

var (
	// ComponentUpgradesTotal counts the extension component versions maintenance changed and
	// wrote, by extension type and reason ("auto-update", "channel" for a component that follows a
	// release channel, or "expiry"; a version no longer listed counts as expiry, also on a channel). Only extension types with an ExtensionProfile are labels (countMetrics).
	ComponentUpgradesTotal = prometheus.NewCounterVec(prometheus.CounterOpts{
		Namespace: "gardener",
		Subsystem: "shoot_maintenance",
		Name:      "extension_component_upgrades_total",
		Help:      "Number of extension component versions changed by shoot maintenance (GEP-78), by extension type and reason (auto-update, channel, expiry).",
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

// metricSample is one counter increment of a run. It is kept in the pending result
// (AnnotationPendingResult), so that the counters are incremented once, when the result is
// recorded, and not again when a repeated finish finds it recorded already.
type metricSample struct {
	// Counter is "upgrades" (ComponentUpgradesTotal) or "failures" (ComponentFailuresTotal).
	Counter       string `json:"counter"`
	ExtensionType string `json:"extensionType"`
	Reason        string `json:"reason"`
}

const (
	counterUpgrades = "upgrades"
	counterFailures = "failures"
)

// metricSamples returns the counter increments for the component results of a written run.
func metricSamples(op *Operation) []metricSample {
	var samples []metricSample
	for _, c := range op.changes {
		if c.kind != ResultKindExtensionComponent || c.kept {
			continue
		}
		extensionType, _, _ := strings.Cut(c.name, "/")
		if op.result(c).isSuccessful {
			reason := "auto-update"
			switch {
			case c.forced:
				reason = "expiry"
			case c.trigger == componentversion.ComponentUpdateChannel:
				reason = "channel"
			}
			samples = append(samples, metricSample{Counter: counterUpgrades, ExtensionType: extensionType, Reason: reason})
			continue
		}
		category := c.failureCategory
		if category == "" {
			category = failureError
		}
		samples = append(samples, metricSample{Counter: counterFailures, ExtensionType: extensionType, Reason: category})
	}
	return samples
}

// rejectedMetricSamples returns one "write-rejected" failure for every extension type with a
// component result in a run whose write was rejected.
func rejectedMetricSamples(op *Operation) []metricSample {
	var samples []metricSample
	seen := map[string]bool{}
	for _, c := range op.componentUpdates {
		if !seen[c.extensionType] {
			seen[c.extensionType] = true
			samples = append(samples, metricSample{Counter: counterFailures, ExtensionType: c.extensionType, Reason: failureRejected})
		}
	}
	return samples
}

// metricReasons are the values of the reason label of each counter: a fixed enum.
var metricReasons = map[string]sets.Set[string]{
	counterUpgrades: sets.New("auto-update", "channel", "expiry"),
	counterFailures: sets.New(failureNoTarget, failureIncompatible, failureError, failureRejected),
}

// countMetrics increments the counters by samples. The label values are bounded: the counter and
// its reason must be of metricReasons, and the extension type must have an ExtensionProfile
// (hasProfile). A sample with another value is dropped and logged, so that no input, the
// annotation a sample is stored in included, adds an unbounded series.
func countMetrics(log logr.Logger, samples []metricSample, hasProfile func(extensionType string) bool) {
	for _, s := range samples {
		if !metricReasons[s.Counter].Has(s.Reason) || !hasProfile(s.ExtensionType) {
			log.Info("Dropping a maintenance metric sample with unknown label values",
				"counter", s.Counter, "extensionType", s.ExtensionType, "reason", s.Reason)
			continue
		}
		switch s.Counter {
		case counterUpgrades:
			ComponentUpgradesTotal.WithLabelValues(s.ExtensionType, s.Reason).Inc()
		case counterFailures:
			ComponentFailuresTotal.WithLabelValues(s.ExtensionType, s.Reason).Inc()
		}
	}
}

// metricsInitializer handles ExtensionProfile events: it adds the series of every reason of both
// counters at 0 for the profile's extension type when the profile appears, and removes them with
// the profile. A series that exists before its first increment lets increase() and rate() count
// that increment. It enqueues nothing.
func metricsInitializer() handler.EventHandler {
	return handler.Funcs{
		CreateFunc: func(_ context.Context, e event.CreateEvent, _ workqueue.TypedRateLimitingInterface[reconcile.Request]) {
			for reason := range metricReasons[counterUpgrades] {
				ComponentUpgradesTotal.WithLabelValues(e.Object.GetName(), reason)
			}
			for reason := range metricReasons[counterFailures] {
				ComponentFailuresTotal.WithLabelValues(e.Object.GetName(), reason)
			}
		},
		DeleteFunc: func(_ context.Context, e event.DeleteEvent, _ workqueue.TypedRateLimitingInterface[reconcile.Request]) {
			ComponentUpgradesTotal.DeletePartialMatch(prometheus.Labels{"extension_type": e.Object.GetName()})
			ComponentFailuresTotal.DeletePartialMatch(prometheus.Labels{"extension_type": e.Object.GetName()})
		},
	}
}
