// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Command lift turns a clean gardener/gardener checkout at the commit of hack/lift/manifest.yaml
// into GEP-78's patch set: it copies and merges this repository's files as the manifest says,
// regenerates with upstream's generators, builds, commits the series, runs the unit tests of the
// touched packages and prints a summary.
//
// Usage: go run ./hack/lift [-skip generate,build,test,commit] <gardener checkout>
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/gep-78/gardener/hack/lift/manifest"
)

// lifter holds one run of the lift.
type lifter struct {
	m        *manifest.Manifest
	repo     string
	checkout string
	// files are this repository's tracked files.
	files       []string
	boilerplate string
	skip        map[string]bool
	out         io.Writer
	// env is the environment of commands run in the checkout.
	env []string
	// replaces are the -replace flags.
	replaces []string
	// until is the last commit to apply, if set.
	until string
	// from is the first commit to apply, if set.
	from string
	// targets maps our files that lift to their upstream paths.
	targets map[string]string
	// notes are what the summary reports besides the commits and tests.
	notes []string
	// temporary are the folders the run made; they go when it ends.
	temporary []string
}

func main() {
	skip := flag.String("skip", "", "comma-separated steps to leave out: generate, build, test, commit")
	manifestFile := flag.String("manifest", manifest.File, "the manifest, relative to the repository root")
	check := flag.Bool("check", false, "only check that the manifest has one entry for every file")
	until := flag.String("until", "", "stop after this commit of the series")
	from := flag.String("from", "", "start at this commit of the series; the checkout holds the commits before it (from an earlier run)")
	var replaces replaceFlags
	flag.Var(&replaces, "replace", "module@version=folder: build with the module's source from the folder (repeatable), for modules the module proxy does not serve")
	flag.Parse()
	if *check {
		l := &lifter{repo: "."}
		m, err := manifest.Load(*manifestFile)
		if err != nil {
			fail(err)
		}
		l.m = m
		if err := l.listFiles(); err != nil {
			fail(err)
		}
		if err := l.checkComplete(); err != nil {
			fail(err)
		}
		return
	}
	if flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: lift [-skip generate,build,test,commit] <gardener checkout>")
		os.Exit(2)
	}
	l := &lifter{skip: map[string]bool{}, out: os.Stdout, replaces: replaces, until: *until, from: *from}
	for _, s := range strings.Split(*skip, ",") {
		if s != "" {
			l.skip[s] = true
		}
	}
	var err error
	if l.repo, err = os.Getwd(); err != nil {
		fail(err)
	}
	if l.checkout, err = filepath.Abs(flag.Arg(0)); err != nil {
		fail(err)
	}
	if l.m, err = manifest.Load(filepath.Join(l.repo, *manifestFile)); err != nil {
		fail(err)
	}
	ok, err := l.run()
	for _, dir := range l.temporary {
		_ = os.RemoveAll(dir)
	}
	if err != nil {
		fail(err)
	}
	if !ok {
		os.Exit(1)
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "lift:", err)
	os.Exit(2)
}

func (l *lifter) logf(format string, args ...any) {
	fmt.Fprintf(l.out, format+"\n", args...)
}

// run lifts commit by commit and reports whether the builds and tests passed.
func (l *lifter) run() (bool, error) {
	started := time.Now()
	if err := l.prepare(); err != nil {
		return false, err
	}
	base, err := l.git("rev-parse", "HEAD")
	if err != nil {
		return false, err
	}
	var touched []string
	sum := &summary{base: base}
	applying := l.from == ""
	for i, c := range l.m.Series {
		if c.Name == l.from {
			applying = true
		}
		if !applying {
			continue
		}
		l.logf("[%d/%d] %s", i+1, len(l.m.Series), c.Subject)
		paths, err := l.applyCommit(c)
		if err != nil {
			return false, fmt.Errorf("%s: %w", c.Name, err)
		}
		if err := l.checkModuleBoundaries(paths); err != nil {
			return false, fmt.Errorf("%s: %w", c.Name, err)
		}
		if err := l.generate(c); err != nil {
			return false, fmt.Errorf("%s: %w", c.Name, err)
		}
		if err := l.format(paths); err != nil {
			return false, fmt.Errorf("%s: %w", c.Name, err)
		}
		touched = append(touched, paths...)
		if !l.skip["build"] {
			if err := l.build(goPackages(paths)); err != nil {
				return false, fmt.Errorf("%s does not build: %w", c.Name, err)
			}
		}
		if !l.skip["commit"] {
			if err := l.commit(c, sum); err != nil {
				return false, err
			}
		}
		if c.Name == l.until {
			break
		}
	}
	passed := true
	if !l.skip["test"] {
		if sum.tests, err = l.test(goPackages(touched)); err != nil {
			return false, err
		}
		passed = sum.tests.failedPackages() == 0
	}
	sum.took = time.Since(started)
	sum.notes = l.notes
	sum.print(l.out, l.m)
	return passed, nil
}

