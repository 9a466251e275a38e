// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Package componentversion decides the versions of a Shoot's pinned extension components (GEP-78):
// ValidatePins and ResolvePins for the ShootExtensionProfile admission plugin, Decide for shoot
// maintenance and everything that shows what maintenance will do, and the release channel queries.
// Functions take values and a time and read no clock.
package componentversion
