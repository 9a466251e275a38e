#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 GEP-78 project contributors
#
# SPDX-License-Identifier: Apache-2.0
#
# Makes sure protoc is installed; hack/update-protobuf.sh needs it. protoc comes from the Debian
# package protobuf-compiler, so every machine that runs `make generate` (CI included) uses the
# same protoc as long as it runs the same Debian release. When protoc is missing it is installed
# with apt-get (as root, or through sudo when that works without a password).
set -euo pipefail

if command -v protoc >/dev/null 2>&1; then
  exit 0
fi

if ! command -v apt-get >/dev/null 2>&1; then
  echo "install-protoc.sh: protoc is missing and apt-get is not available; install protoc (Debian: protobuf-compiler) by hand" >&2
  exit 1
fi

SUDO=()
if [[ "$(id -u)" != "0" ]]; then
  if sudo -n true >/dev/null 2>&1; then
    SUDO=(sudo -n)
  else
    echo "install-protoc.sh: protoc is missing; run 'apt-get update && apt-get install -y protobuf-compiler' as root" >&2
    exit 1
  fi
fi

echo "install-protoc.sh: installing protobuf-compiler with apt-get"
export DEBIAN_FRONTEND=noninteractive
"${SUDO[@]}" apt-get update -qq
"${SUDO[@]}" apt-get install -y -qq protobuf-compiler >/dev/null
protoc --version
