// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package envtest

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// WriteAdmissionConfiguration writes an AdmissionConfiguration (apiserver.config.k8s.io/v1) to
// dir/admission-config.yaml whose ShootExtensionProfile entry names maintenanceUsers as the
// identities of shoot maintenance, and returns the flag that makes gardener-apiserver read it
// (--admission-control-config-file=<path>). Setups whose gardener-controller-manager
// authenticates with a client certificate (the local garden, integration suites) use it, since
// the plugin's default is the service account identity only.
func WriteAdmissionConfiguration(dir string, maintenanceUsers ...string) (string, error) {
	var users strings.Builder
	for _, user := range maintenanceUsers {
		fmt.Fprintf(&users, "    - %q\n", user)
	}
	config := `apiVersion: apiserver.config.k8s.io/v1
kind: AdmissionConfiguration
plugins:
- name: ShootExtensionProfile
  configuration:
    apiVersion: shootextensionprofile.admission.gardener.cloud/v1alpha1
    kind: Configuration
    maintenanceUsers:
` + users.String()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	path := filepath.Join(dir, "admission-config.yaml")
	if err := os.WriteFile(path, []byte(config), 0o600); err != nil {
		return "", err
	}
	return "--admission-control-config-file=" + path, nil
}
