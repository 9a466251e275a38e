//go:build tools

// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Package hack pins k8s.io/code-generator in go.mod: hack/update-codegen.sh runs kube_codegen.sh
// from that module, which installs its generators (openapi-gen included) at the versions the
// module requires.
package hack

import (
	_ "k8s.io/code-generator"
)
