// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package failover

import (
	"context"
	"errors"
	"math/rand/v2"
	"sync/atomic"

	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/client/interceptor"
)

// errCrashed is what every write of a crashed manager returns.
var errCrashed = errors.New("the process crashed")

// Crasher makes a client fail like a process that dies at its crashAt-th write: that write is
// performed or not (at random: the server may have applied a request whose answer never
// arrived), the manager's context is cancelled, and every later write fails. A nil Crasher never
// crashes.
type Crasher struct {
	crashAt int64
	perform bool
	cancel  context.CancelFunc
	writes  atomic.Int64
	crashed atomic.Bool
	// appliedCrash is the object of the crashing write, when that write was performed.
	appliedCrash client.Object
}

// NewCrasher returns a Crasher that crashes at a random one of the first maxWrites writes and
// then calls cancel.
func NewCrasher(rng *rand.Rand, maxWrites int, cancel context.CancelFunc) *Crasher {
	return &Crasher{crashAt: 1 + rng.Int64N(int64(maxWrites)), perform: rng.IntN(2) == 0, cancel: cancel}
}

// write runs do, a write of obj, unless the process has crashed or crashes now.
func (c *Crasher) write(obj client.Object, do func() error) error {
	if c == nil || c.crashAt == 0 {
		return do()
	}
	if c.crashed.Load() {
		return errCrashed
	}
	if c.writes.Add(1) != c.crashAt {
		return do()
	}
	if c.perform && do() == nil {
		c.appliedCrash = obj
	}
	c.crashed.Store(true)
	c.cancel()
	return errCrashed
}

// Crashed reports whether the crash has happened.
func (c *Crasher) Crashed() bool {
	return c != nil && c.crashed.Load()
}

// AppliedCrashObject returns the object of the crashing write if that write was stored; nil
// otherwise (no crash, not performed, or a dry run).
func (c *Crasher) AppliedCrashObject() client.Object {
	if c == nil {
		return nil
	}
	return c.appliedCrash
}

// Wrap returns cl with every write going through the crasher. A write that started before the
// crash runs to its end (the crash cancels the manager's context, which must not make such a
// write ambiguous): the crash point is the crashing write alone.
func (c *Crasher) Wrap(cl client.WithWatch) client.WithWatch {
	return interceptor.NewClient(cl, interceptor.Funcs{
		Create: func(ctx context.Context, cl client.WithWatch, obj client.Object, opts ...client.CreateOption) error {
			return c.write(obj, func() error { return cl.Create(context.WithoutCancel(ctx), obj, opts...) })
		},
		Update: func(ctx context.Context, cl client.WithWatch, obj client.Object, opts ...client.UpdateOption) error {
			options := &client.UpdateOptions{}
			options.ApplyOptions(opts)
			written := obj
			if len(options.DryRun) > 0 {
				written = nil // a dry run stores nothing
			}
			return c.write(written, func() error { return cl.Update(context.WithoutCancel(ctx), obj, opts...) })
		},
		Patch: func(ctx context.Context, cl client.WithWatch, obj client.Object, patch client.Patch, opts ...client.PatchOption) error {
			return c.write(obj, func() error { return cl.Patch(context.WithoutCancel(ctx), obj, patch, opts...) })
		},
		Delete: func(ctx context.Context, cl client.WithWatch, obj client.Object, opts ...client.DeleteOption) error {
			return c.write(obj, func() error { return cl.Delete(context.WithoutCancel(ctx), obj, opts...) })
		},
		SubResourceUpdate: func(ctx context.Context, cl client.Client, sub string, obj client.Object, opts ...client.SubResourceUpdateOption) error {
			return c.write(obj, func() error { return cl.SubResource(sub).Update(context.WithoutCancel(ctx), obj, opts...) })
		},
		SubResourcePatch: func(ctx context.Context, cl client.Client, sub string, obj client.Object, patch client.Patch, opts ...client.SubResourcePatchOption) error {
			return c.write(obj, func() error { return cl.SubResource(sub).Patch(context.WithoutCancel(ctx), obj, patch, opts...) })
		},
	})
}
