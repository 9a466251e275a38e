#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 GEP-78 project contributors
#
# SPDX-License-Identifier: Apache-2.0

# Runs the benchmarks of docs/development/benchmarks.md, each -count 10 (COUNT), and prints their
# benchstat tables. The raw output is kept in OUT (default: a new temporary directory) as
# <name>.txt, so that a later run can be compared with benchstat old.txt new.txt.
# Usage: hack/bench.sh [name...]   names: admission inuse impact maintenance cel rollout rollout-maintenance
#   pool-pins shoot-level-pins (default: all)
set -euo pipefail

cd "$(dirname "$0")/.."
BENCHSTAT_VERSION=v0.0.0-20260908200009-22c9c6c9d4da
COUNT=${COUNT:-10}
OUT=${OUT:-$(mktemp -d)}
mkdir -p "$OUT"

benchstat() { GOFLAGS= go run "golang.org/x/perf/cmd/benchstat@${BENCHSTAT_VERSION}" "$@"; }

# run NAME BENCHSTAT-ARGS -- GO-TEST-ARGS
run() {
  local name=$1; shift
  local stat=()
  while [[ $1 != -- ]]; do stat+=("$1"); shift; done
  shift
  echo "== $name: go test -run xxx -count $COUNT $*" >&2
  go test -run xxx -count "$COUNT" "$@" > "$OUT/$name.txt"
  benchstat "${stat[@]}" "$OUT/$name.txt"
}

names=("$@")
[[ ${#names[@]} -gt 0 ]] || names=(admission inuse impact maintenance cel rollout rollout-maintenance pool-pins shoot-level-pins)
for name in "${names[@]}"; do
  case $name in
  admission) run admission -col /impl -- -bench 'BenchmarkPinnedAdmission|BenchmarkUnpinnedAdmission' -benchtime 1s ./plugin/pkg/shoot/extensionprofile/ ;;
  inuse) run inuse -col /shoots -- -bench BenchmarkValidateUpdate -benchtime 1s ./plugin/pkg/global/extensionprofileinuse/ ;;
  impact) run impact -col /shoots -- -bench BenchmarkValidate -benchtime 300x ./plugin/pkg/global/extensionprofileimpact/ ;;
  maintenance) run maintenance -col /incompatible_candidates -- -bench BenchmarkMaintainExtensionComponents -benchtime 1s ./pkg/controllermanager/controller/shoot/maintenance/ ;;
  cel) run cel -- -bench . -benchtime 1s ./pkg/utils/cel/ ;;
  rollout) run rollout -col /shoots -- -bench BenchmarkRolloutState -benchtime 1s ./pkg/controllermanager/controller/extensionprofile/ ;;
  rollout-maintenance) run rollout-maintenance -- -bench BenchmarkMaintainWithRollouts -benchtime 2000x ./pkg/controllermanager/controller/shoot/maintenance/ ;;
  pool-pins) run pool-pins -col /impl -- -bench BenchmarkPoolPinAdmission -benchtime 1s ./pkg/utils/gardener/componentversion/ ./plugin/pkg/shoot/extensionprofile/ ;;
  shoot-level-pins) run shoot-level-pins -col /path -- -bench BenchmarkShootLevelPins -benchtime 1s ./pkg/utils/gardener/componentversion/ ;;
  *) echo "unknown benchmark set $name" >&2; exit 1 ;;
  esac
done
echo "raw output: $OUT" >&2
