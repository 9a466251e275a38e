// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Package benchutil holds what the project's Go benchmarks share.
package benchutil

import (
	"syscall"
	"testing"
	"time"
)

// ProcessCPU returns the CPU time (user and system) the process has used so far.
func ProcessCPU() time.Duration {
	var usage syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &usage); err != nil {
		return 0
	}
	return time.Duration(usage.Utime.Nano() + usage.Stime.Nano())
}

// ReportCPU reports, as the metric cpu-ns/op, the CPU time the process used since start (a
// ProcessCPU reading taken before the benchmark loop) divided by b.N. Call it after the loop.
// Unlike ns/op it does not count the time the process waited for a processor, so on a machine
// shared with other builds it varies far less; it does count the garbage collector's work on
// every core. It returns the reported value.
func ReportCPU(b *testing.B, start time.Duration) float64 {
	if b.N == 0 {
		return 0
	}
	perOp := float64((ProcessCPU() - start).Nanoseconds()) / float64(b.N)
	b.ReportMetric(perOp, "cpu-ns/op")
	return perOp
}
