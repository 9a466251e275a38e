#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 GEP-78 project contributors
#
# SPDX-License-Identifier: Apache-2.0
#
# Generates the protobuf serialization (generated.proto, generated.pb.go and the protobuf:"..."
# struct tags of the types) of every package whose doc.go carries +k8s:protobuf-gen=package, with
# go-to-protobuf from k8s.io/code-generator at the version go.mod pins, protoc-gen-gogo from the
# same module, goimports from golang.org/x/tools (pinned in go.mod too) and protoc from the Debian
# package protobuf-compiler (hack/tools/install-protoc.sh installs it when missing).
#
# Protobuf field numbers are kept from the existing protobuf tags; new fields get the next free
# number. Called by hack/update-codegen.sh.
set -euo pipefail

REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "${REPO_ROOT}"
MODULE="github.com/gep-78/gardener"
BOILERPLATE="${REPO_ROOT}/hack/boilerplate.go.txt"

"${REPO_ROOT}/hack/tools/install-protoc.sh"

export GOBIN="${REPO_ROOT}/bin/tools"
mkdir -p "${GOBIN}"
go install \
  k8s.io/code-generator/cmd/go-to-protobuf \
  k8s.io/code-generator/cmd/go-to-protobuf/protoc-gen-gogo \
  golang.org/x/tools/cmd/goimports
# go-to-protobuf calls protoc, protoc-gen-gogo (through protoc) and goimports from PATH.
export PATH="${GOBIN}:${PATH}"

mapfile -t PACKAGES < <(git grep --untracked --files-with-matches -e '^// +k8s:protobuf-gen=package' -- 'pkg/**/doc.go' |
  xargs -n 1 dirname | sed "s,^,${MODULE}/," | sort -u)
if [[ ${#PACKAGES[@]} -eq 0 ]]; then
  echo "update-protobuf.sh: no package is tagged +k8s:protobuf-gen=package" >&2
  exit 1
fi

# Packages the types refer to; "-" means: their generated.proto exists already, only import it.
APIMACHINERY_PACKAGES=(
  -k8s.io/apimachinery/pkg/util/intstr
  -k8s.io/apimachinery/pkg/api/resource
  -k8s.io/apimachinery/pkg/runtime/schema
  -k8s.io/apimachinery/pkg/runtime
  -k8s.io/apimachinery/pkg/apis/meta/v1
  -k8s.io/api/core/v1
  -k8s.io/api/autoscaling/v1
)

# go-to-protobuf works on a GOPATH-shaped tree: it writes <tree>/<import path>/generated.proto,
# protoc writes generated.pb.go next to it, and the imports of the .proto files
# (k8s.io/apimachinery/pkg/apis/meta/v1/generated.proto, ...) resolve under the same tree. The
# tree links this repository and the module directories; no path of it ends up in the output.
TREE="$(mktemp -d)"
trap 'rm -rf "${TREE}"' EXIT
mkdir -p "${TREE}/$(dirname "${MODULE}")" "${TREE}/k8s.io" "${TREE}/github.com/gogo"
ln -s "${REPO_ROOT}" "${TREE}/${MODULE}"
# github.com/gogo/protobuf holds gogo.proto, which the intermediate .proto files import, and
# google/protobuf/descriptor.proto, which gogo.proto imports.
for module in k8s.io/apimachinery k8s.io/api github.com/gogo/protobuf; do
  go mod download "${module}"
  ln -s "$(go list -m -f '{{.Dir}}' "${module}")" "${TREE}/${module}"
done

echo "Generating protobuf for ${PACKAGES[*]}"
go-to-protobuf \
  --go-header-file="${BOILERPLATE}" \
  --output-dir="${TREE}" \
  --proto-import="${TREE}" \
  --proto-import="${TREE}/github.com/gogo/protobuf/protobuf" \
  --packages="$(IFS=, ; echo "${PACKAGES[*]}")" \
  --apimachinery-packages="$(IFS=, ; echo "${APIMACHINERY_PACKAGES[*]}")"
