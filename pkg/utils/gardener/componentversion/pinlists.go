// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package componentversion

import (
	"fmt"
	"slices"

	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/utils/ptr"

	v1beta1helper "github.com/gep-78/gardener/pkg/api/core/v1beta1/helper"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
)

// pinList is one list of a Shoot's component entries, each entry seen as an Extension whose Type
// names its ExtensionProfile: spec.extensions[], or a pool's cri.containerRuntimes[] or
// extensions[] (no autoUpdate or channel of their own; an override disabled as
// v1beta1helper.PoolComponentPins decides). Every check and resolution runs on a pinList, so
// Shoot-level and per-pool pins share one implementation.
type pinList struct {
	// worker is the pool's index in spec.provider.workers[], -1 for spec.extensions[]; runtime
	// selects the pool's cri.containerRuntimes[] over its extensions[].
	worker  int
	runtime bool
	pool    string
	// entries and old are the list in the new and the old Shoot (same pool name), in spec order.
	entries, old []gardencorev1beta1.Extension
	// pins and oldPins are a pool list's component entries, runs of v1beta1helper.PoolComponentPins.
	pins, oldPins []v1beta1helper.PoolComponentPin
}

// appendPins appends the component entries of the list in the new Shoot, or the old one, to dst.
func (l *pinList) appendPins(dst []v1beta1helper.ComponentPin, old bool) []v1beta1helper.ComponentPin {
	if l.worker < 0 {
		if old {
			return v1beta1helper.AppendComponentPins(dst, l.old)
		}
		return v1beta1helper.AppendComponentPins(dst, l.entries)
	}
	pins := l.pins
	if old {
		pins = l.oldPins
	}
	for _, pin := range pins {
		dst = append(dst, pin.ComponentPin)
	}
	return dst
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

// poolPinLists returns the pin lists of the pools of workers whose runtimes or overrides have
// component entries (v1beta1helper.PoolComponentPins) in the new Shoot or in the old Shoot's pool
// of the same name; nil, without allocating, when no pool has any.
func poolPinLists(extensions []gardencorev1beta1.Extension, workers []gardencorev1beta1.Worker, oldExtensions []gardencorev1beta1.Extension, oldWorkers []gardencorev1beta1.Worker) []*pinList {
	pins, oldPins := v1beta1helper.PoolComponentPins(extensions, workers), v1beta1helper.PoolComponentPins(oldExtensions, oldWorkers)
	if len(pins) == 0 && len(oldPins) == 0 {
		return nil
	}
	var lists []*pinList
	for i := range workers {
		for _, runtime := range []bool{true, false} {
			list := pinList{worker: i, runtime: runtime, pool: workers[i].Name}
			list.pins = pinRun(pins, func(p v1beta1helper.PoolComponentPin) bool { return p.WorkerIndex == i && list.holds(p) })
			list.oldPins = pinRun(oldPins, func(p v1beta1helper.PoolComponentPin) bool { return p.Pool == list.pool && list.holds(p) })
			if len(list.pins) == 0 && len(list.oldPins) == 0 {
				continue
			}
			list.entries, list.old = poolEntries(&workers[i], list.runtime, list.pins), poolEntries(findWorker(oldWorkers, list.pool), list.runtime, list.oldPins)
			lists = append(lists, ptr.To(list))
		}
	}
	return lists
}

// holds reports whether a pool's pin is of the list's kind.
func (l *pinList) holds(p v1beta1helper.PoolComponentPin) bool {
	return (p.Kind == gardencorev1beta1.ExtensionKindContainerRuntime) == l.runtime
}

// pinRun returns the run of pins that match, which PoolComponentPins keeps together (per pool its
// runtimes', then its overrides' entries); nil for none.
func pinRun(pins []v1beta1helper.PoolComponentPin, match func(v1beta1helper.PoolComponentPin) bool) []v1beta1helper.PoolComponentPin {
	start := slices.IndexFunc(pins, match)
	if start < 0 {
		return nil
	}
	end := start + 1
	for end < len(pins) && match(pins[end]) {
		end++
	}
	return pins[start:end]
}

// poolEntries returns a pool's container runtimes (runtime) or overrides as entries named by
// their profile, an override disabled when its pins are; nil for a nil worker.
func poolEntries(worker *gardencorev1beta1.Worker, runtime bool, pins []v1beta1helper.PoolComponentPin) []gardencorev1beta1.Extension {
	if worker == nil {
		return nil
	}
	var entries []gardencorev1beta1.Extension
	switch {
	case runtime && worker.CRI != nil:
		entries = make([]gardencorev1beta1.Extension, len(worker.CRI.ContainerRuntimes))
		for j, r := range worker.CRI.ContainerRuntimes {
			entries[j] = gardencorev1beta1.Extension{Components: r.Components}
		}
	case !runtime:
		entries = make([]gardencorev1beta1.Extension, len(worker.Extensions))
		for j, override := range worker.Extensions {
			entries[j] = gardencorev1beta1.Extension{Type: override.Type, Components: override.Components}
		}
	}
	for _, pin := range pins {
		entries[pin.ExtensionIndex].Type = pin.ExtensionType
		if pin.Disabled {
			entries[pin.ExtensionIndex].Disabled = ptr.To(true)
		}
	}
	if runtime {
		for j := range entries {
			if entries[j].Type == "" {
				entries[j].Type = v1beta1helper.ContainerRuntimeProfileName(worker.CRI.ContainerRuntimes[j].Type)
			}
		}
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
