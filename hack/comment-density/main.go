// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Command comment-density measures the comment density (comment lines per non-blank line) of the
// hand-written, non-test Go files of the folders compared with gardener/gardener, and lists their
// doc comments over -max-doc lines.
//
// Usage: go run ./hack/comment-density [-max-ratio r] [-max-doc n] <repository> [<gardener checkout>]
//
// With a gardener/gardener checkout it measures the same folders there and exits 1 when the
// repository's density is over -max-ratio times upstream's at the repository's mix of folders:
// upstream's density of each folder weighted by the repository's non-blank lines in it, since the
// folders weigh differently in the two (upstream's pkg/component alone holds most of its lines).
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
)

// folders are the kinds of code compared with upstream: controllers, registry, admission
// plugins, the v1beta1 helper, component deployers and the Gardener utilities.
var folders = []string{
	"pkg/controllermanager",
	"pkg/apiserver/registry",
	"plugin/pkg",
	"pkg/api/core/v1beta1/helper",
	"pkg/component",
	"pkg/utils/gardener",
}

func main() {
	maxRatio := flag.Float64("max-ratio", 1.3, "the highest density allowed, as a multiple of upstream's")
	maxDoc := flag.Int("max-doc", 10, "list doc comments with more lines than this")
	flag.Parse()
	if flag.NArg() < 1 || flag.NArg() > 2 {
		fmt.Fprintln(os.Stderr, "usage: comment-density [-max-ratio r] [-max-doc n] <repository> [<gardener checkout>]")
		os.Exit(2)
	}
	here, err := measureTree(flag.Arg(0), *maxDoc)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	var upstream *tree
	if flag.NArg() == 2 {
		if upstream, err = measureTree(flag.Arg(1), *maxDoc); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
	}
	if ratio := printReport(os.Stdout, here, upstream, *maxDoc, *maxRatio); ratio > *maxRatio {
		os.Exit(1)
	}
}

// printReport prints the folders' densities, here and upstream, and the doc comments over maxDoc
// lines here; it returns the ratio of the densities (0 without upstream).
func printReport(w io.Writer, here, upstream *tree, maxDoc int, maxRatio float64) float64 {
	fmt.Fprintf(w, "%-28s %6s %10s %8s %8s", "folder", "files", "non-blank", "comment", "density")
	if upstream != nil {
		fmt.Fprintf(w, " %9s", "upstream")
	}
	fmt.Fprintln(w)
	var total, upstreamTotal stats
	weighted := 0.0 // upstream's comment lines at this repository's mix of folders
	for _, folder := range folders {
		s := here.folders[folder]
		total.add(s)
		fmt.Fprintf(w, "%-28s %6d %10d %8d %8.3f", folder, s.files, s.nonBlank, s.comment, s.density())
		if upstream != nil {
			u := upstream.folders[folder]
			upstreamTotal.add(u)
			weighted += u.density() * float64(s.nonBlank)
			fmt.Fprintf(w, " %9.3f", u.density())
		}
		fmt.Fprintln(w)
	}
	fmt.Fprintf(w, "%-28s %6d %10d %8d %8.3f", "total", total.files, total.nonBlank, total.comment, total.density())
	ratio := 0.0
	if upstream != nil {
		fmt.Fprintf(w, " %9.3f", upstreamTotal.density())
		mixed := weighted / float64(total.nonBlank)
		ratio = total.density() / mixed
		fmt.Fprintf(w, "\nupstream at this mix of folders %.3f: ratio %.2f (at most %.2f); against upstream's total %.2f",
			mixed, ratio, maxRatio, total.density()/upstreamTotal.density())
	}
	fmt.Fprintf(w, "\ndoc comments over %d lines: %d", maxDoc, len(here.long))
	if upstream != nil {
		fmt.Fprintf(w, " (upstream %d)", len(upstream.long))
	}
	fmt.Fprintln(w)
	for _, l := range here.long {
		fmt.Fprintln(w, "  "+l)
	}
	return ratio
}
