#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 GEP-78 project contributors
#
# SPDX-License-Identifier: Apache-2.0
#
# Regenerates every generated file: deepcopy, defaults and conversions (k8s.io/code-generator),
# protobuf (hack/update-protobuf.sh), OpenAPI definitions and model names (k8s.io/kube-openapi), the
# clientset (protobuf by default), listers and informers of core.gardener.cloud, and the seed and
# operator Extension CRDs (sigs.k8s.io/controller-tools).
set -euo pipefail

REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "${REPO_ROOT}"
MODULE="github.com/gep-78/gardener"
BOILERPLATE="${REPO_ROOT}/hack/boilerplate.go.txt"
CONTROLLER_TOOLS_VERSION="v0.23.0"

# The generators are installed into bin/tools at the versions go.mod pins.
export GOBIN="${REPO_ROOT}/bin/tools"
mkdir -p "${GOBIN}"

# `go list -m` does not download; on a fresh machine the module must be fetched first.
go mod download k8s.io/code-generator
CODEGEN_PKG="$(go list -m -f '{{.Dir}}' k8s.io/code-generator)"
if [[ ! -f "${CODEGEN_PKG}/kube_codegen.sh" ]]; then
  echo "cannot locate kube_codegen.sh in k8s.io/code-generator (${CODEGEN_PKG:-not found})" >&2
  exit 1
fi
# shellcheck source=/dev/null
source "${CODEGEN_PKG}/kube_codegen.sh"
# openapi-gen writes model-name files into every input package it may write: the extra
# packages below live in the module cache and are read only.
KUBE_CODEGEN_READONLY_PKGS+=(k8s.io/api/core/v1 k8s.io/api/autoscaling/v1)

# One run per API group: defaulter-gen refuses two SetDefaults_ functions for the same external
# type (both component configurations default component-base's ClientConnectionConfiguration).
for group in core extensions operator config/controllermanager config/gardenlet; do
  kube::codegen::gen_helpers --boilerplate "${BOILERPLATE}" "${REPO_ROOT}/pkg/apis/${group}"
done

# Protobuf (generated.proto, generated.pb.go, protobuf struct tags) of core.gardener.cloud/v1beta1.
"${REPO_ROOT}/hack/update-protobuf.sh"

kube::codegen::gen_openapi \
  --output-dir "${REPO_ROOT}/pkg/apis/openapi" \
  --output-pkg "${MODULE}/pkg/apis/openapi" \
  --output-model-name-file zz_generated.model_name.go \
  --report-filename "${REPO_ROOT}/pkg/apis/openapi/api_violations.report" \
  --update-report \
  --boilerplate "${BOILERPLATE}" \
  --extra-pkgs k8s.io/apimachinery/pkg/util/intstr \
  --extra-pkgs k8s.io/api/core/v1 \
  --extra-pkgs k8s.io/api/autoscaling/v1 \
  "${REPO_ROOT}/pkg/apis"

kube::codegen::gen_client \
  --with-watch \
  --prefers-protobuf \
  --one-input-api core \
  --output-dir "${REPO_ROOT}/pkg/client/core" \
  --output-pkg "${MODULE}/pkg/client/core" \
  --boilerplate "${BOILERPLATE}" \
  "${REPO_ROOT}/pkg/apis"

echo "Generating the Extension CRDs (extensions.gardener.cloud, operator.gardener.cloud)"
if [[ ! -x "${GOBIN}/controller-gen" ]] || [[ "$("${GOBIN}/controller-gen" --version)" != *"${CONTROLLER_TOOLS_VERSION}"* ]]; then
  go install "sigs.k8s.io/controller-tools/cmd/controller-gen@${CONTROLLER_TOOLS_VERSION}"
fi
# Only the generated YAML is removed: the directory also holds embed.go (gardenlet applies the CRD).
rm -f "${REPO_ROOT}/pkg/apis/extensions/crds/"*.yaml
"${GOBIN}/controller-gen" crd:allowDangerousTypes=false \
  paths="./pkg/apis/extensions/v1alpha1/..." \
  output:crd:dir="./pkg/apis/extensions/crds"
rm -f "${REPO_ROOT}/pkg/apis/operator/crds/"*.yaml
"${GOBIN}/controller-gen" crd:allowDangerousTypes=false \
  paths="./pkg/apis/operator/v1alpha1/..." \
  output:crd:dir="./pkg/apis/operator/crds"
"${REPO_ROOT}/hack/update-chart-crds.sh"

echo "Generating the API reference (docs/api-reference)"
CRD_REF_DOCS_VERSION="v0.3.0"
if [[ ! -x "${GOBIN}/crd-ref-docs" ]] || [[ "$("${GOBIN}/crd-ref-docs" --version 2>&1)" != *"${CRD_REF_DOCS_VERSION#v}"* ]]; then
  go install "github.com/elastic/crd-ref-docs@${CRD_REF_DOCS_VERSION}"
fi
mkdir -p "${REPO_ROOT}/docs/api-reference"
for api in core/v1beta1:core extensions/v1alpha1:extensions operator/v1alpha1:operator; do
  "${GOBIN}/crd-ref-docs" --log-level=ERROR \
    --source-path="./pkg/apis/${api%%:*}" \
    --config="${REPO_ROOT}/hack/api-reference/config.yaml" \
    --renderer=markdown \
    --output-path="${REPO_ROOT}/docs/api-reference/${api##*:}.md"
done
