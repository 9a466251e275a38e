#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 GEP-78 project contributors
#
# SPDX-License-Identifier: Apache-2.0
#
# The main job: starts a local garden (bin/local-garden), applies the demo input from example/
# with kubectl the way an operator and a shoot owner would, prints what they see, and stops
# every process it started. Expects `make tools build` to have run (the Makefile does that).
# REPLICAS=N runs N processes each of gardener-apiserver, gardener-controller-manager and gardenlet
# (local-garden --replicas N) and shows their EndpointSlices and leader Leases.
# PROMETHEUS=1 runs Prometheus in the garden too (local-garden --prometheus), shows the fleet query's
# answer and, at the end, takes the screenshot docs/images/fleet-graph.png (hack/prometheus-screenshot.sh).
set -euo pipefail

REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BIN="${REPO_ROOT}/bin"
DEV="${REPO_ROOT}/dev/demo"
KUBECONFIG="${DEV}/kubeconfig"
export KUBECONFIG
KUBECTL="${BIN}/kubectl"
LOG="${DEV}/local-garden.log"
REPLICAS="${REPLICAS:-1}"
PROMETHEUS="${PROMETHEUS:-}"
prometheus_flags=()
if [[ -n "${PROMETHEUS}" ]]; then
  prometheus_flags=(--prometheus --prometheus-interval 2s --prometheus-rules "${REPO_ROOT}/charts/gardener/controller-manager/alerts/extension-components.rules.yaml")
fi

rm -rf "${DEV}"
mkdir -p "${DEV}"

garden_pid=""
cleanup() {
  local rc=$?
  if [[ -n "${garden_pid}" ]] && kill -0 "${garden_pid}" 2>/dev/null; then
    echo
    echo "### Stopping the local garden"
    kill -TERM "${garden_pid}" 2>/dev/null || true
    wait "${garden_pid}" 2>/dev/null || true
  fi
  if [[ ${rc} -ne 0 ]]; then
    echo "demo failed (exit ${rc}); last lines of ${LOG}:" >&2
    tail -n 40 "${LOG}" >&2 || true
  fi
  exit "${rc}"
}
trap cleanup EXIT INT TERM

step() { printf '\n### %s\n' "$*"; }
show() { printf '$ kubectl %s\n' "$*"; "${KUBECTL}" "$@"; }
# plugin runs a command with bin/ on PATH, so that kubectl finds the plugin kubectl-extensionprofile.
plugin() { PATH="${BIN}:${PATH}" "$@"; }

step "Starting the local garden (etcd, kube-apiserver, gardener-apiserver, gardener-controller-manager, gardenlet, gardener-operator, shoot-falco-service and gvisor extensions)"
"${BIN}/local-garden" --bin-dir "${BIN}" --dev-dir "${DEV}" --feature-gates ExtensionComponentVersions=true --replicas "${REPLICAS}" "${prometheus_flags[@]}" >"${LOG}" 2>&1 &
garden_pid=$!
for _ in $(seq 1 240); do
  if grep -q '^local garden ready' "${LOG}" 2>/dev/null; then break; fi
  if ! kill -0 "${garden_pid}" 2>/dev/null; then echo "local-garden exited early" >&2; exit 1; fi
  sleep 0.5
done
grep -q '^local garden ready' "${LOG}" || { echo "local garden not ready after 120s" >&2; exit 1; }
echo "local garden ready; admin kubeconfig: ${KUBECONFIG}"
if [[ -n "${PROMETHEUS}" ]]; then
  echo "prometheus: http://$(cat "${DEV}/prometheus.address")"
fi

if [[ "${REPLICAS}" -gt 1 ]]; then
  step "${REPLICAS} gardener-apiservers behind one Service (an EndpointSlice each); one leader each of gardener-controller-manager and gardenlet"
  show get endpointslices -n kube-system -l kubernetes.io/service-name=gardener-apiserver
  show get leases -n kube-system gardener-controller-manager-leader-election gardenlet-leader-election
fi

