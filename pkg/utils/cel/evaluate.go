// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package cel

import (
	"context"
	"fmt"
	"reflect"

	"github.com/google/cel-go/common/types"
	"github.com/google/cel-go/common/types/ref"
	"github.com/google/cel-go/interpreter"
	celconfig "k8s.io/apiserver/pkg/apis/cel"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
)

// DefaultCostBudget is the runtime cost budget of one Evaluator, in CEL cost units (about one
// second of evaluation).
const DefaultCostBudget = celconfig.RuntimeCELCostBudget

// Status is the outcome of evaluating one rule.
type Status string

const (
	// StatusPassed means the rule evaluated to true.
	StatusPassed Status = "Passed"
	// StatusFailed means the rule evaluated to false.
	StatusFailed Status = "Failed"
	// StatusCompileError means the stored rule does not compile (or was not compiled). Callers
	// must treat it as a failed rule.
	StatusCompileError Status = "CompileError"
	// StatusEvaluationError means the rule could not be evaluated: evaluation failed (e.g. "no
	// such key" for a field read without has()), the value is not a bool, the Shoot could not be
	// prepared, or the cost budget or context ran out. Callers must treat it as a failed rule.
	StatusEvaluationError Status = "EvaluationError"
)

// IsError reports whether the status is one of the error kinds (the rule did not produce a bool).
func (s Status) IsError() bool { return s == StatusCompileError || s == StatusEvaluationError }

// outOfBudgetMessage is the evaluation error of a rule once the cost budget is exhausted.
const outOfBudgetMessage = "validation failed due to running out of cost budget, no further validation rules will be run"

// Result is the outcome of evaluating one rule of a RuleSet.
type Result struct {
	// Index is the position of the rule in its RuleSet (and in compatibility.validations).
	Index int
	// Rule is the CEL expression.
	Rule string
	// Status is the outcome.
	Status Status
	// Message is empty when the rule passed. When it failed, it is the rule's message, or
	// "failed rule: <rule>" when the rule has none. On an error it is the cause, without prefix;
	// Status says which kind of error it is.
	Message string
	// Cost is the actual cost of the evaluation in CEL cost units, zero if it did not run.
	Cost uint64
}

// Passed reports whether the rule evaluated to true.
func (r Result) Passed() bool { return r.Status == StatusPassed }

// Evaluator evaluates compatibility rules against one Shoot. The Shoot is converted once, and all
// evaluations share one runtime cost budget; once it is exhausted every further rule is reported
// as an error without being run. An Evaluator is not safe for concurrent use.
type Evaluator struct {
	activation interpreter.Activation
	remaining  int64
	// budget is the Evaluator whose budget this one spends; nil for its own.
	budget *Evaluator
}

// NewEvaluator returns an Evaluator for shoot with a runtime cost budget. Rules see the Shoot in its
// JSON form (ShootValue), converted lazily; shoot must not change while the Evaluator is in use.
func NewEvaluator(shoot *gardencorev1beta1.Shoot, costBudget int64) (*Evaluator, error) {
	if shoot == nil {
		return nil, fmt.Errorf("shoot must not be nil")
	}
	return &Evaluator{activation: &shootActivation{shoot: ShootValue(shoot)}, remaining: costBudget}, nil
}

// shootActivation binds ShootVariable, and nothing else.
type shootActivation struct {
	shoot ref.Val
}

func (a *shootActivation) ResolveName(name string) (any, bool) {
	if name == ShootVariable {
		return a.shoot, true
	}
	return nil, false
}

func (a *shootActivation) Parent() interpreter.Activation { return nil }

// ForWorker returns an Evaluator that also binds `worker` to worker, one of the Shoot's pools, and
// spends e's budget. Without it a rule that reads `worker` is an evaluation error.
func (e *Evaluator) ForWorker(worker *gardencorev1beta1.Worker) *Evaluator {
	b := &workerBinding{worker: typedStruct{value: reflect.ValueOf(worker).Elem()}}
	b.activation = workerActivation{worker: &b.worker, parent: e.activation}
	b.evaluator = Evaluator{activation: &b.activation, budget: e.spender()}
	return &b.evaluator
}

