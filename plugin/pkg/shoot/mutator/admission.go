// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Package mutator is the ShootMutator admission plugin: it defaults and resolves the Kubernetes
// versions and worker machine images of a Shoot from its CloudProfile.
package mutator

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/Masterminds/semver/v3"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/apiserver/pkg/admission"
	"k8s.io/utils/clock"
	"k8s.io/utils/ptr"

	v1beta1helper "github.com/gep-78/gardener/pkg/api/core/v1beta1/helper"
	"github.com/gep-78/gardener/pkg/api/core/validation"
	"github.com/gep-78/gardener/pkg/apis/core"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	v1beta1constants "github.com/gep-78/gardener/pkg/apis/core/v1beta1/constants"
	admissioninitializer "github.com/gep-78/gardener/pkg/apiserver/admission/initializer"
	versionutils "github.com/gep-78/gardener/pkg/utils/version"
	plugin "github.com/gep-78/gardener/plugin/pkg"
	admissionutils "github.com/gep-78/gardener/plugin/pkg/utils"
)

// Register registers the plugin under plugin.PluginNameShootMutator.
func Register(plugins *admission.Plugins) {
	plugins.Register(plugin.PluginNameShootMutator, func(_ io.Reader) (admission.Interface, error) {
		return New()
	})
}

// MutateShoot is the ShootMutator admission plugin.
type MutateShoot struct {
	*admissionutils.CloudProfileHandler

	// Clock is the time source of version classifications. New sets clock.RealClock{}.
	Clock clock.PassiveClock
}

var (
	_ admission.MutationInterface = (*MutateShoot)(nil)

	_ = admissioninitializer.WantsCoreInformerFactory(&MutateShoot{})
	_ = admissioninitializer.WantsCoreClientSet(&MutateShoot{})
	_ = admissioninitializer.WantsClock(&MutateShoot{})
)

// New returns the plugin, handling Create and Update.
func New() (*MutateShoot, error) {
	return &MutateShoot{CloudProfileHandler: admissionutils.NewCloudProfileHandler(admission.Create, admission.Update), Clock: clock.RealClock{}}, nil
}

// SetClock sets the time source of version classifications.
func (m *MutateShoot) SetClock(c clock.PassiveClock) { m.Clock = c }

// Admit defaults and resolves the Shoot's versions (see the package documentation).
func (m *MutateShoot) Admit(ctx context.Context, a admission.Attributes, _ admission.ObjectInterfaces) error {
	if a.GetKind().GroupKind() != core.Kind("Shoot") || a.GetSubresource() != "" {
		return nil
	}
	if err := m.WaitUntilReady(a); err != nil {
		return err
	}
	shoot, oldShoot, err := admissionutils.ShootsOf(a)
	if err != nil {
		return err
	}
	if shoot.DeletionTimestamp != nil {
		return nil
	}

	if a.GetOperation() == admission.Create && ptr.Deref(shoot.Spec.CloudProfileName, "") != "" && shoot.Spec.CloudProfile != nil {
		return admission.NewForbidden(a, field.Invalid(field.NewPath("spec", "cloudProfileName"), validation.QuotedValue(*shoot.Spec.CloudProfileName),
			"a new Shoot can only specify either spec.cloudProfileName or spec.cloudProfile; use spec.cloudProfile"))
	}

	profile, fieldErr, err := m.GetShootCloudProfileSpec(ctx, shoot, oldShoot)
	switch {
	case err != nil:
		return apierrors.NewInternalError(err)
	case fieldErr != nil:
		return admission.NewForbidden(a, field.ErrorList{fieldErr}.ToAggregate())
	case profile == nil:
		return nil
	}

	c := &mutationContext{cloudProfileSpec: profile, shoot: shoot, oldShoot: oldShoot, now: m.Clock.Now()}
	allErrs := c.defaultKubernetes()
	allErrs = append(allErrs, c.defaultKubernetesVersionForWorkers()...)
	allErrs = append(allErrs, c.ensureMachineImages()...)
	if len(allErrs) > 0 {
		return admission.NewForbidden(a, allErrs.ToAggregate())
	}
	return nil
}

// mutationContext is one Shoot under admission; oldShoot is nil on create.
type mutationContext struct {
	cloudProfileSpec *gardencorev1beta1.CloudProfileSpec
	shoot            *core.Shoot
	oldShoot         *core.Shoot
	now              time.Time
}

