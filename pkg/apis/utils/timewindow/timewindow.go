// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Package timewindow holds the daily maintenance time window of a Shoot
// (spec.maintenance.timeWindow{begin,end}) with Gardener's semantics: begin and end are times of
// day in the form HHMMSS+ZZZZ (Go layout "150405-0700"), converted to UTC; containment is
// inclusive at both ends; a window whose end lies before its begin spans midnight. Values are
// immutable: every method returns a new value.
package timewindow

import (
	"fmt"
	"time"

	"k8s.io/apimachinery/pkg/util/rand"
)

// maintenanceTimeLayout is the Go time layout of a maintenance time: "HHMMSS+ZZZZ", e.g. "220000+0100".
const maintenanceTimeLayout = "150405-0700"

const (
	day              = 24 * time.Hour
	secondsPerMinute = 60
	secondsPerHour   = 60 * secondsPerMinute
	secondsPerDay    = 24 * secondsPerHour
)

// MaintenanceTime is a time of day in UTC, to the second.
type MaintenanceTime struct {
	seconds int // since 00:00:00 UTC, in [0, secondsPerDay)
}

// NewMaintenanceTime returns the time of day hour:minute:second UTC. It panics when hour is not in
// [0, 24) or minute or second not in [0, 60).
func NewMaintenanceTime(hour, minute, second int) *MaintenanceTime {
	switch {
	case hour < 0 || hour >= 24:
		panic(fmt.Sprintf("invalid hour %d", hour))
	case minute < 0 || minute >= 60:
		panic(fmt.Sprintf("invalid minute %d", minute))
	case second < 0 || second >= 60:
		panic(fmt.Sprintf("invalid second %d", second))
	}
	return &MaintenanceTime{seconds: hour*secondsPerHour + minute*secondsPerMinute + second}
}

// ParseMaintenanceTime parses a maintenance time "HHMMSS+ZZZZ" and converts it to UTC. A value
// that does not match the layout is an error.
func ParseMaintenanceTime(value string) (*MaintenanceTime, error) {
	t, err := time.Parse(maintenanceTimeLayout, value)
	if err != nil {
		return nil, fmt.Errorf("could not parse %q as a maintenance time (HHMMSS+ZZZZ): %w", value, err)
	}
	return maintenanceTimeOf(t), nil
}

// maintenanceTimeOf returns the UTC time of day of t.
func maintenanceTimeOf(t time.Time) *MaintenanceTime {
	t = t.UTC()
	return NewMaintenanceTime(t.Hour(), t.Minute(), t.Second())
}

// RandomMaintenanceTimeWindow returns the one-hour window Gardener defaults for a Shoot without
// spec.maintenance.timeWindow: H:00:00 to H+1:00:00 UTC for a random hour H in [0, 22] (hour 23 is
// never chosen, as in Gardener), drawn from k8s.io/apimachinery's rand (seeded by rand.Seed).
// RandomMaintenanceTimeWindowFrom takes the random source.
func RandomMaintenanceTimeWindow() *MaintenanceTimeWindow {
	return RandomMaintenanceTimeWindowFrom(rand.Intn)
}

// String returns the time as HH:MM:SS (UTC).
func (m *MaintenanceTime) String() string {
	return fmt.Sprintf("%02d:%02d:%02d", m.Hour(), m.Minute(), m.Second())
}

// Formatted returns the time in the maintenance time layout, in UTC ("220000+0000").
func (m *MaintenanceTime) Formatted() string {
	return m.on(time.Date(1, time.January, 1, 0, 0, 0, 0, time.UTC)).Format(maintenanceTimeLayout)
}

// Hour returns the hour, in [0, 24).
func (m *MaintenanceTime) Hour() int { return m.seconds / secondsPerHour }

// Minute returns the minute, in [0, 60).
func (m *MaintenanceTime) Minute() int { return m.seconds / secondsPerMinute % 60 }

// Second returns the second, in [0, 60).
func (m *MaintenanceTime) Second() int { return m.seconds % secondsPerMinute }

// Add returns m moved by the given hours, minutes and seconds (each may be negative), wrapping
// around the day.
func (m *MaintenanceTime) Add(hour, minute, second int) *MaintenanceTime {
	s := (m.seconds + hour*secondsPerHour + minute*secondsPerMinute + second) % secondsPerDay
	if s < 0 {
		s += secondsPerDay
	}
	return &MaintenanceTime{seconds: s}
}

