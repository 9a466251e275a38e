// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package upstream_test

import "strings"

// indent prefixes every line of text with prefix.
func indent(text, prefix string) string {
	lines := strings.Split(strings.TrimRight(text, "\n"), "\n")
	for i := range lines {
		lines[i] = prefix + lines[i]
	}
	return strings.Join(lines, "\n")
}

// testCertificate is a self-signed test CA certificate (ECDSA P-256, valid 2026-2036).
const testCertificate = `-----BEGIN CERTIFICATE-----
MIIBQzCB66ADAgECAgEBMAoGCCqGSM49BAMCMBIxEDAOBgNVBAMTB3Rlc3QtY2Ew
HhcNMjYwMTAxMDAwMDAwWhcNMzYwMTAxMDAwMDAwWjASMRAwDgYDVQQDEwd0ZXN0
LWNhMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAEHo8vf2BsVzYweUzx/KCY+LwE
mLOLD7zuKVYDYZecdsxkzk/li74E+upubWvNDRtia9VYh2y+6maup1Abp6rpIaMy
MDAwDwYDVR0TAQH/BAUwAwEB/zAdBgNVHQ4EFgQUaw9U6ULyY8Mb4IBdoqUtHjWS
RmcwCgYIKoZIzj0EAwIDRwAwRAIgUwJkuCN0hXPwuy2KU9+He8UCIQUL5tD6gMWI
FugL1G0CIAwVQ7SB4zeqV+eneYFz57TfF2AKVkQ4m1Lk9yG9GKb6
-----END CERTIFICATE-----
`
