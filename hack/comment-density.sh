#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 GEP-78 project contributors
#
# SPDX-License-Identifier: Apache-2.0

# Usage: hack/comment-density.sh [<gardener/gardener checkout>]
# Prints the comment density (comment lines per non-blank line) of the hand-written, non-test Go
# code in pkg/controllermanager, pkg/apiserver/registry, plugin/pkg, pkg/api/core/v1beta1/helper,
# pkg/component and pkg/utils/gardener, and lists their doc comments over 10 lines. Given a
# gardener/gardener checkout, it measures the same folders there and exits 1 when this repository's
# density is over 1.3 times upstream's (see hack/comment-density/main.go for how they are compared).
set -euo pipefail
REPO_ROOT="$(cd "$(dirname "$0")/.." && pwd)"
cd "$REPO_ROOT"
bin="$(mktemp -d)"
trap 'rm -rf "$bin"' EXIT
go build -o "$bin/comment-density" ./hack/comment-density
"$bin/comment-density" "$REPO_ROOT" "$@"
