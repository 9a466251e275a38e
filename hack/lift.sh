#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 GEP-78 project contributors
#
# SPDX-License-Identifier: Apache-2.0

# Usage: hack/lift.sh [-skip generate,build,test,commit] [-until <commit>] [-replace module@version=folder] <gardener checkout>
# Turns a clean gardener/gardener checkout at the commit of hack/lift/manifest.yaml into GEP-78's
# patch set: copies and merges this repository's files as the manifest says, regenerates with
# upstream's generators, builds, commits the series in the checkout, runs the unit tests of the
# touched packages and prints a summary (docs/development/layout.md, "Lifting into gardener/gardener").
set -euo pipefail
cd "$(dirname "$0")/.."
exec go run ./hack/lift "$@"