// Compare returns a negative number, 0 or a positive number when m is before, equal to or after
// other within a day.
func (m *MaintenanceTime) Compare(other *MaintenanceTime) int {
	return m.seconds - other.seconds
}

// on returns the instant of m on the UTC calendar day of t.
func (m *MaintenanceTime) on(t time.Time) time.Time {
	t = t.UTC()
	return time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC).Add(time.Duration(m.seconds) * time.Second)
}

// MaintenanceTimeWindow is a daily window from Begin to End (UTC times of day, End inclusive).
// When End is before Begin the window spans midnight; when they are equal it is the single
// second Begin.
type MaintenanceTimeWindow struct {
	begin *MaintenanceTime
	end   *MaintenanceTime
}

// AlwaysTimeWindow is the window Gardener uses when a Shoot has none, or one that cannot be
// parsed: 00:00:00 to 23:59:59 UTC.
var AlwaysTimeWindow = NewMaintenanceTimeWindow(NewMaintenanceTime(0, 0, 0), NewMaintenanceTime(23, 59, 59))

// NewMaintenanceTimeWindow returns the window from begin to end.
func NewMaintenanceTimeWindow(begin, end *MaintenanceTime) *MaintenanceTimeWindow {
	return &MaintenanceTimeWindow{begin: begin, end: end}
}

// ParseMaintenanceTimeWindow parses begin and end ("HHMMSS+ZZZZ"). Either failing to parse is an
// error naming it.
func ParseMaintenanceTimeWindow(begin, end string) (*MaintenanceTimeWindow, error) {
	b, err := ParseMaintenanceTime(begin)
	if err != nil {
		return nil, fmt.Errorf("could not parse begin time: %w", err)
	}
	e, err := ParseMaintenanceTime(end)
	if err != nil {
		return nil, fmt.Errorf("could not parse end time: %w", err)
	}
	return NewMaintenanceTimeWindow(b, e), nil
}

// String returns "begin=HH:MM:SS, end=HH:MM:SS".
func (m *MaintenanceTimeWindow) String() string {
	return fmt.Sprintf("begin=%s, end=%s", m.begin, m.end)
}

// Equal reports whether both windows have the same begin and end.
func (m *MaintenanceTimeWindow) Equal(o *MaintenanceTimeWindow) bool {
	return m.begin.Compare(o.begin) == 0 && m.end.Compare(o.end) == 0
}

// Begin returns the first second of the window.
func (m *MaintenanceTimeWindow) Begin() *MaintenanceTime { return m.begin }

// End returns the last second of the window.
func (m *MaintenanceTimeWindow) End() *MaintenanceTime { return m.end }

// WithBegin returns the window with another begin.
func (m *MaintenanceTimeWindow) WithBegin(begin *MaintenanceTime) *MaintenanceTimeWindow {
	return NewMaintenanceTimeWindow(begin, m.end)
}

// WithEnd returns the window with another end.
func (m *MaintenanceTimeWindow) WithEnd(end *MaintenanceTime) *MaintenanceTimeWindow {
	return NewMaintenanceTimeWindow(m.begin, end)
}

// Contains reports whether the UTC time of day of t lies in the window, both ends included.
func (m *MaintenanceTimeWindow) Contains(t time.Time) bool {
	at := maintenanceTimeOf(t)
	if m.spansDifferentDays() {
		return at.Compare(m.begin) >= 0 || at.Compare(m.end) <= 0
	}
	return at.Compare(m.begin) >= 0 && at.Compare(m.end) <= 0
}

// Duration returns the length of one occurrence of the window, End - Begin, plus a day when the
// window spans midnight. A window whose begin equals its end lasts zero (Gardener's lasts a day).
func (m *MaintenanceTimeWindow) Duration() time.Duration {
	return time.Duration(m.end.Add(0, 0, -m.begin.seconds).seconds) * time.Second
}

// AdjustedBegin returns the begin on the UTC calendar day of t.
func (m *MaintenanceTimeWindow) AdjustedBegin(t time.Time) time.Time {
	return m.begin.on(t)
}

// AdjustedEnd returns the end of the occurrence that begins on the UTC calendar day of t: on that
// day, or on the next when the end is not after the begin.
func (m *MaintenanceTimeWindow) AdjustedEnd(t time.Time) time.Time {
	end := m.end.on(t)
	if m.end.Compare(m.begin) <= 0 {
		end = end.Add(day)
	}
	return end
}

func (m *MaintenanceTimeWindow) spansDifferentDays() bool {
	return m.end.Compare(m.begin) < 0
}
