// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Command kubectl-extensionprofile is a kubectl plugin (kubectl extensionprofile ...) that shows
// the fleet view of GEP-78 component versions: which Shoots pin which version of an
// ExtensionProfile, and what maintenance will do to the pins of one Shoot.
package main

import (
	"context"
	"os"

	"github.com/gep-78/gardener/cmd/kubectl-extensionprofile/app"
)

func main() {
	cmd := app.NewCommand(os.Stdout, os.Stderr)
	if err := cmd.ExecuteContext(context.Background()); err != nil {
		os.Exit(1)
	}
}
