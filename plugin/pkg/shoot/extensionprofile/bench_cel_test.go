// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package extensionprofile_test

import (
	"context"
	"testing"

	"github.com/google/cel-go/cel"
	"github.com/google/cel-go/common/types"
	"github.com/google/cel-go/interpreter"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apiserver/pkg/admission"
	"k8s.io/apiserver/pkg/cel/library"
	featuregatetesting "k8s.io/component-base/featuregate/testing"
	testclock "k8s.io/utils/clock/testing"
	"k8s.io/utils/ptr"

	"github.com/gep-78/gardener/pkg/api"
	"github.com/gep-78/gardener/pkg/apis/core"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	gardencoreinformers "github.com/gep-78/gardener/pkg/client/core/informers/externalversions"
	"github.com/gep-78/gardener/pkg/features"
	celutils "github.com/gep-78/gardener/pkg/utils/cel"
	. "github.com/gep-78/gardener/plugin/pkg/shoot/extensionprofile"
	"github.com/gep-78/gardener/test/benchutil"
	"github.com/gep-78/gardener/test/examples"
)

// BenchmarkPinnedAdmission compares, in one run, the validating admission of a Shoot update that
// pins falco 0.44.1 and traefik 3.6.13 (shoot-accepted-falco-traefik.yaml, a worker maximum raised)
// with two floors, as sub-benchmarks keyed by impl so that benchstat puts them side by side
// (benchstat -col /impl):
//   - impl=cel-go: the same four compatibility rules (falco 0.44.1's three, traefik 3.6.13's one),
//     compiled with cel-go in the same environment and with the same program options (the
//     Kubernetes base environment's runtime cost tracking and per-call limit, and
//     celutils.ProgramOptions: interrupt checks, precompiled regular expressions), evaluated
//     against the same new Shoot with an activation built once outside the loop (the Shoot's JSON
//     form, as a cel-go user would pass it): the evaluation alone, with nothing converted per
//     request;
//   - impl=cel-go-untracked: the same rules in a plain cel-go environment (shoot typed dyn, the
//     Kubernetes semver library) with the same options except runtime cost tracking and the cost
//     limit, on the same activation: what the rules cost without Kubernetes' safety limits;
//   - impl=Validate: the plugin's Validate, everything a Shoot write pays with the feature gate on.
//
// The target (docs/development/benchmarks.md) is Validate <= 1.25x impl=cel-go in ns/op.
// BenchmarkUnpinnedAdmission is the same update of a Shoot that pins nothing.
func BenchmarkPinnedAdmission(b *testing.B) {
	p, profiles, newShoot, oldShoot := setupAdmissionBenchmark(b)
	var pinned []pin
	for i := range newShoot.Spec.Extensions {
		for j := range newShoot.Spec.Extensions[i].Components {
			if component := newShoot.Spec.Extensions[i].Components[j]; component.Version != nil {
				pinned = append(pinned, pin{newShoot.Spec.Extensions[i].Type, component.Name, *component.Version})
			}
		}
	}
	var rules []string
	for _, pin := range pinned {
		for _, rule := range celutils.CompileProfile(profiles[pin.extensionType]).Rules(pin.component, pin.version) {
			rules = append(rules, rule.Rule)
		}
	}
	if len(rules) != 4 {
		b.Fatalf("expected the 4 rules of falco 0.44.1 and traefik 3.6.13, got %d", len(rules))
	}

	celEnv := benchutil.StoredRulesEnv(b)
	tracked := benchutil.CompilePrograms(b, celEnv, rules, celutils.ProgramOptions()...)
	plainEnv, err := cel.NewEnv(cel.Variable(celutils.ShootVariable, cel.DynType), library.SemverLib(library.SemverVersion(1)))
	if err != nil {
		b.Fatal(err)
	}
	untracked := benchutil.CompilePrograms(b, plainEnv, rules, append(celutils.ProgramOptions(), cel.EvalOptions(cel.OptOptimize))...)

	external := &gardencorev1beta1.Shoot{}
	if err := api.Scheme.Convert(newShoot, external, nil); err != nil {
		b.Fatal(err)
	}
	obj, err := runtime.DefaultUnstructuredConverter.ToUnstructured(external)
	if err != nil {
		b.Fatal(err)
	}
	activation, err := interpreter.NewActivation(map[string]any{celutils.ShootVariable: types.DefaultTypeAdapter.NativeToValue(obj)})
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	bare := func(b *testing.B, programs []cel.Program) {
		b.ReportAllocs()
		start := benchutil.ProcessCPU()
		for b.Loop() {
			for _, program := range programs {
				if value, _, err := program.ContextEval(ctx, activation); err != nil || value != types.True {
					b.Fatalf("rule did not pass: %v %v", value, err)
				}
			}
		}
		benchutil.ReportCPU(b, start)
	}

	b.Run("impl=cel-go", func(b *testing.B) { bare(b, tracked) })
	b.Run("impl=cel-go-untracked", func(b *testing.B) { bare(b, untracked) })
	b.Run("impl=Validate", func(b *testing.B) { benchmarkValidate(b, p, newShoot, oldShoot) })
}

