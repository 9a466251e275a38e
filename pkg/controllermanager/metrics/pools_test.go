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
)

// runtimePool is a pool running gVisor with runsc at version ("" for an entry without one).
func runtimePool(name, version string) gardencorev1beta1.Worker {
	runsc := gardencorev1beta1.ExtensionComponent{Name: "runsc"}
	if version != "" {
		runsc.Version = ptr.To(version)
	}
	return gardencorev1beta1.Worker{Name: name, CRI: &gardencorev1beta1.CRI{Name: gardencorev1beta1.CRINameContainerD,
		ContainerRuntimes: []gardencorev1beta1.ContainerRuntime{{Type: "gvisor", Components: []gardencorev1beta1.ExtensionComponent{runsc}}}}}
}

// overridePool is a pool overriding the agent of shoot-falco-service at version.
func overridePool(name, version string) gardencorev1beta1.Worker {
	return gardencorev1beta1.Worker{Name: name, Extensions: []gardencorev1beta1.WorkerExtension{{Type: "shoot-falco-service",
		Components: []gardencorev1beta1.ExtensionComponent{{Name: "agent", Version: ptr.To(version)}}}}}
}

// withPools returns a Shoot pinning extensions, with the given pools.
func withPools(name string, extensions []gardencorev1beta1.Extension, workers ...gardencorev1beta1.Worker) gardencorev1beta1.Shoot {
	shoot := pinningShoot(name, extensions...)
	shoot.Spec.Provider.Workers = workers
	return *shoot
}

func agentAt(version string, disabled bool) []gardencorev1beta1.Extension {
	e := extension("shoot-falco-service", "agent", version)
	e.Disabled = ptr.To(disabled)
	return []gardencorev1beta1.Extension{e}
}

