#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 GEP-78 project contributors
#
# SPDX-License-Identifier: Apache-2.0
#
# Installs Debian's chromium, which hack/prometheus-screenshot.sh runs headless, with apt-get as
# root or with password-less sudo. Skipped when chromium is on PATH. Not part of `make tools`: only
# the screenshot of `make demo PROMETHEUS=1` needs it.
set -euo pipefail

if command -v chromium >/dev/null 2>&1; then
	exit 0
fi
as_root() {
	if [[ "$(id -u)" == "0" ]]; then
		"$@"
	else
		sudo -n "$@"
	fi
}
install() {
	as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends chromium >/dev/null
}
echo "install-chromium.sh: apt-get install chromium"
if ! install 2>/dev/null; then
	# The package lists may be missing on a fresh machine.
	as_root apt-get update >/dev/null
	install
fi
echo "install-chromium.sh: $(chromium --version 2>/dev/null | head -n1)"
