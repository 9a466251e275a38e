//go:build tools

// Package tools pins the binaries built by install.sh so that `go mod tidy`
// keeps their requirements in go.mod and go.sum.
package tools

import (
	_ "go.etcd.io/etcd/server/v3"
	_ "k8s.io/kubernetes/cmd/kube-apiserver"
	_ "k8s.io/kubernetes/cmd/kubectl"
)
