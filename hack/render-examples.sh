#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 GEP-78 project contributors
#
# SPDX-License-Identifier: Apache-2.0
#
# Renders example/*.yaml into a directory, replacing lifecycle start times written as offsets from
# now (${NOW-30d}, ${NOW+7d}, ${NOW+90s}, units d/h/m/s) with RFC 3339 UTC times. ${SOON} is the
# time of the transitions the demo waits for: now + $SOON (default 10m, units d/h/m/s), so that
# manifests rendered by hand can still be applied minutes later; hack/demo.sh sets a shorter one.
# Usage: [SOON=40s] hack/render-examples.sh <output-dir>
set -euo pipefail

REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
out="${1:?usage: hack/render-examples.sh <output-dir>}"
mkdir -p "${out}"

now="$(date -u +%s)"
soon="${SOON:-10m}"
[[ "${soon}" =~ ^[0-9]+[dhms]$ ]] || { echo "SOON must be a number with unit d, h, m or s, not ${soon}" >&2; exit 1; }
render() {
  local file="$1" target="$2" content token sign amount unit seconds
  content="$(cat "${file}")"
  content="${content//'${SOON}'/'${NOW+'"${soon}"'}'}"
  for token in $(grep -oE '\$\{NOW[+-][0-9]+[dhms]\}' <<<"${content}" | sort -u); do
    [[ "${token}" =~ ^\$\{NOW([+-])([0-9]+)([dhms])\}$ ]]
    sign="${BASH_REMATCH[1]}" amount="${BASH_REMATCH[2]}" unit="${BASH_REMATCH[3]}"
    case "${unit}" in d) seconds=$((amount * 86400)) ;; h) seconds=$((amount * 3600)) ;; m) seconds=$((amount * 60)) ;; s) seconds=${amount} ;; esac
    [[ "${sign}" == "-" ]] && seconds=$((-seconds))
    content="${content//"${token}"/$(date -u -d "@$((now + seconds))" +%Y-%m-%dT%H:%M:%SZ)}"
  done
  printf '%s\n' "${content}" > "${target}"
}
for f in "${REPO_ROOT}"/example/*.yaml; do
  render "${f}" "${out}/$(basename "${f}")"
done
