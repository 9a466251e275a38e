// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package maintenance

import (
	"context"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	celutils "github.com/gep-78/gardener/pkg/utils/cel"
	gardenerutils "github.com/gep-78/gardener/pkg/utils/gardener"
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

// Check implements CompatibilityChecker with gardenerutils.ShootRules: rules that evaluate to
// false and rules that cannot be evaluated (compile errors, "no such key", exhausted budget) are
// failures.
func (c *CELCompatibilityChecker) Check(ctx context.Context, profile *gardencorev1beta1.ExtensionProfile, component, version string, shoot *gardencorev1beta1.Shoot) ([]gardenerutils.RuleFailure, bool) {
	return gardenerutils.NewShootRules(shoot).Failures(ctx, c.Cache.Get(profile).Rules(component, version))
}
