// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package v1beta1

// Toleration tolerates a seed taint.
type Toleration struct {
	// Key is the taint key.
	Key string `json:"key" protobuf:"bytes,1,opt,name=key"`
	// Value is the taint value.
	// +optional
	Value *string `json:"value,omitempty" protobuf:"bytes,2,opt,name=value"`
}