// prepare checks the checkout and reads what the run needs.
func (l *lifter) prepare() error {
	head, err := l.git("rev-parse", "HEAD")
	if err != nil {
		return fmt.Errorf("%s is not a git checkout: %w", l.checkout, err)
	}
	if l.from != "" {
		if err := l.checkResume(); err != nil {
			return err
		}
	} else if !strings.HasPrefix(head, l.m.Upstream.Commit) {
		return fmt.Errorf("%s is at %s; the manifest is for %s %s", l.checkout, head, l.m.Upstream.Repository, l.m.Upstream.Commit)
	}
	if status, err := l.git("status", "--porcelain"); err != nil || status != "" {
		return fmt.Errorf("%s has local changes; the lift needs a clean checkout:\n%s", l.checkout, status)
	}
	boilerplate, err := os.ReadFile(filepath.Join(l.checkout, "hack", "LICENSE_BOILERPLATE.txt"))
	if err != nil {
		return err
	}
	l.boilerplate = string(boilerplate)
	if err := l.listFiles(); err != nil {
		return err
	}
	if err := l.checkComplete(); err != nil {
		return err
	}
	l.targets = map[string]string{}
	for _, f := range l.files {
		e, _ := l.m.Resolve(f)
		switch {
		case e.Copy != nil:
			l.targets[f] = e.Copy.Target(f)
		case e.Merge != nil:
			l.targets[f] = e.Merge.Target()
		}
	}
	l.env = append(os.Environ(), "GOFLAGS=-buildvcs=false")
	if len(l.replaces) > 0 {
		work, err := l.workspace(l.replaces)
		if err != nil {
			return fmt.Errorf("writing the workspace with the replacements: %w", err)
		}
		l.env = append(l.env, "GOWORK="+work)
	}
	return nil
}

// checkResume checks that the checkout holds the series up to the commit before l.from on top
// of the upstream commit.
func (l *lifter) checkResume() error {
	var prev *manifest.Commit
	for i, c := range l.m.Series {
		if c.Name == l.from {
			if i == 0 {
				return fmt.Errorf("-from %s: it is the first commit; run without -from", l.from)
			}
			prev = &l.m.Series[i-1]
		}
	}
	if prev == nil {
		return fmt.Errorf("-from %s: no such commit in the series", l.from)
	}
	subject, err := l.git("log", "-1", "--format=%s")
	if err != nil {
		return err
	}
	if subject != prev.Subject {
		return fmt.Errorf("-from %s: the checkout's last commit is %q, not %q", l.from, subject, prev.Subject)
	}
	if _, err := l.git("merge-base", "--is-ancestor", l.m.Upstream.Commit, "HEAD"); err != nil {
		return fmt.Errorf("-from %s: the checkout does not descend from %s", l.from, l.m.Upstream.Commit)
	}
	return nil
}

// listFiles reads this repository's tracked files.
func (l *lifter) listFiles() error {
	out, err := exec.Command("git", "-C", l.repo, "ls-files").Output()
	if err != nil {
		return fmt.Errorf("listing this repository's files: %w", err)
	}
	l.files = strings.Fields(string(out))
	return nil
}

// git runs git in the checkout and returns its trimmed output.
func (l *lifter) git(args ...string) (string, error) {
	cmd := exec.Command("git", append([]string{"-C", l.checkout}, args...)...)
	out, err := cmd.Output()
	if err != nil {
		if ee, ok := err.(*exec.ExitError); ok {
			return "", fmt.Errorf("git %s: %w: %s", strings.Join(args, " "), err, ee.Stderr)
		}
		return "", err
	}
	return strings.TrimSpace(string(out)), nil
}

// commit records the checkout's changes as commit c.
func (l *lifter) commit(c manifest.Commit, sum *summary) error {
	if _, err := l.git("add", "-A"); err != nil {
		return err
	}
	message := c.Subject
	if c.Body != "" {
		message += "\n\n" + strings.TrimSpace(c.Body)
	}
	args := []string{"commit", "-q", "-m", message}
	if email, _ := l.git("config", "user.email"); email == "" {
		args = append([]string{"-c", "user.name=GEP-78 lift", "-c", "user.email=gep-78-lift@invalid"}, args...)
	}
	if _, err := l.git(args...); err != nil {
		return err
	}
	hash, err := l.git("rev-parse", "--short", "HEAD")
	if err != nil {
		return err
	}
	stat, err := l.git("diff", "--shortstat", "HEAD~1", "HEAD")
	if err != nil {
		return err
	}
	added, err := l.git("diff", "--name-only", "--diff-filter=A", "HEAD~1", "HEAD")
	if err != nil {
		return err
	}
	sum.commits = append(sum.commits, commitStat{hash: hash, name: c.Name, subject: c.Subject, stat: stat, added: len(strings.Fields(added))})
	return nil
}
