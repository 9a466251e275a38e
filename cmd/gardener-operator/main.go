// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Command gardener-operator runs the runtime-cluster part of GEP-78: it generates the garden's
// ExtensionProfiles from the operator.gardener.cloud Extensions of its runtime cluster.
package main

import (
	"fmt"
	"os"

	"sigs.k8s.io/controller-runtime/pkg/manager/signals"

	"github.com/gep-78/gardener/cmd/gardener-operator/app"
)

func main() {
	if err := app.NewCommand().ExecuteContext(signals.SetupSignalHandler()); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
