// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package componentversion

import (
	"context"
	"fmt"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	celutils "github.com/gep-78/gardener/pkg/utils/cel"
)

// RuleFailure is a compatibility rule (an ExtensionProfile version's compatibility.validations[])
// that a Shoot does not pass.
type RuleFailure struct {
	// Index is the position of the rule in compatibility.validations[].
	Index int
	// Rule is the CEL expression.
	Rule string
	// Status is celutils.StatusFailed (the rule is false), StatusCompileError or
	// StatusEvaluationError (the rule could not be run; it counts as failed).
	Status celutils.Status
	// Message is the rule's message for StatusFailed, otherwise the cause.
	Message string
}

// Detail is the text of a failure in admission errors and maintenance results: the rule's message
// when it evaluated to false, "compatibility rule evaluation failed: <cause> (rule: <rule>)" when
// it could not be evaluated, "compatibility rule compilation failed: <cause>" when the stored rule
// does not compile.
func (f RuleFailure) Detail() string {
	switch f.Status {
	case celutils.StatusFailed:
		return f.Message
	case celutils.StatusCompileError:
		return "compatibility rule compilation failed: " + f.Message
	default:
		return fmt.Sprintf("compatibility rule evaluation failed: %s (rule: %s)", f.Message, f.Rule)
	}
}

// RuleFailureDetails returns the Detail of each failure, nil for none.
func RuleFailureDetails(failures []RuleFailure) []string {
	if len(failures) == 0 {
		return nil
	}
	out := make([]string, 0, len(failures))
	for _, f := range failures {
		out = append(out, f.Detail())
	}
	return out
}

// ShootRules evaluates compatibility rules against one Shoot (GEP-78 "Compatibility rules"). The
// Shoot is prepared for CEL on first use, so a request without rules never converts it, and all
// evaluations share one celutils.DefaultCostBudget. It is not safe for concurrent use.
type ShootRules struct {
	shoot     *gardencorev1beta1.Shoot
	built     bool
	evaluator *celutils.Evaluator
	err       error
}

// NewShootRules returns a ShootRules for shoot; shoot must not change while it is used.
func NewShootRules(shoot *gardencorev1beta1.Shoot) *ShootRules {
	return &ShootRules{shoot: shoot}
}

// Failures returns the rules that the Shoot does not pass, in rule order, charging their cost to
// the budget that all Failures calls of s share (one admission request). ok is false when the
// Shoot could not be prepared for evaluation; then every rule is a failure with
// StatusEvaluationError and the cause.
func (s *ShootRules) Failures(ctx context.Context, rules celutils.RuleSet) (failures []RuleFailure, ok bool) {
	if len(rules) == 0 {
		return nil, true
	}
	return s.failures(ctx, rules, s.prepare())
}

// IsolatedFailures is Failures with a fresh celutils.DefaultCostBudget for this call alone: the
// Shoot's conversion is shared with every other call of s, the budget is not. Maintenance judges
// each candidate version with it as a separate admission request would judge it.
func (s *ShootRules) IsolatedFailures(ctx context.Context, rules celutils.RuleSet) (failures []RuleFailure, ok bool) {
	if len(rules) == 0 {
		return nil, true
	}
	evaluator := s.prepare()
	if evaluator != nil {
		evaluator = evaluator.WithBudget(celutils.DefaultCostBudget)
	}
	return s.failures(ctx, rules, evaluator)
}

// prepare converts the Shoot on first use; nil when that failed (s.err).
func (s *ShootRules) prepare() *celutils.Evaluator {
	if !s.built {
		s.built = true
		s.evaluator, s.err = celutils.NewEvaluator(s.shoot, celutils.DefaultCostBudget)
	}
	return s.evaluator
}

