// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package componentversion

import (
	"context"
	"fmt"
	"testing"

	"github.com/google/cel-go/cel"
	"github.com/google/cel-go/common/types"
	"github.com/google/cel-go/interpreter"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/utils/ptr"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	celutils "github.com/gep-78/gardener/pkg/utils/cel"
	"github.com/gep-78/gardener/test/benchutil"
	"github.com/gep-78/gardener/test/examples"
)

// runtimeRules are the rules of the benchmarks' runtime version; each reads `worker`.
var runtimeRules = []gardencorev1beta1.CompatibilityValidation{
	{Rule: "has(worker.machine.image) && (worker.machine.image.name != 'gardenlinux' || !has(worker.machine.image.version) || semver(worker.machine.image.version, true).compareTo(semver('1877.0.0')) >= 0)", Message: "runsc 20260101 needs gardenlinux 1877 or later"},
	{Rule: "has(worker.cri) && worker.cri.name == 'containerd'", Message: "runsc runs on containerd"},
	{Rule: "!has(worker.machine.architecture) || worker.machine.architecture in ['amd64', 'arm64']", Message: "runsc runs on amd64 and arm64"},
}

// BenchmarkPoolPinAdmission is admission's check of a Shoot (shoot-accepted-falco-traefik.yaml)
// with 10 pools, each pinning runsc of the container runtime gvisor, whose version has three
// rules that read `worker`. Sub-benchmarks, for benchstat -col /impl:
//   - impl=cel-go: the same rules, compiled with cel-go in the same environment with the same
//     program options (celutils.ProgramOptions), evaluated once per pool on activations built
//     once outside the loop from the JSON form of the Shoot and of each pool;
//   - impl=checkPool: what admission runs per request: a new compatibilityCheck (the Shoot
//     converted lazily) and checkPool for each pool's pin, with the profile's rules compiled
//     (celutils.Cache).
//
// The target (docs/development/benchmarks.md) is checkPool <= 1.25x cel-go.
func BenchmarkPoolPinAdmission(b *testing.B) {
	const pools = 10
	shoot := benchmarkShoot(b, pools)
	for i := range shoot.Spec.Provider.Workers {
		shoot.Spec.Provider.Workers[i].CRI.ContainerRuntimes = []gardencorev1beta1.ContainerRuntime{{
			Type: "gvisor", Components: []gardencorev1beta1.ExtensionComponent{{Name: "runsc", Version: ptr.To("20260101")}},
		}}
	}
	profile := &gardencorev1beta1.ExtensionProfile{
		ObjectMeta: metav1.ObjectMeta{Name: "containerruntime-gvisor", Generation: 1},
		Spec: gardencorev1beta1.ExtensionProfileSpec{Components: []gardencorev1beta1.ExtensionProfileComponent{{
			Name: "runsc", Versions: []gardencorev1beta1.ExtensionComponentVersion{{
				Version: "20260101", Compatibility: &gardencorev1beta1.ComponentCompatibility{Validations: runtimeRules},
			}},
		}}},
	}
	cache := celutils.NewCache()
	if rules := cache.Get(profile).Rules("runsc", "20260101"); len(rules) != len(runtimeRules) || !rules.ReadsWorker() {
		b.Fatalf("expected %d rules that read worker, got %v", len(runtimeRules), rules)
	}

	programs := barePrograms(b, runtimeRules)
	shootValue := jsonValue(b, shoot)
	activations := make([]interpreter.Activation, 0, pools)
	for i := range shoot.Spec.Provider.Workers {
		activation, err := interpreter.NewActivation(map[string]any{
			celutils.ShootVariable:  shootValue,
			celutils.WorkerVariable: jsonValue(b, &shoot.Spec.Provider.Workers[i]),
		})
		if err != nil {
			b.Fatal(err)
		}
		activations = append(activations, activation)
	}
	ctx := context.Background()

	b.Run("impl=cel-go", func(b *testing.B) {
		b.ReportAllocs()
		start := benchutil.ProcessCPU()
		for b.Loop() {
			for _, activation := range activations {
				for _, program := range programs {
					if value, _, err := program.ContextEval(ctx, activation); err != nil || value != types.True {
						b.Fatalf("rule did not pass: %v %v", value, err)
					}
				}
			}
		}
		benchutil.ReportCPU(b, start)
	})

	b.Run("impl=checkPool", func(b *testing.B) {
		b.ReportAllocs()
		start := benchutil.ProcessCPU()
		for b.Loop() {
			check := newCompatibilityCheck(AdmissionRequest{Shoot: shoot, Rules: cache, Now: now})
			for i := range shoot.Spec.Provider.Workers {
				path := func() *field.Path {
					return field.NewPath("spec", "provider", "workers").Index(i).Child("cri", "containerRuntimes").Index(0).Child("components").Index(0).Child("version")
				}
				if errs, _ := check.checkPool(ctx, path, profile, "gvisor", "runsc", "20260101", shoot.Spec.Provider.Workers[i].Name, true); len(errs) > 0 {
					b.Fatal(errs)
				}
			}
		}
		benchutil.ReportCPU(b, start)
	})
}

