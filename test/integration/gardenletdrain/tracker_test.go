// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package gardenletdrain_test

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
	"k8s.io/client-go/rest"
	"k8s.io/client-go/tools/cache"

	"github.com/gep-78/gardener/pkg/gardenlet/controller/shoot/extension"
)

// extensionTracker counts the seed Extensions of the Shoots of one project namespace from a
// metadata watch, and records when each Shoot got its last one.
type extensionTracker struct {
	informer cache.SharedIndexInformer
	perShoot int

	mu        sync.Mutex
	byShoot   map[string]int
	completed []time.Time
}

func newExtensionTracker(config *rest.Config, namespace string, perShoot int) (*extensionTracker, error) {
	c, err := metadata.NewForConfig(config)
	if err != nil {
		return nil, err
	}
	gvr := schema.GroupVersionResource{Group: "extensions.gardener.cloud", Version: "v1alpha1", Resource: "extensions"}
	informer := metadatainformer.NewFilteredMetadataInformer(c, gvr, metav1.NamespaceAll, 0, cache.Indexers{}, func(o *metav1.ListOptions) {
		o.LabelSelector = extension.LabelShootNamespace + "=" + namespace
	}).Informer()
	t := &extensionTracker{informer: informer, perShoot: perShoot, byShoot: map[string]int{}}
	_, err = informer.AddEventHandler(cache.ResourceEventHandlerFuncs{AddFunc: func(obj any) {
		m, ok := obj.(*metav1.PartialObjectMetadata)
		if !ok {
			return
		}
		t.mu.Lock()
		defer t.mu.Unlock()
		shoot := m.Labels[extension.LabelShootName]
		t.byShoot[shoot]++
		if t.byShoot[shoot] == t.perShoot {
			t.completed = append(t.completed, time.Now())
		}
	}})
	return t, err
}

func (t *extensionTracker) start(ctx context.Context) error {
	go t.informer.Run(ctx.Done())
	if !cache.WaitForCacheSync(ctx.Done(), t.informer.HasSynced) {
		return errors.New("the Extension informer did not sync")
	}
	return nil
}

func (t *extensionTracker) complete() int {
	t.mu.Lock()
	defer t.mu.Unlock()
	return len(t.completed)
}

// waitFor waits until shoots Shoots have all their Extensions, at most timeout.
func (t *extensionTracker) waitFor(ctx context.Context, shoots int, timeout time.Duration) error {
	ticker := time.NewTicker(20 * time.Millisecond)
	defer ticker.Stop()
	deadline := time.After(timeout)
	for {
		if t.complete() >= shoots {
			return nil
		}
		select {
		case <-ticker.C:
		case <-deadline:
			return fmt.Errorf("only %d of %d Shoots had all their Extensions after %s", t.complete(), shoots, timeout)
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

// rate is the Shoots completed per second between the 10th and the 90th percentile of
// completions, which leaves out the start-up (cache sync, leader election) and the tail.
func (t *extensionTracker) rate() float64 {
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
