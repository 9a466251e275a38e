// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package componentversion

import (
	"fmt"

	"k8s.io/apimachinery/pkg/util/validation/field"

	v1beta1helper "github.com/gep-78/gardener/pkg/api/core/v1beta1/helper"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
)

// pinList is one list of a Shoot's component entries, each entry seen as an Extension whose Type
// names its ExtensionProfile: spec.extensions[], or a pool's cri.containerRuntimes[] or
// extensions[] (no autoUpdate, channel or disabled of their own). Every check and resolution runs
// on a pinList, so Shoot-level and per-pool pins share one implementation.
type pinList struct {
	// worker is the pool's index in spec.provider.workers[], -1 for spec.extensions[]; runtime
	// selects the pool's cri.containerRuntimes[] over its extensions[].
	worker  int
	runtime bool
	pool    string
	// entries and old are the list in the new and the old Shoot (same pool name), in spec order.
	entries, old []gardencorev1beta1.Extension
}

// entryPath returns the field path of entry i of the list.
func (l *pinList) entryPath(i int) *field.Path {
	if l.worker < 0 {
		return field.NewPath("spec", "extensions").Index(i)
	}
	pool := field.NewPath("spec", "provider", "workers").Index(l.worker)
	if l.runtime {
		return pool.Child("cri", "containerRuntimes").Index(i)
	}
	return pool.Child("extensions").Index(i)
}

// message prefixes a warning about a pool's pin with the pool.
func (l *pinList) message(msg string) string {
	if l.worker < 0 {
		return msg
	}
	return fmt.Sprintf("worker pool %s: %s", l.pool, msg)
}

// listName names the list in messages.
func (l *pinList) listName() string {
	switch {
	case l.worker < 0:
		return "spec.extensions[]"
	case l.runtime:
		return "the worker pool's cri.containerRuntimes[]"
	}
	return "the worker pool's extensions[]"
}

// poolPinLists returns the pin lists of the pools of workers that set components, with the old
// Shoot's lists of the same pool name; nil, without allocating, when no pool pins anything.
func poolPinLists(workers, oldWorkers []gardencorev1beta1.Worker) []*pinList {
	if !anyPoolPins(workers) && !anyPoolPins(oldWorkers) {
		return nil
	}
	var lists []*pinList
	for i := range workers {
		worker := &workers[i]
		oldWorker := findWorker(oldWorkers, worker.Name)
		if hasRuntimePins(worker) || hasRuntimePins(oldWorker) {
			lists = append(lists, &pinList{worker: i, runtime: true, pool: worker.Name, entries: runtimeEntries(worker), old: runtimeEntries(oldWorker)})
		}
		if len(worker.Extensions) > 0 || (oldWorker != nil && len(oldWorker.Extensions) > 0) {
			lists = append(lists, &pinList{worker: i, pool: worker.Name, entries: overrideEntries(worker), old: overrideEntries(oldWorker)})
		}
	}
	return lists
}

func anyPoolPins(workers []gardencorev1beta1.Worker) bool {
	for i := range workers {
		if len(workers[i].Extensions) > 0 || hasRuntimePins(&workers[i]) {
			return true
		}
	}
	return false
}

func hasRuntimePins(worker *gardencorev1beta1.Worker) bool {
	if worker == nil || worker.CRI == nil {
		return false
	}
	for _, runtime := range worker.CRI.ContainerRuntimes {
		if len(runtime.Components) > 0 {
			return true
		}
	}
	return false
}

// runtimeEntries returns the container runtimes of a pool as entries named by their profile.
func runtimeEntries(worker *gardencorev1beta1.Worker) []gardencorev1beta1.Extension {
	if worker == nil || worker.CRI == nil {
		return nil
	}
	entries := make([]gardencorev1beta1.Extension, len(worker.CRI.ContainerRuntimes))
	for j, runtime := range worker.CRI.ContainerRuntimes {
		entries[j] = gardencorev1beta1.Extension{Type: v1beta1helper.ContainerRuntimeProfileName(runtime.Type), Components: runtime.Components}
	}
	return entries
}

// overrideEntries returns the extensions[] overrides of a pool as entries.
func overrideEntries(worker *gardencorev1beta1.Worker) []gardencorev1beta1.Extension {
	if worker == nil {
		return nil
	}
	entries := make([]gardencorev1beta1.Extension, len(worker.Extensions))
	for j, override := range worker.Extensions {
		entries[j] = gardencorev1beta1.Extension{Type: override.Type, Components: override.Components}
	}
	return entries
}

func findWorker(workers []gardencorev1beta1.Worker, name string) *gardencorev1beta1.Worker {
	for i := range workers {
		if workers[i].Name == name {
			return &workers[i]
		}
	}
	return nil
}
