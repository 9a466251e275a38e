// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Package features declares the feature gates of this project. They live in the process-wide
// k8s.io/apiserver mutable gate, shared by gardener-apiserver, gardener-controller-manager and
// gardenlet, and are set with --feature-gates.
package features

import (
	"fmt"
	"sort"
	"strings"

	utilfeature "k8s.io/apiserver/pkg/util/feature"
	"k8s.io/component-base/featuregate"
)

const (
	// ExtensionComponentVersions enables GEP-78: pinning extension component versions in
	// Shoot.spec.extensions[].components[] and autoUpdate, their admission against
	// ExtensionProfiles, component maintenance and the resolution into the seed Extension.
	// ExtensionProfiles themselves are served and classified regardless.
	// owner: GEP-78 project
	// alpha: v0.1.0
	ExtensionComponentVersions featuregate.Feature = "ExtensionComponentVersions"
)

// DefaultFeatureGate is the process-wide feature gate. Every component reads a gate the one way
// Gardener does, DefaultFeatureGate.Enabled(<gate>); tests set it with
// k8s.io/component-base/featuregate/testing.SetFeatureGateDuringTest.
var DefaultFeatureGate = utilfeature.DefaultMutableFeatureGate

// AllFeatureGates lists every gate of this project with its default and stage.
var AllFeatureGates = map[featuregate.Feature]featuregate.FeatureSpec{
	ExtensionComponentVersions: {Default: false, PreRelease: featuregate.Alpha},
}

// RegisterFeatureGates adds the gates of this project to DefaultFeatureGate. It is idempotent,
// so test suites and binaries may both call it.
func RegisterFeatureGates() {
	for name := range AllFeatureGates {
		if _, known := DefaultFeatureGate.GetAll()[name]; known {
			return
		}
	}
	if err := DefaultFeatureGate.Add(AllFeatureGates); err != nil {
		panic(err)
	}
}

// SetFromFlag registers the gates of this project and applies the --feature-gates overrides of a
// component (gate name → enabled) to DefaultFeatureGate. An unknown gate name is an error, and then
// nothing is applied: component-base would otherwise remember the unknown name and fail every
// later SetFromMap in the process.
func SetFromFlag(gates map[string]bool) error {
	RegisterFeatureGates()
	known := DefaultFeatureGate.GetAll()
	var unknown []string
	for name := range gates {
		if _, ok := known[featuregate.Feature(name)]; !ok {
			unknown = append(unknown, name)
		}
	}
	if len(unknown) > 0 {
		sort.Strings(unknown)
		return fmt.Errorf("invalid --feature-gates: unrecognized feature gate(s): %s", strings.Join(unknown, ", "))
	}
	if err := DefaultFeatureGate.SetFromMap(gates); err != nil {
		return fmt.Errorf("invalid --feature-gates: %w", err)
	}
	return nil
}

// Active lists every gate of this project with its current state as "Name=bool", sorted, for
// the start-up log of a component.
func Active() []string {
	var out []string
	for name := range AllFeatureGates {
		out = append(out, fmt.Sprintf("%s=%t", name, DefaultFeatureGate.Enabled(name)))
	}
	sort.Strings(out)
	return out
}
