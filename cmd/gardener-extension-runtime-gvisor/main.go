// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Command gardener-extension-runtime-gvisor is the example container runtime extension of this
// repository: it reconciles the seed ContainerRuntimes of type gvisor and installs runsc in each
// worker pool at the version gardenlet resolved into spec.components[] for that pool.
package main

import (
	"fmt"
	"os"

	"sigs.k8s.io/controller-runtime/pkg/manager/signals"

	"github.com/gep-78/gardener/cmd/gardener-extension-runtime-gvisor/app"
)

func main() {
	if err := app.NewCommand().ExecuteContext(signals.SetupSignalHandler()); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
