// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package v1alpha1

import (
	"slices"

	"k8s.io/apimachinery/pkg/runtime"
)

// DeepCopyInto copies in into out.
func (in *FalcoComponentConfig) DeepCopyInto(out *FalcoComponentConfig) {
	*out = *in
	if in.Image != nil {
		image := *in.Image
		out.Image = &image
	}
	if in.SimulateFailure != nil {
		failure := *in.SimulateFailure
		failure.Codes = slices.Clone(in.SimulateFailure.Codes)
		out.SimulateFailure = &failure
	}
}

// DeepCopy returns a copy of in.
func (in *FalcoComponentConfig) DeepCopy() *FalcoComponentConfig {
	if in == nil {
		return nil
	}
	out := new(FalcoComponentConfig)
	in.DeepCopyInto(out)
	return out
}

// DeepCopyObject implements runtime.Object.
func (in *FalcoComponentConfig) DeepCopyObject() runtime.Object {
	return in.DeepCopy()
}
