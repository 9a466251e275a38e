// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package v1alpha1

const (
	// FinalizerName is gardener-operator's finalizer on the objects it reconciles, as in Gardener.
	FinalizerName = "gardener.cloud/operator"

	// LabelExtension, on a garden ExtensionProfile, names the operator Extension that generates
	// it. gardener-operator updates and deletes only profiles with its label.
	LabelExtension = "operator.gardener.cloud/extension"
	// AnnotationAdoptExtensionProfiles, set to "true" on an operator Extension, lets
	// gardener-operator take over ExtensionProfiles of its spec.extensionProfiles[] types that
	// exist without LabelExtension (applied by hand). Without it such a profile is left alone and
	// the ExtensionProfilesReconciled condition says why.
	AnnotationAdoptExtensionProfiles = "operator.gardener.cloud/adopt-extension-profiles"
)
