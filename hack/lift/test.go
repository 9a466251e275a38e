// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/gep-78/gardener/hack/lift/manifest"
)

// packageResult is the outcome of one package's tests.
type packageResult struct {
	pkg    string
	action string // pass, fail, or skip (no test files)
	// specs counts Ginkgo specs and plain tests.
	passed, failed int
	// failures names the failed specs or tests, with the file when Ginkgo reports it.
	failures []string
	// output is the package's output, kept for a failure without named specs.
	output strings.Builder
}

type testResults []*packageResult

func (r testResults) failedPackages() int {
	n := 0
	for _, p := range r {
		if p.action == "fail" {
			n++
		}
	}
	return n
}

// testEvent is a line of go test -json.
type testEvent struct {
	Action  string
	Package string
	Test    string
	Output  string
}

var (
	ansiColor     = regexp.MustCompile("\x1b\\[[0-9;]*m")
	ginkgoCounts  = regexp.MustCompile(`(\d+) Passed \| (\d+) Failed`)
	ginkgoFailure = regexp.MustCompile(`^\s*\[(?:FAIL|PANICKED!|TIMEDOUT|INTERRUPTED)\] (.*)$`)
	ginkgoFile    = regexp.MustCompile(`^\s+(/\S+\.go:\d+)`)
)

// test runs the unit tests of the packages in dirs that have tests.
func (l *lifter) test(dirs []string) (testResults, error) {
	var pkgs []string
	for _, d := range dirs {
		if matches, _ := filepath.Glob(filepath.Join(l.checkout, d, "*_test.go")); len(matches) > 0 {
			pkgs = append(pkgs, "./"+d)
		}
	}
	if len(pkgs) == 0 {
		return nil, nil
	}
	l.logf("test %d packages", len(pkgs))
	cmd := exec.Command("go", append([]string{"test", "-json", "-count=1", "-timeout=20m"}, pkgs...)...)
	cmd.Dir = l.checkout
	cmd.Env = l.env
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	results := parseTestEvents(stdout, func(p *packageResult) {
		l.logf("  %s %s (%d passed, %d failed)", p.action, p.pkg, p.passed, p.failed)
	})
	// go test exits non-zero when a package fails; the results say which.
	_ = cmd.Wait()
	if len(results) == 0 {
		return nil, fmt.Errorf("go test reported nothing: %s", stderr.String())
	}
	return results, nil
}

// parseTestEvents reads go test -json output; done is called as each package finishes.
func parseTestEvents(r io.Reader, done func(*packageResult)) testResults {
	byPkg := map[string]*packageResult{}
	var order []string
	get := func(pkg string) *packageResult {
		if p, ok := byPkg[pkg]; ok {
			return p
		}
		p := &packageResult{pkg: pkg}
		byPkg[pkg] = p
		order = append(order, pkg)
		return p
	}
	pending := map[string]string{}
	scanner := bufio.NewScanner(r)
	scanner.Buffer(make([]byte, 1<<20), 1<<24)
	for scanner.Scan() {
		var e testEvent
		if json.Unmarshal(scanner.Bytes(), &e) != nil || e.Package == "" {
			continue
		}
		p := get(e.Package)
		switch {
		case e.Action == "output":
			p.output.WriteString(e.Output)
			line := ansiColor.ReplaceAllString(strings.TrimRight(e.Output, "\n"), "")
			if m := ginkgoCounts.FindStringSubmatch(line); m != nil {
				passed, _ := strconv.Atoi(m[1])
				failed, _ := strconv.Atoi(m[2])
				p.passed += passed
				p.failed += failed
			}
			if m := ginkgoFailure.FindStringSubmatch(line); m != nil {
				pending[e.Package] = m[1]
			} else if m := ginkgoFile.FindStringSubmatch(line); m != nil && pending[e.Package] != "" {
				p.failures = append(p.failures, pending[e.Package]+" ("+m[1]+")")
				pending[e.Package] = ""
			}
		case e.Test != "" && !strings.Contains(e.Test, "/") && (e.Action == "pass" || e.Action == "fail"):
			if !strings.Contains(p.output.String(), "Ran ") {
				if e.Action == "pass" {
					p.passed++
				} else {
					p.failed++
					p.failures = append(p.failures, e.Test)
				}
			}
		case e.Test == "" && (e.Action == "pass" || e.Action == "fail" || e.Action == "skip"):
			p.action = e.Action
			done(p)
		}
	}
	results := make(testResults, 0, len(order))
	for _, pkg := range order {
		results = append(results, byPkg[pkg])
	}
	return results
}

// commitStat describes one commit of the series.
type commitStat struct {
	hash, name, subject, stat string
	added                     int
}

// summary is what the lift prints at the end.
type summary struct {
	notes   []string
	base    string
	commits []commitStat
	tests   testResults
	took    time.Duration
}

func (s *summary) print(w io.Writer, m *manifest.Manifest) {
	fmt.Fprintf(w, "\nGEP-78 patch set on %s %s\n", m.Upstream.Repository, shortHash(s.base))
	for _, c := range s.commits {
		fmt.Fprintf(w, "  %s %-18s %s (%d new)\n", c.hash, c.name, c.stat, c.added)
	}
	if len(s.commits) > 0 {
		fmt.Fprintf(w, "  total: %s\n", s.total())
	}
	if s.tests != nil {
		var passedPkgs, passed, failed int
		for _, p := range s.tests {
			if p.action == "pass" {
				passedPkgs++
			}
			passed += p.passed
			failed += p.failed
		}
		fmt.Fprintf(w, "tests: %d of %d packages passed; %d specs and tests passed, %d failed\n", passedPkgs, len(s.tests), passed, failed)
		sort.SliceStable(s.tests, func(i, j int) bool { return s.tests[i].pkg < s.tests[j].pkg })
		for _, p := range s.tests {
			if p.action != "fail" {
				continue
			}
			fmt.Fprintf(w, "  FAIL %s\n", p.pkg)
			for _, f := range p.failures {
				fmt.Fprintf(w, "    %s\n", f)
			}
			if len(p.failures) == 0 {
				fmt.Fprintf(w, "%s\n", indent(tail(p.output.String(), 20), "    "))
			}
		}
	}
	if len(s.notes) > 0 {
		fmt.Fprintf(w, "notes:\n")
		for _, n := range s.notes {
			fmt.Fprintf(w, "  %s\n", n)
		}
	}
	fmt.Fprintf(w, "took %s\n", s.took.Round(time.Second))
}

// total sums the per-commit shortstats.
func (s *summary) total() string {
	var files, ins, del, added int
	number := regexp.MustCompile(`(\d+) (file|insertion|deletion)`)
	for _, c := range s.commits {
		added += c.added
		for _, m := range number.FindAllStringSubmatch(c.stat, -1) {
			n, _ := strconv.Atoi(m[1])
			switch m[2] {
			case "file":
				files += n
			case "insertion":
				ins += n
			case "deletion":
				del += n
			}
		}
	}
	return fmt.Sprintf("%d file changes (%d new files), +%d -%d lines", files, added, ins, del)
}

func shortHash(h string) string {
	if len(h) > 10 {
		return h[:10]
	}
	return h
}

func indent(s, prefix string) string {
	return prefix + strings.ReplaceAll(s, "\n", "\n"+prefix)
}