# Lifecycle start times in example/ are offsets from now (${NOW-30d}, ...); ${SOON}, the two
# transitions the demo waits for, is 40 seconds from now. Rendered once the garden is up, so that
# a slow start does not eat into them; the frozen Shoot is applied well before.
SOON=40s "${REPO_ROOT}/hack/render-examples.sh" "${DEV}/example"

step "The operator publishes a CloudProfile and two ExtensionProfiles"
show apply -f "${DEV}/example/00-namespace-garden-dev.yaml" -f "${DEV}/example/10-cloudprofile-local.yaml" \
  -f "${DEV}/example/20-extensionprofile-shoot-traefik.yaml" -f "${DEV}/example/21-extensionprofile-shoot-falco-service.yaml"
"${KUBECTL}" wait --for=jsonpath='{.status.components[0].name}'=traefik extensionprofile/shoot-traefik --timeout=60s >/dev/null
"${KUBECTL}" wait --for=jsonpath='{.status.components[0].name}'=falco extensionprofile/shoot-falco-service --timeout=60s >/dev/null

step "gardener-controller-manager classified every version (GEP-32 lifecycle evaluated now)"
show get extensionprofiles
show get extensionprofile shoot-traefik -o jsonpath='{range .status.components[*]}{range .versions[*]}{.version}{"\t"}{.classification}{"\n"}{end}{end}'

step "The operator publishes the versions of the gVisor container runtime: ExtensionProfile containerruntime-gvisor"
show apply -f "${DEV}/example/22-extensionprofile-containerruntime-gvisor.yaml"
"${KUBECTL}" wait --for=jsonpath='{.status.components[0].name}'=runsc extensionprofile/containerruntime-gvisor --timeout=60s >/dev/null
show get extensionprofile containerruntime-gvisor -o jsonpath='{range .status.components[*]}{range .versions[*]}{.version}{"\t"}{.classification}{"\n"}{end}{end}'

step "A shoot owner runs gVisor in two worker pools on two runsc versions: sandbox-old frozen on the deprecated 2026.1.0, sandbox-new on 2026.11.0"
show apply -f "${DEV}/example/35-shoot-gvisor-pools.yaml"
pool_versions() {
  show get shoot sandbox -n garden-dev -o jsonpath='{range .spec.provider.workers[*]}{.name}{": runsc "}{.cri.containerRuntimes[0].components[0].version}{"\n"}{end}'
}
pool_versions

step "A shoot owner pins falco 0.44.1 and traefik 3.6.13: accepted"
show apply -f "${DEV}/example/30-shoot-pinned.yaml"

step "A shoot owner freezes falco on the deprecated 0.42.1 (autoUpdate.enabled: false): accepted with a warning"
show apply -f "${DEV}/example/32-shoot-frozen-falco.yaml"
show get shoots -n garden-dev

step "Three Shoots follow traefik's rapid, regular and stable release channels: admission stores each channel's current version"
show apply -f "${DEV}/example/33-shoots-channels.yaml"
show get extensionprofile shoot-traefik -o jsonpath='{range .status.components[*]}{.name}:{range .channels[*]} {.channel}={.version}{end}{"\n"}{end}'
channel_versions() {
  show get shoots channel-rapid channel-regular channel-stable -n garden-dev \
    -o custom-columns='NAME:.metadata.name,CHANNEL:.spec.extensions[0].channel,TRAEFIK:.spec.extensions[0].components[0].version'
}
channel_versions
for want in rapid=3.7.0 regular=3.6.13 stable=3.6.11; do
  got="$("${KUBECTL}" get shoot "channel-${want%%=*}" -n garden-dev -o jsonpath='{.spec.extensions[0].components[0].version}')"
  [[ "${got}" == "${want#*=}" ]] || { echo "channel-${want%%=*}: expected ${want#*=}, got ${got}" >&2; exit 1; }
done

step "A pin on an unavailable version is rejected, with the field path and the versions that may be pinned"
if "${KUBECTL}" apply -f "${DEV}/example/40-shoot-rejected-unavailable-pin.yaml" 2>"${DEV}/rejected.txt"; then
  echo "expected a rejection" >&2; exit 1
