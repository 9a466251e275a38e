// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package main

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// tree is what measureTree found in a repository.
type tree struct {
	folders map[string]stats
	// long lists the doc comments over the limit as "path:line name (n lines)", sorted.
	long []string
}

// measureTree measures the hand-written, non-test Go files of each folder under root; a folder
// that does not exist counts as empty.
func measureTree(root string, maxDoc int) (*tree, error) {
	t := &tree{folders: map[string]stats{}}
	for _, folder := range folders {
		var s stats
		err := filepath.WalkDir(filepath.Join(root, folder), func(path string, d fs.DirEntry, err error) error {
			if os.IsNotExist(err) && path == filepath.Join(root, folder) {
				return filepath.SkipDir
			}
			if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
				return err
			}
			src, err := os.ReadFile(path) // #nosec G304 -- a file of the tree to measure.
			if err != nil {
				return err
			}
			fileStats, long, generated, err := measure(src, maxDoc)
			if err != nil {
				return fmt.Errorf("%s: %w", path, err)
			}
			if generated {
				return nil
			}
			s.add(fileStats)
			rel, _ := filepath.Rel(root, path)
			for _, l := range long {
				t.long = append(t.long, fmt.Sprintf("%s:%d %s (%d lines)", filepath.ToSlash(rel), l.line, l.name, l.lines))
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
		t.folders[folder] = s
	}
	sort.Strings(t.long)
	return t, nil
}
