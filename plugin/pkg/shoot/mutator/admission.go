// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

// Package mutator is the ShootMutator admission plugin: Shoot versions defaulted from the
// CloudProfile, as Gardener's ShootMutator does for the fields this project models. An empty or
// partial Kubernetes version (control plane, and pools that set one) becomes the highest supported
// match, the stored version where it matches; a pool's machine image is kept from the stored
// Shoot or defaulted (v1beta1helper.DefaultMachineImage). A new Shoot may not set both
// spec.cloudProfileName and spec.cloudProfile. A missing CloudProfile (after a live read) is
// rejected on create and on a changed reference. Errors are Forbidden with the field errors.
package mutator

import (
	"context"
	"io"
	"time"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
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

	now := m.Clock.Now()
	allErrs := m.defaultKubernetesVersion(profile, shoot, oldShoot, now)
	allErrs = append(allErrs, m.defaultKubernetesVersionForWorkers(profile, shoot, oldShoot, now)...)
	allErrs = append(allErrs, m.ensureMachineImages(profile, shoot, oldShoot, now)...)
	if len(allErrs) > 0 {
		return admission.NewForbidden(a, allErrs.ToAggregate())
	}
	return nil
}

// defaultKubernetesVersion resolves spec.kubernetes.version (v1beta1helper.ResolveKubernetesVersion),
// keeping the stored version when the request matches it.
func (m *MutateShoot) defaultKubernetesVersion(profile *gardencorev1beta1.CloudProfileSpec, shoot, oldShoot *core.Shoot, now time.Time) field.ErrorList {
	requested := shoot.Spec.Kubernetes.Version
	if len(requested) > validation.MaxVersionLength {
		return nil
	}
	var current string
	if oldShoot != nil {
		current = oldShoot.Spec.Kubernetes.Version
	}
	resolved, err := v1beta1helper.ResolveKubernetesVersion(field.NewPath("spec", "kubernetes", "version"), profile.Kubernetes.Versions, requested, current, now)
	if err != nil {
		return field.ErrorList{err}
	}
	shoot.Spec.Kubernetes.Version = resolved
	return nil
}

// defaultKubernetesVersionForWorkers resolves each pool's spec.provider.workers[].kubernetes.version
// that is set and partial like the control plane's (v1beta1helper.ResolveKubernetesVersion),
// keeping the pool's stored version when the request matches it. An unset pool version stays
// unset: the pool runs the control plane's version.
func (m *MutateShoot) defaultKubernetesVersionForWorkers(profile *gardencorev1beta1.CloudProfileSpec, shoot, oldShoot *core.Shoot, now time.Time) field.ErrorList {
	allErrs := field.ErrorList{}
	for i := range shoot.Spec.Provider.Workers {
		worker := &shoot.Spec.Provider.Workers[i]
		if worker.Kubernetes == nil || worker.Kubernetes.Version == nil || len(*worker.Kubernetes.Version) > validation.MaxVersionLength {
			continue
		}
		var current string
		if oldWorker := findWorker(oldShoot, worker.Name); oldWorker != nil && oldWorker.Kubernetes != nil {
			current = ptr.Deref(oldWorker.Kubernetes.Version, "")
		}
		fldPath := field.NewPath("spec", "provider", "workers").Index(i).Child("kubernetes", "version")
		resolved, err := v1beta1helper.ResolveKubernetesVersion(fldPath, profile.Kubernetes.Versions, *worker.Kubernetes.Version, current, now)
		if err != nil {
			allErrs = append(allErrs, err)
			continue
		}
		worker.Kubernetes.Version = ptr.To(resolved)
	}
	return allErrs
}

// ensureMachineImages keeps or defaults the machine image of every worker pool.
func (m *MutateShoot) ensureMachineImages(profile *gardencorev1beta1.CloudProfileSpec, shoot, oldShoot *core.Shoot, now time.Time) field.ErrorList {
	allErrs := field.ErrorList{}
	for i := range shoot.Spec.Provider.Workers {
		worker := &shoot.Spec.Provider.Workers[i]
		fldPath := field.NewPath("spec", "provider", "workers").Index(i).Child("machine", "image")

		// Keep the stored image unless the request chooses another one: only maintenance moves a
		// pool to a newer default.
		if oldWorker := findWorker(oldShoot, worker.Name); oldWorker != nil && oldWorker.Machine.Image != nil {
			image := worker.Machine.Image
			if image == nil || (image.Name == oldWorker.Machine.Image.Name &&
				(ptr.Deref(image.Version, "") == "" || ptr.Equal(image.Version, oldWorker.Machine.Image.Version))) {
				worker.Machine.Image = oldWorker.Machine.Image.DeepCopy()
				continue
			}
		}

		var name, version string
		if worker.Machine.Image != nil {
			name, version = worker.Machine.Image.Name, ptr.Deref(worker.Machine.Image.Version, "")
		}
		if len(name) > validation.MaxNameLength || len(version) > validation.MaxVersionLength {
			continue
		}
		name, version, err := v1beta1helper.DefaultMachineImage(fldPath, profile.MachineImages, name, version, architectureOf(*worker), now)
		if err != nil {
			allErrs = append(allErrs, err)
			continue
		}
		worker.Machine.Image = &core.ShootMachineImage{Name: name, Version: ptr.To(version)}
	}
	return allErrs
}

// findWorker returns the pool of the given name of shoot, or nil (also for a nil shoot).
func findWorker(shoot *core.Shoot, name string) *core.Worker {
	if shoot == nil {
		return nil
	}
	for i := range shoot.Spec.Provider.Workers {
		if shoot.Spec.Provider.Workers[i].Name == name {
			return &shoot.Spec.Provider.Workers[i]
		}
	}
	return nil
}

// architectureOf returns the pool's CPU architecture, amd64 when unset (the v1beta1 default).
func architectureOf(worker core.Worker) string {
	return ptr.Deref(worker.Machine.Architecture, v1beta1constants.ArchitectureAMD64)
}