// defaultKubernetes resolves an empty or partial spec.kubernetes.version; the stored version is
// kept when the request matches it.
func (c *mutationContext) defaultKubernetes() field.ErrorList {
	requested := c.shoot.Spec.Kubernetes.Version
	if len(requested) > validation.MaxVersionLength {
		return nil
	}
	var current string
	if c.oldShoot != nil {
		current = c.oldShoot.Spec.Kubernetes.Version
	}
	if requestMatchesVersion(requested, current) {
		c.shoot.Spec.Kubernetes.Version = current
		return nil
	}
	defaultVersion, errList := defaultKubernetesVersionAt(c.cloudProfileSpec.Kubernetes.Versions, requested, field.NewPath("spec", "kubernetes", "version"), c.now)
	if len(errList) > 0 {
		return errList
	}
	if defaultVersion != nil {
		c.shoot.Spec.Kubernetes.Version = *defaultVersion
	}
	return nil
}

// defaultKubernetesVersionForWorkers applies defaultKubernetesVersionForWorker to every pool.
func (c *mutationContext) defaultKubernetesVersionForWorkers() field.ErrorList {
	allErrs := field.ErrorList{}
	for i, worker := range c.shoot.Spec.Provider.Workers {
		if worker.Kubernetes != nil {
			allErrs = append(allErrs, c.defaultKubernetesVersionForWorker(field.NewPath("spec", "provider", "workers").Index(i), worker)...)
		}
	}
	return allErrs
}

// defaultKubernetesVersionForWorker resolves the pool's kubernetes.version like defaultKubernetes;
// an unset version stays unset.
func (c *mutationContext) defaultKubernetesVersionForWorker(idxPath *field.Path, worker core.Worker) field.ErrorList {
	if worker.Kubernetes.Version == nil || len(*worker.Kubernetes.Version) > validation.MaxVersionLength {
		return nil
	}
	var current string
	if oldWorker := findWorker(c.oldShoot, worker.Name); oldWorker != nil && oldWorker.Kubernetes != nil {
		current = ptr.Deref(oldWorker.Kubernetes.Version, "")
	}
	if requestMatchesVersion(*worker.Kubernetes.Version, current) {
		worker.Kubernetes.Version = ptr.To(current)
		return nil
	}
	defaultVersion, errList := defaultKubernetesVersionAt(c.cloudProfileSpec.Kubernetes.Versions, *worker.Kubernetes.Version, idxPath.Child("kubernetes", "version"), c.now)
	if len(errList) > 0 {
		return errList
	}
	if defaultVersion != nil {
		worker.Kubernetes.Version = defaultVersion
	}
	return nil
}

// ensureMachineImages sets the machine image of every pool to ensureMachineImage's.
func (c *mutationContext) ensureMachineImages() field.ErrorList {
	allErrs := field.ErrorList{}
	var oldWorkers []core.Worker
	if c.oldShoot != nil {
		oldWorkers = c.oldShoot.Spec.Provider.Workers
	}
	for idx, worker := range c.shoot.Spec.Provider.Workers {
		image, err := c.ensureMachineImage(oldWorkers, worker, field.NewPath("spec", "provider", "workers").Index(idx).Child("machine", "image"))
		if err != nil {
			allErrs = append(allErrs, err)
			continue
		}
		c.shoot.Spec.Provider.Workers[idx].Machine.Image = image
	}
	return allErrs
}

// ensureMachineImage returns the stored pool's image unless the request names another, else
// getDefaultMachineImageAt's.
func (c *mutationContext) ensureMachineImage(oldWorkers []core.Worker, worker core.Worker, fldPath *field.Path) (*core.ShootMachineImage, *field.Error) {
	image := worker.Machine.Image
	if oldWorker := findWorkerByName(oldWorkers, worker.Name); oldWorker != nil && oldWorker.Machine.Image != nil {
		if image == nil {
			return oldWorker.Machine.Image.DeepCopy(), nil
		}
		if image.Name == oldWorker.Machine.Image.Name &&
			(image.Version == "" || image.Version == oldWorker.Machine.Image.Version) {
			kept := oldWorker.Machine.Image.DeepCopy()
			kept.ProviderConfig = image.ProviderConfig
			return kept, nil
		}
	}
	if image != nil && (len(image.Name) > validation.MaxNameLength || len(image.Version) > validation.MaxVersionLength) {
		return image, nil
	}
	return getDefaultMachineImageAt(c.cloudProfileSpec.MachineImages, image, ptr.To(architectureOf(worker)), fldPath, c.now)
}

// findWorker returns the pool of the given name of shoot, or nil (also for a nil shoot).
func findWorker(shoot *core.Shoot, name string) *core.Worker {
	if shoot == nil {
		return nil
	}
	return findWorkerByName(shoot.Spec.Provider.Workers, name)
}

