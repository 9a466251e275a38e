// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package cel_test

import (
	"context"
	"fmt"
	"testing"

	"k8s.io/apimachinery/pkg/util/validation/field"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	. "github.com/gep-78/gardener/pkg/utils/cel"
)

// shootWithWorkers returns the accepted falco/traefik example Shoot with n worker pools, all on
// gardenlinux 1877.8.0, so that every falco 0.44.1 rule passes and runs over every pool.
func shootWithWorkers(b *testing.B, n int) *gardencorev1beta1.Shoot {
	b.Helper()
	shoot := &gardencorev1beta1.Shoot{}
	decodeFile(b, "shoot-accepted-falco-traefik.yaml", shoot)
	template := shoot.Spec.Provider.Workers[0]
	shoot.Spec.Provider.Workers = nil
	for i := range n {
		worker := *template.DeepCopy()
		worker.Name = fmt.Sprintf("pool-%d", i)
		shoot.Spec.Provider.Workers = append(shoot.Spec.Provider.Workers, worker)
	}
	return shoot
}

func falcoRules(b *testing.B) RuleSet {
	b.Helper()
	profile := &gardencorev1beta1.ExtensionProfile{}
	decodeFile(b, "extensionprofile-shoot-falco-service.yaml", profile)
	rules := CompileProfile(profile).Rules("falco", "0.44.1")
	if len(rules) != 3 {
		b.Fatalf("expected 3 rules, got %d", len(rules))
	}
	return rules
}

// BenchmarkEvaluate evaluates the three falco 0.44.1 rules against a Shoot with 10 worker pools.
// "Evaluate" includes the conversion of the Shoot, "Evaluator" reuses one converted Shoot.
func BenchmarkEvaluate(b *testing.B) {
	ctx := context.Background()
	rules := falcoRules(b)
	shoot := shootWithWorkers(b, 10)

	b.Run("Evaluate", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			for _, r := range Evaluate(ctx, rules, shoot) {
				if !r.Passed() {
					b.Fatalf("rule %d: %s", r.Index, r.Message)
				}
			}
		}
	})

	b.Run("Evaluator", func(b *testing.B) {
		b.ReportAllocs()
		evaluator, err := NewEvaluator(shoot, 1<<62)
		if err != nil {
			b.Fatal(err)
		}
		var cost uint64
		for b.Loop() {
			cost = 0
			for _, r := range evaluator.Evaluate(ctx, rules) {
				if !r.Passed() {
					b.Fatalf("rule %d: %s", r.Index, r.Message)
				}
				cost += r.Cost
			}
		}
		b.ReportMetric(float64(cost), "celcost/op")
	})
}

// BenchmarkCompile compiles every rule of the falco example profile (6 rules in 4 of its 7 versions).
func BenchmarkCompile(b *testing.B) {
	profile := &gardencorev1beta1.ExtensionProfile{}
	decodeFile(b, "extensionprofile-shoot-falco-service.yaml", profile)
	if _, err := DefaultEnvironment(); err != nil {
		b.Fatal(err)
	}

	b.Run("StoredExpressions", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if errs := CompileProfile(profile).Errors; len(errs) > 0 {
				b.Fatal(errs)
			}
		}
	})

	b.Run("NewExpressions with cost limits", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if errs := ValidateExtensionProfileRules(&profile.Spec, nil); len(errs) > 0 {
				b.Fatal(field.ErrorList(errs))
			}
		}
	})
}
