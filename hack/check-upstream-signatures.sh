#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 GEP-78 project contributors
#
# SPDX-License-Identifier: Apache-2.0

# Usage: hack/check-upstream-signatures.sh [-write] <gardener/gardener git directory> [commit]
# For every Go package folder that exists here and in gardener/gardener at the commit (default: the
# "commit" line of test/integration/docs/testdata/upstream-paths.txt), prints each function or
# method of both, exported or not, whose signature differs after the module-path rewrite, and each
# upstream function missing here beside its "...At" variant, exported here where upstream's is
# unexported, or a function here where upstream's is a method; exits 1 when one is not listed in
# test/integration/docs/testdata/upstream-signature-deviations.txt. -write records upstream's
# signatures in test/integration/docs/testdata/upstream-signatures.txt, which the docs suite
# checks this repository against.
set -euo pipefail
REPO_ROOT="$(cd "$(dirname "$0")/.." && pwd)"
write=()
if [[ "${1:-}" == "-write" ]]; then
  write=(-write)
  shift
fi
GARDENER="$(cd "${1:?usage: $0 [-write] <gardener git directory> [commit]}" && pwd)"
COMMIT="${2:-$(awk '$1 == "commit" {print $2; exit}' "$REPO_ROOT/test/integration/docs/testdata/upstream-paths.txt")}"
cd "$REPO_ROOT"
exec go run ./hack/upstream-signatures "${write[@]}" "$GARDENER" "$COMMIT"
