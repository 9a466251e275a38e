#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 GEP-78 project contributors
#
# SPDX-License-Identifier: Apache-2.0

# Usage: hack/check-upstream-paths.sh <gardener/gardener git directory> [commit]
# Checks that every gardener/gardener path of test/integration/docs/testdata/upstream-paths.txt
# is a file or folder at the commit (default: the list's "commit" line). Prints the missing ones;
# exits 1 when there are any.
set -euo pipefail
REPO_ROOT="$(cd "$(dirname "$0")/.." && pwd)"
LIST="$REPO_ROOT/test/integration/docs/testdata/upstream-paths.txt"
GARDENER="${1:?usage: $0 <gardener git directory> [commit]}"
COMMIT="${2:-$(awk '$1 == "commit" {print $2; exit}' "$LIST")}"

tree="$(mktemp)"
trap 'rm -f "$tree"' EXIT
git -C "$GARDENER" ls-tree -r --name-only "$COMMIT" | awk '{print; n = split($0, p, "/"); d = p[1]; for (i = 2; i <= n; i++) {print d; d = d "/" p[i]}}' | sort -u >"$tree"

missing=0
while IFS= read -r path; do
  case "$path" in "" | "#"* | "commit "*) continue ;; "other-repository") break ;; esac
  if ! grep -qxF -- "${path%/}" "$tree"; then
    echo "not at $COMMIT: $path"
    missing=1
  fi
done <"$LIST"
exit "$missing"