fi
printf '$ kubectl apply -f 40-shoot-rejected-unavailable-pin.yaml\n'; cat "${DEV}/rejected.txt"

step "A pin on a component the profile does not list is rejected"
if "${KUBECTL}" apply -f "${DEV}/example/41-shoot-rejected-unknown-component.yaml" 2>"${DEV}/rejected.txt"; then
  echo "expected a rejection" >&2; exit 1
fi
printf '$ kubectl apply -f 41-shoot-rejected-unknown-component.yaml\n'; cat "${DEV}/rejected.txt"

step "Partial pins \"3.6\" and \"0\" are resolved at admission to the highest supported versions"
show apply -f "${DEV}/example/31-shoot-partial-version.yaml"
show get shoot partial -n garden-dev -o jsonpath='{range .spec.extensions[*]}{.type}{": "}{range .components[*]}{.name}{"="}{.version}{end}{"\n"}{end}'

step "gardenlet wrote the resolved versions and the profile entries' providerConfig into the seed Extensions"
"${KUBECTL}" wait --for=create extension/shoot-falco-service -n shoot--dev--pinned --timeout=60s >/dev/null
"${KUBECTL}" wait --for=jsonpath='{.spec.components[0].version}'=0.44.1 extension/shoot-falco-service -n shoot--dev--pinned --timeout=60s >/dev/null
echo "(shoot-cert-service has no ExtensionProfile and no pins, so it gets no components, as before GEP-78;"
echo " only the example falco extension runs here, so only shoot-falco-service reports a status)"
show get extensions -n shoot--dev--pinned
show get extension shoot-falco-service -n shoot--dev--pinned -o jsonpath='{.spec.components}'
echo

step "The shoot-falco-service extension deployed falco at the resolved version and reported back"
"${KUBECTL}" wait --for=jsonpath='{.status.lastOperation.state}'=Succeeded extension/shoot-falco-service -n shoot--dev--pinned --timeout=60s >/dev/null
show get extension shoot-falco-service -n shoot--dev--pinned -o jsonpath='{.status.lastOperation.type} {.status.lastOperation.state} {.status.lastOperation.progress}% {.status.lastOperation.description}{"\n"}'
echo "(0 replicas: the local garden has no nodes; the version is in the image, the label and the ConfigMap)"
show get deployment falco -n shoot--dev--pinned -L app.kubernetes.io/version -o wide
show get configmap falco-config -n shoot--dev--pinned -o jsonpath='{.data}{"\n"}'

step "gardenlet wrote a seed ContainerRuntime per pool with the pool's version; the gvisor extension installed each with a DaemonSet on the pool's nodes"
for pool in sandbox-old sandbox-new; do
  "${KUBECTL}" wait --for=create "containerruntime/gvisor-${pool}" -n shoot--dev--sandbox --timeout=60s >/dev/null
  "${KUBECTL}" wait --for=jsonpath='{.status.lastOperation.state}'=Succeeded "containerruntime/gvisor-${pool}" -n shoot--dev--sandbox --timeout=60s >/dev/null
done
runtime_versions() {
  show get containerruntimes -n shoot--dev--sandbox -o custom-columns='NAME:.metadata.name,POOL:.spec.workerPool.name,RUNSC:.spec.components[0].version,STATUS:.status.lastOperation.state,DESCRIPTION:.status.lastOperation.description'
  show get daemonsets -n shoot--dev--sandbox -L worker.gardener.cloud/pool,app.kubernetes.io/version -o wide
}
runtime_versions
echo "(no pods: the local garden has no nodes; the version is in the image and the label, the platform from the version's providerConfig in the arguments)"
plugin show extensionprofile usage containerruntime-gvisor -A

step "What maintenance will do to the frozen pin: nothing now, a forced upgrade once it expires"
plugin show extensionprofile shoot frozen -n garden-dev

