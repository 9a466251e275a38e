// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package v1alpha1

import (
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/serializer"
	utilruntime "k8s.io/apimachinery/pkg/util/runtime"
	"k8s.io/apimachinery/pkg/util/validation/field"

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
	if err := kubernetes.DecodeConfigFile(path, codecs.UniversalDecoder(SchemeGroupVersion), cfg); err != nil {
		return nil, err
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
		allErrs = append(allErrs, kubernetes.ValidateLeaderElection(cfg.LeaderElection, field.NewPath("leaderElection"))...)
	}
	server := field.NewPath("server")
	if s := cfg.Server.HealthProbes; s != nil {
		allErrs = append(allErrs, kubernetes.ValidateServerPort(s.Port, server.Child("healthProbes", "port"))...)
	}
	if s := cfg.Server.Metrics; s != nil {
		allErrs = append(allErrs, kubernetes.ValidateServerPort(s.Port, server.Child("metrics", "port"))...)
	}
	if cfg.SeedConfig == nil || cfg.SeedConfig.Name == "" {
		allErrs = append(allErrs, field.Required(field.NewPath("seedConfig", "metadata", "name"), "the seed's name"))
	}
	return allErrs
}
