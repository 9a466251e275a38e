// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Package version holds the version of this project's binaries, stamped by the Makefile.
package version

// Version is this project's version, set with -ldflags "-X .../pkg/version.Version=...".
var Version = "v0.0.0-dev"
