// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package componentversion

import (
	"context"
	"fmt"

	v1beta1helper "github.com/gep-78/gardener/pkg/api/core/v1beta1/helper"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	celutils "github.com/gep-78/gardener/pkg/utils/cel"
)

// RuleFailure is a compatibility rule of a component version that a Shoot does not pass.
type RuleFailure struct {
	// Index is the position of the rule in compatibility.validations[].
	Index int
	Rule  string
	// Pool is the worker pool a rule that reads `worker` failed for, "" for other rules.
	Pool string
	// Status is celutils.StatusFailed, or StatusCompileError or StatusEvaluationError for a rule
	// that could not be run (it counts as failed).
	Status celutils.Status
	// Message is the rule's message for StatusFailed, otherwise the cause.
	Message string
}

// Detail is the text of a failure in admission errors and maintenance results; it names the pool
// of a rule that reads `worker`.
func (f RuleFailure) Detail() string {
	var detail string
	switch f.Status {
	case celutils.StatusFailed:
		detail = f.Message
	case celutils.StatusCompileError:
		detail = "compatibility rule compilation failed: " + f.Message
	default:
		detail = fmt.Sprintf("compatibility rule evaluation failed: %s (rule: %s)", f.Message, f.Rule)
	}
	if f.Pool != "" {
		return fmt.Sprintf("worker pool %s: %s", f.Pool, detail)
	}
	return detail
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

// IntroducedRuleFailures returns the failures of current whose rule (by Index) did not fail for the
// same pool in previous, the failures of the same rules before the change: a pool newly failing a
// rule that reads `worker` (a new pool, a changed one, one newly on the version) is introduced. A
// rule that could not be evaluated before counts as failed. Without baseline every current failure
// is introduced.
func IntroducedRuleFailures(current, previous []RuleFailure, baseline bool) []RuleFailure {
	if !baseline {
		return current
	}
	type key struct {
		index int
		pool  string
	}
	failedBefore := make(map[key]bool, len(previous))
	for _, f := range previous {
		failedBefore[key{f.Index, f.Pool}] = true
	}
	var introduced []RuleFailure
	for _, f := range current {
		if !failedBefore[key{f.Index, f.Pool}] {
			introduced = append(introduced, f)
		}
	}
	return introduced
}

// ruleScope is what a pin versions: a pool's (pool set) or the Shoot-level version of component of
// extensionType, which the pools whose override sets no version of it run.
type ruleScope struct {
	extensionType, component, pool string
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

// check returns the rules the Shoot does not pass for a pin of scope, in rule order and, for a rule
// that reads `worker` of a Shoot-level pin, in pool order. ok is false when the Shoot could not be
// prepared or has no pool of a pool pin: then every rule fails with StatusEvaluationError.
func (s *shootRules) check(ctx context.Context, rules celutils.RuleSet, scope *ruleScope) (failures []RuleFailure, ok bool) {
	if len(rules) == 0 {
		return nil, true
	}
	return s.evaluate(ctx, rules, s.prepare(), scope)
}

// checkIsolated is check with a cost budget of its own.
func (s *shootRules) checkIsolated(ctx context.Context, rules celutils.RuleSet, scope *ruleScope) (failures []RuleFailure, ok bool) {
	if len(rules) == 0 {
		return nil, true
	}
	evaluator := s.prepare()
	if evaluator != nil {
		evaluator = evaluator.WithBudget(celutils.DefaultCostBudget)
	}
	return s.evaluate(ctx, rules, evaluator, scope)
}

// prepare converts the Shoot on first use; nil when that failed (s.err).
func (s *shootRules) prepare() *celutils.Evaluator {
	if !s.built {
		s.built = true
		s.evaluator, s.err = celutils.NewEvaluator(s.shoot, celutils.DefaultCostBudget)
	}
	return s.evaluator
}

func (s *shootRules) evaluate(ctx context.Context, rules celutils.RuleSet, evaluator *celutils.Evaluator, scope *ruleScope) ([]RuleFailure, bool) {
	switch {
	case s.err != nil:
		return appendFailures(nil, rules, celutils.FailedResults(rules, s.err), ""), false
	case scope.pool == "" && !rules.ReadsWorker():
		return evaluateAll(ctx, evaluator, rules, ""), true
	case scope.pool != "":
		worker := s.pool(scope.pool)
		if worker == nil {
			return appendFailures(nil, rules, celutils.FailedResults(rules, fmt.Errorf("the Shoot has no worker pool %s", scope.pool)), ""), false
		}
		return evaluateAll(ctx, evaluator.ForWorker(worker), rules, scope.pool), true
	}

	// A Shoot-level pin: a rule that reads `worker` runs once per pool on the Shoot-level version.
	var (
		failures []RuleFailure
		pools    []*gardencorev1beta1.Worker
		bound    []*celutils.Evaluator
	)
	for i := range s.shoot.Spec.Provider.Workers {
		worker := &s.shoot.Spec.Provider.Workers[i]
		if _, fromPool := v1beta1helper.EffectiveComponentVersion(s.shoot.Spec, worker.Name, scope.extensionType, scope.component); !fromPool {
			pools = append(pools, worker)
		}
	}
	for i := range rules {
		if !rules[i].ReadsWorker() {
			failures = appendFailure(failures, rules, evaluator.EvaluateRule(ctx, rules, i), "")
			continue
		}
		for j, worker := range pools {
			if bound == nil {
				bound = make([]*celutils.Evaluator, len(pools))
			}
			if bound[j] == nil {
				bound[j] = evaluator.ForWorker(worker)
			}
			failures = appendFailure(failures, rules, bound[j].EvaluateRule(ctx, rules, i), worker.Name)
		}
	}
	return failures, true
}

// evaluateAll evaluates every rule in order, as evaluator.Evaluate does, and returns the failures;
// it keeps no result that passed.
func evaluateAll(ctx context.Context, evaluator *celutils.Evaluator, rules celutils.RuleSet, pool string) []RuleFailure {
	var failures []RuleFailure
	for i := range rules {
		failures = appendFailure(failures, rules, evaluator.EvaluateRule(ctx, rules, i), pool)
	}
	return failures
}

// appendFailures appends the results that did not pass, naming pool for rules that read `worker`.
func appendFailures(failures []RuleFailure, rules celutils.RuleSet, results []celutils.Result, pool string) []RuleFailure {
	for _, r := range results {
		failures = appendFailure(failures, rules, r, pool)
	}
	return failures
}

// appendFailure appends r unless it passed, naming pool for a rule that reads `worker`.
func appendFailure(failures []RuleFailure, rules celutils.RuleSet, r celutils.Result, pool string) []RuleFailure {
	if r.Passed() {
		return failures
	}
	failure := RuleFailure{Index: r.Index, Rule: r.Rule, Status: r.Status, Message: r.Message}
	if rules[r.Index].ReadsWorker() {
		failure.Pool = pool
	}
	return append(failures, failure)
}

// pool returns the Shoot's worker pool of that name, nil if there is none.
func (s *shootRules) pool(name string) *gardencorev1beta1.Worker {
	for i := range s.shoot.Spec.Provider.Workers {
		if s.shoot.Spec.Provider.Workers[i].Name == name {
			return &s.shoot.Spec.Provider.Workers[i]
		}
	}
	return nil
}

// CompatibilityChecker evaluates the compatibility rules of component versions against Shoots.
type CompatibilityChecker interface {
	// ForShoot returns the checks against shoot, which must not change while they are in use.
	ForShoot(shoot *gardencorev1beta1.Shoot) ShootCompatibility
}

// ShootCompatibility checks component versions against one Shoot. Each call has a cost budget of
// its own.
type ShootCompatibility interface {
	// Check returns the rules of version of component in profile that the Shoot fails, for a
	// Shoot-level pin of the extension named like profile: a rule that reads `worker` is
	// evaluated once per pool without an override of the component's version. A rule that cannot be
	// evaluated fails. ok is false when the Shoot could not be prepared.
	Check(ctx context.Context, profile *gardencorev1beta1.ExtensionProfile, component, version string) (failures []RuleFailure, ok bool)
	// CheckWorker is Check for a pin of the pool named pool (a runtime's or an override's): every
	// rule is evaluated once, `worker` bound to that pool; ok is also false without that pool.
	CheckWorker(ctx context.Context, profile *gardencorev1beta1.ExtensionProfile, component, version, pool string) (failures []RuleFailure, ok bool)
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
	return c.rules.checkIsolated(ctx, c.cache.Get(profile).Rules(component, version), &ruleScope{extensionType: profile.Name, component: component})
}

func (c *celShootCompatibility) CheckWorker(ctx context.Context, profile *gardencorev1beta1.ExtensionProfile, component, version, pool string) ([]RuleFailure, bool) {
	return c.rules.checkIsolated(ctx, c.cache.Get(profile).Rules(component, version), &ruleScope{extensionType: profile.Name, component: component, pool: pool})
}
