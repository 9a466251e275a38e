// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package shared

import "fmt"

// WarningReason says why a pinned component could not be matched to an ExtensionProfile entry.
type WarningReason string

// The reasons of a ComponentWarning.
const (
	WarningProfileNotFound   WarningReason = "ProfileNotFound"
	WarningComponentNotFound WarningReason = "ComponentNotFound"
	WarningVersionNotFound   WarningReason = "VersionNotFound"
	// WarningDuplicateComponent: only the first pin of a component is written.
	WarningDuplicateComponent WarningReason = "DuplicateComponent"
)

// ComponentWarning reports a pin written without a providerConfig, for lack of a matching
// ExtensionProfile entry, or skipped as a duplicate.
type ComponentWarning struct {
	ExtensionType string
	// Pool is the worker pool of a pin of a pool; empty for a Shoot-level pin.
	Pool      string
	Component string
	Version   string
	Reason    WarningReason
}

// String returns the message of the warning.
func (w ComponentWarning) String() string {
	prefix := fmt.Sprintf("%s: %s %s", w.ExtensionType, w.Component, w.Version)
	if w.Pool != "" {
		prefix = fmt.Sprintf("pool %s: %s", w.Pool, prefix)
	}
	const consequence = "the pinned version is deployed without providerConfig"
	switch w.Reason {
	case WarningProfileNotFound:
		return fmt.Sprintf("%s: there is no ExtensionProfile %s; %s", prefix, w.ExtensionType, consequence)
	case WarningComponentNotFound:
		return fmt.Sprintf("%s: ExtensionProfile %s has no component %s; %s", prefix, w.ExtensionType, w.Component, consequence)
	case WarningVersionNotFound:
		return fmt.Sprintf("%s is not listed in ExtensionProfile %s; %s", prefix, w.ExtensionType, consequence)
	case WarningDuplicateComponent:
		return fmt.Sprintf("%s: component %s is pinned more than once; only the first pin is deployed", prefix, w.Component)
	default:
		return fmt.Sprintf("%s: %s", prefix, w.Reason)
	}
}