// BenchmarkShootLevelPins is admission's check of the Shoot-level pins of a Shoot that pins
// nothing per pool (shoot-accepted-falco-traefik.yaml with 10 pools): falco 0.44.1's three rules
// and traefik 3.6.13's one, none of which reads `worker`. path=before is the check as it was
// before rules could read worker (every rule once, no pool scope; checkBefore below), path=now
// the check of this tree; rules=trivial runs one rule per pin that costs next to nothing, so that
// the difference of the two paths is not lost in the evaluation. The target is now - before
// <= 100 ns per request.
func BenchmarkShootLevelPins(b *testing.B) {
	shoot := benchmarkShoot(b, 10)
	profiles := map[string]*gardencorev1beta1.ExtensionProfile{}
	for _, name := range []string{"extensionprofile-shoot-falco-service.yaml", "extensionprofile-shoot-traefik.yaml"} {
		profile := &gardencorev1beta1.ExtensionProfile{}
		examples.MustDecode(name, profile)
		profile.Generation = 1
		profiles[profile.Name] = profile
	}
	trivial := map[string]*gardencorev1beta1.ExtensionProfile{}
	for name, profile := range profiles {
		profile = profile.DeepCopy()
		for i := range profile.Spec.Components {
			for j := range profile.Spec.Components[i].Versions {
				profile.Spec.Components[i].Versions[j].Compatibility = &gardencorev1beta1.ComponentCompatibility{
					Validations: []gardencorev1beta1.CompatibilityValidation{{Rule: "shoot.spec.kubernetes.version != ''"}}}
			}
		}
		trivial[name] = profile
	}
	type pin struct{ extensionType, component, version string }
	var pins []pin
	for _, e := range shoot.Spec.Extensions {
		for _, c := range e.Components {
			if c.Version != nil {
				pins = append(pins, pin{e.Type, c.Name, *c.Version})
			}
		}
	}
	cache := celutils.NewCache()
	var rules int
	for _, p := range pins {
		rules += len(cache.Get(profiles[p.extensionType]).Rules(p.component, p.version))
		cache.Get(trivial[p.extensionType])
	}
	if rules != 4 {
		b.Fatalf("expected the 4 rules of falco 0.44.1 and traefik 3.6.13, got %d", rules)
	}
	ctx := context.Background()
	path := func() *field.Path { return field.NewPath("spec", "extensions") }

	for _, set := range []struct {
		name     string
		profiles map[string]*gardencorev1beta1.ExtensionProfile
	}{{"example", profiles}, {"trivial", trivial}} {
		// The cache holds one generation per name: each set compiles into a cache of its own.
		setCache := celutils.NewCache()
		b.Run(fmt.Sprintf("rules=%s/path=before", set.name), func(b *testing.B) {
			b.ReportAllocs()
			start := benchutil.ProcessCPU()
			for b.Loop() {
				check := newCompatibilityCheck(AdmissionRequest{Shoot: shoot, Rules: setCache, Now: now})
				for _, p := range pins {
					if failures := check.checkBefore(ctx, set.profiles[p.extensionType], p.component, p.version); len(failures) > 0 {
						b.Fatal(failures)
					}
				}
			}
			benchutil.ReportCPU(b, start)
		})
		b.Run(fmt.Sprintf("rules=%s/path=now", set.name), func(b *testing.B) {
			b.ReportAllocs()
			start := benchutil.ProcessCPU()
			for b.Loop() {
				check := newCompatibilityCheck(AdmissionRequest{Shoot: shoot, Rules: setCache, Now: now})
				for _, p := range pins {
					if errs, _ := check.check(ctx, path, set.profiles[p.extensionType], p.extensionType, p.component, p.version, true); len(errs) > 0 {
						b.Fatal(errs)
					}
				}
			}
			benchutil.ReportCPU(b, start)
		})
	}
}

// checkBefore is compatibilityCheck.check before rules could read `worker` (main at 7ffe462), up
// to its return for a pin whose rules pass: every rule once against the Shoot, no pool scope. It
// is the baseline of BenchmarkShootLevelPins and returns the failures it does not handle.
func (c *compatibilityCheck) checkBefore(ctx context.Context, profile *gardencorev1beta1.ExtensionProfile, component, version string) []RuleFailure {
	rules := c.cache.Get(profile).Rules(component, version)
	if len(rules) == 0 {
		return nil
	}
	s := c.newRules
	evaluator := s.prepare()
	var results []celutils.Result
	if s.err != nil {
		results = celutils.FailedResults(rules, s.err)
	} else {
		results = evaluator.Evaluate(ctx, rules)
	}
	var failures []RuleFailure
	for _, r := range results {
		if !r.Passed() {
			failures = append(failures, RuleFailure{Index: r.Index, Rule: r.Rule, Status: r.Status, Message: r.Message})
		}
	}
	return failures
}

// benchmarkShoot returns shoot-accepted-falco-traefik.yaml with n copies of its first pool.
func benchmarkShoot(b *testing.B, n int) *gardencorev1beta1.Shoot {
	b.Helper()
	shoot := &gardencorev1beta1.Shoot{}
	examples.MustDecode("shoot-accepted-falco-traefik.yaml", shoot)
	template := shoot.Spec.Provider.Workers[0]
	shoot.Spec.Provider.Workers = nil
	for i := range n {
		worker := *template.DeepCopy()
		worker.Name = fmt.Sprintf("pool-%d", i)
		shoot.Spec.Provider.Workers = append(shoot.Spec.Provider.Workers, worker)
	}
	return shoot
}

// barePrograms compiles rules with cel-go in the rule environment, with celutils.ProgramOptions.
func barePrograms(b *testing.B, rules []gardencorev1beta1.CompatibilityValidation) []cel.Program {
	expressions := make([]string, 0, len(rules))
	for _, rule := range rules {
		expressions = append(expressions, rule.Rule)
	}
	return benchutil.CompilePrograms(b, benchutil.StoredRulesEnv(b), expressions, celutils.ProgramOptions()...)
}

// jsonValue is obj's JSON form as a CEL value, as a cel-go user would pass it.
func jsonValue(b *testing.B, obj any) any {
	b.Helper()
	out, err := runtime.DefaultUnstructuredConverter.ToUnstructured(obj)
	if err != nil {
		b.Fatal(err)
	}
	return types.DefaultTypeAdapter.NativeToValue(out)
}
