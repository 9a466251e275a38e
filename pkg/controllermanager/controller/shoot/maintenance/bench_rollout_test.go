// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package maintenance

import (
	"context"
	"fmt"
	"testing"

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

// BenchmarkMaintainWithRollouts measures the component step of one maintenance run of a
// production Shoot while no rollout is halted: falco auto-updates (patch) from 0.1.0 to the
// highest of n compatible versions, each with a Complete rollout in the profile status. It uses
// only API and functions that existed before staged rollouts, so the same file measures the step
// before and after them (docs/development/benchmarks.md, "Staged rollouts").
func BenchmarkMaintainWithRollouts(b *testing.B) {
	features.RegisterFeatureGates()
	featuregatetesting.SetFeatureGateDuringTest(b, features.DefaultFeatureGate, features.ExtensionComponentVersions, true)
	now := examples.ReferenceTime
	opened := &metav1.Time{Time: now.AddDate(0, 0, -10)}
	shoot := &gardencorev1beta1.Shoot{}
	examples.MustDecode("shoot-accepted-falco-traefik.yaml", shoot)
	shoot.Spec.Purpose = ptr.To(gardencorev1beta1.ShootPurposeProduction)
	for i := range shoot.Spec.Extensions {
		shoot.Spec.Extensions[i].Components = nil
		if shoot.Spec.Extensions[i].Type == "shoot-falco-service" {
			shoot.Spec.Extensions[i].Components = []gardencorev1beta1.ExtensionComponent{{Name: "falco", Version: ptr.To("0.1.0"),
				AutoUpdate: &gardencorev1beta1.ExtensionAutoUpdate{Enabled: ptr.To(true), UpdateStrategy: ptr.To(gardencorev1beta1.UpdateStrategyPatch)}}}
		}
	}

	for _, n := range []int{1, 20} {
		profile := &gardencorev1beta1.ExtensionProfile{
			ObjectMeta: metav1.ObjectMeta{Name: "shoot-falco-service", UID: "uid", Generation: 1},
			Spec: gardencorev1beta1.ExtensionProfileSpec{Components: []gardencorev1beta1.ExtensionProfileComponent{{
				Name: "falco", Versions: []gardencorev1beta1.ExtensionComponentVersion{{Version: "0.1.0"}}}}},
			Status: gardencorev1beta1.ExtensionProfileStatus{Components: []gardencorev1beta1.ExtensionProfileComponentStatus{{Name: "falco"}}},
		}
		for i := 1; i <= n; i++ {
			version := fmt.Sprintf("0.1.%d", i)
			profile.Spec.Components[0].Versions = append(profile.Spec.Components[0].Versions, gardencorev1beta1.ExtensionComponentVersion{Version: version,
				Compatibility: &gardencorev1beta1.ComponentCompatibility{Validations: []gardencorev1beta1.CompatibilityValidation{
					{Rule: "semver(shoot.spec.kubernetes.version, true).isGreaterThan(semver('1.20.0'))", Message: "needs Kubernetes > 1.20"}}}})
			profile.Status.Components[0].Rollouts = append(profile.Status.Components[0].Rollouts, gardencorev1beta1.ComponentVersionRolloutStatus{
				Version: version, State: gardencorev1beta1.RolloutStateComplete, Moved: 100, Healthy: 100,
				Stages: []gardencorev1beta1.RolloutStageStatus{{Name: "early", OpenedAt: opened}, {Name: "production", OpenedAt: opened}}})
		}
		step := testStep(now, componentversion.NewCELCompatibilityChecker(celutils.NewCache()), profile)
		run := func() []componentUpdate {
			return step.maintain(context.Background(), logr.Discard(), shoot.DeepCopy())
		}
		if updates := run(); len(updates) != 1 {
			b.Fatalf("expected one update, got %+v", updates)
		}
		b.Run(fmt.Sprintf("versions=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			start := benchutil.ProcessCPU()
			for b.Loop() {
				run()
			}
			benchutil.ReportCPU(b, start)
		})
	}
}
