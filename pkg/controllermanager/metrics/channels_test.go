// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package metrics

import (
	"context"
	"errors"
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
	"sigs.k8s.io/controller-runtime/pkg/client/interceptor"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	"github.com/gep-78/gardener/pkg/client/kubernetes"
	"github.com/gep-78/gardener/pkg/utils/gardener/componentversion"
	"github.com/gep-78/gardener/test/examples"
)

var channelHeader = fmt.Sprintf("# HELP %s %s\n# TYPE %s gauge\n", extensionComponentChannelShootsName, extensionComponentChannelShootsHelp, extensionComponentChannelShootsName)

func channelSample(channel, version string, on bool, shoots int) string {
	return fmt.Sprintf("%s{channel=%q,component=\"falco\",extension_type=\"shoot-falco-service\",on_channel_version=\"%t\",version=%q} %d\n",
		extensionComponentChannelShootsName, channel, on, version, shoots)
}

// following is a falco entry storing version that follows channel on the extension.
func following(channel gardencorev1beta1.ReleaseChannel, version string) gardencorev1beta1.Extension {
	e := extension("shoot-falco-service", "falco", version)
	e.Channel = ptr.To(channel)
	return e
}

var _ = Describe("extensionComponentChannelCollector", func() {
	var (
		fakeClock *testclock.FakeClock
		objects   []client.Object
	)

	newCollector := func(funcs interceptor.Funcs) *extensionComponentChannelCollector {
		c := fake.NewClientBuilder().WithScheme(kubernetes.GardenScheme).WithObjects(objects...).WithInterceptorFuncs(funcs).Build()
		return &extensionComponentChannelCollector{Reader: c, Clock: fakeClock, SoakPeriod: gardencorev1beta1.DefaultStableChannelSoakPeriod, Log: logr.Discard()}
	}

	BeforeEach(func() {
		fakeClock = testclock.NewFakeClock(examples.ReferenceTime)
		deleting := pinningShoot("deleting", following(gardencorev1beta1.ReleaseChannelRegular, "0.44.1"))
		deleting.DeletionTimestamp, deleting.Finalizers = ptr.To(metav1.NewTime(examples.ReferenceTime)), []string{"gardener"}
		disabled := pinningShoot("disabled", following(gardencorev1beta1.ReleaseChannelRegular, "0.44.1"))
		disabled.Spec.Extensions[0].Disabled = ptr.To(true)
		componentChannel := extension("shoot-falco-service", "falco", "0.42.1")
		componentChannel.Components[0].Channel = ptr.To(gardencorev1beta1.ReleaseChannelStable)
		objects = []client.Object{
			readExample[gardencorev1beta1.ExtensionProfile]("extensionprofile-shoot-falco-service.yaml"),
			pinningShoot("a", following(gardencorev1beta1.ReleaseChannelRegular, "0.44.1")),
			pinningShoot("b", following(gardencorev1beta1.ReleaseChannelRegular, "0.44.1")),
			pinningShoot("c", following(gardencorev1beta1.ReleaseChannelRegular, "0.42.1")),
			pinningShoot("d", componentChannel),
			pinningShoot("pinned", extension("shoot-falco-service", "falco", "0.44.1")),
			deleting, disabled,
		}
	})

	It("counts the Shoots following each channel, with the channel's version, on it or not yet", func() {
		Expect(testutil.CollectAndCompare(newCollector(interceptor.Funcs{}), strings.NewReader(channelHeader+
			channelSample("rapid", "0.45.0", false, 0)+
			channelSample("rapid", "0.45.0", true, 0)+
			channelSample("regular", "0.44.1", false, 1)+
			channelSample("regular", "0.44.1", true, 2)+
			channelSample("stable", "0.44.1", false, 1)+
			channelSample("stable", "0.44.1", true, 0)))).To(Succeed())
	})

	DescribeTable("moves stable after the configured soak period, which maintenance and the profile status take too",
		func(soak time.Duration) {
			promotion := time.Date(2027, time.January, 15, 0, 0, 0, 0, time.UTC)
			profiles := []gardencorev1beta1.ExtensionProfile{*objects[0].(*gardencorev1beta1.ExtensionProfile)}
			stable := func(at time.Time) string {
				for _, s := range computeChannelSeries(profiles, nil, at, soak) {
					if s.OnChannelVersion && s.Channel == gardencorev1beta1.ReleaseChannelStable {
						return s.Version
					}
				}
				return ""
			}
			Expect(stable(promotion.Add(soak - time.Second))).To(Equal("0.44.1"))
			Expect(stable(promotion.Add(soak))).To(Equal("0.45.0"))
			Expect(componentversion.ExtensionProfileStatusWithChannelsAt(profiles[0].Spec, promotion.Add(soak), soak).Components[0].Channels[2].Version).To(Equal("0.45.0"))
		},
		Entry("the default", gardencorev1beta1.DefaultStableChannelSoakPeriod),
		Entry("3 days", 72*time.Hour),
	)

	It("moves the channels' versions with the clock: a promotion moves regular at once and stable after the soak period", func() {
		// 0.45.0 is supported from 2027-01-15; 0.45.1 is preview from 2026-12-15.
		promotion := time.Date(2027, time.January, 15, 0, 0, 0, 0, time.UTC)
		series := func(at time.Time) []string {
			var out []string
			profiles := []gardencorev1beta1.ExtensionProfile{*objects[0].(*gardencorev1beta1.ExtensionProfile)}
			for _, s := range computeChannelSeries(profiles, nil, at, gardencorev1beta1.DefaultStableChannelSoakPeriod) {
				if s.OnChannelVersion {
					out = append(out, string(s.Channel)+"="+s.Version)
				}
			}
			return out
		}
		Expect(series(promotion.Add(-time.Second))).To(Equal([]string{"rapid=0.45.1", "regular=0.44.1", "stable=0.44.1"}))
		Expect(series(promotion)).To(Equal([]string{"rapid=0.45.1", "regular=0.45.0", "stable=0.44.1"}))
		Expect(series(promotion.Add(gardencorev1beta1.DefaultStableChannelSoakPeriod))).To(Equal([]string{"rapid=0.45.1", "regular=0.45.0", "stable=0.45.0"}))

		fakeClock.SetTime(promotion)
		Expect(testutil.CollectAndCompare(newCollector(interceptor.Funcs{}), strings.NewReader(channelHeader+
			channelSample("rapid", "0.45.1", false, 0)+
			channelSample("rapid", "0.45.1", true, 0)+
			channelSample("regular", "0.45.0", false, 3)+
			channelSample("regular", "0.45.0", true, 0)+
			channelSample("stable", "0.44.1", false, 1)+
			channelSample("stable", "0.44.1", true, 0)))).To(Succeed())
	})

	It("reports the version none for a channel without a version", func() {
		profile := objects[0].(*gardencorev1beta1.ExtensionProfile)
		for i := range profile.Spec.Components[0].Versions {
			if v := &profile.Spec.Components[0].Versions[i]; v.Version == "0.44.1" {
				v.Lifecycle = []gardencorev1beta1.LifecycleStage{{Classification: gardencorev1beta1.ClassificationSupported,
					StartTime: ptr.To(metav1.NewTime(examples.ReferenceTime.Add(-time.Hour)))}}
			}
		}
		s := computeChannelSeries([]gardencorev1beta1.ExtensionProfile{*profile}, nil, examples.ReferenceTime, gardencorev1beta1.DefaultStableChannelSoakPeriod)
		Expect(s[4]).To(Equal(channelSeries{ExtensionType: "shoot-falco-service", Component: "falco", Channel: "stable", Version: channelVersionNone}))
	})

	It("reports no series, without failing the scrape, when the reads fail", func() {
		collector := newCollector(interceptor.Funcs{List: func(context.Context, client.WithWatch, client.ObjectList, ...client.ListOption) error {
			return errors.New("cache not synced")
		}})
		Expect(testutil.CollectAndCount(collector)).To(Equal(0))
	})

	It("sorts by extension type, component, channel (rapid, regular, stable), off the channel's version first", func() {
		profile := func(name string, components ...string) gardencorev1beta1.ExtensionProfile {
			p := gardencorev1beta1.ExtensionProfile{ObjectMeta: metav1.ObjectMeta{Name: name}}
			for _, c := range components {
				p.Spec.Components = append(p.Spec.Components, gardencorev1beta1.ExtensionProfileComponent{Name: c,
					Versions: []gardencorev1beta1.ExtensionComponentVersion{{Version: "1.0.0"}}})
			}
			return p
		}
		var keys []string
		for _, s := range computeChannelSeries([]gardencorev1beta1.ExtensionProfile{profile("shoot-b", "y"), profile("shoot-a", "z", "x")}, nil,
			examples.ReferenceTime, gardencorev1beta1.DefaultStableChannelSoakPeriod) {
			keys = append(keys, fmt.Sprintf("%s/%s/%s/%t=%d", s.ExtensionType, s.Component, s.Channel, s.OnChannelVersion, s.Shoots))
		}
		Expect(keys).To(HaveLen(18))
		Expect(keys[:7]).To(Equal([]string{
			"shoot-a/x/rapid/false=0", "shoot-a/x/rapid/true=0", "shoot-a/x/regular/false=0", "shoot-a/x/regular/true=0",
			"shoot-a/x/stable/false=0", "shoot-a/x/stable/true=0", "shoot-a/z/rapid/false=0",
		}))
		Expect(keys[12]).To(Equal("shoot-b/y/rapid/false=0"))
	})

	DescribeTable("counts a Shoot once per component, channel and on or off the channel's version",
		func(extensions []gardencorev1beta1.Extension, want map[string]int) {
			profile := *objects[0].(*gardencorev1beta1.ExtensionProfile)
			got := map[string]int{}
			for _, s := range computeChannelSeries([]gardencorev1beta1.ExtensionProfile{profile}, []gardencorev1beta1.Shoot{*pinningShoot("s", extensions...)},
				examples.ReferenceTime, gardencorev1beta1.DefaultStableChannelSoakPeriod) {
				if s.Shoots > 0 {
					got[fmt.Sprintf("%s/%t", s.Channel, s.OnChannelVersion)] = s.Shoots
				}
			}
			Expect(got).To(Equal(want))
		},
		Entry("the component listed twice on one channel", []gardencorev1beta1.Extension{
			func() gardencorev1beta1.Extension {
				e := extension("shoot-falco-service", "falco", "0.44.1", "falco", "0.44.1")
				e.Channel = ptr.To(gardencorev1beta1.ReleaseChannelRegular)
				return e
			}(),
		}, map[string]int{"regular/true": 1}),
		Entry("on two channels, on and off their versions", []gardencorev1beta1.Extension{
			following(gardencorev1beta1.ReleaseChannelRegular, "0.44.1"), following(gardencorev1beta1.ReleaseChannelRapid, "0.44.1"),
		}, map[string]int{"regular/true": 1, "rapid/false": 1}),
		Entry("a type without a profile", []gardencorev1beta1.Extension{
			func() gardencorev1beta1.Extension {
				e := extension("shoot-traefik", "traefik", "3.6.13")
				e.Channel = ptr.To(gardencorev1beta1.ReleaseChannelRegular)
				return e
			}(),
		}, map[string]int{}),
		Entry("a pin without a channel", []gardencorev1beta1.Extension{extension("shoot-falco-service", "falco", "0.44.1")}, map[string]int{}),
	)

	It("passes the registry's consistency checks", func() {
		problems, err := testutil.CollectAndLint(newCollector(interceptor.Funcs{}))
		Expect(err).NotTo(HaveOccurred())
		Expect(problems).To(BeEmpty())
	})
})
