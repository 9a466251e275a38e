// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Command test-ratio prints, per Go package folder, the code lines (non-blank, non-comment, generated
// files excluded) of its non-test and its test files and their ratio.
//
// Usage: go run ./hack/test-ratio [-min r] [-all] <repository> [<gardener checkout>]
//
// With a gardener/gardener checkout it lists only the packages that are new here (upstream lacks
// the folder or one of its files) unless -all is given, and exits 1 when one of them has a ratio
// under -min.
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
)

func main() {
	minRatio := flag.Float64("min", 1.0, "the lowest test:code ratio allowed for a new package")
	all := flag.Bool("all", false, "list every package, also those upstream has")
	flag.Parse()
	if flag.NArg() < 1 || flag.NArg() > 2 {
		fmt.Fprintln(os.Stderr, "usage: test-ratio [-min r] [-all] <repository> [<gardener checkout>]")
		os.Exit(2)
	}
	pkgs, err := measure(flag.Arg(0))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	if under := report(os.Stdout, pkgs, flag.Arg(1), *all, *minRatio); under > 0 {
		os.Exit(1)
	}
}

// report prints the packages with code, sorted by folder, and returns how many new ones are under
// minRatio; without an upstream checkout every package counts as new.
func report(w io.Writer, pkgs map[string]*pkg, upstream string, all bool, minRatio float64) int {
	folders := make([]string, 0, len(pkgs))
	for folder, p := range pkgs {
		if p.code > 0 {
			folders = append(folders, folder)
		}
	}
	sort.Strings(folders)
	fmt.Fprintf(w, "%-70s %6s %6s %6s\n", "package", "code", "test", "ratio")
	under := 0
	var code, test int
	for _, folder := range folders {
		p := pkgs[folder]
		isNewHere := upstream == "" || isNew(upstream, folder, p)
		if !isNewHere && !all {
			continue
		}
		mark := ""
		if isNewHere && p.ratio() < minRatio {
			under++
			mark = " <"
		}
		if upstream != "" && !isNewHere {
			mark += " (upstream's)"
		}
		code += p.code
		test += p.test
		fmt.Fprintf(w, "%-70s %6d %6d %6.2f%s\n", folder, p.code, p.test, p.ratio(), mark)
	}
	fmt.Fprintf(w, "%-70s %6d %6d %6.2f\n", "total", code, test, pkg{code: code, test: test}.ratio())
	fmt.Fprintf(w, "%d of them under %.2f\n", under, minRatio)
	return under
}
