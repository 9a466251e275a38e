#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 GEP-78 project contributors
#
# SPDX-License-Identifier: Apache-2.0
#
# Copies the generated CRDs (pkg/apis/extensions/crds/*.yaml, written by hack/update-codegen.sh)
# into the crds chart. charts/charts_test.go fails while the chart's copies differ.
set -euo pipefail
REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
target="${REPO_ROOT}/charts/gardener/crds/templates"

mkdir -p "${target}"
rm -f "${target}/"*.yaml
cp "${REPO_ROOT}/pkg/apis/extensions/crds/"*.yaml "${target}/"
