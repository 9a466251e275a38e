// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package v1alpha1

import (
	"slices"

	"k8s.io/apimachinery/pkg/runtime"
)

// DeepCopyInto copies in into out.
func (in *RunscComponentConfig) DeepCopyInto(out *RunscComponentConfig) {
	*out = *in
	if in.SimulateFailure != nil {
		out.SimulateFailure = &SimulatedFailure{Description: in.SimulateFailure.Description, Codes: slices.Clone(in.SimulateFailure.Codes)}
	}
}

// DeepCopy returns a copy of in.
func (in *RunscComponentConfig) DeepCopy() *RunscComponentConfig {
	if in == nil {
		return nil
	}
	out := new(RunscComponentConfig)
	in.DeepCopyInto(out)
	return out
}

// DeepCopyObject implements runtime.Object.
func (in *RunscComponentConfig) DeepCopyObject() runtime.Object {
	return in.DeepCopy()
}