step "40 seconds after rendering, traefik 3.6.15 becomes supported and falco 0.42.1 expires"
"${KUBECTL}" wait --for=jsonpath='{.status.components[0].versions[4].classification}'=supported extensionprofile/shoot-traefik --timeout=90s >/dev/null
"${KUBECTL}" wait --for=jsonpath='{.status.components[0].versions[1].classification}'=expired extensionprofile/shoot-falco-service --timeout=90s >/dev/null
show get extensionprofiles

step "The maintain operation runs maintenance now: machine images, Kubernetes, then extension components"
show annotate shoot pinned frozen channel-rapid channel-regular channel-stable sandbox -n garden-dev gardener.cloud/operation=maintain
"${KUBECTL}" wait --for=jsonpath='{.spec.extensions[1].components[0].version}'=3.6.15 shoot/pinned -n garden-dev --timeout=60s >/dev/null
"${KUBECTL}" wait --for=jsonpath='{.spec.extensions[0].components[0].version}'=0.44.1 shoot/frozen -n garden-dev --timeout=60s >/dev/null
echo "auto-update (patch): traefik 3.6.13 -> 3.6.15 on shoot pinned"
show get shoot pinned -n garden-dev -o jsonpath='{.status.lastMaintenance.description}{"\n"}'
echo "forced upgrade on expiry, although auto-update is off: falco 0.42.1 -> 0.44.1 on shoot frozen"
show get shoot frozen -n garden-dev -o jsonpath='{.status.lastMaintenance.description}{"\n"}'
"${KUBECTL}" wait --for=jsonpath='{.spec.extensions[0].components[0].version}'=3.6.15 shoot/channel-regular -n garden-dev --timeout=60s >/dev/null
# Maintenance removes the maintain operation once it has run.
for shoot in channel-rapid channel-stable; do
  for _ in $(seq 1 120); do
    [[ -z "$("${KUBECTL}" get shoot "${shoot}" -n garden-dev -o jsonpath='{.metadata.annotations.gardener\.cloud/operation}')" ]] && break
    sleep 0.5
  done
done
for want in rapid=3.7.0 stable=3.6.11; do
  got="$("${KUBECTL}" get shoot "channel-${want%%=*}" -n garden-dev -o jsonpath='{.spec.extensions[0].components[0].version}')"
  [[ "${got}" == "${want#*=}" ]] || { echo "channel-${want%%=*}: expected ${want#*=}, got ${got}" >&2; exit 1; }
done
echo "release channels: only the regular Shoot moves (3.6.15 is now the newest supported); rapid stays on the"
echo "preview 3.7.0, and stable on 3.6.11, since 3.6.15 has not been supported for the soak period"
channel_versions
show get shoot channel-regular -n garden-dev -o jsonpath='{.status.lastMaintenance.description}{"\n"}'
show get events -n garden-dev --field-selector reason=ExtensionComponentVersionMaintenance -o custom-columns=SHOOT:.involvedObject.name,REASON:.reason,MESSAGE:.message

step "gardenlet carried the upgraded version and its providerConfig to the seed"
"${KUBECTL}" wait --for=jsonpath='{.spec.components[0].version}'=3.6.15 extension/shoot-traefik -n shoot--dev--pinned --timeout=60s >/dev/null
show get extensions -n shoot--dev--pinned
"${KUBECTL}" wait --for=jsonpath='{.spec.template.spec.containers[0].image}'=falcosecurity/falco:0.44.1 deployment/falco -n shoot--dev--frozen --timeout=60s >/dev/null
echo "the extension rolled falco on shoot frozen to the forced version:"
show get deployment falco -n shoot--dev--frozen -L app.kubernetes.io/version -o wide

