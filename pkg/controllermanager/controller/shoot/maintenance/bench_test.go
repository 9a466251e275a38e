// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package maintenance

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/go-logr/logr"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	featuregatetesting "k8s.io/component-base/featuregate/testing"
	"k8s.io/utils/ptr"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	"github.com/gep-78/gardener/pkg/features"
	celutils "github.com/gep-78/gardener/pkg/utils/cel"
	"github.com/gep-78/gardener/pkg/utils/gardener/componentversion"
	"github.com/gep-78/gardener/test/benchutil"
	"github.com/gep-78/gardener/test/examples"
)

// BenchmarkMaintainExtensionComponents measures the component step (componentStep.maintain) of one maintenance run with the
// real CEL checker: falco pinned at 0.1.0 with auto-update (major), and a profile offering n
// supported higher versions, every one incompatible with the Shoot (a machine image rule and a
// Kubernetes rule, the shape of the falco example's rules, that both fail). The step checks every
// candidate and records no update: the worst case of the decision. "conversion per candidate/..."
// runs the same step with the baseline checker, which prepares the typed Shoot anew for every
// candidate; "one rule set/..." is the control oneRuleSetChecker. cpu-µs/candidate is the process
// CPU time per candidate (test/benchutil), the figure the flatness target is read from.
// "pool/..." pins falco as a container runtime's component of the Shoot's first pool instead
// (profile containerruntime-falco, same versions and rules), decided by DecidePool.
func BenchmarkMaintainExtensionComponents(b *testing.B) {
	features.RegisterFeatureGates()
	featuregatetesting.SetFeatureGateDuringTest(b, features.DefaultFeatureGate, features.ExtensionComponentVersions, true)
	now := examples.ReferenceTime
	shoot := &gardencorev1beta1.Shoot{}
	examples.MustDecode("shoot-accepted-falco-traefik.yaml", shoot)
	falco := -1
	for i := range shoot.Spec.Extensions {
		shoot.Spec.Extensions[i].Components = nil // only falco is pinned
		if shoot.Spec.Extensions[i].Type == "shoot-falco-service" {
			falco = i
			shoot.Spec.Extensions[i].Components = []gardencorev1beta1.ExtensionComponent{{
				Name: "falco", Version: ptr.To("0.1.0"),
				AutoUpdate: &gardencorev1beta1.ExtensionAutoUpdate{Enabled: ptr.To(true), UpdateStrategy: ptr.To(gardencorev1beta1.UpdateStrategyMajor)},
			}}
		}
	}

	if falco < 0 {
		b.Fatal("the example Shoot does not enable shoot-falco-service")
	}
	poolShoot := shoot.DeepCopy()
	poolShoot.Spec.Extensions[falco].Components = nil
	poolShoot.Spec.Provider.Workers[0].CRI = &gardencorev1beta1.CRI{Name: gardencorev1beta1.CRINameContainerD,
		ContainerRuntimes: []gardencorev1beta1.ContainerRuntime{{Type: "falco", Components: shoot.Spec.Extensions[falco].Components}}}
	pinned := func(s *gardencorev1beta1.Shoot) string {
		if s.Spec.Extensions[falco].Components == nil {
			return *s.Spec.Provider.Workers[0].CRI.ContainerRuntimes[0].Components[0].Version
		}
		return *s.Spec.Extensions[falco].Components[0].Version
	}

	for _, n := range []int{10, 50, 200} {
		profile := &gardencorev1beta1.ExtensionProfile{
			ObjectMeta: metav1.ObjectMeta{Name: "shoot-falco-service", UID: "uid", Generation: 1},
			Spec: gardencorev1beta1.ExtensionProfileSpec{Components: []gardencorev1beta1.ExtensionProfileComponent{{
				Name:     "falco",
				Versions: []gardencorev1beta1.ExtensionComponentVersion{{Version: "0.1.0"}},
			}}},
		}
		for i := range n {
			profile.Spec.Components[0].Versions = append(profile.Spec.Components[0].Versions, gardencorev1beta1.ExtensionComponentVersion{
				Version: fmt.Sprintf("0.2.%d", i),
				Compatibility: &gardencorev1beta1.ComponentCompatibility{Validations: []gardencorev1beta1.CompatibilityValidation{
					{Rule: "shoot.spec.provider.workers.all(w, !has(w.machine.image) || w.machine.image.name != 'gardenlinux' || semver(w.machine.image.version, true).isGreaterThan(semver('9999.0.0')))", Message: "needs a newer gardenlinux"},
					{Rule: "semver(shoot.spec.kubernetes.version, true).isLessThan(semver('1.20.0'))", Message: "needs Kubernetes < 1.20"},
				}},
			})
		}
		runtimeProfile := profile.DeepCopy()
		runtimeProfile.Name = "containerruntime-falco"
		for _, c := range []struct {
			name    string
			checker componentversion.CompatibilityChecker
			shoot   *gardencorev1beta1.Shoot
		}{
			{"", componentversion.NewCELCompatibilityChecker(celutils.NewCache()), shoot},
			{"conversion per candidate/", perCandidateChecker{componentversion.NewCELCompatibilityChecker(celutils.NewCache())}, shoot},
			{"one rule set/", oneRuleSetChecker{componentversion.NewCELCompatibilityChecker(celutils.NewCache())}, shoot},
			{"pool/", componentversion.NewCELCompatibilityChecker(celutils.NewCache()), poolShoot},
		} {
			step := testStep(now, c.checker, profile, runtimeProfile)
			run := func() (*gardencorev1beta1.Shoot, []componentUpdate) {
				maintained := c.shoot.DeepCopy()
				return maintained, step.maintain(context.Background(), logr.Discard(), maintained)
			}
			if maintained, updates := run(); len(updates) != 0 || pinned(maintained) != "0.1.0" {
				b.Fatalf("expected no update, got %+v", updates)
			}

			b.Run(fmt.Sprintf("%sincompatible candidates=%d", c.name, n), func(b *testing.B) {
				b.ReportAllocs()
				start := benchutil.ProcessCPU()
				for b.Loop() {
					run()
				}
				cpu := benchutil.ReportCPU(b, start)
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n)/float64(time.Microsecond), "µs/candidate")
				b.ReportMetric(cpu/float64(n)/float64(time.Microsecond), "cpu-µs/candidate")
			})
		}
	}
}

