# SPDX-FileCopyrightText: 2026 GEP-78 project contributors
#
# SPDX-License-Identifier: Apache-2.0
#
# One image per binary, selected with --target:
#   docker build --target gardener-apiserver          -t <registry>/gardener/apiserver:<tag> .
#   docker build --target gardener-controller-manager -t <registry>/gardener/controller-manager:<tag> .
#   docker build --target gardenlet                   -t <registry>/gardener/gardenlet:<tag> .
#   docker build --target gardener-operator           -t <registry>/gardener/operator:<tag> .
# The ldflags are those of `make build` (test/integration/deployment checks that they agree).

FROM golang:1.26 AS builder
WORKDIR /go/src/github.com/gep-78/gardener
COPY go.mod go.sum ./
RUN go mod download
COPY . .
ARG VERSION=v0.1.0-dev
ARG KUBE_VERSION=v1.37.2
ARG TARGETOS=linux
ARG TARGETARCH=amd64
RUN CGO_ENABLED=0 GOOS=${TARGETOS} GOARCH=${TARGETARCH} GOFLAGS=-buildvcs=false \
    go build -trimpath -o /out/ \
      -ldflags "-s -w \
        -X k8s.io/component-base/version.gitVersion=${KUBE_VERSION} \
        -X k8s.io/component-base/version.gitMajor=1 \
        -X k8s.io/component-base/version.gitMinor=37 \
        -X k8s.io/component-base/version.gitTreeState=clean \
        -X github.com/gep-78/gardener/pkg/version.Version=${VERSION}" \
      ./cmd/gardener-apiserver ./cmd/gardener-controller-manager ./cmd/gardenlet ./cmd/gardener-operator

FROM gcr.io/distroless/static-debian12:nonroot AS gardener-apiserver
COPY --from=builder /out/gardener-apiserver /gardener-apiserver
ENTRYPOINT ["/gardener-apiserver"]

FROM gcr.io/distroless/static-debian12:nonroot AS gardener-controller-manager
COPY --from=builder /out/gardener-controller-manager /gardener-controller-manager
ENTRYPOINT ["/gardener-controller-manager"]

FROM gcr.io/distroless/static-debian12:nonroot AS gardenlet
COPY --from=builder /out/gardenlet /gardenlet
ENTRYPOINT ["/gardenlet"]

FROM gcr.io/distroless/static-debian12:nonroot AS gardener-operator
COPY --from=builder /out/gardener-operator /gardener-operator
ENTRYPOINT ["/gardener-operator"]