step "runsc 2026.1.0 expired: maintenance force-upgraded pool sandbox-old to 2026.6.0 (the next minor), although its auto-update is off; sandbox-new stays on 2026.11.0"
"${KUBECTL}" wait --for=jsonpath='{.spec.provider.workers[0].cri.containerRuntimes[0].components[0].version}'=2026.6.0 shoot/sandbox -n garden-dev --timeout=60s >/dev/null
got="$("${KUBECTL}" get shoot sandbox -n garden-dev -o jsonpath='{.spec.provider.workers[1].cri.containerRuntimes[0].components[0].version}')"
[[ "${got}" == 2026.11.0 ]] || { echo "pool sandbox-new: expected runsc 2026.11.0, got ${got}" >&2; exit 1; }
pool_versions
show get shoot sandbox -n garden-dev -o jsonpath='{.status.lastMaintenance.description}{"\n"}'
"${KUBECTL}" wait --for=jsonpath='{.spec.template.spec.containers[0].image}'=gvisor.dev/runsc-installer:2026.6.0 daemonset/gvisor-sandbox-old -n shoot--dev--sandbox --timeout=60s >/dev/null
echo "gardenlet carried the new version to the pool's ContainerRuntime; the extension rolled the pool's DaemonSet:"
runtime_versions

step "The fleet view (GEP-78 motivation): Shoots per extension type, component, version and classification"
metrics_url="$(sed -n 's/^gardener-controller-manager metrics: //p' "${LOG}")"
printf '$ curl -s %s | grep gardener_extension_component_shoots | grep -v " 0$"\n' "${metrics_url}"
curl -s "${metrics_url}" | grep '^gardener_extension_component_shoots' | grep -v ' 0$'

step "Which Shoots pin which falco version, in all namespaces (kubectl plugin bin/kubectl-extensionprofile)"
plugin show extensionprofile usage shoot-falco-service -A

step "Shoots per release channel: the channel gauge and the traefik usage view"
printf '$ curl -s %s | grep gardener_extension_component_channel_shoots | grep -v " 0$"\n' "${metrics_url}"
curl -s "${metrics_url}" | grep '^gardener_extension_component_channel_shoots' | grep -v ' 0$'
plugin show extensionprofile usage shoot-traefik -A

step "Impact preview: a dry-run that would expire falco 0.44.1 in 7 days (nothing is stored)"
expires="$(date -u -d '+7 days' +%Y-%m-%dT%H:%M:%SZ)"
patch='[{"op":"add","path":"/spec/components/0/versions/2/lifecycle","value":[{"classification":"supported"},{"classification":"expired","startTime":"'"${expires}"'"}]}]'
"${KUBECTL}" get extensionprofile shoot-falco-service -o jsonpath='{.spec.components[0].versions[2].version}' | grep -qx 0.44.1
show patch extensionprofile shoot-falco-service --type=json --dry-run=server -p "${patch}"

step "Expiry gauges: expiration dates, Shoots on expiring versions, and those without upgrade path"
printf '$ curl -s %s | grep -E "gardener_extension_component_(version_expiration_timestamp_seconds|shoots_expiring|shoots_without_upgrade_path)"\n' "${metrics_url}"
curl -s "${metrics_url}" | grep -E '^gardener_extension_component_(version_expiration_timestamp_seconds|shoots_expiring|shoots_without_upgrade_path)'

step "Safe rollouts: three development Shoots and one production Shoot on falco 0.44.1 with auto-update"
show apply -f "${DEV}/example/34-shoots-rollout.yaml"

step "The operator adds falco 0.44.2, which fails on purpose (providerConfig simulateFailure); its rollout opens stage early"
patch='[{"op":"add","path":"/spec/components/0/versions/-","value":{"version":"0.44.2","providerConfig":{"apiVersion":"falco.extensions.gardener.cloud/v1alpha1","kind":"FalcoComponentConfig","rulesVersion":"0.44.0","containerPlugin":true,"simulateFailure":{"description":"falco 0.44.2 crashes on start","codes":["ERR_CONFIGURATION_PROBLEM"]}}}}]'
show patch extensionprofile shoot-falco-service --type=json -p "${patch}"
rollout='{.status.components[0].rollouts[?(@.version=="0.44.2")]}'
rollout_state='{.status.components[0].rollouts[?(@.version=="0.44.2")].state}'
"${KUBECTL}" wait --for=jsonpath="${rollout_state}"=Progressing extensionprofile/shoot-falco-service --timeout=60s >/dev/null
show get extensionprofile shoot-falco-service -o jsonpath="${rollout}{\"\\n\"}"

