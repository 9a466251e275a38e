// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package extensionprofileimpact

import (
	"context"
	"errors"
	"fmt"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	celutils "github.com/gep-78/gardener/pkg/utils/cel"
	"github.com/gep-78/gardener/pkg/utils/gardener/componentversion"
)

// countingChecker counts how often a Shoot is prepared for rule evaluation.
type countingChecker struct {
	componentversion.CompatibilityChecker
	prepared map[string]int
}

func (c *countingChecker) ForShoot(shoot *gardencorev1beta1.Shoot) componentversion.ShootCompatibility {
	c.prepared[shoot.Name]++
	return c.CompatibilityChecker.ForShoot(shoot)
}

var _ = Describe("Preview", func() {
	var (
		ctx                 = context.Background()
		oldProfile, profile *gardencorev1beta1.ExtensionProfile
		pinned              map[string][]*gardencorev1beta1.Shoot
		lookups             []string
		checker             *countingChecker
	)

	lookup := func(component, version string) ([]pinningShoot, error) {
		lookups = append(lookups, component+"/"+version)
		var out []pinningShoot
		for _, s := range pinned[component+"/"+version] {
			out = append(out, pinningShoot{Shoot: s})
		}
		return out, nil
	}
	preview := func() []fleetImpact {
		GinkgoHelper()
		impacts, err := previewImpacts(ctx, profile, profileChanges(&oldProfile.Spec, profile.Spec, now), now, gardencorev1beta1.DefaultStableChannelSoakPeriod, lookup, checker)
		Expect(err).NotTo(HaveOccurred())
		return impacts
	}

	BeforeEach(func() {
		oldProfile, profile = newProfile(), newProfile()
		lookups = nil
		checker = &countingChecker{CompatibilityChecker: componentversion.NewCELCompatibilityChecker(celutils.NewCache()), prepared: map[string]int{}}
		pinned = map[string][]*gardencorev1beta1.Shoot{"falco/0.41.0": {
			newShoot("a", "1.31.0", "0.41.0", autoUpdateOff),   // force path: 0.41.2
			newShoot("b", "1.30.0", "0.41.0", autoUpdateOff),   // every newer version needs 1.31 or 1.32: holds
			newShoot("c", "1.32.0", "0.41.0", autoUpdateMinor), // auto-update target of the minor strategy: 0.43.0
			newShoot("d", "1.31.0", "0.41.0", nil),             // default patch strategy: 0.41.2
		}}
	})

	It("decides at a newly set expiration date with the maintenance decision", func() {
		version(profile, "0.41.0").Lifecycle = expiringAt(now.Add(7 * day))
		impacts := preview()
		Expect(impacts).To(HaveLen(1))
		impact := impacts[0]
		Expect(impact.Kind).To(Equal(eventExpiration))
		Expect(impact.At).To(Equal(now.Add(7 * day)))
		Expect(impact.Pinning).To(Equal(4))
		Expect(impact.Outcomes).To(Equal([]outcomeCount{
			{targetOutcome: targetOutcome{Forced: true, Target: "0.41.2"}, Count: 2},
			{targetOutcome: targetOutcome{Forced: true, Target: "0.43.0"}, Count: 1},
		}))
		Expect(impact.Staying).To(BeZero())
		Expect(impact.Holding).To(Equal(1))
		Expect(impact.Holders).To(Equal([]namedShoot{{Shoot: "garden-dev/b", Reason: `no compatible version: 0.41.2 fails "requires Kubernetes 1.31.0 or later"`}}))
		Expect(impact.Moved).To(Equal([]namedShoot{
			{Shoot: "garden-dev/a", Reason: "force-upgraded to 0.41.2"},
			{Shoot: "garden-dev/c", Reason: "force-upgraded to 0.43.0"},
			{Shoot: "garden-dev/d", Reason: "force-upgraded to 0.41.2"},
		}), "the Shoots to be force-upgraded are named, not only those that hold")
	})

	It("decides at now for a version that expires now", func() {
		version(profile, "0.41.0").Lifecycle = expiringAt(now.Add(-day))
		impacts := preview()
		Expect(impacts).To(HaveLen(1))
		Expect(impacts[0].Kind).To(Equal(eventNow))
		Expect(impacts[0].At).To(Equal(now))
		Expect(impacts[0].Change.NewClassification).To(Equal(gardencorev1beta1.ClassificationExpired))
		Expect(impacts[0].Holding).To(Equal(1))
		Expect(impacts[0].Outcomes).To(HaveLen(2))
	})

	It("tells automatic updates from forced ones, and counts the Shoots that stay", func() {
		version(profile, "0.41.0").Lifecycle = []gardencorev1beta1.LifecycleStage{stage(gardencorev1beta1.ClassificationDeprecated, now.Add(-day))}
		impacts := preview()
		Expect(impacts).To(HaveLen(1))
		Expect(impacts[0].Kind).To(Equal(eventNow))
		// a and b have auto-update off and are not forced; c and d auto-update.
		Expect(impacts[0].Staying).To(Equal(2))
		Expect(impacts[0].Holding).To(BeZero())
		Expect(impacts[0].Outcomes).To(ConsistOf(
			outcomeCount{targetOutcome: targetOutcome{Target: "0.43.0"}, Count: 1},
			outcomeCount{targetOutcome: targetOutcome{Target: "0.41.2"}, Count: 1},
		))
	})

	It("counts the pinning Shoots of a dropped expiration date without deciding", func() {
		version(oldProfile, "0.41.0").Lifecycle = expiringAt(now.Add(7 * day))
		impacts := preview()
		Expect(impacts).To(ConsistOf(HaveField("Kind", eventExpirationRemoved)))
		Expect(impacts[0].Pinning).To(Equal(4))
		Expect(impacts[0].At).To(Equal(now.Add(7 * day)))
		Expect(checker.prepared).To(BeEmpty())
	})

	It("counts and names the pinning Shoots that changed rules fail", func() {
		version(profile, "0.41.0").Compatibility = requiresKubernetes("1.31.0")
		impacts := preview()
		Expect(impacts).To(HaveLen(1))
		Expect(impacts[0].Kind).To(Equal(eventRules))
		Expect(impacts[0].Pinning).To(Equal(4))
		Expect(impacts[0].Failing).To(Equal(1))
		Expect(impacts[0].FailingShoots).To(Equal([]namedShoot{{Shoot: "garden-dev/b", Reason: "requires Kubernetes 1.31.0 or later"}}))
	})

	It("prepares every Shoot once for all events of the preview", func() {
		version(profile, "0.41.0").Lifecycle = expiringAt(now.Add(7 * day))
		version(profile, "0.41.0").Compatibility = requiresKubernetes("1.31.0")
		Expect(preview()).To(HaveLen(2))
		Expect(checker.prepared).To(Equal(map[string]int{"a": 1, "b": 1, "c": 1, "d": 1}))
	})

	It("names at most MaxNamedShoots holders and counts all", func() {
		pinned["falco/0.41.0"] = nil
		for i := range 12 {
			pinned["falco/0.41.0"] = append(pinned["falco/0.41.0"], newShoot(fmt.Sprintf("s%02d", i), "1.30.0", "0.41.0", autoUpdateOff))
		}
		version(profile, "0.41.0").Lifecycle = expiringAt(now.Add(7 * day))
		impacts := preview()
		Expect(impacts[0].Holding).To(Equal(12))
		Expect(impacts[0].Holders).To(HaveLen(maxNamedShoots))
		Expect(impacts[0].Holders[0].Shoot).To(Equal("garden-dev/s00"))
		Expect(impacts[0].Holders[9].Shoot).To(Equal("garden-dev/s09"))
	})

	It("has no impact for changed versions nobody pins, and looks up only the changed versions", func() {
		version(profile, "0.42.1").Lifecycle = expiringAt(now.Add(-day))
		version(profile, "0.43.0").Compatibility = nil
		Expect(preview()).To(BeEmpty())
		Expect(lookups).To(ConsistOf("falco/0.43.0", "falco/0.42.1"))
		Expect(checker.prepared).To(BeEmpty())
	})

	It("returns an error of the lookup", func() {
		version(profile, "0.41.0").Lifecycle = expiringAt(now.Add(7 * day))
		_, err := previewImpacts(ctx, profile, profileChanges(&oldProfile.Spec, profile.Spec, now), now, gardencorev1beta1.DefaultStableChannelSoakPeriod, func(string, string) ([]pinningShoot, error) {
			return nil, errors.New("index broken")
		}, checker)
		Expect(err).To(MatchError("index broken"))
	})
})
