// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Package validator is the NamespacedCloudProfileValidator admission plugin: it checks a
// NamespacedCloudProfile's overrides and its merge with the parent CloudProfile.
package validator

import (
	"context"
	"fmt"
	"io"
	"slices"

	apiequality "k8s.io/apimachinery/pkg/api/equality"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/apiserver/pkg/admission"
	"k8s.io/utils/clock"
	"k8s.io/utils/ptr"

	"github.com/gep-78/gardener/pkg/api"
	v1beta1helper "github.com/gep-78/gardener/pkg/api/core/v1beta1/helper"
	"github.com/gep-78/gardener/pkg/api/core/validation"
	"github.com/gep-78/gardener/pkg/apis/core"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	v1beta1constants "github.com/gep-78/gardener/pkg/apis/core/v1beta1/constants"
	admissioninitializer "github.com/gep-78/gardener/pkg/apiserver/admission/initializer"
	gardenerutils "github.com/gep-78/gardener/pkg/utils/gardener"
	plugin "github.com/gep-78/gardener/plugin/pkg"
	admissionutils "github.com/gep-78/gardener/plugin/pkg/utils"
)

// Register registers the plugin under plugin.PluginNameNamespacedCloudProfileValidator.
func Register(plugins *admission.Plugins) {
	plugins.Register(plugin.PluginNameNamespacedCloudProfileValidator, func(_ io.Reader) (admission.Interface, error) {
		return New()
	})
}

// ValidateNamespacedCloudProfile is the NamespacedCloudProfileValidator admission plugin.
type ValidateNamespacedCloudProfile struct {
	*admissionutils.CloudProfileHandler

	// Clock tells whether an expirationDate is in the past. New sets clock.RealClock{}.
	Clock clock.PassiveClock
}

var (
	_ admission.ValidationInterface = (*ValidateNamespacedCloudProfile)(nil)

	_ = admissioninitializer.WantsCoreInformerFactory(&ValidateNamespacedCloudProfile{})
	_ = admissioninitializer.WantsCoreClientSet(&ValidateNamespacedCloudProfile{})
	_ = admissioninitializer.WantsClock(&ValidateNamespacedCloudProfile{})
)

// New returns the plugin, handling Create and Update.
func New() (*ValidateNamespacedCloudProfile, error) {
	return &ValidateNamespacedCloudProfile{CloudProfileHandler: admissionutils.NewCloudProfileHandler(admission.Create, admission.Update), Clock: clock.RealClock{}}, nil
}

// SetClock sets the time source.
func (v *ValidateNamespacedCloudProfile) SetClock(c clock.PassiveClock) { v.Clock = c }

// Validate checks the NamespacedCloudProfile against its parent (see the package documentation).
func (v *ValidateNamespacedCloudProfile) Validate(ctx context.Context, a admission.Attributes, _ admission.ObjectInterfaces) error {
	if a.GetKind().GroupKind() != core.Kind("NamespacedCloudProfile") || a.GetSubresource() != "" {
		return nil
	}
	if err := v.WaitUntilReady(a); err != nil {
		return err
	}
	profile, ok := a.GetObject().(*core.NamespacedCloudProfile)
	if !ok {
		return apierrors.NewBadRequest("could not convert object to NamespacedCloudProfile")
	}
	oldProfile := &core.NamespacedCloudProfile{}
	if a.GetOperation() == admission.Update {
		if oldProfile, ok = a.GetOldObject().(*core.NamespacedCloudProfile); !ok {
			return apierrors.NewBadRequest("could not convert old object to NamespacedCloudProfile")
		}
		if apiequality.Semantic.DeepEqual(profile.Spec, oldProfile.Spec) || profile.DeletionTimestamp != nil {
			return nil
		}
	}

	ref := &gardencorev1beta1.CloudProfileReference{Kind: v1beta1constants.CloudProfileReferenceKindCloudProfile, Name: profile.Spec.Parent.Name}
	parentSpec, _, err := v.GetCloudProfileSpec(ctx, "", ref)
	if err != nil {
		return apierrors.NewInternalError(err)
	}
	if parentSpec == nil {
		return apierrors.NewBadRequest(fmt.Sprintf("parent CloudProfile %q could not be found", validation.QuotedValue(profile.Spec.Parent.Name)))
	}
	parent := &gardencorev1beta1.CloudProfile{Spec: *parentSpec}

	c := &validationContext{parent: parent, profile: profile, oldProfile: oldProfile, update: a.GetOperation() == admission.Update, now: v.Clock}
	allErrs := c.kubernetesVersionOverrideErrors()
	allErrs = append(allErrs, c.machineImageOverrideErrors()...)
	if len(allErrs) == 0 {
		mergeErrs, err := c.validateMergeResult()
		if err != nil {
			return apierrors.NewInternalError(err)
		}
		allErrs = mergeErrs
	}
	return forbidden(a, allErrs)
}

