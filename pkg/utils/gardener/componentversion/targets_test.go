// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package componentversion

import (
	"errors"
	"time"

	"github.com/Masterminds/semver/v3"
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
)

var _ = Describe("versionUpdateFor", func() {
	auto := func(strategy gardencorev1beta1.MachineImageUpdateStrategy) autoUpdatePolicy {
		return autoUpdatePolicy{enabled: true, updateStrategy: strategy}
	}
	frozen := autoUpdatePolicy{enabled: false, updateStrategy: patch}
	// withPreview is auto(strategy) with autoUpdate.classifications [preview, supported].
	withPreview := func(strategy gardencorev1beta1.MachineImageUpdateStrategy) autoUpdatePolicy {
		policy := auto(strategy)
		policy.classifications = []gardencorev1beta1.VersionClassification{gardencorev1beta1.ClassificationPreview, gardencorev1beta1.ClassificationSupported}
		return policy
	}

	DescribeTable("targets",
		func(spec, current string, policy autoUpdatePolicy, compatible compatibleFunc, trigger trigger, target string) {
			decision, err := versionUpdateFor(maintenanceComponent(spec), current, policy, now, compatible)
			Expect(err).NotTo(HaveOccurred())
			Expect(decision.trigger).To(Equal(trigger))
			Expect(decision.target).To(Equal(target))
		},
		// Auto-update boundaries (GEP-78: patch → same minor, minor → same major, major → any).
		Entry("patch: highest supported patch, preview never", "1.0.0, 1.0.1 d, 1.0.2, 1.0.3 p, 1.1.0, 2.0.0", "1.0.0", auto(patch), incompatibleWith(), triggerAutoUpdate, "1.0.2"),
		Entry("minor: newest of the major, no patch-first step", "1.0.0, 1.0.2, 1.1.0, 2.0.0", "1.0.0", auto(minor), incompatibleWith(), triggerAutoUpdate, "1.1.0"),
		Entry("major: newest overall", "1.0.0, 1.0.2, 1.1.0, 2.0.0, 2.1.0 p", "1.0.0", auto(major), incompatibleWith(), triggerAutoUpdate, "2.0.0"),
		Entry("minor: numeric order, 1.10.0 above 1.9.1", "1.8.3, 1.9.1, 1.10.0", "1.8.3", auto(minor), incompatibleWith(), triggerAutoUpdate, "1.10.0"),
		// Preference (Gardener's auto-update helpers): a lower supported beats a higher deprecated.
		Entry("supported preferred over a higher deprecated", "1.0.0, 1.0.1, 1.0.2 d", "1.0.0", auto(patch), incompatibleWith(), triggerAutoUpdate, "1.0.1"),
		// Never down the classification ladder (gardener/gardener#13647, #9537; the fix of #15691).
		Entry("a supported pin does not move to a newer deprecated patch", "1.0.2, 1.0.5 d", "1.0.2", auto(patch), incompatibleWith(), triggerAutoUpdate, ""),
		Entry("a supported pin does not move to a newer deprecated minor", "2.2.0, 2.3.0 d", "2.2.0", auto(minor), incompatibleWith(), triggerAutoUpdate, ""),
		Entry("a supported pin does not move to a deprecated major when only previews are newer", "1.3.0, 2.1.0 d, 2.2.0 p, 3.0.0 p", "1.3.0", auto(major), incompatibleWith(), triggerAutoUpdate, ""),
		Entry("a deprecated pin takes a newer supported version first", "1.0.0 d, 1.0.1 d, 1.0.2, 1.0.3 d", "1.0.0", auto(patch), incompatibleWith(), triggerAutoUpdate, "1.0.2"),
		Entry("a deprecated pin moves to a newer deprecated one when nothing is supported", "1.0.0 d, 1.0.1 d", "1.0.0", auto(patch), incompatibleWith(), triggerAutoUpdate, "1.0.1"),
		Entry("supported of another minor preferred over a deprecated patch (minor)", "1.0.0, 1.0.1 d, 1.1.0", "1.0.0", auto(minor), incompatibleWith(), triggerAutoUpdate, "1.1.0"),
		// Pre-releases: never an automatic target unless the pin is a pre-release of the same version.
		Entry("a release never moves to a pre-release", "0.44.1, 0.44.2-rc.1", "0.44.1", auto(patch), incompatibleWith(), triggerAutoUpdate, ""),
		Entry("a release never moves to a pre-release (major)", "0.44.1, 1.0.0-rc.1", "0.44.1", auto(major), incompatibleWith(), triggerAutoUpdate, ""),
		Entry("a pre-release moves to its release", "0.44.2-rc.1, 0.44.2-rc.2, 0.44.2", "0.44.2-rc.1", auto(patch), incompatibleWith(), triggerAutoUpdate, "0.44.2"),
		Entry("a pre-release moves to a later pre-release of the same version", "0.44.2-rc.1, 0.44.2-rc.2, 0.44.3-rc.1", "0.44.2-rc.1", auto(patch), incompatibleWith(), triggerAutoUpdate, "0.44.2-rc.2"),
		// Never preview, unavailable or expired.
		Entry("preview never chosen", "1.0.0, 1.0.1 p", "1.0.0", auto(major), incompatibleWith(), triggerAutoUpdate, ""),
		Entry("preview never chosen with the explicit default [supported]", "1.0.0, 1.0.1 p", "1.0.0",
			autoUpdatePolicy{enabled: true, updateStrategy: major, classifications: []gardencorev1beta1.VersionClassification{gardencorev1beta1.ClassificationSupported}},
			incompatibleWith(), triggerAutoUpdate, ""),
		// autoUpdate.classifications [preview, supported] (GEP-78 "Future Enhancements").
		Entry("into preview: a higher preview beats a supported", "1.0.0, 1.0.1, 1.0.2 p", "1.0.0", withPreview(patch), incompatibleWith(), triggerAutoUpdate, "1.0.2"),
		Entry("into preview: a higher supported beats a preview", "1.0.0, 1.0.1 p, 1.0.2", "1.0.0", withPreview(patch), incompatibleWith(), triggerAutoUpdate, "1.0.2"),
		Entry("into preview: only within the boundary", "1.0.0, 1.0.1, 1.1.0 p", "1.0.0", withPreview(patch), incompatibleWith(), triggerAutoUpdate, "1.0.1"),
		Entry("into preview: a preview minor with minor", "1.0.0, 1.0.1, 1.1.0 p", "1.0.0", withPreview(minor), incompatibleWith(), triggerAutoUpdate, "1.1.0"),
		Entry("into preview: an incompatible preview is passed over", "1.0.0, 1.0.1, 1.0.2 p", "1.0.0", withPreview(patch), incompatibleWith("1.0.2"), triggerAutoUpdate, "1.0.1"),
		Entry("into preview: unavailable still never chosen", "1.0.0, 1.0.1 u", "1.0.0", withPreview(major), incompatibleWith(), triggerAutoUpdate, ""),
		Entry("into preview: expired still never chosen", "1.0.0, 1.0.1 x", "1.0.0", withPreview(major), incompatibleWith(), triggerAutoUpdate, ""),
		Entry("into preview: a pre-release still never chosen", "1.0.0, 1.0.1-rc.1 p", "1.0.0", withPreview(patch), incompatibleWith(), triggerAutoUpdate, ""),
		Entry("into preview: a supported pin still does not move to a deprecated version", "1.0.0, 1.0.1 d", "1.0.0", withPreview(patch), incompatibleWith(), triggerAutoUpdate, ""),
		Entry("into preview: a deprecated pin takes a preview before a deprecated version", "1.0.0 d, 1.0.1 d, 1.0.2 p", "1.0.0", withPreview(patch), incompatibleWith(), triggerAutoUpdate, "1.0.2"),
		Entry("into preview: a deprecated pin falls back to deprecated when the preview is incompatible", "1.0.0 d, 1.0.1 d, 1.0.2 p", "1.0.0", withPreview(patch), incompatibleWith("1.0.2"), triggerAutoUpdate, "1.0.1"),
		Entry("into preview: auto-update off takes nothing", "1.0.0, 1.0.1 p", "1.0.0",
			autoUpdatePolicy{updateStrategy: patch, classifications: withPreview(patch).classifications}, incompatibleWith(), triggerNone, ""),
		Entry("into preview: a forced update never takes a preview auto-update target", "1.0.0 x, 1.0.1, 1.0.2 p", "1.0.0", withPreview(patch), incompatibleWith(), triggerExpired, "1.0.1"),
		Entry("into preview: a forced update never takes a preview on the force path", "1.0.0 x, 1.0.1 p, 1.1.0 p, 1.2.0", "1.0.0", withPreview(patch), incompatibleWith(), triggerExpired, "1.2.0"),
		Entry("into preview: an unlisted pin is forced to supported only", "1.0.1 p, 1.0.2", "1.0.0", withPreview(major), incompatibleWith(), triggerMissing, "1.0.2"),
		Entry("into preview: a value other than preview or supported is ignored", "1.0.0, 1.0.1 d", "1.0.0",
			autoUpdatePolicy{enabled: true, updateStrategy: patch, classifications: []gardencorev1beta1.VersionClassification{gardencorev1beta1.ClassificationSupported, gardencorev1beta1.ClassificationDeprecated}},
			incompatibleWith(), triggerAutoUpdate, ""),
		Entry("unavailable never chosen", "1.0.0, 1.0.1 u", "1.0.0", auto(major), incompatibleWith(), triggerAutoUpdate, ""),
		Entry("expired never an auto-update target", "1.0.0, 1.0.1 x", "1.0.0", auto(major), incompatibleWith(), triggerAutoUpdate, ""),
		Entry("already the newest", "1.0.0, 1.0.2", "1.0.2", auto(major), incompatibleWith(), triggerAutoUpdate, ""),
		Entry("auto-update off, not expired: left alone", "1.0.0, 1.0.1", "1.0.0", frozen, incompatibleWith(), triggerNone, ""),
		// Compatibility filter.
		Entry("auto: highest compatible", "1.0.0, 1.0.1, 1.0.2", "1.0.0", auto(patch), incompatibleWith("1.0.2"), triggerAutoUpdate, "1.0.1"),
		Entry("auto: incompatible supported, compatible deprecated: a supported pin stays", "1.0.0, 1.0.1 d, 1.0.2", "1.0.0", auto(patch), incompatibleWith("1.0.2"), triggerAutoUpdate, ""),
		Entry("auto: incompatible supported, compatible deprecated: a deprecated pin moves", "1.0.0 d, 1.0.1 d, 1.0.2", "1.0.0", auto(patch), incompatibleWith("1.0.2"), triggerAutoUpdate, "1.0.1"),
		Entry("auto: no compatible target is not an error", "1.0.0, 1.0.1", "1.0.0", auto(patch), incompatibleWith("1.0.1"), triggerAutoUpdate, ""),
		// Force path (GEP-78 "3. Force-upgrade path").
		Entry("expired, auto-update off: highest supported patch of the current minor", "1.0.0 x, 1.0.1 d, 1.0.2, 1.0.3 p, 1.1.0", "1.0.0", frozen, incompatibleWith(), triggerExpired, "1.0.2"),
		Entry("expired, auto-update off: next available minor", "1.0.0 x, 1.1.0 x, 1.2.0 p, 1.3.0, 1.3.1, 1.4.0", "1.0.0", frozen, incompatibleWith(), triggerExpired, "1.3.1"),
		Entry("expired: a minor with only deprecated versions is skipped", "1.0.0 x, 1.1.0 d, 1.2.0", "1.0.0", frozen, incompatibleWith(), triggerExpired, "1.2.0"),
		Entry("expired: a minor with only unavailable versions is skipped", "1.0.0 x, 1.1.0 u, 1.2.0", "1.0.0", frozen, incompatibleWith(), triggerExpired, "1.2.0"),
		Entry("expired: an incompatible patch falls through to the next minor", "1.0.0 x, 1.0.1, 1.1.0", "1.0.0", frozen, incompatibleWith("1.0.1"), triggerExpired, "1.1.0"),
		Entry("expired: a minor with only incompatible versions is skipped", "1.0.0 x, 1.1.0, 1.1.1, 1.2.0", "1.0.0", frozen, incompatibleWith("1.1.0", "1.1.1"), triggerExpired, "1.2.0"),
		Entry("expired: highest compatible patch of the current minor", "1.0.0 x, 1.0.1, 1.0.2", "1.0.0", frozen, incompatibleWith("1.0.2"), triggerExpired, "1.0.1"),
		Entry("expired: never a downgrade", "1.0.1, 1.0.5 x, 1.1.0", "1.0.5", frozen, incompatibleWith(), triggerExpired, "1.1.0"),
		Entry("expired, auto-update on: the auto-update target first", "1.0.0 x, 1.0.1, 1.4.0", "1.0.0", auto(minor), incompatibleWith(), triggerExpired, "1.4.0"),
		Entry("expired, auto-update patch without patch: force to the next minor", "1.0.0 x, 1.2.0, 1.3.0", "1.0.0", auto(patch), incompatibleWith(), triggerExpired, "1.2.0"),
		Entry("expired, auto-update patch with only a deprecated patch: the force path's supported target, not the deprecated one",
			"0.42.0 x, 0.42.1 d, 0.43.0", "0.42.0", auto(patch), incompatibleWith(), triggerExpired, "0.43.0"),
		Entry("expired, auto-update minor: a supported auto-update target above the force target stays the target",
			"0.42.0 x, 0.42.1, 0.43.0, 0.44.1", "0.42.0", auto(minor), incompatibleWith(), triggerExpired, "0.44.1"),
		Entry("missing, auto-update patch with only a deprecated patch: the force path's supported target",
			"0.42.1 d, 0.43.0", "0.42.0", auto(patch), incompatibleWith(), triggerMissing, "0.43.0"),
		Entry("removed from the profile counts as expired", "1.0.0, 1.0.6, 1.1.0", "1.0.5", frozen, incompatibleWith(), triggerMissing, "1.0.6"),
	)

	It("should not change the policy's classifications", func() {
		policy := withPreview(patch)
		policy.classifications = append(policy.classifications, gardencorev1beta1.ClassificationDeprecated)
		_, err := versionUpdateFor(maintenanceComponent("1.0.0, 1.0.1 p"), "1.0.0", policy, now, incompatibleWith())
		Expect(err).NotTo(HaveOccurred())
		Expect(policy.classifications).To(Equal([]gardencorev1beta1.VersionClassification{
			gardencorev1beta1.ClassificationPreview, gardencorev1beta1.ClassificationSupported, gardencorev1beta1.ClassificationDeprecated}))
	})

	It("should name the reasons", func() {
		decision, err := versionUpdateFor(maintenanceComponent("1.0.0, 1.0.1"), "1.0.0", auto(minor), now, incompatibleWith())
		Expect(err).NotTo(HaveOccurred())
		Expect(decision.reason).To(Equal("Automatic update of the component version is configured (update strategy: minor)"))

		decision, err = versionUpdateFor(maintenanceComponent("1.0.0 x, 1.0.1"), "1.0.0", frozen, now, incompatibleWith())
		Expect(err).NotTo(HaveOccurred())
		Expect(decision.reason).To(Equal("Component version expired - force update required"))

		decision, err = versionUpdateFor(maintenanceComponent("1.0.1"), "1.0.0", frozen, now, incompatibleWith())
		Expect(err).NotTo(HaveOccurred())
		Expect(decision.reason).To(Equal("Version does not exist in ExtensionProfile - force update required"))
	})

	DescribeTable("forced updates without target",
		func(spec, current string, compatible compatibleFunc, message string) {
			decision, err := versionUpdateFor(maintenanceComponent(spec), current, frozen, now, compatible)
			Expect(err).To(MatchError(message))
			Expect(decision.target).To(BeEmpty())
			Expect(decision.trigger.forced()).To(BeTrue())
		},
		Entry("never across the major", "1.9.0 x, 2.0.0", "1.9.0", incompatibleWith(),
			`cannot perform forceful update of expired version "1.9.0" of component "agent": no higher version of minor 1.9 or of a higher minor of major 1 is classified supported`),
		Entry("only deprecated and preview left", "1.0.0 x, 1.0.1 d, 1.1.0 p", "1.0.0", incompatibleWith(),
			`cannot perform forceful update of expired version "1.0.0" of component "agent": no higher version of minor 1.0 or of a higher minor of major 1 is classified supported`),
		Entry("no compatible target", "1.0.0 x, 1.0.1, 1.1.0", "1.0.0", incompatibleWith("1.0.1", "1.1.0"),
			`cannot perform forceful update of expired version "1.0.0" of component "agent": no higher supported version of minor 1.0 or of a higher minor of major 1 is compatible with the Shoot: 1.0.1 (1.0.1 is incompatible), 1.1.0 (1.1.0 is incompatible)`),
		Entry("unlisted version without target", "0.9.0", "1.0.0", incompatibleWith(),
			`cannot perform forceful update of unlisted version "1.0.0" of component "agent": no higher version of minor 1.0 or of a higher minor of major 1 is classified supported`),
	)

	It("should not take a deprecated auto-update target for an expired pin when the force path finds none", func() {
		decision, err := versionUpdateFor(maintenanceComponent("1.0.0 x, 1.0.1 d"), "1.0.0", auto(patch), now, incompatibleWith())
		Expect(err).To(MatchError(`cannot perform forceful update of expired version "1.0.0" of component "agent": no higher version of minor 1.0 or of a higher minor of major 1 is classified supported`))
		Expect(decision.target).To(BeEmpty())
	})

	It("should record the rejected candidates of an auto-update", func() {
		decision, err := versionUpdateFor(maintenanceComponent("1.0.0, 1.0.1, 1.0.2"), "1.0.0", auto(patch), now, incompatibleWith("1.0.1", "1.0.2"))
		Expect(err).NotTo(HaveOccurred())
		Expect(decision.rejected).To(Equal([]rejectedVersion{{version: "1.0.2", failures: []string{"1.0.2 is incompatible"}}, {version: "1.0.1", failures: []string{"1.0.1 is incompatible"}}}))
		Expect(describeRejected(decision.rejected)).To(Equal("1.0.2 (1.0.2 is incompatible), 1.0.1 (1.0.1 is incompatible)"))
	})

	It("should evaluate each candidate once and stop at the first compatible one", func() {
		var evaluated []string
		_, err := versionUpdateFor(maintenanceComponent("1.0.0 x, 1.0.1, 1.0.2, 1.0.3"), "1.0.0", auto(patch), now, func(v string) ([]string, error) {
			evaluated = append(evaluated, v)
			if v == "1.0.3" {
				return []string{"no"}, nil
			}
			return nil, nil
		})
		Expect(err).NotTo(HaveOccurred())
		Expect(evaluated).To(Equal([]string{"1.0.3", "1.0.2"}))
	})

	It("should not evaluate anything when the version is left alone", func() {
		_, err := versionUpdateFor(maintenanceComponent("1.0.0, 1.0.1"), "1.0.0", frozen, now, func(string) ([]string, error) {
			Fail("must not be called")
			return nil, nil
		})
		Expect(err).NotTo(HaveOccurred())
	})

	It("should return an evaluation error", func() {
		_, err := versionUpdateFor(maintenanceComponent("1.0.0, 1.0.1"), "1.0.0", auto(patch), now, func(string) ([]string, error) {
			return nil, errors.New("boom")
		})
		Expect(err).To(MatchError("boom"))
	})

	It("should fail on an unparsable pin that needs an update", func() {
		_, err := versionUpdateFor(maintenanceComponent("1.0.0"), "latest", frozen, now, incompatibleWith())
		Expect(err).To(MatchError(ContainSubstring(`cannot determine a target for version "latest" of component "agent"`)))
	})

	It("should classify at the given time", func() {
		c := maintenanceComponent("1.0.0, 1.0.1")
		c.Versions[0].Lifecycle = []gardencorev1beta1.LifecycleStage{stage(gardencorev1beta1.ClassificationSupported, nil), stage(gardencorev1beta1.ClassificationExpired, at(2))}
		decision, err := versionUpdateFor(c, "1.0.0", frozen, now, incompatibleWith())
		Expect(err).NotTo(HaveOccurred())
		Expect(decision.trigger).To(Equal(triggerNone))
		decision, err = versionUpdateFor(c, "1.0.0", frozen, now.Add(48*time.Hour), incompatibleWith())
		Expect(err).NotTo(HaveOccurred())
		Expect(decision.target).To(Equal("1.0.1"))
	})
})

