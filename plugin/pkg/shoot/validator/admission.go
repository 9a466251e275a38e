// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Package validator is the ShootValidator admission plugin: it checks a Shoot's changed fields
// against its CloudProfile on create and on spec updates.
package validator

import (
	"context"
	"fmt"
	"io"
	"slices"
	"time"

	apiequality "k8s.io/apimachinery/pkg/api/equality"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/apiserver/pkg/admission"
	"k8s.io/utils/clock"
	"k8s.io/utils/ptr"

	v1beta1helper "github.com/gep-78/gardener/pkg/api/core/v1beta1/helper"
	"github.com/gep-78/gardener/pkg/apis/core"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	v1beta1constants "github.com/gep-78/gardener/pkg/apis/core/v1beta1/constants"
	admissioninitializer "github.com/gep-78/gardener/pkg/apiserver/admission/initializer"
	versionutils "github.com/gep-78/gardener/pkg/utils/version"
	plugin "github.com/gep-78/gardener/plugin/pkg"
	admissionutils "github.com/gep-78/gardener/plugin/pkg/utils"
)

// Register registers the plugin under plugin.PluginNameShootValidator.
func Register(plugins *admission.Plugins) {
	plugins.Register(plugin.PluginNameShootValidator, func(_ io.Reader) (admission.Interface, error) {
		return New()
	})
}

// ValidateShoot is the ShootValidator admission plugin.
type ValidateShoot struct {
	*admissionutils.CloudProfileHandler

	// Clock is the time source of version classifications. New sets clock.RealClock{}.
	Clock clock.PassiveClock
}

var (
	_ admission.ValidationInterface = (*ValidateShoot)(nil)

	_ = admissioninitializer.WantsCoreInformerFactory(&ValidateShoot{})
	_ = admissioninitializer.WantsCoreClientSet(&ValidateShoot{})
	_ = admissioninitializer.WantsClock(&ValidateShoot{})
)

// New returns the plugin, handling Create and Update.
func New() (*ValidateShoot, error) {
	return &ValidateShoot{CloudProfileHandler: admissionutils.NewCloudProfileHandler(admission.Create, admission.Update), Clock: clock.RealClock{}}, nil
}

// SetClock sets the time source of version classifications.
func (v *ValidateShoot) SetClock(c clock.PassiveClock) { v.Clock = c }

// Validate checks the Shoot against its CloudProfile (see the package documentation).
func (v *ValidateShoot) Validate(ctx context.Context, a admission.Attributes, _ admission.ObjectInterfaces) error {
	if a.GetKind().GroupKind() != core.Kind("Shoot") || a.GetSubresource() != "" {
		return nil
	}
	if err := v.WaitUntilReady(a); err != nil {
		return err
	}
	shoot, oldShoot, err := admissionutils.ShootsOf(a)
	if err != nil {
		return err
	}
	if oldShoot != nil {
		if apiequality.Semantic.DeepEqual(shoot.Spec, oldShoot.Spec) {
			return nil
		}
	}
	if shoot.DeletionTimestamp != nil {
		return nil
	}

	profile, fieldErr, err := v.GetShootCloudProfileSpec(ctx, shoot, oldShoot)
	switch {
	case err != nil:
		return apierrors.NewInternalError(err)
	case fieldErr != nil:
		return admission.NewForbidden(a, field.ErrorList{fieldErr}.ToAggregate())
	case profile == nil:
		return nil
	}

	c := &validationContext{profile: profile, shoot: shoot, oldShoot: oldShoot, now: v.Clock.Now()}
	if oldShoot == nil {
		c.oldShoot = &core.Shoot{}
		c.create = true
	}
	if allErrs := c.validate(a); len(allErrs) > 0 {
		return admission.NewForbidden(a, allErrs.ToAggregate())
	}
	return nil
}

// validationContext is one Shoot under admission; oldShoot is an empty Shoot on create.
type validationContext struct {
	profile  *gardencorev1beta1.CloudProfileSpec
	shoot    *core.Shoot
	oldShoot *core.Shoot
	create   bool
	now      time.Time
}

// validate runs the checks; a provider type mismatch skips the others.
func (c *validationContext) validate(a admission.Attributes) field.ErrorList {
	specPath := field.NewPath("spec")
	if err := c.validateProviderType(specPath.Child("provider")); err != nil {
		return field.ErrorList{err}
	}
	allErrs := field.ErrorList{}
	allErrs = append(allErrs, c.validateRegion()...)
	allErrs = append(allErrs, c.validateKubernetesVersion(specPath.Child("kubernetes", "version"))...)
	allErrs = append(allErrs, c.validateWorkers(specPath.Child("provider", "workers"), a)...)
	return allErrs
}

// validateProviderType requires the profile's provider type (Invalid on path's type).
func (c *validationContext) validateProviderType(path *field.Path) *field.Error {
	if c.shoot.Spec.Provider.Type != c.profile.Type {
		return field.Invalid(path.Child("type"), c.shoot.Spec.Provider.Type,
			fmt.Sprintf("provider type in shoot must equal provider type of referenced CloudProfile: %q", c.profile.Type))
	}
	return nil
}

