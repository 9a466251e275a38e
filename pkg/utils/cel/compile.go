// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package cel

import (
	"errors"
	"fmt"
	"strings"

	"github.com/google/cel-go/cel"
	celast "github.com/google/cel-go/common/ast"
	"github.com/google/cel-go/interpreter"
	"k8s.io/apimachinery/pkg/util/sets"
	"k8s.io/apimachinery/pkg/util/validation/field"
	celconfig "k8s.io/apiserver/pkg/apis/cel"
	"k8s.io/apiserver/pkg/cel/environment"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
)

// Mode selects the CEL environment a rule is compiled in, as ValidatingAdmissionPolicy does.
type Mode int

const (
	// NewExpressions compiles new or changed rules on write: only the CEL libraries of the
	// compatibility version are available, and a rule whose estimated cost exceeds
	// MaxRuleCost is rejected.
	NewExpressions Mode = iota
	// StoredExpressions compiles rules that are already stored, for evaluation and for
	// unchanged rules on update: every known CEL library is available and the cost estimate
	// is not enforced, so that a stored profile stays usable.
	StoredExpressions
)

// Cost limits, in CEL cost units.
const (
	// MaxRuleCost is the highest estimated cost of one rule accepted on write. It equals the
	// runtime limit of one evaluation (celconfig.PerCallLimit), so a rule that is accepted
	// cannot hit that limit on a Shoot within the schema bounds.
	MaxRuleCost = celconfig.PerCallLimit
	// MaxProfileCost is the highest estimated cost of all rules of one ExtensionProfile accepted
	// on write. It equals DefaultCostBudget, so that evaluating every rule of a profile against
	// one Shoot (maintenance filters all candidate versions) fits one runtime budget.
	MaxProfileCost = celconfig.RuntimeCELCostBudget
)

// CompiledRule is one compatibility rule ready for evaluation. A rule that failed to compile is
// kept, so that evaluation reports it as an error rather than skipping it.
type CompiledRule struct {
	// Rule is the CEL expression as written.
	Rule string
	// Message is the message shown when the rule does not hold; it may be empty.
	Message string
	// EstimatedCost is the estimated maximum cost of one evaluation, in CEL cost units, under the
	// schema bounds. It is zero when compilation failed. A rule that reads `worker` is evaluated
	// once per pool (ReadsWorker).
	EstimatedCost uint64

	program     cel.Program
	err         error
	readsWorker bool
}

// Err returns why the rule could not be compiled, nil if it was.
func (r *CompiledRule) Err() error { return r.err }

// ReadsWorker reports whether the rule reads `worker`; it is then evaluated once per worker pool.
func (r *CompiledRule) ReadsWorker() bool { return r.readsWorker }

// RuleSet is the compiled compatibility.validations of one component version, in order.
type RuleSet []CompiledRule

// EstimatedCost returns the sum of the estimated costs of the rules, saturating at the maximum
// uint64.
func (s RuleSet) EstimatedCost() uint64 {
	var total uint64
	for _, r := range s {
		total = addSaturating(total, r.EstimatedCost)
	}
	return total
}

// ReadsWorker reports whether a rule of s reads `worker`.
func (s RuleSet) ReadsWorker() bool {
	for i := range s {
		if s[i].readsWorker {
			return true
		}
	}
	return false
}

// Compile compiles compatibility rules with the DefaultEnvironment. See Environment.Compile.
func Compile(rules []gardencorev1beta1.CompatibilityValidation, fldPath *field.Path, mode Mode) (RuleSet, field.ErrorList) {
	env, err := DefaultEnvironment()
	if err != nil {
		return failedRuleSet(rules, err), field.ErrorList{field.InternalError(fldPath, err)}
	}
	return env.Compile(rules, fldPath, mode)
}

