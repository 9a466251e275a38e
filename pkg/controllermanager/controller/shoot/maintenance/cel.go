// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package maintenance

import (
	"context"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	celutils "github.com/gep-78/gardener/pkg/utils/cel"
)

// CELCompatibilityChecker is the CompatibilityChecker of gardener-controller-manager: it evaluates
// the rules with pkg/utils/cel, the engine and Shoot-bound environment admission uses, so that
// maintenance and admission accept the same Shoots. Profiles are compiled once per generation
// (celutils.Cache); every Check evaluates against the given Shoot with a fresh
// celutils.DefaultCostBudget.
type CELCompatibilityChecker struct {
	// Cache holds the compiled profiles.
	Cache *celutils.Cache
}

// NewCELCompatibilityChecker returns a CELCompatibilityChecker with an empty cache.
func NewCELCompatibilityChecker() *CELCompatibilityChecker {
	return &CELCompatibilityChecker{Cache: celutils.NewCache()}
}

// Check implements CompatibilityChecker. Rules that evaluate to false and rules that cannot be
// evaluated (compile errors, "no such key", exhausted budget) are failures; an error is returned
// only when the Shoot cannot be converted for evaluation.
func (c *CELCompatibilityChecker) Check(ctx context.Context, profile *gardencorev1beta1.ExtensionProfile, component, version string, shoot *gardencorev1beta1.Shoot) ([]RuleFailure, error) {
	rules := c.Cache.Get(profile).Rules(component, version)
	if len(rules) == 0 {
		return nil, nil
	}
	evaluator, err := celutils.NewEvaluator(shoot, celutils.DefaultCostBudget)
	if err != nil {
		return nil, err
	}
	var failures []RuleFailure
	for _, result := range evaluator.Evaluate(ctx, rules) {
		if !result.Passed() {
			failures = append(failures, RuleFailure{Index: result.Index, Rule: result.Rule, Message: result.Message})
		}
	}
	return failures, nil
}