// validateRegion requires a changed spec.region to be a region of the profile (NotSupported).
func (c *validationContext) validateRegion() field.ErrorList {
	fldPath := field.NewPath("spec", "region")
	if c.shoot.Spec.Region == c.oldShoot.Spec.Region {
		return nil
	}
	regions := make([]string, 0, len(c.profile.Regions))
	for _, r := range c.profile.Regions {
		if r.Name == c.shoot.Spec.Region {
			return nil
		}
		regions = append(regions, r.Name)
	}
	return field.ErrorList{field.NotSupported(fldPath, c.shoot.Spec.Region, regions)}
}

func (c *validationContext) validateKubernetesVersion(fldPath *field.Path) field.ErrorList {
	return c.validateOfferedKubernetesVersion(fldPath, c.shoot.Spec.Kubernetes.Version, c.oldShoot.Spec.Kubernetes.Version, c.create)
}

// validateOfferedKubernetesVersion checks that a changed version is offered by the profile and
// not unavailable, nor expired when activeOnly (create, new pool).
func (c *validationContext) validateOfferedKubernetesVersion(fldPath *field.Path, version, oldVersion string, activeOnly bool) field.ErrorList {
	if version == oldVersion {
		return nil
	}
	var offered []string
	for _, v := range c.profile.Kubernetes.Versions {
		classification := v1beta1helper.CurrentLifecycleClassificationAt(v, c.now)
		if classification == gardencorev1beta1.ClassificationUnavailable ||
			(activeOnly && classification == gardencorev1beta1.ClassificationExpired) {
			continue
		}
		if v.Version == version {
			return nil
		}
		entry := v.Version
		if classification == gardencorev1beta1.ClassificationPreview {
			entry += " (preview)"
		}
		offered = append(offered, entry)
	}
	return field.ErrorList{field.NotSupported(fldPath, version, offered)}
}

// validateMachineImage checks the machine image of a new or changed pool: offered for the
// architecture, not unavailable, and not expired unless maintenance forced it.
func (c *validationContext) validateMachineImage(idxPath *field.Path, worker core.Worker, oldWorker core.Worker, isNewWorkerPool bool, a admission.Attributes) *field.Error {
	fldPath := idxPath.Child("machine", "image")
	create := a.GetOperation() == admission.Create
	image := worker.Machine.Image
	if image == nil {
		return field.Required(fldPath, "must specify a machine image, or reference a CloudProfile that offers one for the pool's architecture")
	}
	architecture := ptr.Deref(worker.Machine.Architecture, v1beta1constants.ArchitectureAMD64)
	if !isNewWorkerPool && apiequality.Semantic.DeepEqual(image, oldWorker.Machine.Image) &&
		architecture == ptr.Deref(oldWorker.Machine.Architecture, v1beta1constants.ArchitectureAMD64) {
		return nil
	}
	version := image.Version
	reference := image.Name + ":" + version

	var oldVersion string
	if !isNewWorkerPool && oldWorker.Machine.Image != nil && oldWorker.Machine.Image.Name == image.Name {
		oldVersion = oldWorker.Machine.Image.Version
	}
	usable := func(v gardencorev1beta1.MachineImageVersion) bool {
		switch v1beta1helper.CurrentLifecycleClassificationAt(v.ExpirableVersion, c.now) {
		case gardencorev1beta1.ClassificationUnavailable:
			return false
		case gardencorev1beta1.ClassificationExpired:
			// Maintenance force-upgrades existing pools to expired versions, never downwards.
			if create || isNewWorkerPool || oldVersion == "" {
				return false
			}
			lower, err := versionutils.CompareVersions(v.Version, "<", oldVersion)
			return err == nil && !lower
		}
		return true
	}

	var offered []string
	for _, mi := range c.profile.MachineImages {
		for _, v := range mi.Versions {
			if usable(v) && v1beta1helper.ArchitectureSupportedByDefaultedImageVersion(v, architecture, nil) {
				offered = append(offered, mi.Name+":"+v.Version)
			}
		}
	}
	entry, found := v1beta1helper.FindMachineImageVersion(c.profile.MachineImages, image.Name, version)
	if !found {
		return field.Invalid(fldPath, reference, fmt.Sprintf("machine image version is not offered by the CloudProfile; supported machine image versions are: %v", offered))
	}
	var problems []string
	if !v1beta1helper.ArchitectureSupportedByDefaultedImageVersion(entry, architecture, nil) {
		problems = append(problems, fmt.Sprintf("does not support CPU architecture %q", architecture))
	}
	if !usable(entry) {
		problems = append(problems, fmt.Sprintf("is %s", v1beta1helper.CurrentLifecycleClassificationAt(entry.ExpirableVersion, c.now)))
	}
	if len(problems) > 0 {
		return field.Invalid(fldPath, reference, fmt.Sprintf("machine image version '%s' %s; supported machine image versions are: %v",
			reference, joinProblems(problems), offered))
	}
	return nil
}

func joinProblems(problems []string) string {
	switch len(problems) {
	case 1:
		return problems[0]
	default:
		return problems[0] + " and " + problems[1]
	}
}

// getOldWorker returns the old Shoot's pool of the given name, or an empty pool and true if new.
func (c *validationContext) getOldWorker(workerName string) (core.Worker, bool) {
	i := slices.IndexFunc(c.oldShoot.Spec.Provider.Workers, func(w core.Worker) bool { return w.Name == workerName })
	if i < 0 {
		return core.Worker{}, true
	}
	return c.oldShoot.Spec.Provider.Workers[i], false
}