// BenchmarkUnpinnedAdmission is BenchmarkPinnedAdmission's update of a Shoot that pins nothing:
// the fast path every Shoot write without pins takes.
func BenchmarkUnpinnedAdmission(b *testing.B) {
	p, _, _, oldShoot := setupAdmissionBenchmark(b)
	unpinnedOld := oldShoot.DeepCopy()
	for i := range unpinnedOld.Spec.Extensions {
		unpinnedOld.Spec.Extensions[i].Components = nil
		unpinnedOld.Spec.Extensions[i].AutoUpdate = nil
	}
	unpinnedNew := unpinnedOld.DeepCopy()
	unpinnedNew.Spec.Provider.Workers[0].Maximum++
	benchmarkValidate(b, p, unpinnedNew, unpinnedOld)
}

// setupAdmissionBenchmark returns the plugin with the example profiles and extra in its informer
// cache (the examples also by name), and the update of shoot-accepted-falco-traefik.yaml: falco at 0.44.1, a worker
// maximum raised.
func setupAdmissionBenchmark(b *testing.B, extra ...*gardencorev1beta1.ExtensionProfile) (*ShootExtensionProfile, map[string]*gardencorev1beta1.ExtensionProfile, *core.Shoot, *core.Shoot) {
	features.RegisterFeatureGates()
	featuregatetesting.SetFeatureGateDuringTest(b, features.DefaultFeatureGate, features.ExtensionComponentVersions, true)

	p, err := New()
	if err != nil {
		b.Fatal(err)
	}
	p.AssignReadyFunc(func() bool { return true })
	p.SetClock(testclock.NewFakePassiveClock(examples.ReferenceTime))
	factory := gardencoreinformers.NewSharedInformerFactory(nil, 0)
	p.SetCoreInformerFactory(factory)
	profiles := map[string]*gardencorev1beta1.ExtensionProfile{}
	for _, name := range examples.Names("extensionprofile-") {
		profile := &gardencorev1beta1.ExtensionProfile{}
		examples.MustDecode(name, profile)
		profile.Generation = 1
		profiles[profile.Name] = profile
		extra = append(extra, profile)
	}
	for _, profile := range extra {
		if err := factory.Core().V1beta1().ExtensionProfiles().Informer().GetStore().Add(profile); err != nil {
			b.Fatal(err)
		}
	}

	versioned := &gardencorev1beta1.Shoot{}
	examples.MustDecode("shoot-accepted-falco-traefik.yaml", versioned)
	api.Scheme.Default(versioned)
	oldShoot := &core.Shoot{}
	if err := api.Scheme.Convert(versioned, oldShoot, nil); err != nil {
		b.Fatal(err)
	}
	newShoot := oldShoot.DeepCopy()
	newShoot.Spec.Provider.Workers[0].Maximum++
	for i := range newShoot.Spec.Extensions {
		for j := range newShoot.Spec.Extensions[i].Components {
			if component := &newShoot.Spec.Extensions[i].Components[j]; component.Name == "falco" {
				component.Version = ptr.To("0.44.1")
			}
		}
	}
	return p, profiles, newShoot, oldShoot
}

// benchmarkValidate runs the plugin's Validate on the update of oldShoot to newShoot.
func benchmarkValidate(b *testing.B, p *ShootExtensionProfile, newShoot, oldShoot *core.Shoot) {
	attrs := admission.NewAttributesRecord(newShoot, oldShoot, core.Kind("Shoot").WithVersion("version"), newShoot.Namespace, newShoot.Name,
		core.Resource("shoots").WithVersion("version"), "", admission.Update, nil, false, nil)
	ctx := context.Background()
	if err := p.Validate(ctx, attrs, nil); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	start := benchutil.ProcessCPU()
	for b.Loop() {
		if err := p.Validate(ctx, attrs, nil); err != nil {
			b.Fatal(err)
		}
	}
	benchutil.ReportCPU(b, start)
}

type pin struct{ extensionType, component, version string }
