// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package gardener

import (
	"github.com/Masterminds/semver/v3"
	"k8s.io/utils/ptr"

	"github.com/gep-78/gardener/pkg/apis/core"
	v1beta1constants "github.com/gep-78/gardener/pkg/apis/core/v1beta1/constants"
)

var (
	constraintK8sLess133         = mustConstraint("< 1.33")
	constraintK8sGreaterEqual134 = mustConstraint(">= 1.34")
)

func mustConstraint(c string) *semver.Constraints {
	constraint, err := semver.NewConstraint(c)
	if err != nil {
		panic(err)
	}
	return constraint
}

// CloudProfileReference returns the CloudProfile reference of a Shoot: spec.cloudProfile (kind
// defaulted to CloudProfile) if set, else a CloudProfile reference built from the deprecated
// spec.cloudProfileName, else nil. The result is a copy.
func CloudProfileReference(shoot *core.Shoot) *core.CloudProfileReference {
	if shoot == nil {
		return nil
	}
	if ref := shoot.Spec.CloudProfile; ref != nil {
		out := *ref
		if out.Kind == "" {
			out.Kind = v1beta1constants.CloudProfileReferenceKindCloudProfile
		}
		return &out
	}
	if name := ptr.Deref(shoot.Spec.CloudProfileName, ""); name != "" {
		return &core.CloudProfileReference{Kind: v1beta1constants.CloudProfileReferenceKindCloudProfile, Name: name}
	}
	return nil
}

// SyncCloudProfileFields keeps the deprecated spec.cloudProfileName and spec.cloudProfile of a
// Shoot consistent, with Gardener's rules (SyncCloudProfileFields in gardener/gardener
// pkg/utils/gardener), called by the registry strategy on create (oldShoot nil) and update:
//   - nothing changes for a Shoot that is being deleted;
//   - for Kubernetes >= 1.34 nothing is synced any more: only an empty spec.cloudProfile.kind is
//     defaulted to CloudProfile, and on update a cloudProfileName that is unchanged and equal to
//     spec.cloudProfile.name (kind CloudProfile) is removed;
//   - otherwise spec.cloudProfile is filled from spec.cloudProfileName when missing, its empty
//     kind defaulted to CloudProfile, and for kind CloudProfile spec.cloudProfileName is set to
//     spec.cloudProfile.name when the version is below 1.33 (or unparsable) or when the name was
//     set to something else; for another kind spec.cloudProfileName is removed.
func SyncCloudProfileFields(oldShoot, newShoot *core.Shoot) {
	if newShoot.DeletionTimestamp != nil {
		return
	}
	spec := &newShoot.Spec
	version, _ := semver.NewVersion(spec.Kubernetes.Version)

	if version != nil && constraintK8sGreaterEqual134.Check(version) {
		if spec.CloudProfile != nil && spec.CloudProfile.Kind == "" {
			spec.CloudProfile.Kind = v1beta1constants.CloudProfileReferenceKindCloudProfile
		}
		if oldShoot != nil && spec.CloudProfileName != nil && spec.CloudProfile != nil &&
			spec.CloudProfile.Kind == v1beta1constants.CloudProfileReferenceKindCloudProfile &&
			*spec.CloudProfileName == ptr.Deref(oldShoot.Spec.CloudProfileName, "") &&
			*spec.CloudProfileName == spec.CloudProfile.Name {
			spec.CloudProfileName = nil
		}
		return
	}

	if spec.CloudProfile == nil && spec.CloudProfileName != nil {
		spec.CloudProfile = &core.CloudProfileReference{Kind: v1beta1constants.CloudProfileReferenceKindCloudProfile, Name: *spec.CloudProfileName}
	}
	if spec.CloudProfile != nil && spec.CloudProfile.Kind == "" {
		spec.CloudProfile.Kind = v1beta1constants.CloudProfileReferenceKindCloudProfile
	}
	if spec.CloudProfile == nil {
		return
	}
	if spec.CloudProfile.Kind != v1beta1constants.CloudProfileReferenceKindCloudProfile {
		spec.CloudProfileName = nil
		return
	}
	name := ptr.Deref(spec.CloudProfileName, "")
	if version == nil || constraintK8sLess133.Check(version) || (name != "" && name != spec.CloudProfile.Name) {
		spec.CloudProfileName = ptr.To(spec.CloudProfile.Name)
	}
}
