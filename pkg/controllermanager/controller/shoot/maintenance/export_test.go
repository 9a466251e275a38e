// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package maintenance

import (
	"strings"

	"github.com/gep-78/gardener/pkg/utils/gardener/componentversion"
)

// Result is a flat view of one result of a run for comparisons in tests: its updateResult and
// its change.
type Result struct {
	Kind                     ResultKind
	WorkerPool, ImageName    string
	ExtensionType, Component string
	From, To                 string
	Reason                   string
	Forced                   bool
	Trigger                  componentversion.ComponentUpdateTrigger
	Successful               bool
	Description              string
	failureCategory          string
}

// WithFailureCategory returns r with the metrics failure category set.
func (r Result) WithFailureCategory(category string) Result {
	r.failureCategory = category
	return r
}

// Results returns the results of the run in the order they were recorded.
func (o *Operation) Results() []Result {
	var out []Result
	for _, c := range o.changes {
		r := o.result(c)
		result := Result{
			Kind: c.kind, ImageName: c.imageName, From: c.from, To: c.to, Reason: r.reason, Forced: c.forced,
			Trigger: c.trigger, Successful: r.isSuccessful, Description: r.description, failureCategory: c.failureCategory,
		}
		switch c.kind {
		case ResultKindExtensionComponent:
			result.ExtensionType, result.Component, _ = strings.Cut(c.name, "/")
		case ResultKindWorkerKubernetes, ResultKindMachineImage:
			result.WorkerPool = c.name
		}
		out = append(out, result)
	}
	return out
}

// ResetResults drops the results of the run.
func (o *Operation) ResetResults() {
	o.drop(func(change) bool { return true })
}

// Messages returns lastMaintenance.description and .failureReason of results
// (buildMaintenanceMessagesWithComponents).
func Messages(results []Result) (string, string) {
	var (
		controlPlane *updateResult
		kubernetes   = map[string]updateResult{}
		images       = map[string]updateResult{}
		components   []componentUpdate
	)
	for _, r := range results {
		u := updateResult{description: r.Description, reason: r.Reason, isSuccessful: r.Successful}
		switch r.Kind {
		case ResultKindKubernetes:
			controlPlane = &u
		case ResultKindWorkerKubernetes:
			kubernetes[r.WorkerPool] = u
		case ResultKindMachineImage:
			images[r.WorkerPool] = u
		case ResultKindExtensionComponent:
			components = append(components, componentUpdate{extensionType: r.ExtensionType, component: r.Component, updateResult: u})
		}
	}
	return buildMaintenanceMessagesWithComponents(controlPlane, kubernetes, images, nil, components, nil)
}

// MetricSamples returns the counter increments of the run as "<counter> <extension type> <reason>".
func (o *Operation) MetricSamples() []string {
	var out []string
	for _, s := range metricSamples(o) {
		out = append(out, s.Counter+" "+s.ExtensionType+" "+s.Reason)
	}
	return out
}

// EventNotes returns "<type> <note>" of each Shoot event of the run.
func (o *Operation) EventNotes() []string {
	var out []string
	for _, e := range o.events() {
		out = append(out, e.Type+" "+e.Note)
	}
	return out
}

// MetricsInitializer is metricsInitializer.
var MetricsInitializer = metricsInitializer
