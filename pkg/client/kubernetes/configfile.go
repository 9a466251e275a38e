// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package kubernetes

import (
	"fmt"
	"os"

	"k8s.io/apimachinery/pkg/runtime"
)

// DecodeConfigFile decodes the component configuration file at path into into with decoder (a
// strict codec factory's UniversalDecoder of the configuration's group version, so that an
// unknown or duplicate field, or another apiVersion or kind, is an error). An empty path leaves
// into unchanged. Defaulting is the caller's.
func DecodeConfigFile(path string, decoder runtime.Decoder, into runtime.Object) error {
	if path == "" {
		return nil
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	if err := runtime.DecodeInto(decoder, data, into); err != nil {
		return fmt.Errorf("failed decoding %s: %w", path, err)
	}
	return nil
}
