// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package benchutil

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/client-go/metadata"
	"k8s.io/client-go/metadata/metadatainformer"
	"k8s.io/client-go/tools/cache"
	"k8s.io/utils/clock"

	"github.com/gep-78/gardener/pkg/gardenlet/controller/shoot/extension"
)

// ExtensionTracker counts the seed Extensions of the Shoots of one project namespace, by Shoot,
// from a metadata watch (no list per poll), and records when each Shoot got its last one.
type ExtensionTracker struct {
	informer cache.SharedIndexInformer
	perShoot int
	clock    clock.PassiveClock

	mu        sync.Mutex
	byShoot   map[string]int
	completed []time.Time
}

// NewExtensionTracker returns a tracker of the Shoots of namespace, each complete once it has
// perShoot Extensions; clock stamps the completions. Start it before the Extensions appear.
func NewExtensionTracker(client metadata.Interface, namespace string, perShoot int, clock clock.PassiveClock) (*ExtensionTracker, error) {
	gvr := schema.GroupVersionResource{Group: "extensions.gardener.cloud", Version: "v1alpha1", Resource: "extensions"}
	informer := metadatainformer.NewFilteredMetadataInformer(client, gvr, metav1.NamespaceAll, 0, cache.Indexers{}, func(o *metav1.ListOptions) {
		o.LabelSelector = extension.LabelShootNamespace + "=" + namespace
	}).Informer()
	t := &ExtensionTracker{informer: informer, perShoot: perShoot, clock: clock, byShoot: map[string]int{}}
	_, err := informer.AddEventHandler(cache.ResourceEventHandlerFuncs{AddFunc: func(obj any) {
		m, ok := obj.(*metav1.PartialObjectMetadata)
		if !ok {
			return
		}
		t.mu.Lock()
		defer t.mu.Unlock()
		shoot := m.Labels[extension.LabelShootName]
		t.byShoot[shoot]++
		if t.byShoot[shoot] == t.perShoot {
			t.completed = append(t.completed, t.clock.Now())
		}
	}})
	return t, err
}

// Start runs the watch until ctx ends and waits for its cache. It fails when a Shoot is already
// complete: its completion time would be the cache sync, not gardenlet's work.
func (t *ExtensionTracker) Start(ctx context.Context) error {
	go t.informer.Run(ctx.Done())
	if !cache.WaitForCacheSync(ctx.Done(), t.informer.HasSynced) {
		return errors.New("the Extension informer did not sync")
	}
	if n := t.Complete(); n > 0 {
		return fmt.Errorf("%d Shoots of the namespace already have their Extensions", n)
	}
	return nil
}

// Complete is the number of Shoots that have all their Extensions.
func (t *ExtensionTracker) Complete() int {
	t.mu.Lock()
	defer t.mu.Unlock()
	return len(t.completed)
}

// WaitFor waits until shoots Shoots have all their Extensions, at most timeout, polling every
// 20 ms; progress, when not nil, gets Complete at every poll before the last.
func (t *ExtensionTracker) WaitFor(ctx context.Context, shoots int, timeout time.Duration, progress func(complete int)) error {
	ticker := time.NewTicker(20 * time.Millisecond)
	defer ticker.Stop()
	deadline := time.After(timeout)
	for {
		n := t.Complete()
		if n >= shoots {
			return nil
		}
		if progress != nil {
			progress(n)
		}
		select {
		case <-ticker.C:
		case <-deadline:
			return fmt.Errorf("only %d of %d Shoots had all their Extensions after %s", t.Complete(), shoots, timeout)
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

// Rate is the throughput in Shoots completed per second between the 10th and the 90th percentile
// of completions, which leaves out the start-up (cache sync, leader election) and the tail; 0
// with fewer than 10 completions.
func (t *ExtensionTracker) Rate() float64 {
	t.mu.Lock()
	defer t.mu.Unlock()
	n := len(t.completed)
	if n < 10 {
		return 0
	}
	lo, hi := n/10, n*9/10
	if elapsed := t.completed[hi].Sub(t.completed[lo]).Seconds(); elapsed > 0 {
		return float64(hi-lo) / elapsed
	}
	return 0
}
