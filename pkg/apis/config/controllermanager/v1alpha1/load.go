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
	for _, s := range []struct {
		name   string
		server *Server
	}{{"healthProbes", cfg.Server.HealthProbes}, {"metrics", cfg.Server.Metrics}} {
		if s.server == nil {
			continue
		}
		// 0 (a flag's ":0") is a free port; a port left out of the file is defaulted before.
		if s.server.Port < 0 || s.server.Port > 65535 {
			allErrs = append(allErrs, field.Invalid(server.Child(s.name, "port"), s.server.Port, "must be between 0 and 65535"))
		}
	}
	allErrs = append(allErrs, kubernetes.ValidateLeaderElection(cfg.LeaderElection, field.NewPath("leaderElection"))...)
	return allErrs
}
