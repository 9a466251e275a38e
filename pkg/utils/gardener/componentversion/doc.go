// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Package componentversion is the one home of the GEP-78 component-version decision: the pins of a
// Shoot compared old-vs-new, the "same version as the old Shoot" baseline, the effective
// auto-update policy, the compatibility rules (CEL), the candidate search, and when shoot
// maintenance forces a Kubernetes or machine-image update. Entry points:
//   - ValidatePins: the ShootExtensionProfile admission plugin's Validate;
//   - ResolvePins: its Admit, which stores the returned versions;
//   - Decide: shoot maintenance, the expiry metrics, the impact preview and the kubectl plugin,
//     which render the returned ComponentVersionOutcome and never re-derive it.
//
// Functions take values and a time and read no clock.
package componentversion