// Compile compiles the rules of one compatibility.validations list at fldPath and returns one entry
// per rule, in order; compilation errors, non-bool output and, in NewExpressions mode, an estimated
// cost above MaxRuleCost are errors on the rule.
func (e *Environment) Compile(rules []gardencorev1beta1.CompatibilityValidation, fldPath *field.Path, mode Mode) (RuleSet, field.ErrorList) {
	var allErrs field.ErrorList
	out := make(RuleSet, 0, len(rules))
	for i, rule := range rules {
		compiled, err := e.compileRule(rule.Rule, rule.Message, fldPath.Index(i).Child("rule"), mode)
		if err != nil {
			allErrs = append(allErrs, err)
		}
		out = append(out, compiled)
	}
	return out, allErrs
}

// ValidateExtensionProfileRules checks all compatibility rules of an ExtensionProfile spec, the cost
// limits only for rules oldSpec (nil on create) does not hold, so that an update that changes no rule
// is never rejected for cost. The profile's total counts a rule that reads `worker` once per pool of
// the bound (MaxWorkers).
func ValidateExtensionProfileRules(spec, oldSpec *gardencorev1beta1.ExtensionProfileSpec) field.ErrorList {
	env, err := DefaultEnvironment()
	if err != nil {
		return field.ErrorList{field.InternalError(field.NewPath("spec"), err)}
	}
	oldRules := sets.New[string]()
	if oldSpec != nil {
		for _, c := range oldSpec.Components {
			for _, v := range c.Versions {
				if v.Compatibility != nil {
					for _, r := range v.Compatibility.Validations {
						oldRules.Insert(r.Rule)
					}
				}
			}
		}
	}

	var (
		allErrs  field.ErrorList
		total    uint64
		addsRule bool
	)
	componentsPath := field.NewPath("spec", "components")
	for i, c := range spec.Components {
		for j, v := range c.Versions {
			if v.Compatibility == nil {
				continue
			}
			validationsPath := componentsPath.Index(i).Child("versions").Index(j).Child("compatibility", "validations")
			for k, r := range v.Compatibility.Validations {
				mode := StoredExpressions
				if !oldRules.Has(r.Rule) {
					mode = NewExpressions
					addsRule = true
				}
				compiled, err := env.compileRule(r.Rule, r.Message, validationsPath.Index(k).Child("rule"), mode)
				if err != nil {
					allErrs = append(allErrs, err)
				}
				total = addSaturating(total, compiled.profileCost())
			}
		}
	}
	if addsRule && total > MaxProfileCost {
		allErrs = append(allErrs, field.Forbidden(componentsPath, fmt.Sprintf(
			"the estimated cost of all compatibility rules (%d, a rule that reads worker counted for %d pools) exceeds the limit of %d per ExtensionProfile; simplify rules or remove versions that are no longer offered",
			total, MaxWorkers, MaxProfileCost)))
	}
	return allErrs
}

func (e *Environment) compileRule(rule, message string, rulePath *field.Path, mode Mode) (CompiledRule, *field.Error) {
	out := CompiledRule{Rule: rule, Message: message}
	fail := func(err *field.Error) (CompiledRule, *field.Error) {
		out.err = errors.New(err.ErrorBody())
		out.EstimatedCost = 0
		return out, err
	}

	envType := environment.NewExpressions
	if mode == StoredExpressions {
		envType = environment.StoredExpressions
	}
	env, err := e.envSet.Env(envType)
	if err != nil {
		return fail(field.InternalError(rulePath, err))
	}

	ast, issues := env.Compile(rule)
	if issues != nil && issues.Err() != nil {
		return fail(field.Invalid(rulePath, rule, "compilation failed: "+issues.String()))
	}
	if !ast.OutputType().IsExactType(cel.BoolType) {
		return fail(field.Invalid(rulePath, rule, fmt.Sprintf("must evaluate to bool, but evaluates to %s", ast.OutputType())))
	}

	out.readsWorker = readsVariable(ast, WorkerVariable)
	if mode == NewExpressions {
		if err := checkConstantArguments(env, ast); err != nil {
			return fail(field.Invalid(rulePath, rule, err.Error()))
		}
	}

	estimate, err := env.EstimateCost(ast, e.costEstimator)
	if err != nil {
		return fail(field.InternalError(rulePath, fmt.Errorf("could not estimate the cost of the rule: %w", err)))
	}
	out.EstimatedCost = estimate.Max
	if mode == NewExpressions && estimate.Max > MaxRuleCost {
		return fail(field.Forbidden(rulePath, fmt.Sprintf(
			"estimated rule cost %d exceeds the limit of %d per rule; simplify the rule, e.g. avoid nesting comprehensions (the estimate assumes at most %d worker pools, %d extensions, %d components per extension and strings of %d characters)",
			estimate.Max, MaxRuleCost, MaxWorkers, MaxExtensions, MaxExtensionComponents, MaxStringLength)))
	}

	program, err := env.Program(ast, ProgramOptions()...)
	if err != nil {
		return fail(field.Invalid(rulePath, rule, "program instantiation failed: "+err.Error()))
	}
	out.program = program
	return out, nil
}