// findWorkerByName returns the pool of the given name, or nil.
func findWorkerByName(workers []core.Worker, name string) *core.Worker {
	for i := range workers {
		if workers[i].Name == name {
			return &workers[i]
		}
	}
	return nil
}

// architectureOf returns the pool's CPU architecture, amd64 when unset (the v1beta1 default).
func architectureOf(worker core.Worker) string {
	return ptr.Deref(worker.Machine.Architecture, v1beta1constants.ArchitectureAMD64)
}

// defaultKubernetesVersion is defaultKubernetesVersionAt at time.Now.
func defaultKubernetesVersion(constraints []gardencorev1beta1.ExpirableVersion, shootVersion string, fldPath *field.Path) (*string, field.ErrorList) {
	return defaultKubernetesVersionAt(constraints, shootVersion, fldPath, time.Now())
}

// defaultKubernetesVersionAt resolves an empty or partial version to the highest supported version
// of constraints at now that matches it; nil for a full version, which ShootValidator checks.
func defaultKubernetesVersionAt(constraints []gardencorev1beta1.ExpirableVersion, shootVersion string, fldPath *field.Path, now time.Time) (*string, field.ErrorList) {
	if !versionutils.IsPartial(shootVersion) {
		return nil, nil
	}
	major, minor, err := parseRequestedVersion(shootVersion)
	if err != nil {
		return nil, field.ErrorList{field.Invalid(fldPath, shootVersion, err.Error())}
	}
	if latest := findLatestSupportedVersionAt(constraints, major, minor, now); latest != nil {
		return ptr.To(latest.Original()), nil
	}
	return nil, field.ErrorList{field.Invalid(fldPath, shootVersion, fmt.Sprintf(
		"couldn't find a suitable version for %q: suitable versions are classified supported and match it; preview and deprecated versions have to be selected explicitly (offered: %s)",
		shootVersion, describeVersions(constraints, now)))}
}

// findLatestSupportedVersion is findLatestSupportedVersionAt at time.Now.
func findLatestSupportedVersion(constraints []gardencorev1beta1.ExpirableVersion, major, minor *uint64) *semver.Version {
	return findLatestSupportedVersionAt(constraints, major, minor, time.Now())
}

// findLatestSupportedVersionAt returns the highest version of constraints supported at now with
// the given major and minor (nil: any), or nil.
func findLatestSupportedVersionAt(constraints []gardencorev1beta1.ExpirableVersion, major, minor *uint64, now time.Time) *semver.Version {
	var latest *semver.Version
	for _, constraint := range constraints {
		if v1beta1helper.CurrentLifecycleClassificationAt(constraint, now) != gardencorev1beta1.ClassificationSupported {
			continue
		}
		parsed, err := semver.NewVersion(constraint.Version)
		if err != nil || !matchesMajorMinor(parsed, major, minor) {
			continue
		}
		if latest == nil || parsed.GreaterThan(latest) {
			latest = parsed
		}
	}
	return latest
}

// getDefaultMachineImage is getDefaultMachineImageAt at time.Now; it filters by architecture only
// (docs/deviations.md).
func getDefaultMachineImage(
	machineImages []gardencorev1beta1.MachineImage,
	image *core.ShootMachineImage,
	arch *string,
	_ *gardencorev1beta1.MachineType,
	_ []gardencorev1beta1.CapabilityDefinition,
	_ bool,
	fldPath *field.Path,
) (*core.ShootMachineImage, *field.Error) {
	return getDefaultMachineImageAt(machineImages, image, arch, fldPath, time.Now())
}