type validationContext struct {
	parent              *gardencorev1beta1.CloudProfile
	profile, oldProfile *core.NamespacedCloudProfile
	update              bool
	now                 clock.PassiveClock
}

func (c *validationContext) expired(v core.ExpirableVersion) bool {
	return v.ExpirationDate != nil && !c.now.Now().Before(v.ExpirationDate.Time)
}

// validateKubernetesVersionOverrides is kubernetesVersionOverrideErrors as a Forbidden error for a.
func (c *validationContext) validateKubernetesVersionOverrides(a admission.Attributes) error {
	return forbidden(a, c.kubernetesVersionOverrideErrors())
}

// validateMachineImageOverrides is machineImageOverrideErrors as a Forbidden error for a.
func (c *validationContext) validateMachineImageOverrides(_ context.Context, a admission.Attributes) error {
	return forbidden(a, c.machineImageOverrideErrors())
}

// forbidden is nil for no errors, else a Forbidden error for a with allErrs.
func forbidden(a admission.Attributes, allErrs field.ErrorList) error {
	if len(allErrs) == 0 {
		return nil
	}
	return admission.NewForbidden(a, allErrs.ToAggregate())
}

// kubernetesVersionOverrideErrors checks spec.kubernetes.versions against the parent: each exists
// there and sets an expirationDate, in the past on update only when already merged.
func (c *validationContext) kubernetesVersionOverrideErrors() field.ErrorList {
	allErrs := field.ErrorList{}
	if c.profile.Spec.Kubernetes == nil {
		return allErrs
	}
	merged := map[string]core.ExpirableVersion{}
	for _, v := range c.oldProfile.Status.CloudProfileSpec.Kubernetes.Versions {
		merged[v.Version] = v
	}
	offered := map[string]bool{}
	for _, v := range c.parent.Spec.Kubernetes.Versions {
		offered[v.Version] = true
	}
	for i, v := range c.profile.Spec.Kubernetes.Versions {
		idxPath := field.NewPath("spec", "kubernetes", "versions").Index(i)
		switch {
		case !offered[v.Version]:
			allErrs = append(allErrs, field.Invalid(idxPath.Child("version"), v.Version, "does not exist in the parent CloudProfile and thus cannot be overridden"))
		case v.ExpirationDate == nil:
			allErrs = append(allErrs, field.Required(idxPath.Child("expirationDate"), fmt.Sprintf("an override of version %q must set an expiration date", v.Version)))
		case c.update && c.expired(v) && !sameExpiration(merged[v.Version], v):
			allErrs = append(allErrs, field.Invalid(idxPath.Child("expirationDate"), v.ExpirationDate, fmt.Sprintf("expiration date for version %q is in the past", v.Version)))
		}
	}
	return allErrs
}

