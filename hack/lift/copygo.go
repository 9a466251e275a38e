// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package main

import (
	"fmt"
	"go/format"
	"path/filepath"
	"sort"
	"strings"
)

// copyGo returns ours for a new upstream file in dir without the declarations named in keep
// (upstream's package declares them) and in drop (they stay here); any other declaration
// upstream's package has fails.
func copyGo(ours *goFile, dir string, keep, drop []string) ([]byte, error) {
	idx, err := indexPackage(dir, ours.file.Name.Name, strings.HasSuffix(ours.path, "_test.go"))
	if err != nil {
		return nil, err
	}
	keepSet, dropSet := map[string]bool{}, map[string]bool{}
	for _, k := range keep {
		keepSet[k] = true
	}
	for _, k := range drop {
		dropSet[k] = true
	}
	type cut struct{ start, end int }
	var cuts []cut
	var clash []string
	for _, u := range ours.units() {
		remove := false
		for _, k := range u.keys {
			if dropSet[k] {
				delete(dropSet, k)
				remove = true
				continue
			}
			if where, ok := idx.decls[k]; ok {
				if !keepSet[k] {
					clash = append(clash, k+" ("+filepath.Base(where)+")")
					continue
				}
				delete(keepSet, k)
				remove = true
			}
		}
		if remove {
			start, end := ours.span(u)
			cuts = append(cuts, cut{start, end})
		}
	}
	if len(clash) > 0 {
		sort.Strings(clash)
		return nil, fmt.Errorf("%s: upstream's package already declares %s; list them in keepUpstream or merge the file", ours.path, strings.Join(clash, ", "))
	}
	for k := range keepSet {
		return nil, fmt.Errorf("%s: keepUpstream names %s, which upstream's package does not declare", ours.path, k)
	}
	for k := range dropSet {
		return nil, fmt.Errorf("%s: skip names %s, which the file does not declare", ours.path, k)
	}
	if len(cuts) == 0 {
		return ours.src, nil
	}
	sort.Slice(cuts, func(i, j int) bool { return cuts[i].start > cuts[j].start })
	src := append([]byte(nil), ours.src...)
	for _, c := range cuts {
		src = append(src[:c.start:c.start], src[c.end:]...)
	}
	src, err = format.Source(src)
	if err != nil {
		return nil, err
	}
	return dropUnusedImports(ours.path, src)
}