var _ = Describe("channelUpdate", func() {
	falco := channelFalco()

	DescribeTable("decisions",
		func(current string, channel gardencorev1beta1.ReleaseChannel, compatible compatibleFunc, trigger trigger, target, channelVersion, held string) {
			decision, err := channelUpdate(falco, current, channel, now, soak, compatible)
			Expect(err).NotTo(HaveOccurred())
			Expect(decision.trigger).To(Equal(trigger))
			Expect(decision.target).To(Equal(target))
			Expect(decision.channel).To(Equal(channel))
			Expect(decision.channelVersion).To(Equal(channelVersion))
			Expect(decision.held).To(Equal(held))
		},
		Entry("rapid moves to the preview", "0.40.0", rapid, incompatibleWith(), triggerChannel, "0.42.0", "0.42.0", ""),
		Entry("regular moves to the highest supported, across minors", "0.39.5", regular, incompatibleWith(), triggerChannel, "0.41.0", "0.41.0", ""),
		Entry("stable moves to the highest soaked version", "0.39.5", stable, incompatibleWith(), triggerChannel, "0.40.0", "0.40.0", ""),
		Entry("at the channel's version: stays without hold", "0.41.0", regular, incompatibleWith(), triggerChannel, "", "0.41.0", ""),
		Entry("above the channel's version (rapid to stable): stays, held", "0.42.0", stable, incompatibleWith(), triggerChannel, "", "0.40.0",
			"channel stable gives 0.40.0, below the current 0.42.0; staying until the channel catches up"),
		Entry("an incompatible channel version: stays, rejected", "0.39.5", regular, incompatibleWith("0.41.0"), triggerChannel, "", "0.41.0", ""),
		Entry("a deprecated pin moves to the channel's version", "0.39.0", stable, incompatibleWith(), triggerChannel, "0.40.0", "0.40.0", ""),
		Entry("expired: forced to the channel's version", "0.38.0", regular, incompatibleWith(), triggerExpired, "0.41.0", "0.41.0", ""),
		Entry("expired, channel version incompatible: the force path", "0.38.0", regular, incompatibleWith("0.41.0"), triggerExpired, "0.39.5", "0.41.0", ""),
		Entry("unlisted: forced to the channel's version", "0.40.3", rapid, incompatibleWith(), triggerMissing, "0.42.0", "0.42.0", ""),
		Entry("unlisted above the channel: the force path, never a downgrade", "0.40.3", stable, incompatibleWith(), triggerMissing, "0.41.0", "0.40.0", ""),
	)

	It("names the channel in the reason and records the rejected channel version", func() {
		decision, err := channelUpdate(falco, "0.39.5", regular, now, soak, incompatibleWith("0.41.0"))
		Expect(err).NotTo(HaveOccurred())
		Expect(decision.reason).To(Equal("The component follows the regular release channel"))
		Expect(decision.rejected).To(Equal([]rejectedVersion{{version: "0.41.0", failures: []string{"0.41.0 is incompatible"}}}))
	})

	It("follows the soak period: stable moves once the soak has passed", func() {
		decision, err := channelUpdate(falco, "0.40.0", stable, now.Add(5*day), soak, incompatibleWith())
		Expect(err).NotTo(HaveOccurred())
		Expect(decision.target).To(Equal("0.41.0"))
		decision, err = channelUpdate(falco, "0.40.0", stable, now.Add(5*day-1), soak, incompatibleWith())
		Expect(err).NotTo(HaveOccurred())
		Expect(decision.target).To(BeEmpty())
	})

	It("keeps a channel without version and forces an expired pin along the force path", func() {
		previews := channelComponent(cv("1.0.0", lcAlways(supported), lc(gardencorev1beta1.ClassificationExpired, -day)), cv("1.0.1"), cv("1.1.0", lc(preview, -day)))
		decision, err := channelUpdate(previews, "1.0.0", regular, now, soak, incompatibleWith())
		Expect(err).NotTo(HaveOccurred())
		Expect(decision.target).To(Equal("1.0.1"))

		decision, err = channelUpdate(channelComponent(cv("1.0.0", lc(preview, -day))), "1.0.0", stable, now, soak, incompatibleWith())
		Expect(err).NotTo(HaveOccurred())
		Expect(decision.target).To(BeEmpty())
		Expect(decision.channelVersion).To(BeEmpty())
		Expect(outcomeOf(decision, nil, false).String()).To(Equal("keep: channel stable has no version"))
	})

	It("fails a forced update without target, naming the rejected channel version once", func() {
		_, err := channelUpdate(falco, "0.38.0", regular, now, soak, incompatibleWith("0.39.5", "0.40.0", "0.41.0"))
		Expect(err).To(MatchError(ContainSubstring("0.39.5 (0.39.5 is incompatible), 0.40.0 (0.40.0 is incompatible), 0.41.0 (0.41.0 is incompatible)")))
	})

	It("returns an evaluation error", func() {
		_, err := channelUpdate(falco, "0.39.5", regular, now, soak, func(string) ([]string, error) { return nil, errors.New("boom") })
		Expect(err).To(MatchError("boom"))
	})
})

