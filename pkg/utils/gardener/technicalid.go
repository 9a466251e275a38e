// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Package gardener holds small helpers about Gardener's own objects, such as the technical ID of
// a Shoot.
package gardener

import (
	"fmt"
	"strings"

	"k8s.io/apimachinery/pkg/util/validation"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	v1beta1constants "github.com/gep-78/gardener/pkg/apis/core/v1beta1/constants"
)

// ProjectNamespacePrefix is the prefix of every project namespace but the garden's:
// garden-<project>.
const ProjectNamespacePrefix = "garden-"

// ProjectNameForNamespace returns the project of a project namespace: "garden-<project>" gives
// "<project>", "garden" gives "garden"; any other namespace is an error.
func ProjectNameForNamespace(namespace string) (string, error) {
	if namespace == v1beta1constants.GardenNamespace {
		return v1beta1constants.GardenNamespace, nil
	}
	if project, ok := strings.CutPrefix(namespace, ProjectNamespacePrefix); ok && project != "" {
		return project, nil
	}
	return "", fmt.Errorf("namespace %q is not a project namespace (%q or %q<project>)", namespace, v1beta1constants.GardenNamespace, ProjectNamespacePrefix)
}

// ComputeTechnicalIDFromNamespace is ComputeTechnicalID with the project of the Shoot's namespace;
// an ID that is not a valid namespace name is an error.
func ComputeTechnicalIDFromNamespace(shoot *gardencorev1beta1.Shoot) (string, error) {
	if shoot.Status.TechnicalID != "" {
		return shoot.Status.TechnicalID, nil
	}
	project, err := ProjectNameForNamespace(shoot.Namespace)
	if err != nil {
		return "", err
	}
	id := ComputeTechnicalID(project, shoot)
	if errs := validation.IsDNS1123Label(id); len(errs) > 0 {
		return "", fmt.Errorf("technical ID %q of shoot %s/%s is not a valid namespace name: %s", id, shoot.Namespace, shoot.Name, strings.Join(errs, "; "))
	}
	return id, nil
}
