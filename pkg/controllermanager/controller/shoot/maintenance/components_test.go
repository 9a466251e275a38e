// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package maintenance

import (
	"context"
	"errors"
	"time"

	"github.com/go-logr/logr"
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	featuregatetesting "k8s.io/component-base/featuregate/testing"
	"k8s.io/utils/ptr"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	"github.com/gep-78/gardener/pkg/features"
	"github.com/gep-78/gardener/pkg/utils/gardener/componentversion"
)

var _ = Describe("the component step", func() {
	var (
		ctx     = context.Background()
		now     = time.Date(2026, time.November, 29, 0, 0, 0, 0, time.UTC)
		checker *fakeChecker
		profile *gardencorev1beta1.ExtensionProfile
		shoot   *gardencorev1beta1.Shoot
	)

	// maintain runs the component step on a copy of shoot with profile.
	maintain := func() (*gardencorev1beta1.Shoot, []result) {
		maintained := shoot.DeepCopy()
		return maintained, componentResults(testStep(now, checker, profile).maintain(ctx, logr.Discard(), maintained))
	}
	version := func(maintained *gardencorev1beta1.Shoot, extension, component int) string {
		return *maintained.Spec.Extensions[extension].Components[component].Version
	}

	BeforeEach(func() {
		featuregatetesting.SetFeatureGateDuringTest(GinkgoTB(), features.DefaultFeatureGate, features.ExtensionComponentVersions, true)
		checker = &fakeChecker{rules: map[string]func(*gardencorev1beta1.Shoot) []componentversion.RuleFailure{}}
		profile = &gardencorev1beta1.ExtensionProfile{
			ObjectMeta: metav1.ObjectMeta{Name: "agent-ext"},
			Spec: gardencorev1beta1.ExtensionProfileSpec{Components: []gardencorev1beta1.ExtensionProfileComponent{
				{Name: "agent", Versions: componentVersions(now, "1.0.0 x, 1.0.1 d, 1.0.2, 1.1.0, 1.2.0 p, 2.0.0")},
				{Name: "proxy", Versions: componentVersions(now, "3.0.0, 3.0.1, 3.1.0")},
			}},
		}
		shoot = &gardencorev1beta1.Shoot{Spec: gardencorev1beta1.ShootSpec{
			Kubernetes: gardencorev1beta1.Kubernetes{Version: "1.35.4"},
			Extensions: []gardencorev1beta1.Extension{{
				Type:       "agent-ext",
				AutoUpdate: &gardencorev1beta1.ExtensionAutoUpdate{Enabled: ptr.To(false)},
				Components: []gardencorev1beta1.ExtensionComponent{
					{Name: "agent", Version: ptr.To("1.0.0")},
					{Name: "proxy", Version: ptr.To("3.0.0"), AutoUpdate: &gardencorev1beta1.ExtensionAutoUpdate{Enabled: ptr.To(true), UpdateStrategy: ptr.To(gardencorev1beta1.UpdateStrategyPatch)}},
				},
			}},
		}}
	})

	It("should do nothing while the ExtensionComponentVersions feature gate is off", func() {
		featuregatetesting.SetFeatureGateDuringTest(GinkgoTB(), features.DefaultFeatureGate, features.ExtensionComponentVersions, false)
		maintained := shoot.DeepCopy()
		var controlPlane *updateResult
		updates, err := (&Reconciler{CompatibilityChecker: checker}).maintainExtensionComponents(ctx, logr.Discard(), shoot, maintained, &controlPlane, nil, nil)
		Expect(err).NotTo(HaveOccurred())
		Expect(updates).To(BeEmpty())
		Expect(maintained.Spec).To(Equal(shoot.Spec))
		Expect(checker.calls).To(BeZero())
	})

	It("should force-upgrade an expired pin with auto-update off and auto-update the other component", func() {
		maintained, results := maintain()

		Expect(version(maintained, 0, 0)).To(Equal("1.0.2"))
		Expect(version(maintained, 0, 1)).To(Equal("3.0.1"))
		Expect(*shoot.Spec.Extensions[0].Components[0].Version).To(Equal("1.0.0"), "the entering Shoot must not change")
		Expect(results).To(Equal([]result{
			{Kind: kindComponent, ExtensionType: "agent-ext", Component: "agent", From: "1.0.0", To: "1.0.2",
				Reason: "Component version expired - force update required", Forced: true,
				Successful: true, Description: `Updated version from "1.0.0" to "1.0.2"`},
			{Kind: kindComponent, ExtensionType: "agent-ext", Component: "proxy", From: "3.0.0", To: "3.0.1",
				Reason:     "Automatic update of the component version is configured (update strategy: patch)",
				Successful: true, Description: `Updated version from "3.0.0" to "3.0.1"`},
		}))
	})

	It("should leave a frozen component that is not expired alone", func() {
		shoot.Spec.Extensions[0].Components[0].Version = ptr.To("1.0.2")
		maintained, results := maintain()
		Expect(version(maintained, 0, 0)).To(Equal("1.0.2"))
		Expect(results).To(HaveLen(1))
		Expect(results[0].Component).To(Equal("proxy"))
	})

	It("should evaluate candidates against the working copy, not the entering Shoot", func() {
		checker.rules["agent/1.0.2"] = kubernetesBelow("1.36.0", "agent 1.0.2 requires Kubernetes < 1.36")
		shoot.Spec.Kubernetes.Version = "1.36.3" // as if the Kubernetes step had upgraded it
		maintained, _ := maintain()
		// 1.0.2 is dropped, the next available minor 1.1 is compatible.
		Expect(version(maintained, 0, 0)).To(Equal("1.1.0"))
	})

	It("should hold an expired pin without compatible target, record why and go on with the next component", func() {
		checker.rules["agent/1.0.2"] = kubernetesBelow("1.36.0", "agent 1.0.2 requires Kubernetes < 1.36")
		checker.rules["agent/1.1.0"] = kubernetesBelow("1.36.0", "agent 1.1 requires Kubernetes < 1.36")
		shoot.Spec.Kubernetes.Version = "1.36.3"
		maintained, results := maintain()

		Expect(version(maintained, 0, 0)).To(Equal("1.0.0"))
		Expect(version(maintained, 0, 1)).To(Equal("3.0.1"))
		Expect(results).To(HaveLen(2))
		Expect(results[0].Successful).To(BeFalse())
		Expect(results[0].Description).To(Equal(`cannot perform forceful update of expired version "1.0.0" of component "agent": no higher supported version of minor 1.0 or of a higher minor of major 1 is compatible with the Shoot: 1.0.2 (agent 1.0.2 requires Kubernetes < 1.36), 1.1.0 (agent 1.1 requires Kubernetes < 1.36)`))
		Expect(results[1].Successful).To(BeTrue())
	})

	It("should force-upgrade a version that was removed from the profile", func() {
		shoot.Spec.Extensions[0].Components[0].Version = ptr.To("1.0.1-removed")
		profile.Spec.Components[0].Versions = componentVersions(now, "1.0.2, 1.1.0")
		maintained, results := maintain()
		Expect(version(maintained, 0, 0)).To(Equal("1.0.2"))
		Expect(results[0].Reason).To(Equal("Version does not exist in ExtensionProfile - force update required"))
		Expect(results[0].Forced).To(BeTrue())
	})

	It("should record a failure for a component the profile does not list", func() {
		shoot.Spec.Extensions[0].Components[1].Name = "unknown"
		_, results := maintain()
		Expect(results).To(HaveLen(2))
		Expect(results[1].Successful).To(BeFalse())
		Expect(results[1].Description).To(HavePrefix(`cannot perform forceful update of unlisted version "3.0.0" of component "unknown"`))
	})

	It("should keep the versions of a profile that is being deleted, recording a forced update as failed", func() {
		profile.DeletionTimestamp = &metav1.Time{Time: now}
		profile.Finalizers = []string{"gardener"}
		maintained, results := maintain()

		Expect(version(maintained, 0, 0)).To(Equal("1.0.0"))
		Expect(version(maintained, 0, 1)).To(Equal("3.0.0"))
		Expect(results).To(HaveLen(1), "the auto-update of proxy records nothing")
		Expect(results[0]).To(And(
			HaveField("Component", "agent"), HaveField("From", "1.0.0"), HaveField("To", "1.0.0"),
			HaveField("Forced", true), HaveField("Successful", false),
			HaveField("Description", `ExtensionProfile "agent-ext" is being deleted; the version cannot be changed to "1.0.2"`),
		))
	})

	It("should record a failure when the ExtensionProfile does not exist", func() {
		profile = &gardencorev1beta1.ExtensionProfile{ObjectMeta: metav1.ObjectMeta{Name: "other"}}
		_, results := maintain()
		Expect(results).To(HaveLen(2))
		Expect(results[0].Description).To(Equal(`ExtensionProfile "agent-ext" does not exist`))
		Expect(results[0].Successful).To(BeFalse())
	})

	It("should treat a Shoot whose rules cannot be evaluated as incompatible with every candidate", func() {
		checker.err = errors.New("cannot convert")
		_, results := maintain()
		// The expired pin has no compatible target (a failure naming the rejected candidates); the
		// auto-updated one finds none and records nothing.
		Expect(results).To(HaveLen(1))
		Expect(results[0].Forced).To(BeTrue())
		Expect(results[0].Description).To(ContainSubstring("1.0.2 (compatibility rule evaluation failed: cannot convert (rule: any))"))
	})

	It("should skip disabled extensions", func() {
		shoot.Spec.Extensions[0].Disabled = ptr.To(true)
		_, results := maintain()
		Expect(results).To(BeEmpty())
	})

	It("should use the profile's default strategy when the Shoot sets none", func() {
		shoot.Spec.Extensions[0].AutoUpdate = nil
		shoot.Spec.Extensions[0].Components[0].Version = ptr.To("1.0.2")
		profile.Spec.UpdateStrategy = &gardencorev1beta1.ExtensionUpdateStrategy{Default: ptr.To(gardencorev1beta1.UpdateStrategyMajor)}
		maintained, results := maintain()
		Expect(version(maintained, 0, 0)).To(Equal("2.0.0"))
		Expect(results[0].Reason).To(Equal("Automatic update of the component version is configured (update strategy: major)"))
	})

	It("should fall back to the profile's default when the Shoot's strategy is no longer supported", func() {
		// The Shoot chose major while the profile supported it; the operator has since narrowed the list.
		shoot.Spec.Extensions[0].AutoUpdate = &gardencorev1beta1.ExtensionAutoUpdate{UpdateStrategy: ptr.To(gardencorev1beta1.UpdateStrategyMajor)}
		shoot.Spec.Extensions[0].Components[0].Version = ptr.To("1.0.2")
		profile.Spec.UpdateStrategy = &gardencorev1beta1.ExtensionUpdateStrategy{
			Default:   ptr.To(gardencorev1beta1.UpdateStrategyMinor),
			Supported: []gardencorev1beta1.MachineImageUpdateStrategy{gardencorev1beta1.UpdateStrategyPatch, gardencorev1beta1.UpdateStrategyMinor},
		}
		maintained, results := maintain()
		Expect(version(maintained, 0, 0)).To(Equal("1.1.0"), "minor, not major (2.0.0)")
		Expect(results[0].Successful).To(BeTrue())
		Expect(results[0].Reason).To(Equal("Automatic update of the component version is configured (update strategy: minor, instead of the unsupported major)"))
	})
})
