// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Package maintenance is the shoot maintenance controller of gardener-controller-manager:
// Gardener's (machine images and Kubernetes versions, on its updateResult model) and the GEP-78
// additions, which enter its reconcile at a few calls: the component step with the host/component
// conflict resolution (components.go, compatibility.go), their messages, events and metrics
// (componentresults.go, metrics.go), and the guards of the writes (guards.go). The algorithm for
// users is docs/usage/shoot-maintenance.md.
package maintenance
