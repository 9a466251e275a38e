// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package v1beta1

// GardenerName is the finalizer with which gardener-controller-manager guards the deletion of
// core.gardener.cloud objects that others still use, as in Gardener (there on CloudProfiles; here
// on ExtensionProfiles, GEP-78 "Admission").
const GardenerName = "gardener"
