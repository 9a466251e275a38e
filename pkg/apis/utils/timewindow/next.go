// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package timewindow

import "time"

// This file holds the project's additions beside Gardener's functions: the random source and the
// next occurrence are parameters, so callers with an injected clock and random stay deterministic.

// RandomMaintenanceTimeWindowFrom is RandomMaintenanceTimeWindow with the hour chosen as intn(23).
// intn must return a value in [0, n), like math/rand/v2.IntN; tests pass a fixed one.
func RandomMaintenanceTimeWindowFrom(intn func(n int) int) *MaintenanceTimeWindow {
	hour := intn(23)
	return NewMaintenanceTimeWindow(NewMaintenanceTime(hour, 0, 0), NewMaintenanceTime(hour+1, 0, 0))
}

// NextBegin returns the first beginning of the window strictly after from. When from lies inside
// an occurrence of the window, or after today's occurrence, that is tomorrow's beginning; before
// today's beginning it is today's.
func (m *MaintenanceTimeWindow) NextBegin(from time.Time) time.Time {
	begin := m.AdjustedBegin(from)
	if !begin.After(from.UTC()) {
		begin = begin.Add(24 * time.Hour)
	}
	return begin
}

// DurationUntilNext returns the duration from from until an instant inside the next occurrence of
// the window, that is NextBegin(from) plus an offset into the window. random(n) must return a value
// in [0, n) for n > 0; it picks the offset (Gardener spreads the Shoots of one window this way);
// nil means no offset. When from is inside the window the result points into tomorrow's
// occurrence.
func (m *MaintenanceTimeWindow) DurationUntilNext(from time.Time, random func(n int64) int64) time.Duration {
	wait := m.NextBegin(from).Sub(from)
	if length := int64(m.Duration()); length > 0 && random != nil {
		wait += time.Duration(random(length))
	}
	return wait
}
