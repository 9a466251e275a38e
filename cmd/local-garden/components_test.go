// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package main

import (
	"slices"
	"testing"
)

// TestNewComponents checks that --replicas multiplies gardener-controller-manager and gardenlet,
// under distinct names and the same binary, leaves the operator and the extension single, and
// that --example-extension=false leaves the extension out.
func TestNewComponents(t *testing.T) {
	for _, tc := range []struct {
		replicas  int
		extension bool
		want      []string
	}{
		{1, true, []string{"gardener-controller-manager", "gardenlet", "gardener-operator", "gardener-extension-shoot-falco-service", "gardener-extension-runtime-gvisor"}},
		{2, true, []string{"gardener-controller-manager", "gardener-controller-manager-1", "gardenlet", "gardenlet-1", "gardener-operator", "gardener-extension-shoot-falco-service", "gardener-extension-runtime-gvisor"}},
		{1, false, []string{"gardener-controller-manager", "gardenlet", "gardener-operator"}},
	} {
		var names []string
		binaries := map[string]string{}
		for _, c := range newComponents("ExtensionComponentVersions=true", "cm.yaml", "gl.yaml", tc.replicas, tc.extension) {
			names = append(names, c.name)
			binaries[c.name] = c.binary
		}
		if !slices.Equal(names, tc.want) {
			t.Errorf("replicas %d, extension %t: got %v, want %v", tc.replicas, tc.extension, names, tc.want)
		}
		if tc.replicas == 2 && (binaries["gardener-controller-manager-1"] != "gardener-controller-manager" || binaries["gardenlet-1"] != "gardenlet") {
			t.Errorf("replicas %d: the second replicas run %v", tc.replicas, binaries)
		}
	}
}
