// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// settleWindow is the interval over which settle measures the garden's CPU use.
const settleWindow = 10 * time.Second

// settle waits until the garden's processes together use less than cores over settleWindow,
// for at most timeout, and returns how long that took and whether they settled. Extension
// controllers keep working after the last Extension appeared (deploying the components), so the
// quiet interval starts only then.
func settle(ctx context.Context, binDir string, cores float64, timeout time.Duration) (time.Duration, bool, error) {
	start := time.Now()
	previous, err := sampleProcesses(binDir)
	if err != nil {
		return 0, false, err
	}
	for time.Since(start) < timeout {
		select {
		case <-time.After(settleWindow):
		case <-ctx.Done():
			return 0, false, ctx.Err()
		}
		current, err := sampleProcesses(binDir)
		if err != nil {
			return 0, false, err
		}
		used := 0.0
		for name, p := range current {
			used += p.cpuSeconds - previous[name].cpuSeconds
		}
		if used < cores*settleWindow.Seconds() {
			return time.Since(start), true, nil
		}
		previous = current
	}
	return time.Since(start), false, nil
}

// process is a sample of one process of the garden.
type process struct {
	name       string
	rssBytes   int64
	cpuSeconds float64
}

// sampleProcesses reads RSS and CPU time of the processes whose executable is in binDir, by
// binary name; several processes of one binary are summed.
func sampleProcesses(binDir string) (map[string]process, error) {
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return nil, err
	}
	out := map[string]process{}
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil || pid == os.Getpid() {
			continue
		}
		exe, err := os.Readlink(fmt.Sprintf("/proc/%d/exe", pid))
		if err != nil || filepath.Dir(strings.TrimSuffix(exe, " (deleted)")) != binDir {
			continue
		}
		name := filepath.Base(strings.TrimSuffix(exe, " (deleted)"))
		stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
		if err != nil {
			continue
		}
		// Fields after the command name (which is in parentheses and may contain spaces).
		fields := strings.Fields(string(stat[strings.LastIndexByte(string(stat), ')')+2:]))
		if len(fields) < 22 {
			continue
		}
		utime, _ := strconv.ParseFloat(fields[11], 64)
		stime, _ := strconv.ParseFloat(fields[12], 64)
		rssPages, _ := strconv.ParseInt(fields[21], 10, 64)
		p := out[name]
		p.name = name
		p.cpuSeconds += (utime + stime) / clockTicks
		p.rssBytes += rssPages * int64(os.Getpagesize())
		out[name] = p
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no process runs a binary of %s: is the local garden of this worktree up?", binDir)
	}
	return out, nil
}

// clockTicks is USER_HZ, the unit of utime and stime in /proc/<pid>/stat (100 on Linux).
const clockTicks = 100
