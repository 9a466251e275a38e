// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package extensionprofile

import (
	"context"
	"fmt"
	"strings"

	"k8s.io/apimachinery/pkg/util/sets"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/apiserver/pkg/authentication/user"

	"github.com/gep-78/gardener/pkg/api"
	"github.com/gep-78/gardener/pkg/apis/core"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	celutils "github.com/gep-78/gardener/pkg/utils/cel"
)

const (
	// ControllerManagerServiceAccountUser is the user name of gardener-controller-manager when it
	// runs in the garden cluster with its service account in the namespace garden. Deployed into
	// another namespace, it must be configured as a maintenance user (Configuration); the
	// gardener-apiserver chart does that.
	ControllerManagerServiceAccountUser = "system:serviceaccount:garden:gardener-controller-manager"
	// ControllerManagerLocalUser is the user name of gardener-controller-manager in a local setup
	// (a client certificate with this common name).
	ControllerManagerLocalUser = "gardener-controller-manager"
)

// DefaultMaintenanceUsers returns the user names New puts into MaintenanceUsers when the plugin's
// Configuration sets none: the identities of gardener-controller-manager, whose shoot maintenance
// writes the forced Kubernetes and machine-image upgrades, in the namespace garden or local.
func DefaultMaintenanceUsers() sets.Set[string] {
	return sets.New(ControllerManagerServiceAccountUser, ControllerManagerLocalUser)
}

// compatibilityCheck evaluates the compatibility.validations[] rules of the pinned component
// versions for one admission request. It builds at most one Evaluator per Shoot (new and old), on
// first use, so that a request without rules to evaluate never converts a Shoot, and all
// components of a Shoot share one cost budget (celutils.DefaultCostBudget).
type compatibilityCheck struct {
	cache *celutils.Cache
	// external is the new Shoot in v1beta1; oldShoot the internal old Shoot (nil on create).
	external *gardencorev1beta1.Shoot
	oldShoot *core.Shoot
	// maintenance is true when the request's user is one of the plugin's MaintenanceUsers.
	maintenance bool

	newEvaluator, oldEvaluator *celutils.Evaluator
	newErr, oldErr             error
	newBuilt, oldBuilt         bool
}

func newCompatibilityCheck(cache *celutils.Cache, external *gardencorev1beta1.Shoot, oldShoot *core.Shoot, userInfo user.Info, maintenanceUsers sets.Set[string]) *compatibilityCheck {
	return &compatibilityCheck{
		cache:       cache,
		external:    external,
		oldShoot:    oldShoot,
		maintenance: userInfo != nil && maintenanceUsers.Has(userInfo.GetName()),
	}
}

// check evaluates the rules of one pinned component version against the new Shoot and returns
// an error per rule to reject and a warning per rule the request may violate:
//   - without a baseline (create, a changed pin, or a pin the old Shoot did not run), every rule
//     that failed or could not be evaluated is an error;
//   - with a baseline (the old Shoot ran the same version), the rules that fail now are also
//     evaluated against the old Shoot, and only a rule that passed there is reported: as an
//     error, or as a warning when the request comes from a maintenance user.
func (c *compatibilityCheck) check(ctx context.Context, fldPath *field.Path, profile *gardencorev1beta1.ExtensionProfile, extensionType, component, version string, baseline bool) (field.ErrorList, []string) {
	rules := c.cache.Get(profile).Rules(component, version)
	if len(rules) == 0 {
		return nil, nil
	}

	var failed []celutils.Result
	for _, result := range c.evaluateNew(ctx, rules) {
		if !result.Passed() {
			failed = append(failed, result)
		}
	}
	if len(failed) == 0 {
		return nil, nil
	}

	// Only the rules that fail now are evaluated against the old Shoot: the others cannot be
	// introduced violations. passedBefore[k] tells whether failed[k] passed on the old Shoot.
	var passedBefore []bool
	if baseline {
		failedRules := make(celutils.RuleSet, 0, len(failed))
		for _, result := range failed {
			failedRules = append(failedRules, rules[result.Index])
		}
		if oldResults := c.evaluateOld(ctx, failedRules); oldResults != nil {
			for _, result := range oldResults {
				passedBefore = append(passedBefore, result.Passed())
			}
		}
	}

	var (
		allErrs  field.ErrorList
		warnings []string
	)
	for k, result := range failed {
		detail := failureDetail(result)
		if passedBefore == nil {
			allErrs = append(allErrs, field.Invalid(fldPath, version, detail))
			continue
		}
		if !passedBefore[k] {
			// The old Shoot already violated this rule: the update does not introduce it.
			continue
		}
		if c.maintenance {
			warnings = append(warnings, fmt.Sprintf("component %s of extension %s is pinned to version %s, which is incompatible with the Shoot after this maintenance update "+
				"(the forced Kubernetes or machine image upgrade takes precedence): %s", component, extensionType, version, detail))
			continue
		}
		allErrs = append(allErrs, field.Invalid(fldPath, version, detail))
	}
	return allErrs, warnings
}

