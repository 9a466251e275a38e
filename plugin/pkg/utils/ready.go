// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package utils

import (
	"errors"
	"sync"

	"k8s.io/apiserver/pkg/admission"
)

// ReadyHandler is the admission.Handler of a plugin that reads informer caches: WaitUntilReady waits
// until every HasSynced function added with AddReadyFunc has synced.
type ReadyHandler struct {
	*admission.Handler

	readyFuncs []admission.ReadyFunc
	readyFunc  admission.ReadyFunc
	once       sync.Once
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

// WaitUntilReady waits until the caches have synced; it returns a Forbidden error when they do not
// in time.
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
	// Synced caches stay synced: skip WaitForReady, which starts a timer on every call.
	if h.readyFunc != nil && h.readyFunc() {
		return nil
	}
	if !h.WaitForReady() {
		return admission.NewForbidden(a, errors.New("not yet ready to handle request"))
	}
	return nil
}
