// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Command exported-usage prints, for every package of the module, how many of its exported
// identifiers (top-level names, and methods of exported types) another package's code uses
// (exports.Load), the packages whose surface is mostly internal first.
//
// Usage: go run ./hack/exported-usage [-v] [-min N] [packages]   (default ./...)
//
// Columns: exported names, of those used outside, used only by other packages' tests, then the
// same for methods, and the share of names used outside; -v then lists per package the names no
// other package's code uses. -min skips packages with fewer exported names.
package main

import (
	"flag"
	"fmt"
	"os"
	"sort"
	"strings"
	"text/tabwriter"

	"github.com/gep-78/gardener/test/exports"
	"github.com/gep-78/gardener/test/signatures"
)

func main() {
	verbose := flag.Bool("v", false, "list the names no other package's code uses")
	minNames := flag.Int("min", 1, "skip packages with fewer exported names")
	flag.Parse()
	patterns := flag.Args()
	if len(patterns) == 0 {
		patterns = []string{"./..."}
	}
	pkgs, err := exports.Load(".", signatures.Module+"/", patterns...)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	sort.SliceStable(pkgs, func(i, j int) bool { return share(pkgs[i]) < share(pkgs[j]) })

	w := tabwriter.NewWriter(os.Stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(w, "names\toutside\ttests only\tmethods\toutside\ttests only\tshare\tpackage\t")
	var names, outside int
	for _, p := range pkgs {
		if len(p.Names) < *minNames {
			continue
		}
		n, o, t := count(p, p.Names)
		mn, mo, mt := count(p, p.Methods)
		names, outside = names+n, outside+o
		fmt.Fprintf(w, "%d\t%d\t%d\t%d\t%d\t%d\t%.2f\t%s\t\n", n, o, t, mn, mo, mt, share(p), strings.TrimPrefix(p.Path, signatures.Module+"/"))
	}
	fmt.Fprintf(w, "%d\t%d\t\t\t\t\t%.2f\ttotal\t\n", names, outside, float64(outside)/float64(max(names, 1)))
	_ = w.Flush()
	if *verbose {
		for _, p := range pkgs {
			if unused := p.Unused(); len(p.Names) >= *minNames && len(unused) > 0 {
				fmt.Printf("%s: %s\n", strings.TrimPrefix(p.Path, signatures.Module+"/"), strings.Join(unused, " "))
			}
		}
	}
}

// count returns how many of keys p has, how many other packages' code uses and how many only
// their tests use.
func count(p exports.Package, keys []string) (n, outside, testsOnly int) {
	for _, key := range keys {
		switch {
		case p.Outside[key]:
			outside++
		case p.InTests[key]:
			testsOnly++
		}
	}
	return len(keys), outside, testsOnly
}

// share is the part of p's exported names that other packages' code uses.
func share(p exports.Package) float64 {
	n, o, _ := count(p, p.Names)
	return float64(o) / float64(max(n, 1))
}