// ProgramOptions returns the cel-go program options of every compatibility rule beyond the
// environment's: context checks and regular expressions compiled once.
func ProgramOptions() []cel.ProgramOption {
	return []cel.ProgramOption{cel.InterruptCheckFrequency(celconfig.CheckFrequency), cel.OptimizeRegex(interpreter.MatchesRegexOptimization)}
}

// readsVariable reports whether the rule refers to the environment's variable name: an identifier
// of that name that no enclosing comprehension binds (`workers.all(worker, ...)` does not).
func readsVariable(ast *cel.Ast, name string) bool {
	for _, ident := range celast.MatchDescendants(celast.NavigateAST(ast.NativeRep()), celast.KindMatcher(celast.IdentKind)) {
		if ident.AsIdent() == name && !boundByComprehension(ident, name) {
			return true
		}
	}
	return false
}

// boundByComprehension reports whether a comprehension around expr binds name where expr is: in
// its loop and result, not in its range or the accumulator's initial value.
func boundByComprehension(expr celast.NavigableExpr, name string) bool {
	child := expr
	for parent, ok := expr.Parent(); ok; parent, ok = parent.Parent() {
		if parent.Kind() == celast.ComprehensionKind {
			comprehension := parent.AsComprehension()
			outside := child.ID() == comprehension.IterRange().ID() || child.ID() == comprehension.AccuInit().ID()
			binds := comprehension.IterVar() == name || comprehension.AccuVar() == name ||
				(comprehension.HasIterVar2() && comprehension.IterVar2() == name)
			if binds && !outside {
				return true
			}
		}
		child = parent
	}
	return false
}

// checkConstantArguments evaluates the constant sub-expressions of a rule, so that a rule failing
// by construction, such as semver('v1.35.0'), is rejected when it is written.
func checkConstantArguments(env *cel.Env, ast *cel.Ast) error {
	folder, err := cel.NewConstantFoldingOptimizer()
	if err != nil {
		return err
	}
	optimizer, err := cel.NewStaticOptimizer(folder)
	if err != nil {
		return err
	}
	_, issues := optimizer.Optimize(env, ast)
	if issues == nil {
		return nil
	}
	// The optimizer also reports values it evaluated fine but cannot turn into a literal (a
	// semver or quantity object): those are no errors of the rule.
	var failures []string
	for _, e := range issues.Errors() {
		if !strings.Contains(e.Message, "failed to adapt") {
			failures = append(failures, e.Message)
		}
	}
	if len(failures) > 0 {
		return fmt.Errorf("a constant expression of the rule cannot be evaluated: %s", strings.Join(failures, "; "))
	}
	return nil
}

func failedRuleSet(rules []gardencorev1beta1.CompatibilityValidation, err error) RuleSet {
	out := make(RuleSet, 0, len(rules))
	for _, r := range rules {
		out = append(out, CompiledRule{Rule: r.Rule, Message: r.Message, err: err})
	}
	return out
}

// profileCost is the rule's share of the profile's cost: a rule that reads `worker` runs once per
// pool of a Shoot-level pin.
func (r *CompiledRule) profileCost() uint64 {
	if !r.readsWorker {
		return r.EstimatedCost
	}
	if r.EstimatedCost > ^uint64(0)/MaxWorkers {
		return ^uint64(0)
	}
	return r.EstimatedCost * MaxWorkers
}

func addSaturating(a, b uint64) uint64 {
	if a+b < a {
		return ^uint64(0)
	}
	return a + b
}
