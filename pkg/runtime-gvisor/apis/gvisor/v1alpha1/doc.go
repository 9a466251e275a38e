// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Package v1alpha1 is the config API of the example gVisor container runtime extension in the
// group gvisor.extensions.gardener.cloud: RunscComponentConfig, the providerConfig of the runsc
// version entries of the ExtensionProfile containerruntime-gvisor. Only this extension decodes
// it, strictly, from ContainerRuntime.spec.components[].providerConfig. Its deepcopy functions
// are written by hand (deepcopy.go).
package v1alpha1
