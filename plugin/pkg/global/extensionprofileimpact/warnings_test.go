// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package extensionprofileimpact

import (
	"fmt"
	"strings"
	"unicode/utf8"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	"k8s.io/utils/ptr"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
)

var _ = Describe("Warnings", func() {
	expiring := profileChange{Component: "falco", Version: "0.41.0", OldListed: true,
		OldClassification: gardencorev1beta1.ClassificationSupported, NewClassification: gardencorev1beta1.ClassificationSupported,
		Expiration: ptr.To(now.Add(7 * day))}
	holders := []namedShoot{{Shoot: "garden-dev/b", Reason: `no compatible version: 0.41.2 fails "requires Kubernetes 1.31.0 or later"`}}

	It("renders an expiration date set ahead, with targets and holders", func() {
		Expect(impactWarnings([]fleetImpact{{
			Change: expiring, Kind: eventExpiration, At: now.Add(7 * day), Pinning: 4,
			Outcomes: []outcomeCount{{targetOutcome: targetOutcome{Forced: true, Target: "0.41.2"}, Count: 2}, {targetOutcome: targetOutcome{Forced: true, Target: "0.43.0"}, Count: 1}},
			Holding:  1, Holders: holders,
			Moved: []namedShoot{{Shoot: "garden-dev/a", Reason: "force-upgraded to 0.41.2"}},
		}}, 0)).To(Equal([]string{
			"component falco version 0.41.0: expires at 2026-12-08T12:00:00Z (newly set); pinned by 4 Shoots; from then on 2 are force-upgraded to 0.41.2, 1 is force-upgraded to 0.43.0, 1 holds (no compatible version)",
			`Shoot garden-dev/b would hold on falco 0.41.0: no compatible version: 0.41.2 fails "requires Kubernetes 1.31.0 or later"`,
			"Shoot garden-dev/a on falco 0.41.0 would be force-upgraded to 0.41.2 in its first maintenance window from 2026-12-08T12:00:00Z",
		}))
	})

	It("renders the Shoots whose next window a change alters", func() {
		Expect(impactWarnings([]fleetImpact{{
			Change: profileChange{Component: "falco", Version: "0.41.0", OldListed: true}, Kind: eventMoves, At: now, Pinning: 4,
			Outcomes: []outcomeCount{{targetOutcome: targetOutcome{Target: "0.41.3"}, Count: 1}}, Staying: 1,
			Moved: []namedShoot{
				{Shoot: "garden-dev/c", Reason: "kept on it", Before: "update to 0.41.2 (r)"},
				{Shoot: "garden-dev/d", Reason: "auto-updated to 0.41.3", Before: "update to 0.41.2 (r)"},
			},
		}}, 0)).To(Equal([]string{
			"component falco version 0.41.0: this change alters the next maintenance window of 2 of its 4 Shoots: 1 is auto-updated to 0.41.3, 1 stays (no longer updated)",
			"Shoot garden-dev/c on falco 0.41.0 would be kept on it in its next maintenance window (before this change: update to 0.41.2 (r))",
			"Shoot garden-dev/d on falco 0.41.0 would be auto-updated to 0.41.3 in its next maintenance window (before this change: update to 0.41.2 (r))",
		}))
	})

	It("renders a moved date", func() {
		moved := expiring
		moved.OldExpiration = ptr.To(now.Add(3 * day))
		Expect(impactWarnings([]fleetImpact{{Change: moved, Kind: eventExpiration, At: now.Add(7 * day), Pinning: 1,
			Outcomes: []outcomeCount{{targetOutcome: targetOutcome{Forced: true, Target: "0.41.2"}, Count: 1}}}}, 0)).To(Equal([]string{
			"component falco version 0.41.0: expires at 2026-12-08T12:00:00Z (was 2026-12-04T12:00:00Z); pinned by 1 Shoot; from then on 1 is force-upgraded to 0.41.2",
		}))
	})

	It("renders a classification that changes now, with the expiry and automatic updates", func() {
		expired := expiring
		expired.NewClassification, expired.Expiration = gardencorev1beta1.ClassificationExpired, ptr.To(now.Add(-day))
		deprecated := expiring
		deprecated.NewClassification = gardencorev1beta1.ClassificationDeprecated
		added := profileChange{Component: "falco", Version: "0.40.0", NewClassification: gardencorev1beta1.ClassificationSupported}
		Expect(impactWarnings([]fleetImpact{
			{Change: expired, Kind: eventNow, At: now, Pinning: 2, Outcomes: []outcomeCount{{targetOutcome: targetOutcome{Forced: true, Target: "0.41.2"}, Count: 2}}},
			{Change: deprecated, Kind: eventNow, At: now, Pinning: 3, Outcomes: []outcomeCount{{targetOutcome: targetOutcome{Target: "0.43.0"}, Count: 1}}, Staying: 2},
			{Change: added, Kind: eventNow, At: now, Pinning: 1, Staying: 1},
		}, 0)).To(Equal([]string{
			"component falco version 0.41.0: expired from now on (was supported), since 2026-11-30T12:00:00Z; pinned by 2 Shoots; in their next maintenance window 2 are force-upgraded to 0.41.2",
			"component falco version 0.41.0: deprecated from now on (was supported), expires at 2026-12-08T12:00:00Z; pinned by 3 Shoots; in their next maintenance window 1 is auto-updated to 0.43.0, 2 stay",
			"component falco version 0.40.0: supported from now on (was not listed); pinned by 1 Shoot; in their next maintenance window 1 stays",
		}))
	})

	It("renders a dropped date and failing rules, and nothing for changed rules that all Shoots pass", func() {
		Expect(impactWarnings([]fleetImpact{
			{Change: expiring, Kind: eventExpirationRemoved, At: now.Add(7 * day), Pinning: 3},
			{Change: expiring, Kind: eventRules, At: now, Pinning: 4, Failing: 1, FailingShoots: []namedShoot{{Shoot: "garden-dev/b", Reason: "requires Kubernetes 1.31.0 or later"}}},
			{Change: expiring, Kind: eventRules, At: now, Pinning: 4},
		}, 0)).To(Equal([]string{
			"component falco version 0.41.0: no longer expires (was 2026-12-08T12:00:00Z); pinned by 3 Shoots",
			"component falco version 0.41.0: the changed compatibility rules fail for 1 of 4 pinning Shoots",
			"Shoot garden-dev/b fails the changed rules of falco 0.41.0: requires Kubernetes 1.31.0 or later",
		}))
	})

	It("has no warnings without impacts", func() {
		Expect(impactWarnings(nil, 0)).To(BeEmpty())
	})

	Describe("the cap", func() {
		// many is one fleetImpact per version with a holder each: 20 summaries and 20 details.
		many := func() []fleetImpact {
			var impacts []fleetImpact
			for i := range 20 {
				c := expiring
				c.Version = fmt.Sprintf("0.%d.0", i)
				impacts = append(impacts, fleetImpact{Change: c, Kind: eventExpiration, At: now.Add(7 * day), Pinning: 1, Holding: 1,
					Holders: []namedShoot{{Shoot: fmt.Sprintf("garden-dev/s%02d", i), Reason: strings.Repeat("x", 400)}}})
			}
			return impacts
		}

		It("keeps max-1 warnings, summaries first, and counts the rest", func() {
			warnings := impactWarnings(many(), 0)
			Expect(warnings).To(HaveLen(maxWarnings))
			for _, w := range warnings[:maxWarnings-1] {
				Expect(w).To(HavePrefix("component falco version "))
			}
			Expect(warnings[maxWarnings-1]).To(Equal(fmt.Sprintf("and %d more impact warnings of this ExtensionProfile change", 40-(maxWarnings-1))))
		})

		It("stays below the 4096 characters the API server returns uncut", func() {
			warnings := impactWarnings(many(), 0)
			total := 0
			for _, w := range warnings {
				Expect(utf8.RuneCountInString(w)).To(BeNumerically("<=", maxWarningRunes))
				total += utf8.RuneCountInString(w)
			}
			Expect(total).To(BeNumerically("<", 4096))
		})

		It("cuts a long warning with an ellipsis", func() {
			warnings := impactWarnings(many()[:1], 0)
			Expect(warnings).To(HaveLen(2))
			Expect(warnings[1]).To(HaveSuffix("xxx…"))
			Expect(utf8.RuneCountInString(warnings[1])).To(Equal(maxWarningRunes))
		})

		It("takes a smaller max, and leaves exactly max warnings whole", func() {
			Expect(impactWarnings(many()[:2], 4)).To(HaveLen(4))
			warnings := impactWarnings(many()[:2], 3)
			Expect(warnings).To(HaveLen(3))
			Expect(warnings[2]).To(Equal("and 2 more impact warnings of this ExtensionProfile change"))
		})
	})
})
