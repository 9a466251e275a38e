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
// kind than controllermanager.config.gardener.cloud/v1alpha1 ControllerManagerConfiguration, is
// an error; a file without apiVersion and kind is read as that kind.
func Load(path string) (*ControllerManagerConfiguration, error) {
	cfg := &ControllerManagerConfiguration{}
	if err := kubernetes.DecodeConfigFile(path, codecs.UniversalDecoder(SchemeGroupVersion), cfg); err != nil {
		return nil, err
	}
	scheme.Default(cfg)
	return cfg, nil
}

// Validate returns the errors of a defaulted configuration, with field paths.
func Validate(cfg *ControllerManagerConfiguration) field.ErrorList {
	allErrs := kubernetes.ValidateClientConnection(&cfg.GardenClientConnection, field.NewPath("gardenClientConnection"))
	controllers := field.NewPath("controllers")
	syncs := func(name string, syncs *int) {
		if syncs != nil && *syncs < 1 {
			allErrs = append(allErrs, field.Invalid(controllers.Child(name, "concurrentSyncs"), *syncs, "must be at least 1"))
		}
	}
	if c := cfg.Controllers.CloudProfile; c != nil {
		syncs("cloudProfile", c.ConcurrentSyncs)
	}
	if c := cfg.Controllers.ExtensionProfile; c != nil {
		syncs("extensionProfile", c.ConcurrentSyncs)
		if c.StableChannelSoakPeriod != nil && c.StableChannelSoakPeriod.Duration < 0 {
			allErrs = append(allErrs, field.Invalid(controllers.Child("extensionProfile", "stableChannelSoakPeriod"), c.StableChannelSoakPeriod.Duration.String(), "must not be negative"))
		}
	}
	syncs("shootMaintenance", cfg.Controllers.ShootMaintenance.ConcurrentSyncs)
	if m := cfg.Metrics; m != nil && m.ExtensionComponentExpirationHorizon != nil && m.ExtensionComponentExpirationHorizon.Duration <= 0 {
		allErrs = append(allErrs, field.Invalid(field.NewPath("metrics", "extensionComponentExpirationHorizon"), m.ExtensionComponentExpirationHorizon.Duration.String(), "must be positive"))
	}
	server := field.NewPath("server")
	if s := cfg.Server.HealthProbes; s != nil {
		allErrs = append(allErrs, kubernetes.ValidateServerPort(s.Port, server.Child("healthProbes", "port"))...)
	}
	if s := cfg.Server.Metrics; s != nil {
		allErrs = append(allErrs, kubernetes.ValidateServerPort(s.Port, server.Child("metrics", "port"))...)
	}
	allErrs = append(allErrs, kubernetes.ValidateLeaderElection(cfg.LeaderElection, field.NewPath("leaderElection"))...)
	return allErrs
}