step "Maintenance moves the early Shoots to 0.44.2; the production Shoot waits for its stage"
show annotate shoot rollout-dev-0 rollout-dev-1 rollout-dev-2 rollout-prod -n garden-dev gardener.cloud/operation=maintain
for shoot in rollout-dev-0 rollout-dev-1 rollout-dev-2; do
  "${KUBECTL}" wait --for=jsonpath='{.spec.extensions[0].components[0].version}'=0.44.2 "shoot/${shoot}" -n garden-dev --timeout=60s >/dev/null
done
for _ in $(seq 1 120); do
  [[ -z "$("${KUBECTL}" get shoot rollout-prod -n garden-dev -o jsonpath='{.metadata.annotations.gardener\.cloud/operation}')" ]] && break
  sleep 0.5
done
show get shoots rollout-dev-0 rollout-dev-1 rollout-dev-2 rollout-prod -n garden-dev -o custom-columns=NAME:.metadata.name,PURPOSE:.spec.purpose,FALCO:.spec.extensions[0].components[0].version

step "The extension fails 0.44.2 on each of them; gardenlet shows it in the Shoots' status"
"${KUBECTL}" wait --for=jsonpath='{.status.conditions[?(@.type=="ExtensionsReady")].status}'=False shoot/rollout-dev-0 -n garden-dev --timeout=120s >/dev/null
show get shoot rollout-dev-0 -n garden-dev -o jsonpath='{.status.lastErrors}{"\n"}'

step "gardener-controller-manager halts the rollout of 0.44.2: 3 of 3 moved Shoots failed (threshold 3 and 50 %)"
"${KUBECTL}" wait --for=jsonpath="${rollout_state}"=Halted extensionprofile/shoot-falco-service --timeout=120s >/dev/null
show get extensionprofile shoot-falco-service -o jsonpath="${rollout}{\"\\n\"}"
show get events -A --field-selector reason=RolloutHalted -o custom-columns=OBJECT:.involvedObject.name,REASON:.reason,MESSAGE:.message
printf '$ curl -s %s | grep gardener_extension_component_rollout | grep 0.44.2 | grep -v " 0$"\n' "${metrics_url}"
curl -s "${metrics_url}" | grep '^gardener_extension_component_rollout' | grep 'version="0.44.2"' | grep -v ' 0$'

step "Per-pool rollout (docs/operations/per-pool-rollout.md, step 3): the operator promotes the preview runsc 2026.12.0; the dry-run previews the pools that move"
"${KUBECTL}" get extensionprofile containerruntime-gvisor -o jsonpath='{.spec.components[0].versions[4].version}' | grep -qx 2026.12.0
promoted="$(date -u -d '-1 minute' +%Y-%m-%dT%H:%M:%SZ)"
patch='[{"op":"replace","path":"/spec/components/0/versions/4/lifecycle","value":[{"classification":"preview"},{"classification":"supported","startTime":"'"${promoted}"'"}]}]'
show patch extensionprofile containerruntime-gvisor --type=json --dry-run=server -p "${patch}"
show patch extensionprofile containerruntime-gvisor --type=json -p "${patch}"
runtime_rollout() {
  show get extensionprofile containerruntime-gvisor -o jsonpath="{.status.components[0].rollouts[?(@.version==\"$1\")]}{\"\\n\"}"
}
"${KUBECTL}" wait --for=jsonpath='{.status.components[0].rollouts[?(@.version=="2026.12.0")].state}'=Progressing extensionprofile/containerruntime-gvisor --timeout=60s >/dev/null
runtime_rollout 2026.12.0

