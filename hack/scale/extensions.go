// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package main

import (
	"context"
	"fmt"
	"time"

	"k8s.io/client-go/metadata"
	"k8s.io/client-go/rest"
	"k8s.io/utils/clock"

	"github.com/gep-78/gardener/test/benchutil"
)

func newExtensionTracker(config *rest.Config, namespace string, perShoot int) (*benchutil.ExtensionTracker, error) {
	client, err := metadata.NewForConfig(config)
	if err != nil {
		return nil, err
	}
	return benchutil.NewExtensionTracker(client, namespace, perShoot, clock.RealClock{})
}

// startTracker starts tracker; Shoots of the namespace that already have their Extensions mean
// an earlier run used it.
func startTracker(ctx context.Context, tracker *benchutil.ExtensionTracker) error {
	if err := tracker.Start(ctx); err != nil {
		return fmt.Errorf("%w: use a fresh namespace (--namespace) or garden", err)
	}
	return nil
}

// waitForExtensions waits until shoots Shoots have all their Extensions, printing the count at
// every thousand, and returns the time since start.
func waitForExtensions(ctx context.Context, tracker *benchutil.ExtensionTracker, shoots int, timeout time.Duration, start time.Time) (time.Duration, error) {
	last := -1
	if err := tracker.WaitFor(ctx, shoots, timeout, func(n int) {
		if n/1000 != last/1000 {
			fmt.Printf("  %d Shoots have all their Extensions (%s)\n", n, time.Since(start).Round(time.Second))
		}
		last = n
	}); err != nil {
		return 0, err
	}
	return time.Since(start), nil
}
