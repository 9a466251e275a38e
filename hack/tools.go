//go:build tools

// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Package hack pins the code generators in go.mod: hack/update-codegen.sh runs kube_codegen.sh
// from k8s.io/code-generator, which installs its generators (openapi-gen included) at the versions
// the module requires; hack/update-protobuf.sh installs go-to-protobuf, protoc-gen-gogo and
// goimports at the versions required here.
package hack

import (
	_ "golang.org/x/tools/cmd/goimports"
	_ "k8s.io/code-generator"
	_ "k8s.io/code-generator/cmd/go-to-protobuf"
	_ "k8s.io/code-generator/cmd/go-to-protobuf/protoc-gen-gogo"
)
