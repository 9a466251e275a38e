// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package main

import (
	"fmt"
	"math"
	"os"
	"slices"
	"strconv"
	"strings"
)

// RSS checkpoints (--checkpoint-every): every process is sampled, without waiting for the garden
// to settle, each time the count of created ShootCopy objects or Shoots reaches a multiple of
// every, so that a run cut short still yields the figures of the counts it reached.

// isCheckpoint reports whether n created objects is a checkpoint; every 0 means none.
func isCheckpoint(n, every int) bool {
	return every > 0 && n > 0 && n%every == 0
}

// perObjectKiB is what a process's RSS grew by from one sample to another, per object, in KiB;
// n below 1 counts as 1.
func perObjectKiB(from, to process, n int) float64 {
	return float64(to.rssBytes-from.rssBytes) / float64(max(n, 1)) / 1024
}

// memoryRow is one process's line of a memory table. ratio is per Shoot against kube-apiserver's
// per ShootCopy, NaN when there is no baseline.
type memoryRow struct {
	name     string
	rssBytes int64
	perShoot float64 // KiB
	ratio    float64
}

// memoryRows returns, by process name, each process of to with its RSS growth per Shoot since
// from (a process missing from from counts from zero), and the growth against kubePerObject
// (KiB per ShootCopy; 0 or less: no baseline).
func memoryRows(from, to map[string]process, shoots int, kubePerObject float64) []memoryRow {
	names := make([]string, 0, len(to))
	for name := range to {
		names = append(names, name)
	}
	slices.Sort(names)
	rows := make([]memoryRow, 0, len(names))
	for _, name := range names {
		row := memoryRow{name: name, rssBytes: to[name].rssBytes, perShoot: perObjectKiB(from[name], to[name], shoots), ratio: math.NaN()}
		if kubePerObject > 0 {
			row.ratio = row.perShoot / kubePerObject
		}
		rows = append(rows, row)
	}
	return rows
}

func (r memoryRow) ratioString() string {
	if math.IsNaN(r.ratio) {
		return "-"
	}
	return fmt.Sprintf("%.2f", r.ratio)
}

// printCopiesCheckpoint prints kube-apiserver's RSS after n ShootCopy objects and its growth per
// object since start.
func printCopiesCheckpoint(n int, start, now map[string]process) {
	fmt.Printf("  checkpoint: %d ShootCopy objects: kube-apiserver %d MiB, %.1f KiB per ShootCopy; %s\n",
		n, now["kube-apiserver"].rssBytes>>20, perObjectKiB(start["kube-apiserver"], now["kube-apiserver"], n), machineState())
}

// printShootsCheckpoint prints every process's RSS after n Shoots, its growth per Shoot since
// from and the ratio to kubePerObject, with how many Shoots had all their seed Extensions.
func printShootsCheckpoint(n, complete int, from, now map[string]process, kubePerObject float64) {
	fmt.Printf("\n#### Checkpoint: %d Shoots created, %d with all their seed Extensions; kube-apiserver per ShootCopy at %d: %.1f KiB; %s\n\n",
		n, complete, n, kubePerObject, machineState())
	fmt.Println("| process | RSS | per Shoot | per Shoot / kube-apiserver per ShootCopy |")
	fmt.Println("|---|---|---|---|")
	for _, r := range memoryRows(from, now, n, kubePerObject) {
		fmt.Printf("| %s | %d MiB | %.1f KiB | %s |\n", r.name, r.rssBytes>>20, r.perShoot, r.ratioString())
	}
	fmt.Println()
}

// machineState describes the load average and the available memory of the machine, or says
// that /proc did not tell.
func machineState() string {
	state := "load average unknown"
	if data, err := os.ReadFile("/proc/loadavg"); err == nil {
		if load, err := parseLoadavg(string(data)); err == nil {
			state = "load average " + load
		}
	}
	if data, err := os.ReadFile("/proc/meminfo"); err == nil {
		if available, err := parseMemAvailable(string(data)); err == nil {
			state += fmt.Sprintf(", %.1f GiB available", float64(available)/(1<<30))
		}
	}
	return state
}

// parseLoadavg returns the 1, 5 and 15 minute load averages of /proc/loadavg as "a, b, c".
func parseLoadavg(content string) (string, error) {
	fields := strings.Fields(content)
	if len(fields) < 3 {
		return "", fmt.Errorf("/proc/loadavg has %d fields, want at least 3", len(fields))
	}
	for _, f := range fields[:3] {
		if _, err := strconv.ParseFloat(f, 64); err != nil {
			return "", fmt.Errorf("/proc/loadavg: %w", err)
		}
	}
	return strings.Join(fields[:3], ", "), nil
}

// parseMemAvailable returns MemAvailable of /proc/meminfo in bytes (the file gives kB).
func parseMemAvailable(content string) (int64, error) {
	for line := range strings.SplitSeq(content, "\n") {
		rest, ok := strings.CutPrefix(line, "MemAvailable:")
		if !ok {
			continue
		}
		fields := strings.Fields(rest)
		if len(fields) != 2 || fields[1] != "kB" {
			return 0, fmt.Errorf("/proc/meminfo: unexpected MemAvailable line %q", line)
		}
		kB, err := strconv.ParseInt(fields[0], 10, 64)
		if err != nil {
			return 0, fmt.Errorf("/proc/meminfo: %w", err)
		}
		return kB * 1024, nil
	}
	return 0, fmt.Errorf("/proc/meminfo has no MemAvailable line")
}
