// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package prometheus_test

import (
	"os"
	"path/filepath"
	"strings"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	promv1 "github.com/prometheus/client_golang/api/prometheus/v1"
	"github.com/prometheus/common/model"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/client"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
)

// heldProfile offers a version that expires in an hour and, besides it, only a preview: a Shoot
// that pins it has no upgrade path, and its forced update fails with no-target.
const heldProfile = `apiVersion: core.gardener.cloud/v1beta1
kind: ExtensionProfile
metadata:
  name: shoot-networking-filter
spec:
  components:
  - name: egress-filter
    versions:
    - version: "1.0.0"
      lifecycle:
      - classification: supported
      - classification: expired
        startTime: "%s"
    - version: "1.1.0"
      lifecycle:
      - classification: preview
`

const (
	fleet      = "Shoots per component version and classification"
	atRisk     = "Shoots on deprecated or expiring versions"
	expiries   = "When pinned versions expire"
	upgrades   = "Component upgrades by maintenance, per reason"
	failures   = "Component maintenance failures, per reason"
	channels   = "Release channel versions per profile"
	alerts     = "Firing extension component alerts"
	falco      = "shoot-falco-service"
	traefik    = "shoot-traefik"
	filter     = "shoot-networking-filter"
	falcoKey   = "falco " + falco + " "
	traefikKey = "traefik " + traefik + " "
	filterKey  = "egress-filter " + filter + " "
)

// reasons returns the series of a counter panel: every reason of every profile at 0, but counts.
func reasons(reasons []string, counts map[string]float64) map[string]float64 {
	out := map[string]float64{}
	for _, profile := range []string{falco, traefik, filter} {
		for _, reason := range reasons {
			out[profile+" "+reason] = counts[profile+" "+reason]
		}
	}
	return out
}

// zero returns series with every value 0.
func zero(series map[string]float64) map[string]float64 {
	out := map[string]float64{}
	for key := range series {
		out[key] = 0
	}
	return out
}

var (
	upgradeReasons = []string{"auto-update", "channel", "expiry"}
	failureReasons = []string{"no-target", "incompatible", "error", "write-rejected"}
)

