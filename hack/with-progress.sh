#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 GEP-78 project contributors
#
# SPDX-License-Identifier: Apache-2.0
#
# Runs a command and, while it runs, prints "<label>: still running, <elapsed> elapsed" every
# PROGRESS_INTERVAL seconds (default 30), so that a long build on a loaded machine shows it is
# alive. Exits with the command's status.
# Usage: hack/with-progress.sh <label> <command> [args...]
set -euo pipefail

label="${1:?usage: hack/with-progress.sh <label> <command> [args...]}"
shift
interval="${PROGRESS_INTERVAL:-30}"

"$@" &
pid=$!
(
  start=${SECONDS}
  while sleep "${interval}"; do
    kill -0 "${pid}" 2>/dev/null || exit 0
    elapsed=$((SECONDS - start))
    printf '%s: still running, %dm%02ds elapsed\n' "${label}" $((elapsed / 60)) $((elapsed % 60))
  done
) &
ticker=$!
status=0
wait "${pid}" || status=$?
kill "${ticker}" 2>/dev/null || true
wait "${ticker}" 2>/dev/null || true
exit "${status}"
