// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package suite

import "sync"

// Warnings is a rest.WarningHandler that keeps the warnings of the responses a client receives.
type Warnings struct {
	mu       sync.Mutex
	warnings []string
}

// HandleWarningHeader keeps the warning's text.
func (w *Warnings) HandleWarningHeader(_ int, _ string, text string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.warnings = append(w.warnings, text)
}

// Take returns the warnings received since the last Take and forgets them.
func (w *Warnings) Take() []string {
	w.mu.Lock()
	defer w.mu.Unlock()
	out := w.warnings
	w.warnings = nil
	return out
}