var _ = Describe("local-garden --prometheus on the example garden", func() {
	It("answers every dashboard query as the garden implies, and the alert rules fire", func() {
		g := startGarden()
		queries := dashboardQueries()
		checked := map[string]bool{}
		// expect waits until the panel's query returns exactly want, keyed by label values ordered
		// by label name.
		expect := func(panel, refID string, want map[string]float64) {
			GinkgoHelper()
			expr, ok := queries[panel+"/"+refID]
			Expect(ok).To(BeTrue(), "the dashboard has the query %s of panel %q", refID, panel)
			checked[panel+"/"+refID] = true
			Eventually(func() (map[string]float64, error) {
				return g.query(expr, panel == upgrades || panel == failures)
			}).Should(Equal(want), "panel %q, query %s: %s", panel, refID, expr)
		}

		By("Prometheus listens on loopback, and its URL comes before `local garden ready`")
		Expect(g.url).To(HavePrefix("http://127.0.0.1:"))
		Expect(strings.Index(g.output, "prometheus: "+g.url)).To(BeNumerically("<", strings.Index(g.output, "local garden ready")))

		By("The example profiles and Shoots, a third Shoot on falco 0.44.1, and a Shoot on a version without upgrade path")
		examples := g.renderExamples()
		file := func(name string) string { return filepath.Join(examples, name) }
		g.kubectl("apply", "-f", file("00-namespace-garden-dev.yaml"), "-f", file("10-cloudprofile-local.yaml"),
			"-f", file("20-extensionprofile-shoot-traefik.yaml"), "-f", file("21-extensionprofile-shoot-falco-service.yaml"))
		held := filepath.Join(examples, "90-extensionprofile-shoot-networking-filter.yaml")
		Expect(os.WriteFile(held, []byte(strings.Replace(heldProfile, "%s", time.Now().Add(time.Hour).UTC().Format(time.RFC3339), 1)), 0o600)).To(Succeed())
		g.kubectl("apply", "-f", held)
		g.waitClassified(falco, "0.42.1", gardencorev1beta1.ClassificationDeprecated)
		g.waitClassified(traefik, "3.6.13", gardencorev1beta1.ClassificationSupported)
		g.waitClassified(filter, "1.0.0", gardencorev1beta1.ClassificationSupported)
		g.kubectl("apply", "-f", file("30-shoot-pinned.yaml"), "-f", file("31-shoot-partial-version.yaml"),
			"-f", file("32-shoot-frozen-falco.yaml"), "-f", file("33-shoots-channels.yaml"))
		g.cloneShoot(file("30-shoot-pinned.yaml"), "pinned-falco", gardencorev1beta1.Extension{Type: falco,
			Components: []gardencorev1beta1.ExtensionComponent{{Name: "falco", Version: ptr.To("0.44.1")}}})
		g.cloneShoot(file("30-shoot-pinned.yaml"), "held", gardencorev1beta1.Extension{Type: filter,
			Components: []gardencorev1beta1.ExtensionComponent{{Name: "egress-filter", Version: ptr.To("1.0.0")}}})

		By("Every panel before maintenance: pinned, partial, pinned-falco on falco 0.44.1, frozen on the deprecated 0.42.1 that expires in an hour")
		expect(fleet, "A", map[string]float64{
			"expired " + falcoKey + "0.41.3": 0, "deprecated " + falcoKey + "0.42.1": 1, "supported " + falcoKey + "0.44.1": 3,
			"preview " + falcoKey + "0.45.0": 0, "unavailable " + falcoKey + "0.45.1": 0,
			"expired " + traefikKey + "3.6.7": 0, "supported " + traefikKey + "3.6.11": 1, "deprecated " + traefikKey + "3.6.12": 0,
			"supported " + traefikKey + "3.6.13": 3, "unavailable " + traefikKey + "3.6.14": 0, "unavailable " + traefikKey + "3.6.15": 0,
			"preview " + traefikKey + "3.7.0":  1,
			"supported " + filterKey + "1.0.0": 1, "preview " + filterKey + "1.1.0": 0,
		})
		expect(atRisk, "A", map[string]float64{falcoKey + "0.42.1": 1})
		expect(atRisk, "B", map[string]float64{falcoKey + "0.42.1": 1, filterKey + "1.0.0": 1})
		expect(atRisk, "C", map[string]float64{filterKey + "1.0.0": 1})
		expect(expiries, "A", map[string]float64{falcoKey + "0.42.1": g.expiration(falco, "0.42.1"), filterKey + "1.0.0": g.expiration(filter, "1.0.0")})
		expect(expiries, "B", map[string]float64{falcoKey + "0.42.1": 1, filterKey + "1.0.0": 1})
		expect(upgrades, "A", reasons(upgradeReasons, nil))
		expect(failures, "A", reasons(failureReasons, nil))
		// channelFollowers are the channels' versions and followers: traefik's channel Shoots, one
		// each; egress-filter's regular and stable channels have the version filter ("none" once
		// its only supported version expired).
		channelFollowers := func(regular, filterVersion string) map[string]float64 {
			return map[string]float64{
				"rapid " + traefikKey + "3.7.0": 1, "regular " + traefikKey + regular: 1, "stable " + traefikKey + "3.6.11": 1,
				"rapid " + falcoKey + "0.45.0": 0, "regular " + falcoKey + "0.44.1": 0, "stable " + falcoKey + "0.44.1": 0,
				"rapid " + filterKey + "1.1.0": 0, "regular " + filterKey + filterVersion: 0, "stable " + filterKey + filterVersion: 0,
			}
		}
		expect(channels, "A", channelFollowers("3.6.13", "1.0.0"))
		expect(channels, "B", zero(channelFollowers("3.6.13", "1.0.0")))
		expect(alerts, "A", map[string]float64{
			"ExtensionComponentPinsExpiringSoon falco " + falco + " info 0.42.1":                         1,
			"ExtensionComponentPinsExpiringSoon egress-filter " + filter + " info 1.0.0":                 1,
			"ExtensionComponentPinExpiresWithoutUpgradePath egress-filter " + filter + " critical 1.0.0": 1,
		})
		Expect(g.prometheus.Alerts(ctx)).To(HaveField("Alerts", ContainElement(And(
			HaveField("State", promv1.AlertStateFiring),
			HaveField("Labels", And(HaveKeyWithValue(model.LabelName("alertname"), model.LabelValue("ExtensionComponentPinsExpiringSoon")),
				HaveKeyWithValue(model.LabelName("version"), model.LabelValue("0.42.1")))),
		))))

		By("The operator expires falco 0.42.1 and egress-filter 1.0.0 and releases traefik 3.6.15 now; maintenance runs")
		now := time.Now().Add(-time.Second)
		g.setStartTime(falco, "0.42.1", gardencorev1beta1.ClassificationExpired, now)
		g.setStartTime(filter, "1.0.0", gardencorev1beta1.ClassificationExpired, now)
		g.setStartTime(traefik, "3.6.15", gardencorev1beta1.ClassificationSupported, now)
		for _, name := range []string{"pinned", "frozen", "channel-regular", "held"} {
			shoot := &gardencorev1beta1.Shoot{}
			Expect(g.client.Get(ctx, client.ObjectKey{Namespace: "garden-dev", Name: name}, shoot)).To(Succeed())
			patch := client.MergeFrom(shoot.DeepCopy())
			metav1.SetMetaDataAnnotation(&shoot.ObjectMeta, "gardener.cloud/operation", "maintain")
			Expect(g.client.Patch(ctx, shoot, patch)).To(Succeed())
		}
		for _, name := range []string{"pinned", "frozen", "channel-regular", "held"} {
			Eventually(func(gm Gomega) {
				shoot := &gardencorev1beta1.Shoot{}
				gm.Expect(g.client.Get(ctx, client.ObjectKey{Namespace: "garden-dev", Name: name}, shoot)).To(Succeed())
				gm.Expect(shoot.Annotations).NotTo(HaveKey("gardener.cloud/operation"))
				gm.Expect(shoot.Status.LastMaintenance).NotTo(BeNil())
			}).Should(Succeed(), "shoot %s maintained", name)
		}

		By("Every panel after maintenance: one upgrade per reason (frozen forced, pinned auto-updated, channel-regular moved), one failure")
		expect(upgrades, "A", reasons(upgradeReasons, map[string]float64{falco + " expiry": 1, traefik + " auto-update": 1, traefik + " channel": 1}))
		expect(failures, "A", reasons(failureReasons, map[string]float64{filter + " no-target": 1}))
		expect(fleet, "A", map[string]float64{
			"expired " + falcoKey + "0.41.3": 0, "expired " + falcoKey + "0.42.1": 0, "supported " + falcoKey + "0.44.1": 4,
			"preview " + falcoKey + "0.45.0": 0, "unavailable " + falcoKey + "0.45.1": 0,
			"expired " + traefikKey + "3.6.7": 0, "supported " + traefikKey + "3.6.11": 1, "deprecated " + traefikKey + "3.6.12": 0,
			"supported " + traefikKey + "3.6.13": 1, "unavailable " + traefikKey + "3.6.14": 0, "supported " + traefikKey + "3.6.15": 2,
			"preview " + traefikKey + "3.7.0": 1,
			"expired " + filterKey + "1.0.0":  1, "preview " + filterKey + "1.1.0": 0,
		})
		expect(atRisk, "A", map[string]float64{})
		expect(atRisk, "B", map[string]float64{})
		expect(atRisk, "C", map[string]float64{filterKey + "1.0.0": 1})
		expect(expiries, "A", map[string]float64{filterKey + "1.0.0": g.expiration(filter, "1.0.0")})
		expect(expiries, "B", map[string]float64{filterKey + "1.0.0": 1})
		expect(channels, "A", channelFollowers("3.6.15", "none"))
		expect(channels, "B", zero(channelFollowers("3.6.15", "none")))
		expect(alerts, "A", map[string]float64{
			"ExtensionComponentPinExpiredWithoutUpgradePath egress-filter " + filter + " critical 1.0.0": 1,
		})

		By("Every query of the dashboard was run")
		var all []string
		for key := range queries {
			all = append(all, key)
		}
		var ran []string
		for key := range checked {
			ran = append(ran, key)
		}
		Expect(ran).To(ConsistOf(all))
	})
})
