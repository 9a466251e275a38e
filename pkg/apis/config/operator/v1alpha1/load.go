// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package v1alpha1

import (
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
// kind than operator.config.gardener.cloud/v1alpha1 OperatorConfiguration, is an error; a file
// without apiVersion and kind is read as that kind.
func Load(path string) (*OperatorConfiguration, error) {
	cfg := &OperatorConfiguration{}
	if err := kubernetes.DecodeConfigFile(path, codecs.UniversalDecoder(SchemeGroupVersion), cfg); err != nil {
		return nil, err
	}
	scheme.Default(cfg)
	return cfg, nil
}

// Validate returns the errors of a defaulted configuration, with field paths: qps, burst and
// content types of both client connections (kubernetes.ValidateClientConnection), qps and burst
// positive, a concurrency of at least 1 and ports between 0 (a free port) and 65535.
func Validate(cfg *OperatorConfiguration) field.ErrorList {
	var allErrs field.ErrorList
	for _, c := range []struct {
		name string
		conn *componentbaseconfigv1alpha1.ClientConnectionConfiguration
	}{{"runtimeClientConnection", &cfg.RuntimeClientConnection}, {"virtualClientConnection", &cfg.VirtualClientConnection}} {
		path := field.NewPath(c.name)
		allErrs = append(allErrs, kubernetes.ValidateClientConnection(c.conn, path)...)
		if c.conn.QPS == 0 {
			allErrs = append(allErrs, field.Invalid(path.Child("qps"), c.conn.QPS, "must be positive"))
		}
		if c.conn.Burst == 0 {
			allErrs = append(allErrs, field.Invalid(path.Child("burst"), c.conn.Burst, "must be positive"))
		}
	}
	if syncs := cfg.Controllers.ExtensionProfile.ConcurrentSyncs; syncs != nil && *syncs < 1 {
		allErrs = append(allErrs, field.Invalid(field.NewPath("controllers", "extensionProfile", "concurrentSyncs"), *syncs, "must be at least 1"))
	}
	server := field.NewPath("server")
	if s := cfg.Server.HealthProbes; s != nil {
		allErrs = append(allErrs, kubernetes.ValidateServerPort(s.Port, server.Child("healthProbes", "port"))...)
	}
	if s := cfg.Server.Metrics; s != nil {
		allErrs = append(allErrs, kubernetes.ValidateServerPort(s.Port, server.Child("metrics", "port"))...)
	}
	return allErrs
}
