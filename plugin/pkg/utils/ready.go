// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package utils

import (
	"cmp"
	"context"
	"errors"
	"sync"
	"time"

	"k8s.io/apimachinery/pkg/util/wait"
	"k8s.io/apiserver/pkg/admission"
)

// readyTimeout and readyInterval are admission.Handler's: how long a request waits for the caches
// and how often it asks.
const (
	readyTimeout  = 10 * time.Second
	readyInterval = 100 * time.Millisecond
)

// ReadyHandler is the admission.Handler of a plugin that reads informer caches: WaitUntilReady waits
// until every HasSynced function added with AddReadyFunc has synced.
type ReadyHandler struct {
	*admission.Handler

	readyFuncs []admission.ReadyFunc
	readyFunc  admission.ReadyFunc
	once       sync.Once
	// timeout is how long a request waits; 0 is readyTimeout.
	timeout time.Duration
}

// NewReadyHandler returns a ReadyHandler for the given operations.
func NewReadyHandler(ops ...admission.Operation) *ReadyHandler {
	return &ReadyHandler{Handler: admission.NewHandler(ops...)}
}

// AddReadyFunc adds an informer's HasSynced to the functions the first request waits for.
func (h *ReadyHandler) AddReadyFunc(f admission.ReadyFunc) {
	h.readyFuncs = append(h.readyFuncs, f)
}

// AssignReadyFunc sets the function that tells whether the plugin's caches have synced.
func (h *ReadyHandler) AssignReadyFunc(f admission.ReadyFunc) {
	h.readyFunc = f
	h.SetReadyFunc(f)
}

// WaitUntilReady waits until the caches have synced, as admission.Handler's WaitForReady does; it
// returns a Forbidden error when they do not in time.
func (h *ReadyHandler) WaitUntilReady(a admission.Attributes) error {
	h.once.Do(func() {
		if h.readyFunc != nil {
			return
		}
		readyFuncs := h.readyFuncs
		h.AssignReadyFunc(func() bool {
			for _, ready := range readyFuncs {
				if !ready() {
					return false
				}
			}
			return true
		})
	})
	// Synced caches stay synced: no timer for them.
	if h.readyFunc() {
		return nil
	}
	ready := func(context.Context) (bool, error) { return h.readyFunc(), nil }
	if wait.PollUntilContextTimeout(context.Background(), readyInterval, cmp.Or(h.timeout, readyTimeout), false, ready) != nil {
		return admission.NewForbidden(a, errors.New("not yet ready to handle request"))
	}
	return nil
}