func (s *ShootRules) failures(ctx context.Context, rules celutils.RuleSet, evaluator *celutils.Evaluator) (failures []RuleFailure, ok bool) {
	var results []celutils.Result
	if s.err != nil {
		results = celutils.FailedResults(rules, s.err)
	} else {
		results = evaluator.Evaluate(ctx, rules)
	}
	for _, r := range results {
		if !r.Passed() {
			failures = append(failures, RuleFailure{Index: r.Index, Rule: r.Rule, Status: r.Status, Message: r.Message})
		}
	}
	return failures, s.err == nil
}

// IntroducedRuleFailures returns the failures of the changed Shoot that the change introduces
// (GEP-78 "Compatibility is validated old-vs-new"): the entries of current whose rule (by Index)
// is not among previous, the failures of the same rules against the Shoot before the change. A
// rule that could not be evaluated before counts as failed before. Without a baseline (baseline
// false: there is no Shoot before the change that ran this version, or it could not be prepared
// for evaluation), every current failure is introduced, so that a problem with the old Shoot never
// lets a violation through. Admission and shoot maintenance both decide with it.
func IntroducedRuleFailures(current, previous []RuleFailure, baseline bool) []RuleFailure {
	if !baseline {
		return current
	}
	failedBefore := make(map[int]bool, len(previous))
	for _, f := range previous {
		failedBefore[f.Index] = true
	}
	var introduced []RuleFailure
	for _, f := range current {
		if !failedBefore[f.Index] {
			introduced = append(introduced, f)
		}
	}
	return introduced
}

// CompatibilityChecker evaluates the compatibility rules of component versions (GEP-78
// compatibility.validations[]) against Shoots, with the engine admission uses. Shoot maintenance,
// its expiry metrics, the impact preview of ExtensionProfile changes and the kubectl plugin decide
// with it through DecideComponentVersion.
type CompatibilityChecker interface {
	// ForShoot returns the checks of component versions against shoot. The Shoot is prepared for
	// evaluation at most once for all checks of the result; shoot must not change while the
	// result is in use.
	ForShoot(shoot *gardencorev1beta1.Shoot) ShootCompatibility
}

// ShootCompatibility checks component versions against one Shoot (CompatibilityChecker.ForShoot).
type ShootCompatibility interface {
	// Check returns the rules of version of component in profile that the Shoot fails, nil when it
	// passes them all or the version has none. A rule that cannot be evaluated counts as failed.
	// ok is false when the Shoot could not be prepared for evaluation: then every rule is failed.
	// Each check has its own cost budget (ShootRules.IsolatedFailures).
	Check(ctx context.Context, profile *gardencorev1beta1.ExtensionProfile, component, version string) (failures []RuleFailure, ok bool)
}

// CELCompatibilityChecker is the CompatibilityChecker of gardener-controller-manager and of the
// impact preview: it evaluates rules with pkg/utils/cel, the engine and Shoot-bound environment of
// admission, so that all of them accept the same Shoots. Profiles are compiled once per generation
// (celutils.Cache), or once per content of their rules (celutils.ContentCache) for profiles that
// are not stored yet.
type CELCompatibilityChecker struct {
	// Cache holds the compiled profiles.
	Cache celutils.ProfileCompiler
}

// NewCELCompatibilityChecker returns a CELCompatibilityChecker with an empty cache.
func NewCELCompatibilityChecker() *CELCompatibilityChecker {
	return &CELCompatibilityChecker{Cache: celutils.NewCache()}
}

// ForShoot implements CompatibilityChecker with one ShootRules for shoot: rules that evaluate to
// false and rules that cannot be evaluated (compile errors, "no such key", exhausted budget) are
// failures.
func (c *CELCompatibilityChecker) ForShoot(shoot *gardencorev1beta1.Shoot) ShootCompatibility {
	return &celShootCompatibility{cache: c.Cache, rules: NewShootRules(shoot)}
}

type celShootCompatibility struct {
	cache celutils.ProfileCompiler
	rules *ShootRules
}

func (c *celShootCompatibility) Check(ctx context.Context, profile *gardencorev1beta1.ExtensionProfile, component, version string) ([]RuleFailure, bool) {
	return c.rules.IsolatedFailures(ctx, c.cache.Get(profile).Rules(component, version))
}
