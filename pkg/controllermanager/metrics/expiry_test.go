// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package metrics

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/go-logr/logr"
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	"github.com/prometheus/client_golang/prometheus/testutil"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	testclock "k8s.io/utils/clock/testing"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/client/fake"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	"github.com/gep-78/gardener/pkg/client/kubernetes"
	celutils "github.com/gep-78/gardener/pkg/utils/cel"
	"github.com/gep-78/gardener/pkg/utils/gardener/componentversion"
)

// incompatibleChecker fails every version listed for a Shoot name.
type incompatibleChecker map[string][]string

func (c incompatibleChecker) ForShoot(shoot *gardencorev1beta1.Shoot) componentversion.ShootCompatibility {
	return incompatibleShoot{versions: c[shoot.Name], name: shoot.Name}
}

type incompatibleShoot struct {
	versions []string
	name     string
}

func (c incompatibleShoot) Check(_ context.Context, _ *gardencorev1beta1.ExtensionProfile, _, version string) ([]componentversion.RuleFailure, bool) {
	for _, v := range c.versions {
		if v == version {
			return []componentversion.RuleFailure{{Rule: "false", Status: celutils.StatusFailed, Message: "not for " + c.name}}, true
		}
	}
	return nil, true
}

func (c incompatibleShoot) CheckWorker(ctx context.Context, profile *gardencorev1beta1.ExtensionProfile, component, version, _ string) ([]componentversion.RuleFailure, bool) {
	return c.Check(ctx, profile, component, version)
}

func stages(now time.Time, expiresIn *time.Duration) []gardencorev1beta1.LifecycleStage {
	out := []gardencorev1beta1.LifecycleStage{{Classification: gardencorev1beta1.ClassificationSupported}}
	if expiresIn != nil {
		out = append(out, gardencorev1beta1.LifecycleStage{Classification: gardencorev1beta1.ClassificationExpired, StartTime: &metav1.Time{Time: now.Add(*expiresIn)}})
	}
	return out
}

