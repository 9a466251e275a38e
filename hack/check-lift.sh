#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 GEP-78 project contributors
#
# SPDX-License-Identifier: Apache-2.0

# Usage: GARDENER_CHECKOUT=<gardener/gardener git checkout or directory> [LIFT_FLAGS=...] hack/check-lift.sh
# The lift check of make test: clones GARDENER_CHECKOUT at the manifest's commit into a temporary
# folder and runs hack/lift.sh on it (LIFT_FLAGS are passed on). Without GARDENER_CHECKOUT it skips.
set -euo pipefail
cd "$(dirname "$0")/.."
if [[ -z "${GARDENER_CHECKOUT:-}" ]]; then
  echo "lift check skipped: set GARDENER_CHECKOUT to a gardener/gardener clone to run hack/lift.sh (docs/development/layout.md)"
  exit 0
fi
commit="$(awk '$1 == "commit:" {print $2; exit}' hack/lift/manifest.yaml)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
git clone -q "$GARDENER_CHECKOUT" "$work/gardener"
git -C "$work/gardener" checkout -q "$commit"
# shellcheck disable=SC2086
hack/lift.sh ${LIFT_FLAGS:-} "$work/gardener"