var _ = Describe("target helpers", func() {
	DescribeTable("#withinUpdateBoundary",
		func(strategy gardencorev1beta1.MachineImageUpdateStrategy, version string, within bool) {
			Expect(withinUpdateBoundary(strategy, semver.MustParse("1.2.3"), semver.MustParse(version))).To(Equal(within))
		},
		Entry("patch: the same minor", patch, "1.2.9", true),
		Entry("patch: not the next minor", patch, "1.3.0", false),
		Entry("minor: the same major", minor, "1.9.0", true),
		Entry("minor: not the next major", minor, "2.0.0", false),
		Entry("major: any", major, "3.0.0", true),
		Entry("an unknown strategy: any", gardencorev1beta1.MachineImageUpdateStrategy("other"), "3.0.0", true),
	)

	DescribeTable("#parseComponentVersion",
		func(version, expected string) {
			v, err := parseComponentVersion(version)
			Expect(err).NotTo(HaveOccurred())
			Expect(v.String()).To(Equal(expected))
		},
		Entry("strict", "1.2.3", "1.2.3"),
		Entry("a pin stored with a leading v", "v1.2.3", "1.2.3"),
		Entry("a pin stored partial", "1.2", "1.2.0"),
	)

	It("#describeRejected lists each candidate with its failures", func() {
		Expect(describeRejected([]rejectedVersion{{version: "1.0.1", failures: []string{"a", "b"}}, {version: "1.0.0", failures: []string{"c"}}})).To(Equal("1.0.1 (a; b), 1.0.0 (c)"))
		Expect(describeRejected(nil)).To(BeEmpty())
	})
})
