// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package validation

import (
	"slices"

	"k8s.io/apimachinery/pkg/util/sets"
	"k8s.io/apimachinery/pkg/util/validation"
	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/gep-78/gardener/pkg/apis/core"
)

// MaxFailingShoots bounds status.components[].rollouts[].failingShoots.
const MaxFailingShoots = 10

var (
	haltActions   = []string{string(core.RolloutHaltActionResume), string(core.RolloutHaltActionWithdraw)}
	rolloutStates = []string{
		string(core.RolloutStateProgressing), string(core.RolloutStateSoaking), string(core.RolloutStatePaused),
		string(core.RolloutStateHalted), string(core.RolloutStateWithdrawn), string(core.RolloutStateComplete),
	}
)

// ValidateRolloutPolicy checks a rollout policy: stage names are unique DNS labels, each stage
// lists at least one Shoot purpose and each purpose is in at most one stage; soakPeriod is not
// negative, observationWindow is positive, failureThreshold.count at least 1 and percentage 0 to
// 100.
func ValidateRolloutPolicy(policy *core.RolloutPolicy, fldPath *field.Path) field.ErrorList {
	if policy == nil {
		return nil
	}
	allErrs := field.ErrorList{}
	names, purposes := sets.New[string](), sets.New[core.ShootPurpose]()
	for i, stage := range policy.Stages {
		idxPath := fldPath.Child("stages").Index(i)
		allErrs = append(allErrs, validateStageName(stage.Name, names, idxPath.Child("name"))...)
		if len(stage.Purposes) == 0 {
			allErrs = append(allErrs, field.Required(idxPath.Child("purposes"), "must list at least one Shoot purpose"))
		}
		for j, purpose := range stage.Purposes {
			purposePath := idxPath.Child("purposes").Index(j)
			switch {
			case !slices.Contains(shootPurposes, string(purpose)):
				allErrs = append(allErrs, field.NotSupported(purposePath, purpose, shootPurposes))
			case purposes.Has(purpose):
				allErrs = append(allErrs, field.Duplicate(purposePath, purpose))
			}
			purposes.Insert(purpose)
		}
	}
	if d := policy.SoakPeriod; d != nil && d.Duration < 0 {
		allErrs = append(allErrs, field.Invalid(fldPath.Child("soakPeriod"), d.Duration.String(), "must not be negative"))
	}
	if d := policy.ObservationWindow; d != nil && d.Duration <= 0 {
		allErrs = append(allErrs, field.Invalid(fldPath.Child("observationWindow"), d.Duration.String(), "must be positive"))
	}
	if t := policy.FailureThreshold; t != nil {
		if t.Count != nil && *t.Count < 1 {
			allErrs = append(allErrs, field.Invalid(fldPath.Child("failureThreshold", "count"), *t.Count, "must be at least 1"))
		}
		if t.Percentage != nil && (*t.Percentage < 0 || *t.Percentage > 100) {
			allErrs = append(allErrs, field.Invalid(fldPath.Child("failureThreshold", "percentage"), *t.Percentage, "must be between 0 and 100"))
		}
	}
	return allErrs
}

// validateComponentVersionRollout checks a version's rollout: its policy and, when set, that the
// halt acknowledgement names Resume or Withdraw and a time.
func validateComponentVersionRollout(rollout *core.ComponentVersionRollout, fldPath *field.Path) field.ErrorList {
	if rollout == nil {
		return nil
	}
	allErrs := ValidateRolloutPolicy(rollout.Policy, fldPath.Child("policy"))
	if ack := rollout.HaltAcknowledgement; ack != nil {
		ackPath := fldPath.Child("haltAcknowledgement")
		if !slices.Contains(haltActions, string(ack.Action)) {
			allErrs = append(allErrs, field.NotSupported(ackPath.Child("action"), ack.Action, haltActions))
		}
		if ack.Time.IsZero() {
			allErrs = append(allErrs, field.Required(ackPath.Child("time"), "must say when the halt was acknowledged; it answers halts before that time"))
		}
	}
	return allErrs
}

// validateRolloutStatuses checks the rollout statuses of a component: unique versions, a known
// state, unique stage names, counts not negative with failed at most moved, and at most
// MaxFailingShoots failing Shoots.
func validateRolloutStatuses(rollouts []core.ComponentVersionRolloutStatus, fldPath *field.Path) field.ErrorList {
	allErrs := field.ErrorList{}
	versions := sets.New[string]()
	for i, r := range rollouts {
		idxPath := fldPath.Index(i)
		if versions.Has(r.Version) {
			allErrs = append(allErrs, field.Duplicate(idxPath.Child("version"), r.Version))
		}
		versions.Insert(r.Version)
		if !slices.Contains(rolloutStates, string(r.State)) {
			allErrs = append(allErrs, field.NotSupported(idxPath.Child("state"), r.State, rolloutStates))
		}
		names := sets.New[string]()
		for j, s := range r.Stages {
			allErrs = append(allErrs, validateStageName(s.Name, names, idxPath.Child("stages").Index(j).Child("name"))...)
		}
		for name, n := range map[string]int32{"moved": r.Moved, "healthy": r.Healthy, "failed": r.Failed} {
			if n < 0 {
				allErrs = append(allErrs, field.Invalid(idxPath.Child(name), n, "must not be negative"))
			}
		}
		if r.Failed > r.Moved {
			allErrs = append(allErrs, field.Invalid(idxPath.Child("failed"), r.Failed, "must not exceed moved"))
		}
		if len(r.FailingShoots) > MaxFailingShoots {
			allErrs = append(allErrs, field.TooMany(idxPath.Child("failingShoots"), len(r.FailingShoots), MaxFailingShoots))
		}
	}
	return allErrs
}

// validateStageName checks that name is a DNS label not in seen, and adds it.
func validateStageName(name string, seen sets.Set[string], fldPath *field.Path) field.ErrorList {
	defer seen.Insert(name)
	switch {
	case name == "":
		return field.ErrorList{field.Required(fldPath, "must name the stage")}
	case seen.Has(name):
		return field.ErrorList{field.Duplicate(fldPath, name)}
	}
	allErrs := field.ErrorList{}
	for _, msg := range validation.IsDNS1123Label(name) {
		allErrs = append(allErrs, field.Invalid(fldPath, name, msg))
	}
	return allErrs
}
