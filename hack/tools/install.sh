#!/usr/bin/env bash
# Builds the pinned test/dev binaries into <repo>/bin:
#   bin/kube-apiserver, bin/kubectl  (k8s.io/kubernetes, version from go.mod here)
#   bin/etcd                         (go.etcd.io/etcd/server/v3, version from go.mod here)
#
# Versions are pinned only in hack/tools/go.mod (+ go.sum). A binary is rebuilt
# only when it is missing or bin/.<name>.version differs from the pinned
# version, so re-runs are instant.
#
# Usage: hack/tools/install.sh [name...]   (default: all three)
# Env:   FORCE=1 rebuilds regardless of stamps.
set -euo pipefail

TOOLS_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO_ROOT="$(cd "${TOOLS_DIR}/../.." && pwd)"
BIN_DIR="${REPO_ROOT}/bin"
GOMOD="${TOOLS_DIR}/go.mod"

# Prints the version that go.mod requires (or replaces to) for module $1.
mod_version() {
	awk -v m="$1" '
		$1 == "require" && $2 == m { print $3; exit }
		$1 == m && $2 ~ /^v/       { print $2; exit }
	' "${GOMOD}"
}

KUBE_VERSION="$(mod_version k8s.io/kubernetes)"
ETCD_VERSION="$(mod_version go.etcd.io/etcd/server/v3)"
if [[ ! "${KUBE_VERSION}" =~ ^v([0-9]+)\.([0-9]+)\.([0-9]+)$ ]]; then
	echo "install.sh: cannot parse k8s.io/kubernetes version '${KUBE_VERSION}' from ${GOMOD}" >&2
	exit 1
fi
KUBE_MAJOR="${BASH_REMATCH[1]}"
KUBE_MINOR="${BASH_REMATCH[2]}"
STAGING_VERSION="v0.${KUBE_MINOR}.${BASH_REMATCH[3]}"
if [[ -z "${ETCD_VERSION}" ]]; then
	echo "install.sh: cannot find go.etcd.io/etcd/server/v3 in ${GOMOD}" >&2
	exit 1
fi

# Staging replaces must track the kubernetes version (v1.X.Y <-> v0.X.Y).
staging_drift="$(awk -v want="${STAGING_VERSION}" '
	$1 ~ /^k8s\.io\// && $2 == "=>" && $4 != want { print "  " $1 " => " $3 " " $4 }
' "${GOMOD}")"
if [[ -n "${staging_drift}" ]]; then
	echo "install.sh: replaces in ${GOMOD} do not match ${STAGING_VERSION} (k8s.io/kubernetes ${KUBE_VERSION}):" >&2
	echo "${staging_drift}" >&2
	exit 1
fi

kube_ldflags() {
	local flags="-s -w" pkg
	for pkg in k8s.io/component-base/version k8s.io/client-go/pkg/version; do
		flags+=" -X ${pkg}.gitVersion=${KUBE_VERSION}"
		flags+=" -X ${pkg}.gitMajor=${KUBE_MAJOR}"
		flags+=" -X ${pkg}.gitMinor=${KUBE_MINOR}"
		flags+=" -X ${pkg}.gitTreeState=clean"
	done
	echo "${flags}"
}

etcd_ldflags() {
	# etcd's own Version constant is fixed in the module; only GitSHA is a build stamp.
	echo "-s -w -X go.etcd.io/etcd/api/v3/version.GitSHA=module-${ETCD_VERSION}"
}

# build <name> <version> <package> <ldflags>
build() {
	local name="$1" version="$2" pkg="$3" ldflags="$4"
	local out="${BIN_DIR}/${name}" stamp="${BIN_DIR}/.${name}.version"

	if [[ "${FORCE:-}" != "1" && -x "${out}" && -f "${stamp}" && "$(<"${stamp}")" == "${version}" ]]; then
		echo "${name} ${version} up to date"
		return 0
	fi

	echo "building ${name} ${version} ..."
	local start=${SECONDS} tmp="${out}.tmp.$$"
	rm -f "${stamp}"
	(
		cd "${TOOLS_DIR}"
		# -mod=readonly: go.mod/go.sum here are committed and authoritative.
		# -buildvcs=false: the tools module lives inside the repo's git tree.
		# On a loaded machine a build takes many minutes: print the elapsed time every 30 s.
		GOWORK=off CGO_ENABLED=0 "${REPO_ROOT}/hack/with-progress.sh" "building ${name}" go build \
			-mod=readonly -buildvcs=false -trimpath \
			-ldflags "${ldflags}" \
			-o "${tmp}" "${pkg}"
	) || { rm -f "${tmp}"; echo "install.sh: building ${name} failed" >&2; return 1; }
	mv -f "${tmp}" "${out}"
	echo "${version}" >"${stamp}"
	echo "${name} ${version} built in $((SECONDS - start))s"
}

mkdir -p "${BIN_DIR}"

targets=("$@")
[[ ${#targets[@]} -gt 0 ]] || targets=(kube-apiserver kubectl etcd)

for t in "${targets[@]}"; do
	case "${t}" in
	kube-apiserver) build kube-apiserver "${KUBE_VERSION}" k8s.io/kubernetes/cmd/kube-apiserver "$(kube_ldflags)" ;;
	kubectl) build kubectl "${KUBE_VERSION}" k8s.io/kubernetes/cmd/kubectl "$(kube_ldflags)" ;;
	etcd) build etcd "${ETCD_VERSION}" go.etcd.io/etcd/server/v3 "$(etcd_ldflags)" ;;
	*)
		echo "install.sh: unknown tool '${t}' (want kube-apiserver, kubectl, etcd)" >&2
		exit 2
		;;
	esac
done
