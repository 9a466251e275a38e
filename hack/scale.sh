#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 GEP-78 project contributors
#
# SPDX-License-Identifier: Apache-2.0
#
# Fills the running local garden of this checkout (make local-up) with Shoots and reports create
# latencies against a ConfigMap baseline, the time until every seed Extension exists, gardenlet's
# rate, RSS and quiet CPU of every process, and the latency of ExtensionProfile updates. See
# docs/development/benchmarks.md ("Scale harness").
# Usage: hack/scale.sh [--shoots N] [--concurrency C] [--quiet 1m] [--profile-updates U] [--namespace NS]
#        [--memory-only] [--checkpoint-every K] [--delete-baseline]
set -euo pipefail

REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "${REPO_ROOT}"

if ! bin/kubectl --kubeconfig dev/kubeconfig get --raw /readyz >/dev/null 2>&1; then
  echo "no local garden answers on dev/kubeconfig: start one with 'make local-up' in another shell" >&2
  exit 1
fi
go build -o bin/scale ./hack/scale
exec bin/scale --kubeconfig dev/kubeconfig --bin-dir bin --log-dir dev/logs "$@"
