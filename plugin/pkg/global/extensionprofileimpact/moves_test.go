// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package extensionprofileimpact

import (
	"context"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	"k8s.io/utils/ptr"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	celutils "github.com/gep-78/gardener/pkg/utils/cel"
	"github.com/gep-78/gardener/pkg/utils/gardener/componentversion"
)

var _ = Describe("Moves", func() {
	var (
		ctx                 = context.Background()
		oldProfile, profile *gardencorev1beta1.ExtensionProfile
		pinned              map[string][]*gardencorev1beta1.Shoot
		lookups             []string
	)
	autoPatch := "update to 0.41.2 (Automatic update of the component version is configured (update strategy: patch))"

	lookup := func(component, version string) ([]pinningShoot, error) {
		lookups = append(lookups, component+"/"+version)
		var out []pinningShoot
		for _, s := range pinned[component+"/"+version] {
			out = append(out, pinningShoot{Shoot: s})
		}
		return out, nil
	}
	moves := func() []fleetImpact {
		GinkgoHelper()
		impacts, err := moveImpacts(ctx, oldProfile, profile, profileChanges(&oldProfile.Spec, profile.Spec, now), now, gardencorev1beta1.DefaultStableChannelSoakPeriod, lookup, componentversion.NewCELCompatibilityChecker(celutils.NewCache()))
		Expect(err).NotTo(HaveOccurred())
		return impacts
	}
	addVersion := func(p *gardencorev1beta1.ExtensionProfile, v gardencorev1beta1.ExtensionComponentVersion) {
		p.Spec.Components[0].Versions = append(p.Spec.Components[0].Versions, v)
	}

	BeforeEach(func() {
		oldProfile, profile = newProfile(), newProfile()
		lookups = nil
		pinned = map[string][]*gardencorev1beta1.Shoot{
			"falco/0.41.0": {
				newShoot("a", "1.31.0", "0.41.0", autoUpdateOff),   // stays whatever the profile offers
				newShoot("c", "1.32.0", "0.41.0", autoUpdateMinor), // minor strategy: 0.43.0
				newShoot("d", "1.31.0", "0.41.0", nil),             // default patch strategy: 0.41.2
				newShoot("f", "1.32.0", "0.41.0", nil),             // patch: 0.41.2; minor: 0.43.0
			},
			"falco/0.43.0": {newShoot("e", "1.32.0", "0.43.0", nil)},
		}
	})

	It("reports the Shoots that auto-update to an added version, reading only the versions below it", func() {
		addVersion(profile, gardencorev1beta1.ExtensionComponentVersion{Version: "0.41.3"})
		impacts := moves()
		Expect(impacts).To(HaveLen(1))
		Expect(impacts[0].Kind).To(Equal(eventMoves))
		Expect(impacts[0].Change.Version).To(Equal("0.41.0"))
		Expect(impacts[0].Pinning).To(Equal(4))
		Expect(impacts[0].Outcomes).To(Equal([]outcomeCount{{targetOutcome: targetOutcome{Target: "0.41.3"}, Count: 2}}))
		Expect(impacts[0].Moved).To(Equal([]namedShoot{
			{Shoot: "garden-dev/d", Reason: "auto-updated to 0.41.3", Before: autoPatch},
			{Shoot: "garden-dev/f", Reason: "auto-updated to 0.41.3", Before: autoPatch},
		}))
		Expect(lookups).To(ConsistOf("falco/0.41.2", "falco/0.41.0"))
	})

	It("counts only the Shoots that follow no channel (the channel warnings cover the others)", func() {
		follower := newShoot("g", "1.31.0", "0.41.0", nil)
		follower.Spec.Extensions[0].Channel = ptr.To(gardencorev1beta1.ReleaseChannelRegular)
		pinned["falco/0.41.0"] = append(pinned["falco/0.41.0"], follower)
		addVersion(profile, gardencorev1beta1.ExtensionComponentVersion{Version: "0.41.3"})
		impacts := moves()
		Expect(impacts).To(HaveLen(1))
		Expect(impacts[0].Pinning).To(Equal(4))
		Expect(impacts[0].Moved).To(HaveLen(2))
	})

	It("reports the Shoots that auto-update to a version promoted from preview", func() {
		addVersion(oldProfile, gardencorev1beta1.ExtensionComponentVersion{Version: "0.41.3", Lifecycle: []gardencorev1beta1.LifecycleStage{{Classification: gardencorev1beta1.ClassificationPreview}}})
		addVersion(profile, gardencorev1beta1.ExtensionComponentVersion{Version: "0.41.3"})
		impacts := moves()
		Expect(impacts).To(HaveLen(1))
		Expect(impacts[0].Outcomes).To(Equal([]outcomeCount{{targetOutcome: targetOutcome{Target: "0.41.3"}, Count: 2}}))
	})

	It("reports the Shoots that a changed default updateStrategy moves, on every version below the highest", func() {
		profile.Spec.UpdateStrategy = &gardencorev1beta1.ExtensionUpdateStrategy{Default: ptr.To(gardencorev1beta1.UpdateStrategyMinor)}
		impacts := moves()
		Expect(impacts).To(HaveLen(1))
		Expect(impacts[0].Moved).To(Equal([]namedShoot{
			{Shoot: "garden-dev/f", Reason: "auto-updated to 0.43.0", Before: autoPatch},
		}), "d needs Kubernetes 1.32 for 0.42.1 and 0.43.0 and stays on its patch target")
		Expect(lookups).To(ConsistOf("falco/0.42.1", "falco/0.41.2", "falco/0.41.0"), "nothing is above 0.43.0 and falcoctl 0.11.0")
	})

	It("reports a component's own updateStrategy change for that component only", func() {
		profile.Spec.Components[0].UpdateStrategy = &gardencorev1beta1.ExtensionUpdateStrategy{Default: ptr.To(gardencorev1beta1.UpdateStrategyMinor)}
		Expect(moves()).To(ConsistOf(HaveField("Moved", HaveLen(1))))
		Expect(lookups).NotTo(ContainElement(HavePrefix("falcoctl/")))
	})

	It("counts the Shoots a demoted target no longer updates", func() {
		version(profile, "0.41.2").Lifecycle = []gardencorev1beta1.LifecycleStage{stage(gardencorev1beta1.ClassificationDeprecated, now.Add(-day))}
		impacts := moves()
		Expect(impacts).To(HaveLen(1))
		Expect(impacts[0].Staying).To(Equal(2))
		Expect(impacts[0].Outcomes).To(BeEmpty())
		Expect(impacts[0].Moved).To(ConsistOf(
			namedShoot{Shoot: "garden-dev/d", Reason: "kept on it", Before: autoPatch},
			namedShoot{Shoot: "garden-dev/f", Reason: "kept on it", Before: autoPatch},
		))
	})

	It("has nothing on create, for a change without effect, and leaves versions that change now to the other events", func() {
		impacts, err := moveImpacts(ctx, nil, profile, profileChanges(nil, profile.Spec, now), now, gardencorev1beta1.DefaultStableChannelSoakPeriod, lookup, componentversion.NewCELCompatibilityChecker(celutils.NewCache()))
		Expect(err).NotTo(HaveOccurred())
		Expect(impacts).To(BeEmpty())

		version(profile, "0.41.0").Lifecycle = expiringAt(now.Add(7 * day))
		Expect(moves()).To(BeEmpty())
		Expect(lookups).To(BeEmpty(), "a future expiry changes no decision now")

		version(profile, "0.41.0").Lifecycle = expiringAt(now.Add(-day))
		Expect(moves()).To(BeEmpty())
		Expect(lookups).To(BeEmpty(), "the expired version's Shoots are EventNow's")
	})
})
