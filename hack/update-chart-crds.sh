#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 GEP-78 project contributors
#
# SPDX-License-Identifier: Apache-2.0
#
# Copies the generated CRDs (written by hack/update-codegen.sh) into the charts: the seed Extension
# CRD (pkg/apis/extensions/crds) into the crds chart, the operator Extension CRD
# (pkg/apis/operator/crds) into the gardener-operator chart. charts/charts_test.go fails while the
# charts' copies differ.
set -euo pipefail
REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
target="${REPO_ROOT}/charts/gardener/crds/templates"

mkdir -p "${target}"
rm -f "${target}/"*.yaml
cp "${REPO_ROOT}/pkg/apis/extensions/crds/"*.yaml "${target}/"

operator="${REPO_ROOT}/charts/gardener/operator/templates"
mkdir -p "${operator}"
rm -f "${operator}/"*.gardener.cloud_*.yaml
for crd in "${REPO_ROOT}/pkg/apis/operator/crds/"*.yaml; do
  cp "${crd}" "${operator}/$(basename "${crd}")"
done
