// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Command gardener-extension-shoot-falco-service is the example extension controller of this
// repository: it reconciles the seed Extensions of type shoot-falco-service and deploys falco at
// the component version gardenlet resolved into Extension.spec.components[] (GEP-78).
package main

import (
	"fmt"
	"os"

	"sigs.k8s.io/controller-runtime/pkg/manager/signals"

	"github.com/gep-78/gardener/cmd/gardener-extension-shoot-falco-service/app"
)

func main() {
	if err := app.NewCommand().ExecuteContext(signals.SetupSignalHandler()); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