// getDefaultMachineImageAt returns the named image (else the first for arch) at the given full
// version, else at the highest matching supported (then deprecated) version for arch at now.
func getDefaultMachineImageAt(machineImages []gardencorev1beta1.MachineImage, image *core.ShootMachineImage, arch *string, fldPath *field.Path, now time.Time) (*core.ShootMachineImage, *field.Error) {
	var name, version string
	var providerConfig *runtime.RawExtension
	if image != nil {
		name, version, providerConfig = image.Name, image.Version, image.ProviderConfig
	}
	architecture := ptr.Deref(arch, v1beta1constants.ArchitectureAMD64)
	reference := name + "@" + version
	if len(machineImages) == 0 {
		return nil, field.Invalid(fldPath, reference, "the CloudProfile offers no machine image")
	}

	var defaultImage *gardencorev1beta1.MachineImage
	if name != "" {
		i := slices.IndexFunc(machineImages, func(m gardencorev1beta1.MachineImage) bool { return m.Name == name })
		if i < 0 {
			return nil, field.Invalid(fldPath.Child("name"), name, fmt.Sprintf("image is not offered by the CloudProfile (offered: %s)", strings.Join(imageNames(machineImages), ", ")))
		}
		defaultImage = &machineImages[i]
	} else {
		for i := range machineImages {
			if slices.ContainsFunc(machineImages[i].Versions, func(v gardencorev1beta1.MachineImageVersion) bool {
				return v1beta1helper.ArchitectureSupportedByDefaultedImageVersion(v, architecture, nil)
			}) {
				defaultImage = &machineImages[i]
				break
			}
		}
		if defaultImage == nil {
			return nil, field.Invalid(fldPath, reference, fmt.Sprintf("no machine image of the CloudProfile supports architecture %q", architecture))
		}
	}

	version = versionutils.TrimShootPrefix(version)
	if !versionutils.IsPartial(version) {
		return &core.ShootMachineImage{Name: defaultImage.Name, ProviderConfig: providerConfig, Version: version}, nil
	}
	major, minor, err := parseRequestedVersion(version)
	if err != nil {
		return nil, field.Invalid(fldPath.Child("version"), version, err.Error())
	}

	var latest [2]*semver.Version // highest supported, highest deprecated
	for _, v := range defaultImage.Versions {
		if !v1beta1helper.ArchitectureSupportedByDefaultedImageVersion(v, architecture, nil) {
			continue
		}
		slot := 0
		switch v1beta1helper.CurrentLifecycleClassificationAt(v.ExpirableVersion, now) {
		case gardencorev1beta1.ClassificationSupported:
		case gardencorev1beta1.ClassificationDeprecated:
			slot = 1
		default:
			continue
		}
		parsed, err := semver.NewVersion(v.Version)
		if err != nil || !matchesMajorMinor(parsed, major, minor) {
			continue
		}
		if latest[slot] == nil || parsed.GreaterThan(latest[slot]) {
			latest[slot] = parsed
		}
	}
	for _, v := range latest {
		if v != nil {
			return &core.ShootMachineImage{Name: defaultImage.Name, ProviderConfig: providerConfig, Version: v.Original()}, nil
		}
	}
	return nil, field.Invalid(fldPath.Child("version"), version, fmt.Sprintf(
		"couldn't find a suitable version of machine image %q for architecture %q: suitable versions are classified supported or deprecated and match it; preview versions have to be selected explicitly",
		defaultImage.Name, architecture))
}

// requestMatchesVersion reports whether the empty or partial requested version matches current,
// a full version: re-applying a manifest that says "1.35" (or no version) keeps the stored patch.
func requestMatchesVersion(requested, current string) bool {
	if !versionutils.IsPartial(requested) || versionutils.IsPartial(current) {
		return false
	}
	major, minor, err := parseRequestedVersion(requested)
	if err != nil {
		return false
	}
	cur, err := semver.StrictNewVersion(current)
	return err == nil && matchesMajorMinor(cur, major, minor)
}

// parseRequestedVersion parses an empty or partial version into its major and minor (nil: any).
func parseRequestedVersion(requested string) (major, minor *uint64, err error) {
	if requested == "" {
		return nil, nil, nil
	}
	prefix, err := versionutils.ParsePartialVersion(requested)
	if err != nil {
		return nil, nil, err
	}
	parts := strings.Split(prefix.String(), ".")
	numbers := make([]*uint64, 2)
	for i := 0; i < len(parts) && i < 2; i++ {
		n, err := strconv.ParseUint(parts[i], 10, 64)
		if err != nil {
			return nil, nil, err
		}
		numbers[i] = &n
	}
	return numbers[0], numbers[1], nil
}

// matchesMajorMinor reports whether v has the given major and minor (nil: any). Without either, v
// must be a release version.
func matchesMajorMinor(v *semver.Version, major, minor *uint64) bool {
	if major == nil && minor == nil {
		return v.Prerelease() == ""
	}
	return (major == nil || v.Major() == *major) && (minor == nil || v.Minor() == *minor)
}

func imageNames(images []gardencorev1beta1.MachineImage) []string {
	names := make([]string, 0, len(images))
	for _, image := range images {
		names = append(names, image.Name)
	}
	return names
}

// describeVersions lists the versions with their classification at now.
func describeVersions(versions []gardencorev1beta1.ExpirableVersion, now time.Time) string {
	if len(versions) == 0 {
		return "none"
	}
	parts := make([]string, 0, len(versions))
	for _, v := range versions {
		parts = append(parts, fmt.Sprintf("%s (%s)", v.Version, v1beta1helper.CurrentLifecycleClassificationAt(v, now)))
	}
	return strings.Join(parts, ", ")
}
