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

	It("passes the registry's consistency checks", func() {
		problems, err := testutil.CollectAndLint(newCollector(interceptor.Funcs{}))
		Expect(err).NotTo(HaveOccurred())
		Expect(problems).To(BeEmpty())
	})
})