// machineImageOverrideErrors checks the overrides of the parent's machine image versions.
func (c *validationContext) machineImageOverrideErrors() field.ErrorList {
	allErrs := field.ErrorList{}
	for i, image := range c.profile.Spec.MachineImages {
		imagePath := field.NewPath("spec", "machineImages").Index(i)
		if !slices.ContainsFunc(c.parent.Spec.MachineImages, func(m gardencorev1beta1.MachineImage) bool { return m.Name == image.Name }) {
			continue // a new image: checked on the merged result
		}
		for j, v := range image.Versions {
			versionPath := imagePath.Child("versions").Index(j)
			if _, found := v1beta1helper.FindMachineImageVersion(c.parent.Spec.MachineImages, image.Name, v.Version); !found {
				continue // a new version: checked on the merged result
			}
			if old := findVersion(c.oldProfile.Spec.MachineImages, image.Name, v.Version); old == nil {
				allErrs = append(allErrs, validateExtendedVersion(v, versionPath)...)
			}
			if c.update && c.expired(v.ExpirableVersion) {
				if merged := findVersion(c.oldProfile.Status.CloudProfileSpec.MachineImages, image.Name, v.Version); merged == nil || !sameExpiration(merged.ExpirableVersion, v.ExpirableVersion) {
					allErrs = append(allErrs, field.Invalid(versionPath.Child("expirationDate"), v.ExpirationDate, fmt.Sprintf("expiration date for version %q is in the past", v.Version)))
				}
			}
		}
	}
	return allErrs
}

// validateExtendedVersion checks that an override of a parent's version sets only expirationDate.
func validateExtendedVersion(v core.MachineImageVersion, fldPath *field.Path) field.ErrorList {
	allErrs := field.ErrorList{}
	forbid := func(set bool, name string) {
		if set {
			allErrs = append(allErrs, field.Forbidden(fldPath.Child(name), "must not be set for a machine image version of the parent CloudProfile; only expirationDate can be overridden"))
		}
	}
	forbid(ptr.Deref(v.Classification, "") != "", "classification")
	forbid(len(v.CRI) > 0, "cri")
	forbid(len(v.Architectures) > 0, "architectures")
	forbid(len(v.CapabilityFlavors) > 0, "capabilityFlavors")
	forbid(ptr.Deref(v.KubeletVersionConstraint, "") != "", "kubeletVersionConstraint")
	forbid(v.InPlaceUpdates != nil, "inPlaceUpdates")
	forbid(len(v.Lifecycle) > 0, "lifecycle")
	if v.ExpirationDate == nil {
		allErrs = append(allErrs, field.Required(fldPath.Child("expirationDate"), fmt.Sprintf("an override of version %q must set an expiration date", v.Version)))
	}
	return allErrs
}

// validateMergeResult merges the profile with its parent and validates the result.
func (c *validationContext) validateMergeResult() (field.ErrorList, error) {
	external := &gardencorev1beta1.NamespacedCloudProfile{}
	if err := api.Scheme.Convert(c.profile, external, nil); err != nil {
		return nil, err
	}
	gardenerutils.MergeCloudProfiles(external, c.parent)
	merged := &core.CloudProfileSpec{}
	if err := api.Scheme.Convert(&external.Status.CloudProfileSpec, merged, nil); err != nil {
		return nil, err
	}
	return validation.ValidateNamespacedCloudProfileStatus(merged, field.NewPath("status", "cloudProfileSpec")), nil
}

func sameExpiration(a, b core.ExpirableVersion) bool {
	return a.ExpirationDate != nil && b.ExpirationDate != nil && a.ExpirationDate.Equal(b.ExpirationDate)
}

func findVersion(images []core.MachineImage, name, version string) *core.MachineImageVersion {
	for i := range images {
		if images[i].Name != name {
			continue
		}
		for j := range images[i].Versions {
			if images[i].Versions[j].Version == version {
				return &images[i].Versions[j]
			}
		}
	}
	return nil
}
