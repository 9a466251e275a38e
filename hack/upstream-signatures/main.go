// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Command upstream-signatures compares the functions and methods, exported or not, of every Go
// package that exists both here and in gardener/gardener (same folder) with upstream's, and in
// folders of API types the fields of struct types (signatures.Fields), and records upstream's
// signatures. Generated files are left out on both sides.
//
// Usage: go run ./hack/upstream-signatures [-write] <gardener git directory> <commit>
//
// It prints every function or method (by receiver type and name) of both whose signature differs,
// and every upstream function this project has only as its "At" variant, exported where upstream's
// is not, or as a function where upstream's is a method (signatures.Compare), and exits 1 when one
// is not a listed deviation. With -write it also writes
// test/integration/docs/testdata/upstream-signatures.txt, which the docs suite checks the
// packages against. Run it from the repository root (hack/check-upstream-signatures.sh does).
package main

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"

	"github.com/gep-78/gardener/test/signatures"
)

const (
	// List is the file -write writes, relative to the repository root.
	List = "test/integration/docs/testdata/upstream-signatures.txt"
	// Deviations lists the mismatches kept on purpose ("<dir>\t<key>\t<reason>"); they are
	// printed but do not fail.
	Deviations = "test/integration/docs/testdata/upstream-signature-deviations.txt"
)

func main() {
	write := flag.Bool("write", false, "write "+List)
	flag.Parse()
	if flag.NArg() != 2 {
		fmt.Fprintln(os.Stderr, "usage: upstream-signatures [-write] <gardener git directory> <commit>")
		os.Exit(2)
	}
	mismatches, err := run(flag.Arg(0), flag.Arg(1), *write)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	deviations, err := readDeviations()
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	failed := false
	for _, m := range mismatches {
		if reason, ok := deviations[m.dir+"\t"+m.Key]; ok {
			fmt.Printf("deviation %s %s (%s)\n", m.dir, m.Key, reason)
			continue
		}
		fmt.Println(m.dir + " " + signatures.Describe(m.Mismatch))
		failed = true
	}
	if failed {
		os.Exit(1)
	}
}

// mismatch is a signatures.Mismatch in dir.
type mismatch struct {
	signatures.Mismatch
	dir string
}

// readDeviations reads Deviations: "<dir>\t<key>" → reason.
func readDeviations() (map[string]string, error) {
	data, err := os.ReadFile(Deviations)
	if err != nil {
		return nil, err
	}
	deviations := map[string]string{}
	for _, line := range strings.Split(string(data), "\n") {
		if fields := strings.SplitN(line, "\t", 3); len(fields) == 3 && !strings.HasPrefix(line, "#") {
			deviations[fields[0]+"\t"+fields[1]] = fields[2]
		}
	}
	return deviations, nil
}

// run compares the packages and returns the mismatches.
func run(gardener, commit string, write bool) ([]mismatch, error) {
	upstreamDirs, err := upstreamPackages(gardener, commit)
	if err != nil {
		return nil, err
	}
	localDirs, err := localPackages(".")
	if err != nil {
		return nil, err
	}
	var common []string
	for _, dir := range localDirs {
		if upstreamDirs[dir] {
			common = append(common, dir)
		}
	}

	tmp, err := os.MkdirTemp("", "upstream-signatures-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	archive := exec.Command("git", append([]string{"-C", gardener, "archive", "--format=tar", commit, "--"}, common...)...)
	extract := exec.Command("tar", "-x", "-C", tmp)
	extract.Stdin, err = archive.StdoutPipe()
	if err != nil {
		return nil, err
	}
	archive.Stderr, extract.Stderr = os.Stderr, os.Stderr
	if err := extract.Start(); err != nil {
		return nil, err
	}
	if err := archive.Run(); err != nil {
		return nil, fmt.Errorf("git archive: %w", err)
	}
	if err := extract.Wait(); err != nil {
		return nil, fmt.Errorf("tar: %w", err)
	}

	var (
		mismatches []mismatch
		records    []string
	)
	for _, dir := range common {
		upstream, err := signatures.Dir(filepath.Join(tmp, dir))
		if err != nil {
			return nil, fmt.Errorf("upstream %s: %w", dir, err)
		}
		local, err := signatures.Dir(dir)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", dir, err)
		}
		for _, f := range upstream {
			records = append(records, dir+"\t"+f.Key+"\t"+f.Signature)
		}
		for _, m := range signatures.Compare(upstream, local) {
			mismatches = append(mismatches, mismatch{m, dir})
		}
	}
	if write {
		if err := writeList(commit, upstreamDirs, common, records); err != nil {
			return nil, err
		}
	}
	return mismatches, nil
}

