#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 GEP-78 project contributors
#
# SPDX-License-Identifier: Apache-2.0
#
# Takes a screenshot of the fleet graph, the first query of the garden dashboard
# (extension-component-versions.json, "Shoots per component version and classification", all
# extension types), in the graph page of a running Prometheus with headless Chromium (Debian's
# chromium, installed by hack/tools/install-chromium.sh). hack/demo.sh runs it at the end of
# `make demo PROMETHEUS=1`, which reproduces docs/images/fleet-graph.png.
# Usage: hack/prometheus-screenshot.sh <prometheus address host:port> [output.png] [range, e.g. 5m]
set -euo pipefail

REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
address="${1:?usage: hack/prometheus-screenshot.sh <host:port> [output.png] [range]}"
out="${2:-${REPO_ROOT}/docs/images/fleet-graph.png}"
range="${3:-5m}"
dashboard="${REPO_ROOT}/pkg/component/observability/plutono/dashboards/garden/extension-component-versions.json"

"${REPO_ROOT}/hack/tools/install-chromium.sh"

# The first "expr" of the dashboard, JSON-unescaped, with "All" of $extension_type.
expr="$(grep -m1 '"expr":' "${dashboard}" | sed -E 's/^[[:space:]]*"expr": "(.*)",?$/\1/; s/\\"/"/g; s/\$extension_type/.*/g')"
urlencode() {
	local s="$1" i c out=""
	for ((i = 0; i < ${#s}; i++)); do
		c="${s:i:1}"
		case "${c}" in
		[a-zA-Z0-9._~-]) out+="${c}" ;;
		*) out+="$(printf '%%%02X' "'${c}")" ;;
		esac
	done
	printf '%s' "${out}"
}
url="http://${address}/classic/graph?g0.expr=$(urlencode "${expr}")&g0.tab=0&g0.range_input=${range}"

profile="$(mktemp -d)"
trap 'rm -rf "${profile}"' EXIT
mkdir -p "$(dirname "${out}")"
# --virtual-time-budget lets the page run its queries and draw before the picture is taken.
chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking \
	--disable-component-update --disable-sync --user-data-dir="${profile}" --hide-scrollbars \
	--window-size=1400,1100 --virtual-time-budget=15000 --screenshot="${out}" "${url}" >/dev/null 2>&1
[[ -s "${out}" ]] || { echo "prometheus-screenshot.sh: chromium wrote no screenshot" >&2; exit 1; }
echo "prometheus-screenshot.sh: ${expr} over ${range} -> ${out}"
