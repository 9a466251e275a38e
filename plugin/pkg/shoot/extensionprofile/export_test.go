// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package extensionprofile

// CompiledProfiles returns the number of ExtensionProfiles whose rules the plugin has compiled and
// cached, so that tests can tell that a request evaluated nothing.
func CompiledProfiles(p *ShootExtensionProfile) int { return p.rules.Len() }
