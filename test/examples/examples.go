// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Package examples embeds the GEP-78 reference examples: ExtensionProfiles, a CloudProfile,
// accepted and rejected Shoots and a seed Extension, with the outcomes README.md lists for the
// reference time 2026-11-29T00:00:00Z. The YAML data are the project's GEP-78 reference examples
// (only comments that named files outside this repository were reworded); tests of every
// component read them from here.
package examples

import (
	"embed"
	"fmt"
	"io/fs"
	"sort"
	"strings"
	"time"

	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/yaml"
)

// ReferenceTime is the time at which README.md states the expected classifications and outcomes.
var ReferenceTime = time.Date(2026, time.November, 29, 0, 0, 0, 0, time.UTC)

//go:embed *.yaml README.md
var files embed.FS

// Read returns the content of the named example file, e.g. "shoot-accepted-falco-traefik.yaml".
func Read(name string) ([]byte, error) {
	return files.ReadFile(name)
}

// MustRead is Read that panics on error, for test setup.
func MustRead(name string) []byte {
	data, err := Read(name)
	if err != nil {
		panic(err)
	}
	return data
}

// Decode reads the named example into obj (the first YAML document).
func Decode(name string, obj runtime.Object) error {
	data, err := Read(name)
	if err != nil {
		return err
	}
	if err := yaml.Unmarshal(data, obj); err != nil {
		return fmt.Errorf("decoding %s: %w", name, err)
	}
	return nil
}

// MustDecode is Decode that panics on error, for test setup.
func MustDecode(name string, obj runtime.Object) {
	if err := Decode(name, obj); err != nil {
		panic(err)
	}
}

// Names returns the names of the example files that start with prefix, sorted.
func Names(prefix string) []string {
	entries, err := fs.ReadDir(files, ".")
	if err != nil {
		panic(err)
	}
	var names []string
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), prefix) && strings.HasSuffix(e.Name(), ".yaml") {
			names = append(names, e.Name())
		}
	}
	sort.Strings(names)
	return names
}
