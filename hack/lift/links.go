// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package main

import (
	"os"
	"path"
	"regexp"
	"strings"
)

// markdownLink is a relative link of Markdown: the path and an optional anchor.
var markdownLink = regexp.MustCompile(`\]\(([^)#\s:]+)(#[^)\s]*)?\)`)

// rewriteLinks points the relative links of our Markdown file (its path here) at the upstream
// paths the lift gives their targets, seen from to (its upstream path). A target that does not
// lift keeps its path when upstream has it and is reported either way.
func (l *lifter) rewriteLinks(file, to string, data []byte) ([]byte, []string) {
	var notes []string
	out := markdownLink.ReplaceAllStringFunc(string(data), func(link string) string {
		m := markdownLink.FindStringSubmatch(link)
		target := path.Clean(path.Join(path.Dir(file), m[1]))
		lifted, ok := l.targets[target]
		if !ok {
			// A folder that lifts as a whole keeps its place.
			for ours, up := range l.targets {
				if strings.HasPrefix(ours, target+"/") && strings.HasSuffix(up, strings.TrimPrefix(ours, target)) {
					lifted, ok = strings.TrimSuffix(up, strings.TrimPrefix(ours, target)), true
					break
				}
			}
		}
		if !ok {
			lifted = target
			if _, err := os.Stat(l.up(target)); err != nil {
				notes = append(notes, to+": the link to "+m[1]+" has no target upstream")
			} else {
				notes = append(notes, to+": the link to "+m[1]+" points to upstream's "+target)
			}
		}
		rel := relativePath(path.Dir(to), lifted)
		return "](" + rel + m[2] + ")"
	})
	return []byte(out), notes
}

// relativePath is the slash path of target seen from the folder dir (both relative to one root).
func relativePath(dir, target string) string {
	from := strings.Split(dir, "/")
	parts := strings.Split(target, "/")
	if dir == "." {
		from = nil
	}
	i := 0
	for i < len(from) && i < len(parts)-1 && from[i] == parts[i] {
		i++
	}
	rel := strings.Repeat("../", len(from)-i) + strings.Join(parts[i:], "/")
	return rel
}