// perCandidateChecker is a baseline of BenchmarkMaintainExtensionComponents: the checker as it was
// before one decision shared a Shoot conversion, preparing the typed Shoot anew for every
// candidate.
type perCandidateChecker struct {
	real componentversion.CompatibilityChecker
}

func (c perCandidateChecker) ForShoot(shoot *gardencorev1beta1.Shoot) componentversion.ShootCompatibility {
	return checkFunc(func(ctx context.Context, profile *gardencorev1beta1.ExtensionProfile, component, version string) ([]componentversion.RuleFailure, bool) {
		return c.real.ForShoot(shoot).Check(ctx, profile, component, version)
	})
}

// oneRuleSetChecker is a control of BenchmarkMaintainExtensionComponents: the real checker, except
// that every candidate is checked with the compiled rules of the first candidate (0.2.0), the same
// two programs n times instead of n pairs of programs. The work per candidate is the same (the
// rules are the same text); what differs is only how much distinct compiled code and data one
// decision runs through, so a growth of the time per candidate that this control does not show
// comes from that (processor caches), not from the decision.
type oneRuleSetChecker struct {
	real componentversion.CompatibilityChecker
}

func (c oneRuleSetChecker) ForShoot(shoot *gardencorev1beta1.Shoot) componentversion.ShootCompatibility {
	check := c.real.ForShoot(shoot)
	return checkFunc(func(ctx context.Context, profile *gardencorev1beta1.ExtensionProfile, component, _ string) ([]componentversion.RuleFailure, bool) {
		return check.Check(ctx, profile, component, "0.2.0")
	})
}
