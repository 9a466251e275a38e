#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 GEP-78 project contributors
#
# SPDX-License-Identifier: Apache-2.0
#
# Puts the Prometheus server into <repo>/bin for `local-garden --prometheus` (`make local-up
# PROMETHEUS=1`) and the dashboard test of test/integration/localgarden/prometheus: bin/prometheus
# and its web UI (templates and scripts) in bin/prometheus-web. Like install-promtool.sh it takes
# them from the Debian package `prometheus`, downloaded and unpacked without installing it, so no
# Prometheus service is set up or started. The UI's scripts and fonts come from the packages the
# package depends on (libjs-jquery, libjs-rickshaw, ...), installed with apt-get as root or with
# password-less sudo; without them the API works but the UI's pages stay blank. Skipped when all
# of it is present. Without a package (and no prometheus on PATH) the script fails in CI (CI=true)
# and warns otherwise (the dashboard test then skips with that message).
set -euo pipefail

REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
BIN_DIR="${REPO_ROOT}/bin"
TARGET="${BIN_DIR}/prometheus"
WEB="${BIN_DIR}/prometheus-web"
# The UI's vendored libraries, linked from the package's static/ into /usr/share/javascript.
UI_PROBE=/usr/share/javascript/rickshaw
mkdir -p "${BIN_DIR}"

as_root() {
	if [[ "$(id -u)" == "0" ]]; then
		"$@"
	else
		sudo -n "$@"
	fi
}

fail() {
	if [[ "${CI:-}" == "true" ]]; then
		echo "install-prometheus.sh: $*" >&2
		exit 1
	fi
	echo "install-prometheus.sh: warning: $* (the dashboard test will be skipped)" >&2
	exit 0
}

# install_ui_libraries installs what the Debian package prometheus depends on for its UI (all its
# Depends but adduser and libc6): scripts and fonts, no service.
install_ui_libraries() {
	[[ -e "${UI_PROBE}" ]] && return 0
	local deps="libjs-bootstrap4 libjs-eonasdan-bootstrap-datetimepicker libjs-jquery libjs-jquery-hotkeys libjs-moment libjs-moment-timezone libjs-mustache libjs-popper.js libjs-rickshaw fonts-glyphicons-halflings"
	# shellcheck disable=SC2086 # one word per package
	if ! as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends ${deps} >/dev/null 2>&1; then
		echo "install-prometheus.sh: warning: cannot install the UI's libraries (${deps}) with apt-get as root or sudo -n; Prometheus' API works, its web pages stay blank" >&2
	fi
}

if [[ -x "${TARGET}" ]] && "${TARGET}" --version >/dev/null 2>&1 && [[ -f "${WEB}/templates/graph.html" ]]; then
	install_ui_libraries
	exit 0
fi

download() {
	(cd "$1" && apt-get download prometheus >/dev/null 2>&1)
}

deb=""
if command -v apt-get >/dev/null 2>&1 && command -v dpkg-deb >/dev/null 2>&1; then
	work="$(mktemp -d)"
	trap 'rm -rf "${work}"' EXIT
	# _apt cannot write into a private temporary directory; let it.
	chmod 0777 "${work}"
	if ! download "${work}"; then
		# The package lists may be missing on a fresh machine.
		as_root apt-get update >/dev/null 2>&1 || true
		download "${work}" || true
	fi
	deb="$(ls "${work}"/prometheus_*.deb 2>/dev/null | head -n1 || true)"
fi

if [[ -z "${deb}" ]]; then
	if command -v prometheus >/dev/null 2>&1; then
		ln -sf "$(command -v prometheus)" "${TARGET}"
		exit 0
	fi
	fail "cannot get prometheus: the Debian package prometheus could not be downloaded and no prometheus is on PATH"
fi

dpkg-deb --fsys-tarfile "${deb}" | tar -x -C "${work}" ./usr/bin/prometheus ./usr/share/prometheus/web
install -m 0755 "${work}/usr/bin/prometheus" "${TARGET}"
rm -rf "${WEB}"
cp -a "${work}/usr/share/prometheus/web" "${WEB}"
# The package links its vendored libraries relative to /usr/share/prometheus/web; point them at
# the same files from bin/.
while IFS= read -r link; do
	rel="${link#"${WEB}"/}"
	ln -sfn "$(realpath -m "/usr/share/prometheus/web/$(dirname "${rel}")/$(readlink "${link}")")" "${link}"
done < <(find "${WEB}" -type l)
echo "install-prometheus.sh: $("${TARGET}" --version 2>&1 | head -n1) -> ${TARGET}"

install_ui_libraries
