// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package extension

import (
	"sync"

	"k8s.io/apimachinery/pkg/types"
	"k8s.io/apimachinery/pkg/util/sets"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
)

// shootWrites remembers this controller's writes of Shoots until the garden cache shows them, so
// that a reconcile reading a stale Shoot works on the written one. It is safe for concurrent use.
type shootWrites struct {
	mu     sync.Mutex
	shoots map[types.NamespacedName]*shootWrite
}

type shootWrite struct {
	// superseded are the resourceVersions the writes replaced.
	superseded sets.Set[string]
	// latest is the Shoot as the last write returned it.
	latest *gardencorev1beta1.Shoot
}

// wrote records a write of the Shoot that replaced resourceVersion before; written is the
// Shoot as the API server returned it.
func (w *shootWrites) wrote(before string, written *gardencorev1beta1.Shoot) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.shoots == nil {
		w.shoots = map[types.NamespacedName]*shootWrite{}
	}
	key := types.NamespacedName{Namespace: written.Namespace, Name: written.Name}
	entry := w.shoots[key]
	if entry == nil {
		entry = &shootWrite{superseded: sets.New[string]()}
		w.shoots[key] = entry
	}
	entry.superseded.Insert(before)
	entry.latest = written.DeepCopy()
}

// fresher returns the Shoot as this controller last wrote it when cached is at a resourceVersion
// that write replaced, and cached otherwise (forgetting the write: the cache shows it, or a later
// write of someone else).
func (w *shootWrites) fresher(cached *gardencorev1beta1.Shoot) *gardencorev1beta1.Shoot {
	w.mu.Lock()
	defer w.mu.Unlock()
	key := types.NamespacedName{Namespace: cached.Namespace, Name: cached.Name}
	entry := w.shoots[key]
	if entry == nil {
		return cached
	}
	if entry.superseded.Has(cached.ResourceVersion) && entry.latest.UID == cached.UID {
		return entry.latest.DeepCopy()
	}
	delete(w.shoots, key)
	return cached
}

// observed forgets the write of the Shoot once the cache shows a resourceVersion no write
// replaced; the informer of the garden cache calls it for every update.
func (w *shootWrites) observed(shoot *gardencorev1beta1.Shoot) {
	w.mu.Lock()
	defer w.mu.Unlock()
	key := types.NamespacedName{Namespace: shoot.Namespace, Name: shoot.Name}
	if entry := w.shoots[key]; entry != nil && !entry.superseded.Has(shoot.ResourceVersion) {
		delete(w.shoots, key)
	}
}

// forget drops the record of a Shoot that is gone.
func (w *shootWrites) forget(key types.NamespacedName) {
	w.mu.Lock()
	defer w.mu.Unlock()
	delete(w.shoots, key)
}