step "Maintenance moves pool sandbox-new (auto-update, strategy minor) to 2026.12.0; sandbox-old (auto-update off) stays on 2026.6.0"
show annotate shoot sandbox -n garden-dev gardener.cloud/operation=maintain
"${KUBECTL}" wait --for=jsonpath='{.spec.provider.workers[1].cri.containerRuntimes[0].components[0].version}'=2026.12.0 shoot/sandbox -n garden-dev --timeout=60s >/dev/null
got="$("${KUBECTL}" get shoot sandbox -n garden-dev -o jsonpath='{.spec.provider.workers[0].cri.containerRuntimes[0].components[0].version}')"
[[ "${got}" == 2026.6.0 ]] || { echo "pool sandbox-old: expected runsc 2026.6.0, got ${got}" >&2; exit 1; }
pool_versions
show get shoot sandbox -n garden-dev -o jsonpath='{.status.lastMaintenance.description}{"\n"}'
"${KUBECTL}" wait --for=jsonpath='{.spec.template.spec.containers[0].image}'=gvisor.dev/runsc-installer:2026.12.0 daemonset/gvisor-sandbox-new -n shoot--dev--sandbox --timeout=60s >/dev/null
"${KUBECTL}" wait --for=jsonpath='{.status.lastOperation.state}'=Succeeded containerruntime/gvisor-sandbox-new -n shoot--dev--sandbox --timeout=60s >/dev/null
runtime_versions
plugin show extensionprofile usage containerruntime-gvisor -A

step "The operator adds runsc 2026.12.1, which fails on purpose (providerConfig simulateFailure); its rollout halts after one failed Shoot (the version's failureThreshold)"
patch='[{"op":"add","path":"/spec/components/0/versions/-","value":{"version":"2026.12.1","providerConfig":{"apiVersion":"gvisor.extensions.gardener.cloud/v1alpha1","kind":"RunscComponentConfig","platform":"kvm","simulateFailure":{"description":"runsc 2026.12.1 crashes on start","codes":["ERR_CONFIGURATION_PROBLEM"]}},"rollout":{"policy":{"failureThreshold":{"count":1,"percentage":50}}}}}]'
show patch extensionprofile containerruntime-gvisor --type=json -p "${patch}"
"${KUBECTL}" wait --for=jsonpath='{.status.components[0].rollouts[?(@.version=="2026.12.1")].state}'=Progressing extensionprofile/containerruntime-gvisor --timeout=60s >/dev/null
show annotate shoot sandbox -n garden-dev gardener.cloud/operation=maintain
"${KUBECTL}" wait --for=jsonpath='{.spec.provider.workers[1].cri.containerRuntimes[0].components[0].version}'=2026.12.1 shoot/sandbox -n garden-dev --timeout=60s >/dev/null
pool_versions

step "The gvisor extension fails 2026.12.1 in pool sandbox-new; gardenlet shows it in the Shoot's status under the pool's task ID"
"${KUBECTL}" wait --for=jsonpath='{.status.lastOperation.state}'=Error containerruntime/gvisor-sandbox-new -n shoot--dev--sandbox --timeout=60s >/dev/null
"${KUBECTL}" wait --for=jsonpath='{.status.conditions[?(@.type=="ExtensionsReady")].status}'=False shoot/sandbox -n garden-dev --timeout=120s >/dev/null
show get shoot sandbox -n garden-dev -o jsonpath='{.status.lastErrors}{"\n"}'

step "gardener-controller-manager halts the rollout of runsc 2026.12.1: the Shoot whose pool moved to it failed"
"${KUBECTL}" wait --for=jsonpath='{.status.components[0].rollouts[?(@.version=="2026.12.1")].state}'=Halted extensionprofile/containerruntime-gvisor --timeout=120s >/dev/null
runtime_rollout 2026.12.1
plugin show extensionprofile shoot sandbox -n garden-dev

if [[ -n "${PROMETHEUS}" ]]; then
  step "Prometheus: the fleet query of the garden dashboard, and a screenshot of its graph"
  address="$(cat "${DEV}/prometheus.address")"
  query='max by (extension_type, component, version, classification) (gardener_extension_component_shoots) > 0'
  printf '$ curl -s http://%s/api/v1/query --data-urlencode query=%q\n' "${address}" "${query}"
  curl -s "http://${address}/api/v1/query" --data-urlencode "query=${query}"
  echo
  "${REPO_ROOT}/hack/prometheus-screenshot.sh" "${address}" "${REPO_ROOT}/docs/images/fleet-graph.png" 1m
fi

step "Demo finished"
