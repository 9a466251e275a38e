// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package main

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

// extensionTracker counts the seed Extensions of the Shoots in one project namespace, by Shoot, and
// records when each Shoot's last Extension appeared.
type extensionTracker struct {
	informer cache.SharedIndexInformer
	perShoot int

	mu        sync.Mutex
	byShoot   map[string]int
	completed []time.Time
}

func newExtensionTracker(config *rest.Config, namespace string, perShoot int) (*extensionTracker, error) {
	client, err := metadata.NewForConfig(config)
	if err != nil {
		return nil, err
	}
	gvr := schema.GroupVersionResource{Group: "extensions.gardener.cloud", Version: "v1alpha1", Resource: "extensions"}
	informer := metadatainformer.NewFilteredMetadataInformer(client, gvr, metav1.NamespaceAll, 0, cache.Indexers{}, func(o *metav1.ListOptions) {
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
		if t.byShoot[shoot] == perShoot {
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
	if n := t.complete(); n > 0 {
		return fmt.Errorf("%d Shoots of the namespace already have their Extensions: use a fresh namespace (--namespace) or garden", n)
	}
	return nil
}

func (t *extensionTracker) complete() int {
	t.mu.Lock()
	defer t.mu.Unlock()
	return len(t.completed)
}

// waitFor waits until shoots Shoots have all their Extensions and returns the time since start.
func (t *extensionTracker) waitFor(ctx context.Context, shoots int, timeout time.Duration, start time.Time) (time.Duration, error) {
	deadline := time.Now().Add(timeout)
	last := -1
	for {
		n := t.complete()
		if n >= shoots {
			return time.Since(start), nil
		}
		if n/1000 != last/1000 {
			fmt.Printf("  %d Shoots have all their Extensions (%s)\n", n, time.Since(start).Round(time.Second))
		}
		last = n
		if time.Now().After(deadline) {
			return 0, fmt.Errorf("only %d of %d Shoots had all their Extensions after %s", n, shoots, timeout)
		}
		select {
		case <-time.After(time.Second):
		case <-ctx.Done():
			return 0, ctx.Err()
		}
	}
}

// rate returns gardenlet's throughput: Shoots completed per second between the 10th and the 90th
// percentile of completions, which leaves out the start-up and the tail.
func (t *extensionTracker) rate() float64 {
	t.mu.Lock()
	defer t.mu.Unlock()
	n := len(t.completed)
	if n < 10 {
		return 0
	}
	lo, hi := n/10, n*9/10
	elapsed := t.completed[hi].Sub(t.completed[lo]).Seconds()
	if elapsed <= 0 {
		return 0
	}
	return float64(hi-lo) / elapsed
}
