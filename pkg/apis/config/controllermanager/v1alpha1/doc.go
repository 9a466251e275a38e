// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// +k8s:deepcopy-gen=package
// +k8s:defaulter-gen=TypeMeta
// +groupName=controllermanager.config.gardener.cloud

// Package v1alpha1 is gardener-controller-manager's component configuration
// (ControllerManagerConfiguration, controllermanager.config.gardener.cloud/v1alpha1), read from the
// file given with --config. It models the part of Gardener's ControllerManagerConfiguration this
// controller manager uses (the client connection to the garden, the concurrency of its
// controllers, the leader election and its endpoints) with Gardener's field names, plus the
// garden-wide metrics and the ExtensionProfile controller. Load reads and defaults it, Validate
// checks it.
package v1alpha1
