// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package extensionprofile_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/google/cel-go/cel"
	"github.com/google/cel-go/common/types"
	"github.com/google/cel-go/interpreter"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apiserver/pkg/admission"
	testclock "k8s.io/utils/clock/testing"
	"k8s.io/utils/ptr"

	"github.com/gep-78/gardener/pkg/api"
	"github.com/gep-78/gardener/pkg/apis/core"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	gardencoreinformers "github.com/gep-78/gardener/pkg/client/core/informers/externalversions"
	"github.com/gep-78/gardener/pkg/features"
	celutils "github.com/gep-78/gardener/pkg/utils/cel"
	. "github.com/gep-78/gardener/plugin/pkg/shoot/extensionprofile"
	"github.com/gep-78/gardener/test/examples"
)

// BenchmarkPinnedAdmission compares, in one run, the validating admission of a Shoot update that
// pins falco 0.44.1 and traefik 3.6.13 (shoot-accepted-falco-traefik.yaml, a worker maximum raised)
// with its baseline:
//   - "Validate": the plugin's Validate, everything a Shoot write pays with the feature gate on;
//   - "bare cel-go": the same four compatibility rules (falco 0.44.1's three, traefik 3.6.13's one),
//     compiled with cel-go in the same environment and with the same program options
//     (celutils.ProgramOptions: cost tracking, interrupt checks, precompiled regular expressions),
//     evaluated against the same new Shoot with an activation built once outside the loop (the
//     Shoot's JSON form, as a cel-go user would pass it): the evaluation alone, with nothing
//     converted per request;
//   - "Validate per bare cel-go, interleaved": both alternately in one loop, with the ratio of
//     their medians (validate/bare), which is robust against the load of a shared machine, and of
//     their means (validate/bare-mean);
//   - "Validate without pins": the same update of a Shoot that pins nothing, the fast path.
//
// The target (docs/development/benchmarks.md) is Validate <= 1.5x bare cel-go.
func BenchmarkPinnedAdmission(b *testing.B) {
	features.RegisterFeatureGates()
	if err := features.DefaultFeatureGate.SetFromMap(map[string]bool{string(features.ExtensionComponentVersions): true}); err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() {
		_ = features.DefaultFeatureGate.SetFromMap(map[string]bool{string(features.ExtensionComponentVersions): false})
	})

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
	var pinned []pin
	for i := range newShoot.Spec.Extensions {
		for j := range newShoot.Spec.Extensions[i].Components {
			component := &newShoot.Spec.Extensions[i].Components[j]
			if component.Name == "falco" {
				component.Version = ptr.To("0.44.1")
			}
			if component.Version != nil {
				pinned = append(pinned, pin{newShoot.Spec.Extensions[i].Type, component.Name, *component.Version})
			}
		}
	}
	ctx := context.Background()
	validate := func(b *testing.B, newShoot, oldShoot *core.Shoot) {
		attrs := admission.NewAttributesRecord(newShoot, oldShoot, core.Kind("Shoot").WithVersion("version"), newShoot.Namespace, newShoot.Name,
			core.Resource("shoots").WithVersion("version"), "", admission.Update, nil, false, nil)
		if err := p.Validate(ctx, attrs, nil); err != nil {
			b.Fatal(err)
		}
		b.ReportAllocs()
		for b.Loop() {
			if err := p.Validate(ctx, attrs, nil); err != nil {
				b.Fatal(err)
			}
		}
	}

	b.Run("Validate", func(b *testing.B) { validate(b, newShoot, oldShoot) })

	env, err := celutils.DefaultEnvironment()
	if err != nil {
		b.Fatal(err)
	}
	celEnv, err := env.Env(celutils.StoredExpressions)
	if err != nil {
		b.Fatal(err)
	}
	var programs []cel.Program
	for _, pin := range pinned {
		for _, rule := range celutils.CompileProfile(profiles[pin.extensionType]).Rules(pin.component, pin.version) {
			ast, issues := celEnv.Compile(rule.Rule)
			if issues.Err() != nil {
				b.Fatal(issues.Err())
			}
			program, err := celEnv.Program(ast, celutils.ProgramOptions()...)
			if err != nil {
				b.Fatal(err)
			}
			programs = append(programs, program)
		}
	}
	if len(programs) != 4 {
		b.Fatalf("expected the 4 rules of falco 0.44.1 and traefik 3.6.13, got %d", len(programs))
	}
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
	bare := func(b *testing.B) {
		for _, program := range programs {
			if value, _, err := program.ContextEval(ctx, activation); err != nil || value != types.True {
				b.Fatalf("rule did not pass: %v %v", value, err)
			}
		}
	}

	b.Run("bare cel-go", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			bare(b)
		}
	})

	// The machine is shared and noisy: this run alternates the two in one loop, so that both see
	// the same load, and reports the ratio of their medians (validate/bare), which a preempted
	// iteration does not move, next to the ratio of their means (validate/bare-mean).
	b.Run("Validate per bare cel-go, interleaved", func(b *testing.B) {
		attrs := admission.NewAttributesRecord(newShoot, oldShoot, core.Kind("Shoot").WithVersion("version"), newShoot.Namespace, newShoot.Name,
			core.Resource("shoots").WithVersion("version"), "", admission.Update, nil, false, nil)
		var validateTimes, bareTimes []time.Duration
		for b.Loop() {
			start := time.Now()
			if err := p.Validate(ctx, attrs, nil); err != nil {
				b.Fatal(err)
			}
			middle := time.Now()
			bare(b)
			validateTimes = append(validateTimes, middle.Sub(start))
			bareTimes = append(bareTimes, time.Since(middle))
		}
		validateMedian, validateMean := medianAndMean(validateTimes)
		bareMedian, bareMean := medianAndMean(bareTimes)
		b.ReportMetric(float64(validateMedian.Nanoseconds()), "validate-median-ns")
		b.ReportMetric(float64(bareMedian.Nanoseconds()), "bare-median-ns")
		b.ReportMetric(float64(validateMedian)/float64(bareMedian), "validate/bare")
		b.ReportMetric(validateMean/bareMean, "validate/bare-mean")
	})

	b.Run("Validate without pins", func(b *testing.B) {
		unpinnedOld := oldShoot.DeepCopy()
		for i := range unpinnedOld.Spec.Extensions {
			for j := range unpinnedOld.Spec.Extensions[i].Components {
				unpinnedOld.Spec.Extensions[i].Components[j].Version = nil
				unpinnedOld.Spec.Extensions[i].Components[j].AutoUpdate = nil
			}
			unpinnedOld.Spec.Extensions[i].Components = nil
			unpinnedOld.Spec.Extensions[i].AutoUpdate = nil
		}
		unpinnedNew := unpinnedOld.DeepCopy()
		unpinnedNew.Spec.Provider.Workers[0].Maximum++
		validate(b, unpinnedNew, unpinnedOld)
	})
}

type pin struct{ extensionType, component, version string }

// medianAndMean returns the median and the mean (in nanoseconds) of durations; it sorts them.
func medianAndMean(durations []time.Duration) (time.Duration, float64) {
	if len(durations) == 0 {
		return 0, 0
	}
	slices.Sort(durations)
	var sum time.Duration
	for _, d := range durations {
		sum += d
	}
	return durations[len(durations)/2], float64(sum.Nanoseconds()) / float64(len(durations))
}
