// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package extensionprofile_test

import "testing"

// BenchmarkValidateUpdate measures one validating admission of a Shoot update that pins falco and
// traefik (shoot-accepted-falco-traefik.yaml) and raises a worker maximum: the cost every Shoot
// write pays with the feature gate on. The compatibility rules of both pinned versions are
// evaluated against the new Shoot; the compiled programs come from the plugin's cache.
func BenchmarkValidateUpdate(b *testing.B) {
	p, _, newShoot, oldShoot := setupAdmissionBenchmark(b)
	benchmarkValidate(b, p, newShoot, oldShoot)
}
