# SPDX-FileCopyrightText: 2026 GEP-78 project contributors
#
# SPDX-License-Identifier: Apache-2.0

REPO_ROOT      := $(shell pwd)
BIN            := $(REPO_ROOT)/bin
KUBE_VERSION   := v1.37.2
VERSION        ?= v0.1.0-dev
LD_FLAGS       := -X k8s.io/component-base/version.gitVersion=$(KUBE_VERSION) \
                  -X k8s.io/component-base/version.gitMajor=1 \
                  -X k8s.io/component-base/version.gitMinor=37 \
                  -X k8s.io/component-base/version.gitTreeState=clean \
                  -X github.com/gep-78/gardener/pkg/version.Version=$(VERSION)
BINARIES       := gardener-apiserver gardener-controller-manager gardenlet gardener-operator gardener-extension-shoot-falco-service gardener-extension-runtime-gvisor local-garden kubectl-extensionprofile
GO_TEST_FLAGS  ?= -count=1 -timeout=30m

export KUBEBUILDER_ASSETS := $(BIN)
export GOFLAGS := -buildvcs=false

.PHONY: all
all: build

## tools: builds kube-apiserver, etcd and kubectl from Go modules into bin/ and extracts promtool and the
## Prometheus server with its web UI from the Debian package prometheus (each skipped when current).
.PHONY: tools
tools:
	@hack/tools/install.sh
	@hack/tools/install-promtool.sh
	@hack/tools/install-prometheus.sh

## generate: regenerates deepcopy, conversion, defaults, OpenAPI, clients and the Extension CRD.
.PHONY: generate
generate:
	@hack/update-codegen.sh

## build: builds the project's binaries into bin/.
.PHONY: build
build:
	@mkdir -p $(BIN)
	@echo "go build -o $(BIN)/ $(BINARIES)"
	@hack/with-progress.sh "make build" go build -ldflags "$(LD_FLAGS)" -o $(BIN)/ $(addprefix ./cmd/,$(BINARIES))

## test: runs the unit and integration tests (integration tests start etcd, kube-apiserver and gardener-apiserver),
## then the lift onto a clone of GARDENER_CHECKOUT when it is set (hack/check-lift.sh; LIFT_FLAGS are passed on).
.PHONY: test
test: tools
	go test $(GO_TEST_FLAGS) ./...
	@hack/check-lift.sh

## test-unit: runs the unit tests only.
.PHONY: test-unit
test-unit:
	go test $(GO_TEST_FLAGS) $$(go list ./... | grep -v /test/integration)

## bench: runs the benchmarks of docs/development/benchmarks.md (-count 10) and prints their benchstat
## tables (hack/bench.sh; BENCH=admission runs one set). Never part of test.
.PHONY: bench
bench:
	@hack/bench.sh $(BENCH)

## verify: checks that generated code is current, code is gofmt'ed and go vet passes.
.PHONY: verify
verify:
	@hack/verify.sh

## local-up: starts a local garden (etcd, kube-apiserver, gardener-apiserver, gardener-controller-manager,
## gardenlet, gardener-operator, the example shoot-falco-service extension) and runs until interrupted; admin kubeconfig in dev/kubeconfig.
## DATA_DIR=dev/data keeps etcd's data there, so that the next run starts over the same garden.
## REPLICAS=2 runs two each of gardener-apiserver, gardener-controller-manager and gardenlet.
## PROMETHEUS=1 also runs Prometheus on loopback, scraping them with the controller-manager's alert rules loaded.
.PHONY: local-up
local-up: tools build
	@$(BIN)/local-garden --bin-dir $(BIN) --dev-dir $(REPO_ROOT)/dev $(if $(DATA_DIR),--data-dir $(DATA_DIR)) $(if $(REPLICAS),--replicas $(REPLICAS)) $(if $(PROMETHEUS),--prometheus --prometheus-rules $(REPO_ROOT)/charts/gardener/controller-manager/alerts/extension-components.rules.yaml)

## demo: starts the local garden, walks through the example profiles and Shoots with kubectl, and stops.
## REPLICAS=2 runs it with two each of gardener-apiserver, gardener-controller-manager and gardenlet.
## PROMETHEUS=1 runs Prometheus too and takes the screenshot of the fleet graph (hack/prometheus-screenshot.sh).
.PHONY: demo
demo: tools build
	@hack/demo.sh

.PHONY: help
help:
	@grep -E '^## ' Makefile | sed 's/^## //'