var _ = Describe("extensionComponentExpiryCollector", func() {
	var (
		now     = time.Date(2026, 6, 1, 12, 0, 0, 0, time.UTC)
		day     = 24 * time.Hour
		profile *gardencorev1beta1.ExtensionProfile
	)

	BeforeEach(func() {
		// agent: 1.0.0 expires in 3 days, 1.0.1 in 60 days (beyond the horizon), 1.0.2 never;
		// 0.9.0 is expired. 2.0.0 expires in 5 days and has nothing to go to in its major.
		profile = &gardencorev1beta1.ExtensionProfile{
			ObjectMeta: metav1.ObjectMeta{Name: "shoot-falco-service"},
			Spec: gardencorev1beta1.ExtensionProfileSpec{Components: []gardencorev1beta1.ExtensionProfileComponent{{
				Name: "agent",
				Versions: []gardencorev1beta1.ExtensionComponentVersion{
					{Version: "0.9.0", Lifecycle: stages(now, ptr.To(-day))},
					{Version: "1.0.0", Lifecycle: stages(now, ptr.To(3*day))},
					{Version: "1.0.1", Lifecycle: stages(now, ptr.To(60*day))},
					{Version: "1.0.2", Lifecycle: stages(now, nil)},
					{Version: "2.0.0", Lifecycle: stages(now, ptr.To(5*day))},
				},
			}}},
		}
	})

	pin := func(name, version string, autoUpdate bool) gardencorev1beta1.Shoot {
		shoot := pinningShoot(name, extension("shoot-falco-service", "agent", version))
		shoot.Spec.Extensions[0].AutoUpdate = &gardencorev1beta1.ExtensionAutoUpdate{Enabled: ptr.To(autoUpdate)}
		return *shoot
	}

	byVersion := func(series []expirySeries) map[string]expirySeries {
		out := map[string]expirySeries{}
		for _, s := range series {
			out[s.Version] = s
		}
		return out
	}

	It("counts expiring pins within the horizon and the pins the maintenance decision finds no target for", func() {
		shoots := []gardencorev1beta1.Shoot{
			pin("a", "1.0.0", false), // 1.0.1 and 1.0.2 are targets
			pin("b", "1.0.0", false), // both incompatible: holds
			pin("c", "2.0.0", false), // no higher version in major 2: holds
			pin("d", "0.9.0", true),  // expired; the force path never crosses a major: holds
			pin("e", "1.0.1", false), // expires beyond the horizon
			pin("f", "1.0.7", false), // not listed: forced now, but no listed version is higher: holds
		}
		disabled := pin("g", "2.0.0", false)
		disabled.Spec.Extensions[0].Disabled = ptr.To(true)
		deleting := pin("h", "2.0.0", false)
		deleting.DeletionTimestamp = &metav1.Time{Time: now}
		shoots = append(shoots, disabled, deleting)

		series := byVersion(computeExpirySeries(context.Background(), logr.Discard(), []gardencorev1beta1.ExtensionProfile{*profile}, shoots, now, 30*day, 14*day,
			incompatibleChecker{"b": {"1.0.1", "1.0.2"}}))

		Expect(series).To(HaveLen(5))
		Expect(series["1.0.0"].Expiring).To(HaveValue(Equal(2)))
		Expect(series["1.0.0"].WithoutUpgradePath).To(HaveValue(Equal(1)))
		Expect(series["1.0.0"].Expiration).To(HaveValue(Equal(now.Add(3 * day))))
		Expect(series["2.0.0"].Expiring).To(HaveValue(Equal(1)))
		Expect(series["2.0.0"].WithoutUpgradePath).To(HaveValue(Equal(1)))
		Expect(series["0.9.0"].Expiring).To(BeNil())
		Expect(series["0.9.0"].WithoutUpgradePath).To(HaveValue(Equal(1)))
		Expect(series["1.0.1"].Expiring).To(BeNil())
		Expect(series["1.0.1"].WithoutUpgradePath).To(BeNil())
		Expect(series["1.0.1"].Expiration).NotTo(BeNil())
		Expect(series["1.0.7"].Expiration).To(BeNil())
		Expect(series["1.0.7"].WithoutUpgradePath).To(HaveValue(Equal(1)))
		Expect(series).NotTo(HaveKey("1.0.2"))
	})

	It("decides at the expiration date, so a target that expires earlier does not count", func() {
		// 1.0.1 expires one day after 1.0.0 within the horizon: at 1.0.0's expiration it is still
		// supported, so a Shoot on 1.0.0 has a target then.
		profile.Spec.Components[0].Versions[2].Lifecycle = stages(now, ptr.To(4*day))
		profile.Spec.Components[0].Versions = profile.Spec.Components[0].Versions[:3]
		series := byVersion(computeExpirySeries(context.Background(), logr.Discard(), []gardencorev1beta1.ExtensionProfile{*profile},
			[]gardencorev1beta1.Shoot{pin("a", "1.0.0", false)}, now, 30*day, 14*day, incompatibleChecker{}))
		Expect(series["1.0.0"].WithoutUpgradePath).To(HaveValue(Equal(0)))

		// Swapped: 1.0.1 expires before 1.0.0 does, and nothing is left to go to.
		profile.Spec.Components[0].Versions[2].Lifecycle = stages(now, ptr.To(2*day))
		series = byVersion(computeExpirySeries(context.Background(), logr.Discard(), []gardencorev1beta1.ExtensionProfile{*profile},
			[]gardencorev1beta1.Shoot{pin("a", "1.0.0", false)}, now, 30*day, 14*day, incompatibleChecker{}))
		Expect(series["1.0.0"].WithoutUpgradePath).To(HaveValue(Equal(1)))
	})

	It("uses the configured horizon", func() {
		series := byVersion(computeExpirySeries(context.Background(), logr.Discard(), []gardencorev1beta1.ExtensionProfile{*profile},
			[]gardencorev1beta1.Shoot{pin("e", "1.0.1", false)}, now, 90*day, 14*day, incompatibleChecker{}))
		Expect(series["1.0.1"].Expiring).To(HaveValue(Equal(1)))
		Expect(series["1.0.1"].WithoutUpgradePath).To(HaveValue(Equal(0)))
	})

	It("exposes the gauges through the collector, classified at the clock's time", func() {
		scheme := kubernetes.GardenScheme
		shoot := pin("b", "1.0.0", false)
		reader := fake.NewClientBuilder().WithScheme(scheme).WithObjects([]client.Object{profile, &shoot}...).Build()
		collector := &extensionComponentExpiryCollector{
			Reader: reader, Clock: testclock.NewFakePassiveClock(now), Horizon: 7 * day, Log: logr.Discard(),
			Checker: incompatibleChecker{"b": {"1.0.1", "1.0.2"}},
		}
		Expect(testutil.CollectAndCompare(collector, strings.NewReader(fmt.Sprintf(`# HELP %[1]s %[2]s
# TYPE %[1]s gauge
%[1]s{component="agent",extension_type="shoot-falco-service",version="0.9.0"} 0
%[1]s{component="agent",extension_type="shoot-falco-service",version="1.0.0"} 1
%[1]s{component="agent",extension_type="shoot-falco-service",version="2.0.0"} 0
`, extensionComponentShootsWithoutUpgradePathName, extensionComponentShootsWithoutUpgradePathHelp)), extensionComponentShootsWithoutUpgradePathName)).To(Succeed())
		Expect(testutil.CollectAndCompare(collector, strings.NewReader(fmt.Sprintf(`# HELP %[1]s %[2]s
# TYPE %[1]s gauge
%[1]s{component="agent",extension_type="shoot-falco-service",version="1.0.0"} 1
%[1]s{component="agent",extension_type="shoot-falco-service",version="2.0.0"} 0
`, extensionComponentShootsExpiringName, extensionComponentShootsExpiringHelp)), extensionComponentShootsExpiringName)).To(Succeed())
		Expect(testutil.CollectAndCompare(collector, strings.NewReader(fmt.Sprintf(`# HELP %[1]s %[2]s
# TYPE %[1]s gauge
%[1]s{component="agent",extension_type="shoot-falco-service",version="0.9.0"} %[3]d
%[1]s{component="agent",extension_type="shoot-falco-service",version="1.0.0"} %[4]d
%[1]s{component="agent",extension_type="shoot-falco-service",version="1.0.1"} %[5]d
%[1]s{component="agent",extension_type="shoot-falco-service",version="2.0.0"} %[6]d
`, extensionComponentVersionExpirationName, extensionComponentVersionExpirationHelp,
			now.Add(-day).Unix(), now.Add(3*day).Unix(), now.Add(60*day).Unix(), now.Add(5*day).Unix())), extensionComponentVersionExpirationName)).To(Succeed())
		Expect(testutil.CollectAndCount(collector, extensionComponentVersionExpirationName)).To(Equal(4))
		Expect(testutil.CollectAndLint(collector)).To(BeEmpty())
	})
})
