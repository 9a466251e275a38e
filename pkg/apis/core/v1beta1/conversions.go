// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package v1beta1

import (
	"fmt"
	"strings"

	"k8s.io/apimachinery/pkg/runtime"

	"github.com/gep-78/gardener/pkg/apis/core"
)

// addConversionFuncs registers the field selectors of Shoots: the metadata fields and
// core.Shoot* (Gardener's list for the fields this project models). Any other field is refused;
// for spec.extensions the error names the label that selects Shoots by extension type.
func addConversionFuncs(scheme *runtime.Scheme) error {
	return scheme.AddFieldLabelConversionFunc(SchemeGroupVersion.WithKind("Shoot"),
		func(label, value string) (string, string, error) {
			switch label {
			case "metadata.name", "metadata.namespace", core.ShootSeedName, core.ShootCloudProfileName,
				core.ShootCloudProfileRefName, core.ShootCloudProfileRefKind:
				return label, value, nil
			}
			if strings.HasPrefix(label, "spec.extensions") {
				return "", "", fmt.Errorf("field label not supported: %s (spec.extensions is a list and cannot be selected by field; "+
					"select Shoots by extension type with the label selector extensions.extensions.gardener.cloud/<type>=true)", label)
			}
			return "", "", fmt.Errorf("field label not supported: %s", label)
		})
}