// upstreamPackages returns the folders of gardener/gardener at commit that hold a non-test Go file.
func upstreamPackages(gardener, commit string) (map[string]bool, error) {
	out, err := exec.Command("git", "-C", gardener, "ls-tree", "-r", "--name-only", commit).Output()
	if err != nil {
		return nil, fmt.Errorf("git ls-tree: %w", err)
	}
	dirs := map[string]bool{}
	for _, file := range strings.Split(string(out), "\n") {
		if strings.HasSuffix(file, ".go") && !strings.HasSuffix(file, "_test.go") {
			dirs[filepath.ToSlash(filepath.Dir(file))] = true
		}
	}
	return dirs, nil
}

// localPackages returns the folders under root that hold a non-test Go file, sorted; it skips
// hidden folders, bin/, dev/ and hack/wip/, as the docs suite does.
func localPackages(root string) ([]string, error) {
	found := map[string]bool{}
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel := filepath.ToSlash(path)
		if d.IsDir() {
			if rel != "." && (strings.HasPrefix(d.Name(), ".") || rel == "bin" || rel == "dev" || rel == "hack/wip") {
				return filepath.SkipDir
			}
			return nil
		}
		if strings.HasSuffix(rel, ".go") && !strings.HasSuffix(rel, "_test.go") {
			found[filepath.ToSlash(filepath.Dir(rel))] = true
		}
		return nil
	})
	dirs := make([]string, 0, len(found))
	for dir := range found {
		dirs = append(dirs, dir)
	}
	sort.Strings(dirs)
	return dirs, err
}

// writeList writes List: a header, the commit, every upstream package folder ("package <dir>"),
// the folders compared ("compared <dir>") and upstream's functions of those
// ("<dir>\t<key>\t<signature>").
func writeList(commit string, upstreamDirs map[string]bool, common, records []string) error {
	var buf bytes.Buffer
	w := bufio.NewWriter(&buf)
	fmt.Fprintln(w, "# gardener/gardener's top-level functions and methods, exported or not (key: Name or Type.Name),")
	fmt.Fprintln(w, "# and in pkg/apis/... the fields of struct types (key: Type.Field, signature: field <type> <tags>),")
	fmt.Fprintln(w, "# of the Go packages that exist here too (\"compared\"), without generated files, parameter")
	fmt.Fprintln(w, "# names dropped, qualifiers as import paths. \"package\" lists every upstream package folder.")
	fmt.Fprintln(w, "# The docs suite fails on a function here with a recorded key and another signature, with")
	fmt.Fprintln(w, "# only its \"At\" variant, exported where upstream's is not, or as a function where upstream's")
	fmt.Fprintln(w, "# is a method, unless upstream-signature-deviations.txt lists it. Written by")
	fmt.Fprintln(w, "# hack/check-upstream-signatures.sh -write.")
	fmt.Fprintln(w, "commit "+commit)
	dirs := make([]string, 0, len(upstreamDirs))
	for dir := range upstreamDirs {
		dirs = append(dirs, dir)
	}
	sort.Strings(dirs)
	for _, dir := range dirs {
		fmt.Fprintln(w, "package "+dir)
	}
	for _, dir := range common {
		fmt.Fprintln(w, "compared "+dir)
	}
	for _, record := range records {
		fmt.Fprintln(w, record)
	}
	if err := w.Flush(); err != nil {
		return err
	}
	return os.WriteFile(List, buf.Bytes(), 0o644)
}
