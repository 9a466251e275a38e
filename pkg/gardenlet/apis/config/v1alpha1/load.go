// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package v1alpha1

import (
	"fmt"
	"os"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/serializer"
	utilruntime "k8s.io/apimachinery/pkg/util/runtime"
	"k8s.io/apimachinery/pkg/util/validation/field"
	componentbaseconfigv1alpha1 "k8s.io/component-base/config/v1alpha1"

	"github.com/gep-78/gardener/pkg/client/kubernetes"
)

var (
	scheme = runtime.NewScheme()
	codecs = serializer.NewCodecFactory(scheme, serializer.EnableStrict)
)

func init() {
	utilruntime.Must(AddToScheme(scheme))
}

// Load returns the defaulted configuration in the file at path, or the defaults when path is
// empty. The file is decoded strictly: an unknown or duplicate field, or another apiVersion or
// kind than gardenlet.config.gardener.cloud/v1alpha1 GardenletConfiguration, is an error; a file
// without apiVersion and kind is read as that kind.
func Load(path string) (*GardenletConfiguration, error) {
	cfg := &GardenletConfiguration{}
	if path != "" {
		data, err := os.ReadFile(path)
		if err != nil {
			return nil, err
		}
		if err := runtime.DecodeInto(codecs.UniversalDecoder(SchemeGroupVersion), data, cfg); err != nil {
			return nil, fmt.Errorf("failed decoding %s: %w", path, err)
		}
	}
	scheme.Default(cfg)
	return cfg, nil
}

// Validate returns the errors of a defaulted configuration, with field paths.
func Validate(cfg *GardenletConfiguration) field.ErrorList {
	var allErrs field.ErrorList
	if cfg.GardenClientConnection != nil {
		allErrs = append(allErrs, kubernetes.ValidateClientConnection(&cfg.GardenClientConnection.ClientConnectionConfiguration, field.NewPath("gardenClientConnection"))...)
	}
	if cfg.SeedClientConnection != nil {
		allErrs = append(allErrs, kubernetes.ValidateClientConnection(&cfg.SeedClientConnection.ClientConnectionConfiguration, field.NewPath("seedClientConnection"))...)
	}
	if cfg.Controllers != nil && cfg.Controllers.Shoot != nil && cfg.Controllers.Shoot.ConcurrentSyncs != nil && *cfg.Controllers.Shoot.ConcurrentSyncs < 1 {
		allErrs = append(allErrs, field.Invalid(field.NewPath("controllers", "shoot", "concurrentSyncs"), *cfg.Controllers.Shoot.ConcurrentSyncs, "must be at least 1"))
	}
	if cfg.LeaderElection != nil {
		allErrs = append(allErrs, validateLeaderElection(cfg.LeaderElection, field.NewPath("leaderElection"))...)
	}
	return allErrs
}

// validateLeaderElection holds an enabled leader election to component-base's rules: positive
// durations, leaseDuration > renewDeadline > retryPeriod, a Lease with a name and a namespace.
func validateLeaderElection(cfg *componentbaseconfigv1alpha1.LeaderElectionConfiguration, path *field.Path) field.ErrorList {
	var allErrs field.ErrorList
	if cfg.LeaderElect == nil || !*cfg.LeaderElect {
		return allErrs
	}
	for _, d := range []struct {
		name  string
		value metav1.Duration
	}{{"leaseDuration", cfg.LeaseDuration}, {"renewDeadline", cfg.RenewDeadline}, {"retryPeriod", cfg.RetryPeriod}} {
		if d.value.Duration <= 0 {
			allErrs = append(allErrs, field.Invalid(path.Child(d.name), d.value.Duration.String(), "must be greater than zero"))
		}
	}
	if cfg.LeaseDuration.Duration <= cfg.RenewDeadline.Duration {
		allErrs = append(allErrs, field.Invalid(path.Child("leaseDuration"), cfg.LeaseDuration.Duration.String(), "must be greater than renewDeadline"))
	}
	if cfg.RenewDeadline.Duration <= cfg.RetryPeriod.Duration {
		allErrs = append(allErrs, field.Invalid(path.Child("renewDeadline"), cfg.RenewDeadline.Duration.String(), "must be greater than retryPeriod"))
	}
	if cfg.ResourceLock != "leases" {
		allErrs = append(allErrs, field.NotSupported(path.Child("resourceLock"), cfg.ResourceLock, []string{"leases"}))
	}
	if cfg.ResourceName == "" {
		allErrs = append(allErrs, field.Required(path.Child("resourceName"), "the name of the Lease"))
	}
	if cfg.ResourceNamespace == "" {
		allErrs = append(allErrs, field.Required(path.Child("resourceNamespace"), "the namespace of the Lease"))
	}
	return allErrs
}
