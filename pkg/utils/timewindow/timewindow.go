// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Package timewindow holds the daily maintenance time window of a Shoot
// (spec.maintenance.timeWindow{begin,end}) with Gardener's semantics: begin and end are times of
// day in the form HHMMSS+ZZZZ (Go layout "150405-0700"), converted to UTC; containment is
// inclusive at both ends; a window whose end lies before its begin spans midnight. The functions
// are pure: they take the instant to evaluate and return values.
package timewindow

import (
	"fmt"
	"time"
)

// Layout is the Go time layout of a maintenance time: "HHMMSS+ZZZZ", e.g. "220000+0100".
const Layout = "150405-0700"

const day = 24 * time.Hour

// MaintenanceTime is a time of day in UTC, to the second.
type MaintenanceTime struct {
	offset time.Duration // since 00:00:00 UTC, in [0, 24h)
}

// NewMaintenanceTime returns the time of day hour:minute:second UTC. Values out of range wrap
// around the day (24:00:00 is 00:00:00, -00:15:00 is 23:45:00).
func NewMaintenanceTime(hour, minute, second int) MaintenanceTime {
	return MaintenanceTime{offset: wrap(time.Duration(hour)*time.Hour + time.Duration(minute)*time.Minute + time.Duration(second)*time.Second)}
}

// ParseMaintenanceTime parses a maintenance time in Layout and converts it to UTC. A value that
// does not match the layout is an error.
func ParseMaintenanceTime(value string) (MaintenanceTime, error) {
	t, err := time.Parse(Layout, value)
	if err != nil {
		return MaintenanceTime{}, fmt.Errorf("could not parse %q as a maintenance time (HHMMSS+ZZZZ): %w", value, err)
	}
	return Of(t), nil
}

// Of returns the UTC time of day of t.
func Of(t time.Time) MaintenanceTime {
	t = t.UTC()
	return NewMaintenanceTime(t.Hour(), t.Minute(), t.Second())
}

// Add returns m moved by d, wrapping around the day.
func (m MaintenanceTime) Add(d time.Duration) MaintenanceTime {
	return MaintenanceTime{offset: wrap(m.offset + d.Truncate(time.Second))}
}

// Compare returns -1, 0 or 1 when m is before, equal to or after other within a day.
func (m MaintenanceTime) Compare(other MaintenanceTime) int {
	switch {
	case m.offset < other.offset:
		return -1
	case m.offset > other.offset:
		return 1
	}
	return 0
}

// String returns the time as HH:MM:SS (UTC).
func (m MaintenanceTime) String() string {
	s := int(m.offset / time.Second)
	return fmt.Sprintf("%02d:%02d:%02d", s/3600, s/60%60, s%60)
}

// Formatted returns the time in Layout, in UTC ("220000+0000").
func (m MaintenanceTime) Formatted() string {
	return time.Date(1, time.January, 1, 0, 0, 0, 0, time.UTC).Add(m.offset).Format(Layout)
}

// on returns the instant of m on the UTC calendar day of t.
func (m MaintenanceTime) on(t time.Time) time.Time {
	t = t.UTC()
	return time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC).Add(m.offset)
}

// MaintenanceTimeWindow is a daily window from Begin to End (UTC times of day). When End is before
// Begin the window spans midnight; when they are equal it is the single second Begin.
type MaintenanceTimeWindow struct {
	// Begin is the first second of the window.
	Begin MaintenanceTime
	// End is the last second of the window (inclusive).
	End MaintenanceTime
}

// AlwaysTimeWindow is the window Gardener uses when a Shoot has none, or one that cannot be
// parsed: 00:00:00 to 23:59:59 UTC.
var AlwaysTimeWindow = MaintenanceTimeWindow{Begin: NewMaintenanceTime(0, 0, 0), End: NewMaintenanceTime(23, 59, 59)}

// RandomMaintenanceTimeWindow returns the one-hour window Gardener defaults for a Shoot without
// spec.maintenance.timeWindow: from H:00:00 to H+1:00:00 UTC for an hour H in [0, 22], chosen as
// intn(23). intn must return a value in [0, n), like math/rand/v2.IntN; tests pass a fixed one.
// Hour 23 is never chosen, as in Gardener (pkg/utils/timewindow RandomMaintenanceTimeWindow).
func RandomMaintenanceTimeWindow(intn func(n int) int) MaintenanceTimeWindow {
	hour := intn(23)
	return MaintenanceTimeWindow{Begin: NewMaintenanceTime(hour, 0, 0), End: NewMaintenanceTime(hour+1, 0, 0)}
}

// ParseMaintenanceTimeWindow parses begin and end in Layout. Either failing to parse is an error
// naming it.
func ParseMaintenanceTimeWindow(begin, end string) (MaintenanceTimeWindow, error) {
	b, err := ParseMaintenanceTime(begin)
	if err != nil {
		return MaintenanceTimeWindow{}, fmt.Errorf("could not parse begin time: %w", err)
	}
	e, err := ParseMaintenanceTime(end)
	if err != nil {
		return MaintenanceTimeWindow{}, fmt.Errorf("could not parse end time: %w", err)
	}
	return MaintenanceTimeWindow{Begin: b, End: e}, nil
}

// WithEnd returns the window with another end.
func (w MaintenanceTimeWindow) WithEnd(end MaintenanceTime) MaintenanceTimeWindow {
	return MaintenanceTimeWindow{Begin: w.Begin, End: end}
}

// String returns "begin=HH:MM:SS, end=HH:MM:SS".
func (w MaintenanceTimeWindow) String() string {
	return fmt.Sprintf("begin=%s, end=%s", w.Begin, w.End)
}

// spansMidnight reports whether End lies before Begin.
func (w MaintenanceTimeWindow) spansMidnight() bool { return w.End.Compare(w.Begin) < 0 }

// Duration returns the length of one occurrence of the window, End - Begin, plus a day when the
// window spans midnight.
func (w MaintenanceTimeWindow) Duration() time.Duration {
	return wrap(w.End.offset - w.Begin.offset)
}

// Contains reports whether the UTC time of day of t lies in the window, both ends included.
func (w MaintenanceTimeWindow) Contains(t time.Time) bool {
	m := Of(t)
	if w.spansMidnight() {
		return m.Compare(w.Begin) >= 0 || m.Compare(w.End) <= 0
	}
	return m.Compare(w.Begin) >= 0 && m.Compare(w.End) <= 0
}

// NextBegin returns the first beginning of the window strictly after from. When from lies inside
// an occurrence of the window, or after today's occurrence, that is tomorrow's beginning; before
// today's beginning it is today's.
func (w MaintenanceTimeWindow) NextBegin(from time.Time) time.Time {
	begin := w.Begin.on(from)
	if !begin.After(from.UTC()) {
		begin = begin.Add(day)
	}
	return begin
}

// DurationUntilNext returns the duration from from until an instant inside the next occurrence of
// the window, that is NextBegin(from) plus an offset into the window. random(n) must return a value
// in [0, n) for n > 0; it picks the offset (Gardener spreads the Shoots of one window this way).
// When from is inside the window the result points into tomorrow's occurrence.
func (w MaintenanceTimeWindow) DurationUntilNext(from time.Time, random func(n int64) int64) time.Duration {
	wait := w.NextBegin(from).Sub(from)
	if length := int64(w.Duration()); length > 0 && random != nil {
		wait += time.Duration(random(length))
	}
	return wait
}

func wrap(d time.Duration) time.Duration {
	d %= day
	if d < 0 {
		d += day
	}
	return d
}
