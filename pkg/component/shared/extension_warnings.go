// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package shared

import "fmt"

// WarningReason says why a pinned component could not be matched to an ExtensionProfile entry.
type WarningReason string

const (
	// WarningProfileNotFound: no ExtensionProfile is named after the extension type.
	WarningProfileNotFound WarningReason = "ProfileNotFound"
	// WarningComponentNotFound: the profile does not list the component.
	WarningComponentNotFound WarningReason = "ComponentNotFound"
	// WarningVersionNotFound: the component does not list the pinned version (for example it was
	// removed from the profile while the Shoot pinned it, or the pin is a partial version that
	// admission never resolved).
	WarningVersionNotFound WarningReason = "VersionNotFound"
	// WarningDuplicateComponent: the Shoot pins the same component twice; only the first pin is
	// written, since spec.components is a list keyed by name.
	WarningDuplicateComponent WarningReason = "DuplicateComponent"
)

// ComponentWarning reports a pinned component whose version SetExtensionComponents wrote without a
// providerConfig because the ExtensionProfile has no matching entry (or that it skipped, for
// WarningDuplicateComponent).
type ComponentWarning struct {
	// ExtensionType is the type of the Shoot extension entry (and the Extension's name).
	ExtensionType string
	// Component is the component name of the pin.
	Component string
	// Version is the pinned version.
	Version string
	// Reason says what was missing.
	Reason WarningReason
}

// String returns the message of the warning, e.g.
// "shoot-falco-service: falco 0.42.1 is not listed in ExtensionProfile shoot-falco-service; the pinned version is deployed without providerConfig".
func (w ComponentWarning) String() string {
	prefix := fmt.Sprintf("%s: %s %s", w.ExtensionType, w.Component, w.Version)
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
