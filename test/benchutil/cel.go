// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package benchutil

import (
	"testing"

	"github.com/google/cel-go/cel"

	celutils "github.com/gep-78/gardener/pkg/utils/cel"
)

// StoredRulesEnv returns the CEL environment of stored compatibility rules, the baseline of the
// rule benchmarks.
func StoredRulesEnv(b *testing.B) *cel.Env {
	b.Helper()
	env, err := celutils.DefaultEnvironment()
	if err != nil {
		b.Fatal(err)
	}
	celEnv, err := env.Env(celutils.StoredExpressions)
	if err != nil {
		b.Fatal(err)
	}
	return celEnv
}

// CompilePrograms compiles rules in env into cel-go programs with opts.
func CompilePrograms(b *testing.B, env *cel.Env, rules []string, opts ...cel.ProgramOption) []cel.Program {
	b.Helper()
	programs := make([]cel.Program, 0, len(rules))
	for _, rule := range rules {
		ast, issues := env.Compile(rule)
		if issues.Err() != nil {
			b.Fatal(issues.Err())
		}
		program, err := env.Program(ast, opts...)
		if err != nil {
			b.Fatal(err)
		}
		programs = append(programs, program)
	}
	return programs
}
