// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package failover_test

import (
	"os"
	"path/filepath"

	. "github.com/onsi/ginkgo/v2"

	gardenletconfigv1alpha1 "github.com/gep-78/gardener/pkg/apis/config/gardenlet/v1alpha1"
)

// yamlInto loads a GardenletConfiguration file with content, defaulted as gardenlet loads --config.
func yamlInto(content string, into *gardenletconfigv1alpha1.GardenletConfiguration) error {
	path := filepath.Join(GinkgoT().TempDir(), "config.yaml")
	if err := os.WriteFile(path, []byte(content), 0o600); err != nil {
		return err
	}
	cfg, err := gardenletconfigv1alpha1.Load(path)
	if err != nil {
		return err
	}
	*into = *cfg
	return nil
}
