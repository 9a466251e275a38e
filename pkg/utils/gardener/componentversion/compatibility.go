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

// RuleFailure is a compatibility rule of a component version that a Shoot does not pass.
type RuleFailure struct {
	// Index is the position of the rule in compatibility.validations[].
	Index int
	Rule  string
	// Status is celutils.StatusFailed, or StatusCompileError or StatusEvaluationError for a rule
	// that could not be run (it counts as failed).
	Status celutils.Status
	// Message is the rule's message for StatusFailed, otherwise the cause.
	Message string
}

// Detail is the text of a failure in admission errors and maintenance results.
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

// ruleFailureDetails returns the Detail of each failure, nil for none.
func ruleFailureDetails(failures []RuleFailure) []string {
	if len(failures) == 0 {
		return nil
	}
	out := make([]string, 0, len(failures))
	for _, f := range failures {
		out = append(out, f.Detail())
	}
	return out
}

// IntroducedRuleFailures returns the failures of current whose rule (by Index) is not among
// previous, the failures of the same rules before the change; a rule that could not be evaluated
// before counts as failed. Without baseline every current failure is introduced.
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

// shootRules evaluates compatibility rules against one Shoot, prepared for CEL on first use; all
// check calls share one celutils.DefaultCostBudget. It is not safe for concurrent use.
type shootRules struct {
	shoot     *gardencorev1beta1.Shoot
	built     bool
	evaluator *celutils.Evaluator
	err       error
}

// newShootRules returns the shootRules of shoot, which must not change while they are used.
func newShootRules(shoot *gardencorev1beta1.Shoot) *shootRules {
	return &shootRules{shoot: shoot}
}

// check returns the rules the Shoot does not pass, in rule order. ok is false when the Shoot could
// not be prepared: then every rule fails with StatusEvaluationError.
func (s *shootRules) check(ctx context.Context, rules celutils.RuleSet) (failures []RuleFailure, ok bool) {
	if len(rules) == 0 {
		return nil, true
	}
	return s.evaluate(ctx, rules, s.prepare())
}

// checkIsolated is check with a cost budget of its own.
func (s *shootRules) checkIsolated(ctx context.Context, rules celutils.RuleSet) (failures []RuleFailure, ok bool) {
	if len(rules) == 0 {
		return nil, true
	}
	evaluator := s.prepare()
	if evaluator != nil {
		evaluator = evaluator.WithBudget(celutils.DefaultCostBudget)
	}
	return s.evaluate(ctx, rules, evaluator)
}

// prepare converts the Shoot on first use; nil when that failed (s.err).
func (s *shootRules) prepare() *celutils.Evaluator {
	if !s.built {
		s.built = true
		s.evaluator, s.err = celutils.NewEvaluator(s.shoot, celutils.DefaultCostBudget)
	}
	return s.evaluator
}

func (s *shootRules) evaluate(ctx context.Context, rules celutils.RuleSet, evaluator *celutils.Evaluator) (failures []RuleFailure, ok bool) {
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

// CompatibilityChecker evaluates the compatibility rules of component versions against Shoots.
type CompatibilityChecker interface {
	// ForShoot returns the checks against shoot, which must not change while they are in use.
	ForShoot(shoot *gardencorev1beta1.Shoot) ShootCompatibility
}

// ShootCompatibility checks component versions against one Shoot.
type ShootCompatibility interface {
	// Check returns the rules of version of component in profile that the Shoot fails; a rule
	// that cannot be evaluated fails. ok is false when the Shoot could not be prepared.
	Check(ctx context.Context, profile *gardencorev1beta1.ExtensionProfile, component, version string) (failures []RuleFailure, ok bool)
}

// NewCELCompatibilityChecker returns the CompatibilityChecker of admission's engine
// (pkg/utils/cel), which compiles profiles with cache.
func NewCELCompatibilityChecker(cache celutils.ProfileCompiler) CompatibilityChecker {
	return celChecker{cache: cache}
}

type celChecker struct{ cache celutils.ProfileCompiler }

func (c celChecker) ForShoot(shoot *gardencorev1beta1.Shoot) ShootCompatibility {
	return &celShootCompatibility{cache: c.cache, rules: newShootRules(shoot)}
}

type celShootCompatibility struct {
	cache celutils.ProfileCompiler
	rules *shootRules
}

func (c *celShootCompatibility) Check(ctx context.Context, profile *gardencorev1beta1.ExtensionProfile, component, version string) ([]RuleFailure, bool) {
	return c.rules.checkIsolated(ctx, c.cache.Get(profile).Rules(component, version))
}
