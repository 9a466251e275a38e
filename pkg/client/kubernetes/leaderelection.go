// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package kubernetes

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/validation/field"
	componentbaseconfigv1alpha1 "k8s.io/component-base/config/v1alpha1"
)

// ResourceLockLeases is the only resourceLock of a leader election this project supports.
const ResourceLockLeases = "leases"

// ValidateLeaderElection holds an enabled leader election (leaderElect true) to component-base's
// rules: positive durations, leaseDuration > renewDeadline > retryPeriod, a Lease with a name and
// a namespace. A disabled one is not checked.
func ValidateLeaderElection(cfg *componentbaseconfigv1alpha1.LeaderElectionConfiguration, path *field.Path) field.ErrorList {
	var allErrs field.ErrorList
	if cfg == nil || cfg.LeaderElect == nil || !*cfg.LeaderElect {
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
	if cfg.ResourceLock != ResourceLockLeases {
		allErrs = append(allErrs, field.NotSupported(path.Child("resourceLock"), cfg.ResourceLock, []string{ResourceLockLeases}))
	}
	if cfg.ResourceName == "" {
		allErrs = append(allErrs, field.Required(path.Child("resourceName"), "the name of the Lease"))
	}
	if cfg.ResourceNamespace == "" {
		allErrs = append(allErrs, field.Required(path.Child("resourceNamespace"), "the namespace of the Lease"))
	}
	return allErrs
}
