//go:build tools

// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Package hack pins the code generators that hack/update-codegen.sh runs at the versions in
// go.mod (kube_codegen.sh is read from the k8s.io/code-generator module directory).
package hack

import (
	_ "k8s.io/code-generator"
	_ "k8s.io/kube-openapi/cmd/openapi-gen"
)
