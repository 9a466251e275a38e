#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 GEP-78 project contributors
#
# SPDX-License-Identifier: Apache-2.0
#
# Puts promtool (Prometheus' rule checker, used by charts/alerts_test.go for `promtool test rules`)
# into <repo>/bin. It is taken from the Debian package `prometheus`: the package is downloaded
# (`apt-get download`, no installation, so no Prometheus service is set up or started) and only
# /usr/bin/promtool is extracted. Skipped when bin/promtool is present. Where the package cannot be
# downloaded, a promtool on PATH is linked instead; without either, the script fails in CI (CI=true)
# and warns otherwise (the test then skips with that message).
set -euo pipefail

REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
BIN_DIR="${REPO_ROOT}/bin"
TARGET="${BIN_DIR}/promtool"
mkdir -p "${BIN_DIR}"

if [[ -x "${TARGET}" ]] && "${TARGET}" --version >/dev/null 2>&1; then
	exit 0
fi

fail() {
	if [[ "${CI:-}" == "true" ]]; then
		echo "install-promtool.sh: $*" >&2
		exit 1
	fi
	echo "install-promtool.sh: warning: $* (the promtool tests will be skipped)" >&2
	exit 0
}

download() {
	local dir="$1"
	(cd "${dir}" && apt-get download prometheus >/dev/null 2>&1)
}

if command -v apt-get >/dev/null 2>&1 && command -v dpkg-deb >/dev/null 2>&1; then
	work="$(mktemp -d)"
	trap 'rm -rf "${work}"' EXIT
	# _apt cannot write into a private temporary directory; let it.
	chmod 0777 "${work}"
	if ! download "${work}"; then
		# The package lists may be missing on a fresh machine.
		if [[ "$(id -u)" == "0" ]]; then
			apt-get update >/dev/null
		else
			sudo -n apt-get update >/dev/null 2>&1 || true
		fi
		download "${work}" || true
	fi
	deb="$(ls "${work}"/prometheus_*.deb 2>/dev/null | head -n1 || true)"
	if [[ -n "${deb}" ]]; then
		dpkg-deb --fsys-tarfile "${deb}" | tar -x -C "${work}" ./usr/bin/promtool
		install -m 0755 "${work}/usr/bin/promtool" "${TARGET}"
		echo "install-promtool.sh: $("${TARGET}" --version 2>&1 | head -n1) -> ${TARGET}"
		exit 0
	fi
fi

if command -v promtool >/dev/null 2>&1; then
	ln -sf "$(command -v promtool)" "${TARGET}"
	exit 0
fi
fail "cannot get promtool: the Debian package prometheus could not be downloaded and no promtool is on PATH"
