// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package core

// Toleration tolerates a seed taint.
type Toleration struct {
	// Key is the taint key.
	Key string
	// Value is the taint value.
	Value *string
}