// workerBinding is what ForWorker allocates, in one piece.
type workerBinding struct {
	evaluator  Evaluator
	activation workerActivation
	worker     typedStruct
}

// workerActivation resolves `worker` and leaves every other name to its parent.
type workerActivation struct {
	worker ref.Val
	parent interpreter.Activation
}

func (a *workerActivation) ResolveName(name string) (any, bool) {
	if name == WorkerVariable {
		return a.worker, true
	}
	return a.parent.ResolveName(name)
}

func (a *workerActivation) Parent() interpreter.Activation { return a.parent }

// WithBudget returns an Evaluator for the same Shoot (and pool) that shares its conversion but has
// its own budget; neither is safe for concurrent use with the other.
func (e *Evaluator) WithBudget(costBudget int64) *Evaluator {
	return &Evaluator{activation: e.activation, remaining: costBudget}
}

// RemainingBudget returns the cost budget left, negative once it has been exceeded.
func (e *Evaluator) RemainingBudget() int64 { return e.spender().remaining }

// spender is the Evaluator whose budget e spends.
func (e *Evaluator) spender() *Evaluator {
	if e.budget != nil {
		return e.budget
	}
	return e
}

// Evaluate runs every rule in order and returns one Result per rule; errors of any kind are results
// with StatusCompileError or StatusEvaluationError, never panics.
func (e *Evaluator) Evaluate(ctx context.Context, rules RuleSet) []Result {
	results := make([]Result, 0, len(rules))
	for i := range rules {
		results = append(results, e.evaluate(ctx, i, &rules[i]))
	}
	return results
}

// EvaluateRule runs rules[index] alone, as Evaluate would.
func (e *Evaluator) EvaluateRule(ctx context.Context, rules RuleSet, index int) Result {
	return e.evaluate(ctx, index, &rules[index])
}

func (e *Evaluator) evaluate(ctx context.Context, index int, rule *CompiledRule) Result {
	result := Result{Index: index, Rule: rule.Rule, Status: StatusEvaluationError}
	switch {
	case rule.err != nil:
		result.Status, result.Message = StatusCompileError, rule.err.Error()
		return result
	case rule.program == nil:
		result.Status, result.Message = StatusCompileError, "rule was not compiled"
		return result
	case e.spender().remaining < 0:
		result.Message = outOfBudgetMessage
		return result
	case ctx.Err() != nil:
		result.Message = context.Cause(ctx).Error()
		return result
	}

	value, details, err := rule.program.ContextEval(ctx, e.activation)
	budget := e.spender()
	if details != nil {
		if cost := details.ActualCost(); cost != nil {
			result.Cost = *cost
			budget.remaining -= int64(min(*cost, uint64(1)<<62))
		}
	}
	switch {
	case err != nil:
		result.Message = err.Error()
	case budget.remaining < 0:
		result.Message = outOfBudgetMessage
	case value == types.True:
		result.Status, result.Message = StatusPassed, ""
	case value == types.False:
		result.Status = StatusFailed
		result.Message = rule.Message
		if result.Message == "" {
			result.Message = "failed rule: " + rule.Rule
		}
	default:
		result.Message = fmt.Sprintf("rule evaluated to %v of type %s, not bool", value, value.Type().TypeName())
	}
	return result
}

// Evaluate evaluates rules against shoot with a fresh Evaluator and DefaultCostBudget. If the Shoot
// cannot be converted, every rule is reported as an evaluation error (FailedResults).
func Evaluate(ctx context.Context, rules RuleSet, shoot *gardencorev1beta1.Shoot) []Result {
	evaluator, err := NewEvaluator(shoot, DefaultCostBudget)
	if err != nil {
		return FailedResults(rules, err)
	}
	return evaluator.Evaluate(ctx, rules)
}

// FailedResults returns one StatusEvaluationError result with cause err per rule: the outcome of
// rules that could not be run because the Shoot could not be prepared.
func FailedResults(rules RuleSet, err error) []Result {
	results := make([]Result, 0, len(rules))
	for i, r := range rules {
		results = append(results, Result{Index: i, Rule: r.Rule, Status: StatusEvaluationError, Message: err.Error()})
	}
	return results
}
