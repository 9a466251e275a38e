// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package extensionprofileimpact

import (
	"context"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	celutils "github.com/gep-78/gardener/pkg/utils/cel"
	"github.com/gep-78/gardener/pkg/utils/gardener/componentversion"
)

var _ = Describe("ChannelMoves", func() {
	const soak = 7 * 24 * time.Hour
	var (
		ctx       = context.Background()
		preview   = gardencorev1beta1.ClassificationPreview
		supported = gardencorev1beta1.ClassificationSupported
		rapid     = gardencorev1beta1.ReleaseChannelRapid
		regular   = gardencorev1beta1.ReleaseChannelRegular
		stable    = gardencorev1beta1.ReleaseChannelStable

		pinned map[string][]*gardencorev1beta1.Shoot
	)
	agentProfile := func(versions ...gardencorev1beta1.ExtensionComponentVersion) *gardencorev1beta1.ExtensionProfile {
		return &gardencorev1beta1.ExtensionProfile{ObjectMeta: metav1.ObjectMeta{Name: extensionType},
			Spec: gardencorev1beta1.ExtensionProfileSpec{Components: []gardencorev1beta1.ExtensionProfileComponent{{Name: "agent", Versions: versions}}}}
	}
	v := func(version string, stages ...gardencorev1beta1.LifecycleStage) gardencorev1beta1.ExtensionComponentVersion {
		return gardencorev1beta1.ExtensionComponentVersion{Version: version, Lifecycle: stages}
	}
	// on pins agent at version, following channel ("" for none), on Kubernetes 1.31.0.
	on := func(name, version string, channel gardencorev1beta1.ReleaseChannel) {
		shoot := newShoot(name, "1.31.0", version, nil)
		shoot.Spec.Extensions[0].Components[0].Name = "agent"
		if channel != "" {
			shoot.Spec.Extensions[0].Components[0].AutoUpdate = nil
			shoot.Spec.Extensions[0].Channel = ptr.To(channel)
		}
		pinned["agent/"+version] = append(pinned["agent/"+version], shoot)
	}
	lookup := func(component, version string) ([]pinningShoot, error) {
		var out []pinningShoot
		for _, s := range pinned[component+"/"+version] {
			out = append(out, pinningShoot{Shoot: s})
		}
		return out, nil
	}
	moves := func(oldProfile, profile *gardencorev1beta1.ExtensionProfile) []fleetImpact {
		GinkgoHelper()
		impacts, err := channelImpacts(ctx, oldProfile, profile, now, soak, lookup, componentversion.NewCELCompatibilityChecker(celutils.NewCache()))
		Expect(err).NotTo(HaveOccurred())
		return impacts
	}
	// summary is the comparable part of a fleetImpact.
	type summary struct {
		Move     channelMove
		At       time.Time
		Pinning  int
		Staying  int
		Outcomes []outcomeCount
		Moved    []namedShoot
	}
	summarize := func(impacts []fleetImpact) []summary {
		var out []summary
		for _, i := range impacts {
			Expect(i.Kind).To(Equal(eventChannel))
			Expect(i.Change.Version).To(Equal(i.Channel.To))
			out = append(out, summary{*i.Channel, i.At, i.Pinning, i.Staying, i.Outcomes, i.Moved})
		}
		return out
	}
	moved := func(shoot, from, to string) namedShoot {
		return namedShoot{Shoot: "garden-dev/" + shoot, Reason: "auto-updated to " + to, From: from, To: to}
	}
	updated := func(count int, target string) []outcomeCount {
		return []outcomeCount{{targetOutcome: targetOutcome{Target: target}, Count: count}}
	}

	BeforeEach(func() {
		pinned = map[string][]*gardencorev1beta1.Shoot{}
	})

	It("predicts the moves of a promotion ahead: regular at the promotion, stable one soak period later", func() {
		oldProfile := agentProfile(v("1.0.0", stage(supported, now.Add(-30*day))), v("1.1.0", stage(preview, now.Add(-day))))
		profile := agentProfile(v("1.0.0", stage(supported, now.Add(-30*day))),
			v("1.1.0", stage(preview, now.Add(-day)), stage(supported, now.Add(time.Hour))))
		on("rapid", "1.1.0", rapid)
		on("regular", "1.0.0", regular)
		on("stable", "1.0.0", stable)
		on("pinned", "1.0.0", "")

		Expect(summarize(moves(oldProfile, profile))).To(Equal([]summary{
			{channelMove{Channel: regular, From: "1.0.0", To: "1.1.0"}, now.Add(time.Hour), 1, 0, updated(1, "1.1.0"), []namedShoot{moved("regular", "1.0.0", "1.1.0")}},
			{channelMove{Channel: stable, From: "1.0.0", To: "1.1.0"}, now.Add(time.Hour + soak), 1, 0, updated(1, "1.1.0"), []namedShoot{moved("stable", "1.0.0", "1.1.0")}},
		}))
	})

	It("reports a move at the write, and decides each later move on the version the earlier one left", func() {
		oldProfile := agentProfile(v("1.0.0", stage(supported, now.Add(-30*day))))
		profile := agentProfile(v("1.0.0", stage(supported, now.Add(-30*day))),
			v("1.1.0", stage(preview, now.Add(-time.Minute))),
			gardencorev1beta1.ExtensionComponentVersion{Version: "1.2.0", Lifecycle: []gardencorev1beta1.LifecycleStage{stage(preview, now.Add(2*time.Hour))},
				Compatibility: requiresKubernetes("1.32.0")})
		on("rapid", "1.0.0", rapid)
		on("regular", "1.0.0", regular)

		impacts := moves(oldProfile, profile)
		Expect(summarize(impacts)).To(Equal([]summary{
			{channelMove{Channel: rapid, From: "1.0.0", To: "1.1.0", AtWrite: true}, now, 1, 0, updated(1, "1.1.0"), []namedShoot{moved("rapid", "1.0.0", "1.1.0")}},
			{channelMove{Channel: rapid, From: "1.1.0", To: "1.2.0"}, now.Add(2 * time.Hour), 1, 1, nil, nil},
		}), "1.2.0 fails the rules of the Shoot on Kubernetes 1.31: it stays on 1.1.0")

		Expect(impactWarnings(impacts, maxWarnings)).To(Equal([]string{
			"component agent channel rapid: moves from 1.0.0 to 1.1.0 now; followed by 1 Shoot; in their next maintenance window 1 is auto-updated to 1.1.0",
			"component agent channel rapid: moves from 1.1.0 to 1.2.0 at 2026-12-01T14:00:00Z; followed by 1 Shoot; from then on 1 stays",
			"Shoot garden-dev/rapid on agent 1.0.0 (channel rapid) would be auto-updated to 1.1.0 in its next maintenance window",
		}))
	})

	It("names the first maintenance window from a later move", func() {
		oldProfile := agentProfile(v("1.0.0", stage(supported, now.Add(-30*day))), v("1.1.0", stage(preview, now.Add(-day))))
		profile := agentProfile(v("1.0.0", stage(supported, now.Add(-30*day))),
			v("1.1.0", stage(preview, now.Add(-day)), stage(supported, now.Add(time.Hour))))
		on("regular", "1.0.0", regular)
		Expect(impactWarnings(moves(oldProfile, profile), maxWarnings)).To(Equal([]string{
			"component agent channel regular: moves from 1.0.0 to 1.1.0 at 2026-12-01T13:00:00Z; followed by 1 Shoot; from then on 1 is auto-updated to 1.1.0",
			"Shoot garden-dev/regular on agent 1.0.0 (channel regular) would be auto-updated to 1.1.0 in its first maintenance window from 2026-12-01T13:00:00Z",
		}))
	})

	It("reports nothing for moves that the old profile makes as well, for a create, or without followers", func() {
		profile := agentProfile(v("1.0.0", stage(supported, now.Add(-30*day))),
			v("1.1.0", stage(preview, now.Add(-day)), stage(supported, now.Add(time.Hour))))
		on("regular", "1.0.0", regular)
		Expect(moves(profile.DeepCopy(), profile)).To(BeEmpty(), "the promotion was already planned")
		Expect(moves(nil, profile)).To(BeEmpty())

		pinned = map[string][]*gardencorev1beta1.Shoot{}
		on("pinned", "1.0.0", "")
		Expect(moves(agentProfile(v("1.0.0", stage(supported, now.Add(-30*day)))), profile)).To(BeEmpty())
	})

	It("counts a follower above the channel's new version as staying", func() {
		oldProfile := agentProfile(v("1.0.0", stage(supported, now.Add(-30*day))), v("1.2.0", stage(preview, now.Add(-day))))
		profile := agentProfile(v("1.0.0", stage(supported, now.Add(-30*day))), v("1.1.0", stage(supported, now.Add(-time.Minute))),
			v("1.2.0", stage(preview, now.Add(-day))))
		on("switched", "1.2.0", regular)
		Expect(summarize(moves(oldProfile, profile))).To(Equal([]summary{
			{channelMove{Channel: regular, From: "1.0.0", To: "1.1.0", AtWrite: true}, now, 1, 1, nil, nil},
		}))
	})
})