// evaluateNew evaluates rules against the new Shoot. If the Shoot cannot be prepared for CEL,
// every rule is an evaluation error.
func (c *compatibilityCheck) evaluateNew(ctx context.Context, rules celutils.RuleSet) []celutils.Result {
	if !c.newBuilt {
		c.newBuilt = true
		c.newEvaluator, c.newErr = celutils.NewEvaluator(c.external, celutils.DefaultCostBudget)
	}
	return evaluateWith(ctx, c.newEvaluator, c.newErr, rules)
}

// evaluateOld evaluates rules against the old Shoot. It returns nil, which check treats as "no
// baseline", if the old Shoot cannot be converted or prepared for CEL, so that a problem with the
// old Shoot never lets a violation through.
func (c *compatibilityCheck) evaluateOld(ctx context.Context, rules celutils.RuleSet) []celutils.Result {
	if !c.oldBuilt {
		c.oldBuilt = true
		external := &gardencorev1beta1.Shoot{}
		if c.oldErr = api.Scheme.Convert(c.oldShoot, external, nil); c.oldErr == nil {
			c.oldEvaluator, c.oldErr = celutils.NewEvaluator(external, celutils.DefaultCostBudget)
		}
	}
	if c.oldErr != nil {
		return nil
	}
	return c.oldEvaluator.Evaluate(ctx, rules)
}

func evaluateWith(ctx context.Context, evaluator *celutils.Evaluator, err error, rules celutils.RuleSet) []celutils.Result {
	if err == nil {
		return evaluator.Evaluate(ctx, rules)
	}
	results := make([]celutils.Result, 0, len(rules))
	for i, rule := range rules {
		results = append(results, celutils.Result{Index: i, Rule: rule.Rule, Status: celutils.StatusError, Message: "rule evaluation error: " + err.Error()})
	}
	return results
}

// failureDetail is the message of a rule that did not pass: the rule's message (or "failed rule:
// <rule>") when it evaluated to false, "compatibility rule evaluation failed: <cause> (rule:
// <rule>)" when it could not be evaluated, and "compatibility rule compilation failed: <cause>"
// (which names the rule) when the stored rule does not compile.
func failureDetail(result celutils.Result) string {
	const (
		evaluationError  = "rule evaluation error: "
		compilationError = "rule compilation error: "
	)
	switch {
	case result.Status == celutils.StatusFailed:
		return result.Message
	case strings.HasPrefix(result.Message, compilationError):
		return "compatibility rule compilation failed: " + strings.TrimPrefix(result.Message, compilationError)
	default:
		return fmt.Sprintf("compatibility rule evaluation failed: %s (rule: %s)", strings.TrimPrefix(result.Message, evaluationError), result.Rule)
	}
}

// activePinsOf returns the pinned versions of the enabled extensions of a Shoot: the component
// versions the old Shoot actually ran, which are the baseline of the compatibility check. A nil
// Shoot (create) has none.
func activePinsOf(shoot *core.Shoot) map[pinKey]string {
	pins := map[pinKey]string{}
	if shoot == nil {
		return pins
	}
	for _, extension := range shoot.Spec.Extensions {
		if extension.Disabled != nil && *extension.Disabled {
			continue
		}
		for _, component := range extension.Components {
			key := pinKey{extension.Type, component.Name}
			if _, ok := pins[key]; !ok && component.Version != nil {
				pins[key] = *component.Version
			}
		}
	}
	return pins
}