var _ = Describe("worker pools in the fleet and expiry gauges", func() {
	var (
		now      = time.Date(2026, 6, 1, 12, 0, 0, 0, time.UTC)
		day      = 24 * time.Hour
		profiles []gardencorev1beta1.ExtensionProfile
	)

	BeforeEach(func() {
		// runsc: 1.1.0 expires in 3 days, 1.2.0 in 60 days, 1.3.0 never, 1.0.0 is expired. agent:
		// 1.0.0 expires in 3 days, 1.0.1 never.
		profiles = []gardencorev1beta1.ExtensionProfile{
			{ObjectMeta: metav1.ObjectMeta{Name: "containerruntime-gvisor"},
				Spec: gardencorev1beta1.ExtensionProfileSpec{ExtensionKind: gardencorev1beta1.ExtensionKindContainerRuntime, Components: []gardencorev1beta1.ExtensionProfileComponent{{
					Name: "runsc",
					Versions: []gardencorev1beta1.ExtensionComponentVersion{
						{Version: "1.0.0", Lifecycle: stages(now, ptr.To(-day))},
						{Version: "1.1.0", Lifecycle: stages(now, ptr.To(3*day))},
						{Version: "1.2.0", Lifecycle: stages(now, ptr.To(60*day))},
						{Version: "1.3.0", Lifecycle: stages(now, nil)},
					},
				}}}},
			{ObjectMeta: metav1.ObjectMeta{Name: "shoot-falco-service"},
				Spec: gardencorev1beta1.ExtensionProfileSpec{Components: []gardencorev1beta1.ExtensionProfileComponent{{
					Name: "agent",
					Versions: []gardencorev1beta1.ExtensionComponentVersion{
						{Version: "1.0.0", Lifecycle: stages(now, ptr.To(3*day))},
						{Version: "1.0.1", Lifecycle: stages(now, nil)},
					},
				}}}},
		}
	})

	// counts renders series as "type/component/version classification shoots pools" ("-" for no
	// pool series), leaving out series no Shoot pins and without a pool series.
	counts := func(out []series) []string {
		var rendered []string
		for _, s := range out {
			pools := "-"
			if s.Pools != nil {
				pools = fmt.Sprint(*s.Pools)
			}
			if s.Shoots > 0 || s.Pools != nil {
				rendered = append(rendered, fmt.Sprintf("%s/%s/%s %s %d %s", s.ExtensionType, s.Component, s.Version, s.Classification, s.Shoots, pools))
			}
		}
		return rendered
	}
	runtimeZeros := []string{
		"containerruntime-gvisor/runsc/1.0.0 expired 0 0", "containerruntime-gvisor/runsc/1.1.0 supported 0 0",
		"containerruntime-gvisor/runsc/1.2.0 supported 0 0", "containerruntime-gvisor/runsc/1.3.0 supported 0 0",
	}

	DescribeTable("the fleet gauges count a Shoot once per version and each pool that pins it",
		func(shoots []gardencorev1beta1.Shoot, want []string) {
			Expect(counts(computeSeries(profiles, shoots, now))).To(ConsistOf(want))
		},
		Entry("no pins: every runtime version at 0 pools, no pool series for an extension's", nil, runtimeZeros),
		Entry("one Shoot, two pools on one runtime version, a third pool without a version", []gardencorev1beta1.Shoot{
			withPools("s", nil, runtimePool("a", "1.1.0"), runtimePool("b", "1.1.0"), runtimePool("c", "")),
		}, []string{"containerruntime-gvisor/runsc/1.0.0 expired 0 0", "containerruntime-gvisor/runsc/1.1.0 supported 1 2",
			"containerruntime-gvisor/runsc/1.2.0 supported 0 0", "containerruntime-gvisor/runsc/1.3.0 supported 0 0"}),
		Entry("an override on the Shoot's version counts the Shoot once and the pool", []gardencorev1beta1.Shoot{
			withPools("s", agentAt("1.0.0", false), overridePool("gpu", "1.0.0")),
		}, append([]string{"shoot-falco-service/agent/1.0.0 supported 1 1"}, runtimeZeros...)),
		Entry("an override on another version counts the Shoot for both", []gardencorev1beta1.Shoot{
			withPools("s", agentAt("1.0.0", false), overridePool("gpu", "1.0.1")),
		}, append([]string{"shoot-falco-service/agent/1.0.0 supported 1 -", "shoot-falco-service/agent/1.0.1 supported 1 1"}, runtimeZeros...)),
		Entry("an override of a disabled extension counts, as the Shoot's disabled pin does", []gardencorev1beta1.Shoot{
			withPools("s", agentAt("1.0.0", true), overridePool("gpu", "1.0.1")),
		}, append([]string{"shoot-falco-service/agent/1.0.0 supported 1 -", "shoot-falco-service/agent/1.0.1 supported 1 1"}, runtimeZeros...)),
		Entry("a version no profile offers is unknown", []gardencorev1beta1.Shoot{
			withPools("s", nil, runtimePool("a", "0.9.0")),
		}, append([]string{"containerruntime-gvisor/runsc/0.9.0 unknown 1 1"}, runtimeZeros...)),
		Entry("a runtime without profile", []gardencorev1beta1.Shoot{
			withPools("s", nil, gardencorev1beta1.Worker{Name: "k", CRI: &gardencorev1beta1.CRI{ContainerRuntimes: []gardencorev1beta1.ContainerRuntime{
				{Type: "kata", Components: []gardencorev1beta1.ExtensionComponent{{Name: "kata", Version: ptr.To("3.0.0")}}}}}}),
		}, append([]string{"containerruntime-kata/kata/3.0.0 unknown 1 1"}, runtimeZeros...)),
		Entry("a Shoot being deleted does not count", []gardencorev1beta1.Shoot{func() gardencorev1beta1.Shoot {
			s := withPools("s", nil, runtimePool("a", "1.1.0"))
			s.DeletionTimestamp = &metav1.Time{Time: now}
			return s
		}()}, runtimeZeros),
	)

	// expiring renders the expiry series as "type/version shoots-expiring pools-expiring
	// shoots-without-upgrade-path pools-without-upgrade-path", "-" for no series.
	expiring := func(out []expirySeries) []string {
		value := func(n *int) string {
			if n == nil {
				return "-"
			}
			return fmt.Sprint(*n)
		}
		var rendered []string
		for _, s := range out {
			rendered = append(rendered, fmt.Sprintf("%s/%s %s %s %s %s", s.ExtensionType, s.Version,
				value(s.Expiring), value(s.PoolsExpiring), value(s.WithoutUpgradePath), value(s.PoolsWithoutUpgradePath)))
		}
		return rendered
	}
	It("gives every version of a component marked perWorkerPool a pool series", func() {
		profiles[1].Spec.Components[0].PerWorkerPool = true
		Expect(counts(computeSeries(profiles, []gardencorev1beta1.Shoot{withPools("s", agentAt("1.0.0", false))}, now))).To(ConsistOf(
			append([]string{"shoot-falco-service/agent/1.0.0 supported 1 0", "shoot-falco-service/agent/1.0.1 supported 0 0"}, runtimeZeros...)))
		Expect(expiring(computeExpirySeries(context.Background(), logr.Discard(), profiles, nil, now, 30*day, 14*day, incompatibleChecker{}))).
			To(ContainElement("shoot-falco-service/1.0.0 0 0 0 0"))
	})

	// held makes 1.2.0 and 1.3.0 of runsc and 1.0.1 of the agent incompatible with Shoot "held".
	held := incompatibleChecker{"held": {"1.2.0", "1.3.0", "1.0.1"}}

	DescribeTable("the expiry gauges count the pools whose pin expires within the horizon, and those the pool's decision finds no target for",
		func(shoots []gardencorev1beta1.Shoot, want []string) {
			Expect(expiring(computeExpirySeries(context.Background(), logr.Discard(), profiles, shoots, now, 30*day, 14*day, held))).
				To(ConsistOf(want))
		},
		Entry("no pins: the runtime's expired and expiring versions at 0 pools", nil, []string{
			"containerruntime-gvisor/1.0.0 - - 0 0", "containerruntime-gvisor/1.1.0 0 0 0 0", "containerruntime-gvisor/1.2.0 - - - -",
			"shoot-falco-service/1.0.0 0 - 0 -",
		}),
		Entry("two pools of one Shoot and one of another on the expiring version, one on the expired; all have a target", []gardencorev1beta1.Shoot{
			withPools("s", nil, runtimePool("a", "1.1.0"), runtimePool("b", "1.1.0"), runtimePool("c", "1.0.0")),
			withPools("t", nil, runtimePool("a", "1.1.0")),
		}, []string{
			"containerruntime-gvisor/1.0.0 - - 0 0", "containerruntime-gvisor/1.1.0 2 3 0 0", "containerruntime-gvisor/1.2.0 - - - -",
			"shoot-falco-service/1.0.0 0 - 0 -",
		}),
		Entry("a Shoot whose newer versions are incompatible holds, counted once with both its pools", []gardencorev1beta1.Shoot{
			withPools("held", nil, runtimePool("a", "1.1.0"), runtimePool("b", "1.1.0")),
			withPools("s", nil, runtimePool("a", "1.1.0")),
		}, []string{
			"containerruntime-gvisor/1.0.0 - - 0 0", "containerruntime-gvisor/1.1.0 2 3 1 2", "containerruntime-gvisor/1.2.0 - - - -",
			"shoot-falco-service/1.0.0 0 - 0 -",
		}),
		Entry("a pool on a version the profile lacks is forced now and holds", []gardencorev1beta1.Shoot{
			withPools("s", nil, runtimePool("a", "0.9.0")),
		}, []string{
			"containerruntime-gvisor/0.9.0 - - 1 1", "containerruntime-gvisor/1.0.0 - - 0 0", "containerruntime-gvisor/1.1.0 0 0 0 0",
			"containerruntime-gvisor/1.2.0 - - - -", "shoot-falco-service/1.0.0 0 - 0 -",
		}),
		Entry("an override and the Shoot's pin on the expiring version: the Shoot once", []gardencorev1beta1.Shoot{
			withPools("held", agentAt("1.0.0", false), overridePool("gpu", "1.0.0")),
		}, []string{
			"containerruntime-gvisor/1.0.0 - - 0 0", "containerruntime-gvisor/1.1.0 0 0 0 0", "containerruntime-gvisor/1.2.0 - - - -",
			"shoot-falco-service/1.0.0 1 1 1 1",
		}),
		Entry("an override alone counts the Shoot", []gardencorev1beta1.Shoot{
			withPools("s", agentAt("1.0.1", false), overridePool("gpu", "1.0.0")),
		}, []string{
			"containerruntime-gvisor/1.0.0 - - 0 0", "containerruntime-gvisor/1.1.0 0 0 0 0", "containerruntime-gvisor/1.2.0 - - - -",
			"shoot-falco-service/1.0.0 1 1 0 0",
		}),
		Entry("an override of a disabled extension does not count", []gardencorev1beta1.Shoot{
			withPools("held", agentAt("1.0.1", true), overridePool("gpu", "1.0.0")),
		}, []string{
			"containerruntime-gvisor/1.0.0 - - 0 0", "containerruntime-gvisor/1.1.0 0 0 0 0", "containerruntime-gvisor/1.2.0 - - - -",
			"shoot-falco-service/1.0.0 0 - 0 -",
		}),
	)

	It("exposes the pool gauges through the collectors", func() {
		shoot := withPools("s", agentAt("1.0.1", false), runtimePool("a", "1.1.0"), runtimePool("b", "1.3.0"), overridePool("gpu", "1.0.0"))
		objects := []client.Object{&profiles[0], &profiles[1], &shoot}
		reader := fake.NewClientBuilder().WithScheme(kubernetes.GardenScheme).WithObjects(objects...).Build()
		clock := testclock.NewFakeClock(now)

		fleet := &extensionComponentShootsCollector{Reader: reader, Clock: clock, Log: logr.Discard()}
		Expect(testutil.CollectAndCompare(fleet, strings.NewReader(fmt.Sprintf(`# HELP %[1]s %[2]s
# TYPE %[1]s gauge
%[1]s{classification="expired",component="runsc",extension_type="containerruntime-gvisor",version="1.0.0"} 0
%[1]s{classification="supported",component="runsc",extension_type="containerruntime-gvisor",version="1.1.0"} 1
%[1]s{classification="supported",component="runsc",extension_type="containerruntime-gvisor",version="1.2.0"} 0
%[1]s{classification="supported",component="runsc",extension_type="containerruntime-gvisor",version="1.3.0"} 1
%[1]s{classification="supported",component="agent",extension_type="shoot-falco-service",version="1.0.0"} 1
`, extensionComponentWorkerPoolsName, extensionComponentWorkerPoolsHelp)), extensionComponentWorkerPoolsName)).To(Succeed())
		Expect(testutil.CollectAndLint(fleet)).To(BeEmpty())

		expiry := &extensionComponentExpiryCollector{Reader: reader, Clock: clock, Horizon: 7 * day, Log: logr.Discard(),
			Checker: incompatibleChecker{"s": {"1.2.0", "1.3.0"}}}
		Expect(testutil.CollectAndCompare(expiry, strings.NewReader(fmt.Sprintf(`# HELP %[1]s %[2]s
# TYPE %[1]s gauge
%[1]s{component="runsc",extension_type="containerruntime-gvisor",version="1.1.0"} 1
%[1]s{component="agent",extension_type="shoot-falco-service",version="1.0.0"} 1
`, extensionComponentWorkerPoolsExpiringName, extensionComponentWorkerPoolsExpiringHelp)), extensionComponentWorkerPoolsExpiringName)).To(Succeed())
		Expect(testutil.CollectAndCompare(expiry, strings.NewReader(fmt.Sprintf(`# HELP %[1]s %[2]s
# TYPE %[1]s gauge
%[1]s{component="runsc",extension_type="containerruntime-gvisor",version="1.0.0"} 0
%[1]s{component="runsc",extension_type="containerruntime-gvisor",version="1.1.0"} 1
%[1]s{component="agent",extension_type="shoot-falco-service",version="1.0.0"} 0
`, extensionComponentWorkerPoolsWithoutUpgradePathName, extensionComponentWorkerPoolsWithoutUpgradePathHelp)), extensionComponentWorkerPoolsWithoutUpgradePathName)).To(Succeed())
		Expect(testutil.CollectAndLint(expiry)).To(BeEmpty())
	})
})
