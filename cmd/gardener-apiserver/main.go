// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Command gardener-apiserver serves core.gardener.cloud (ExtensionProfile and the Shoot and
// CloudProfile subsets) as an aggregated API server behind a kube-apiserver.
package main

import (
	"os"

	genericapiserver "k8s.io/apiserver/pkg/server"
	"k8s.io/component-base/cli"

	"github.com/gep-78/gardener/cmd/gardener-apiserver/app"
)

func main() {
	cmd := app.NewCommand()
	cmd.SetContext(genericapiserver.SetupSignalContext())
	os.Exit(cli.Run(cmd))
}
