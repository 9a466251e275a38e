#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 GEP-78 project contributors
#
# SPDX-License-Identifier: Apache-2.0
#
# Verifies that generated code is up to date, code is gofmt'ed and go vet passes.
set -euo pipefail
REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "${REPO_ROOT}"

echo "verify: generated code"
before="$(git status --porcelain; git diff)"
"${REPO_ROOT}/hack/update-codegen.sh" >/dev/null
after="$(git status --porcelain; git diff)"
if [[ "${before}" != "${after}" ]]; then
  echo "generated code is out of date; run 'make generate' and commit:" >&2
  diff <(echo "${before}") <(echo "${after}") >&2 || true
  exit 1
fi

echo "verify: gofmt"
unformatted="$(gofmt -l $(git ls-files '*.go'))"
if [[ -n "${unformatted}" ]]; then
  echo "not gofmt'ed:" >&2
  echo "${unformatted}" >&2
  exit 1
fi

echo "verify: go vet"
go vet ./...
