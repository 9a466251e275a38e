// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package app

import (
	"time"

	"bytes"
	"context"
	"regexp"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	testclock "k8s.io/utils/clock/testing"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/yaml"

	"github.com/gep-78/gardener/pkg/api/core/v1beta1/helper"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	gardencoreclientset "github.com/gep-78/gardener/pkg/client/core/clientset/versioned"
	"github.com/gep-78/gardener/pkg/client/core/clientset/versioned/fake"
	"github.com/gep-78/gardener/pkg/utils/gardener/componentversion"
	"github.com/gep-78/gardener/test/examples"
)

var _ = Describe("kubectl extensionprofile usage, release channels", func() {
	var (
		ctx     = context.Background()
		profile *gardencorev1beta1.ExtensionProfile
		objects []runtime.Object
	)

	// follower is a falco Shoot storing version; extensionChannel is set on the extension entry,
	// componentChannel on the component entry.
	follower := func(namespace, name, version string, extensionChannel, componentChannel gardencorev1beta1.ReleaseChannel) *gardencorev1beta1.Shoot {
		extension := gardencorev1beta1.Extension{Type: "shoot-falco-service",
			Components: []gardencorev1beta1.ExtensionComponent{{Name: "falco", Version: ptr.To(version)}}}
		if extensionChannel != "" {
			extension.Channel = ptr.To(extensionChannel)
		}
		if componentChannel != "" {
			extension.Components[0].Channel = ptr.To(componentChannel)
		}
		return &gardencorev1beta1.Shoot{ObjectMeta: metav1.ObjectMeta{Namespace: namespace, Name: name},
			Spec: gardencorev1beta1.ShootSpec{Extensions: []gardencorev1beta1.Extension{extension}}}
	}

	BeforeEach(func() {
		profile = &gardencorev1beta1.ExtensionProfile{}
		Expect(yaml.UnmarshalStrict(examples.MustRead("extensionprofile-shoot-falco-service.yaml"), profile)).To(Succeed())
		// The status the controller writes at the reference time with the default soak period.
		profile.Status = componentversion.ExtensionProfileStatusWithChannelsAt(profile.Spec, examples.ReferenceTime, gardencorev1beta1.DefaultStableChannelSoakPeriod)

		disabled := follower("garden-ops", "paused", "0.44.1", gardencorev1beta1.ReleaseChannelStable, "")
		disabled.Spec.Extensions[0].Disabled = ptr.To(true)
		ownPolicy := follower("garden-dev", "own-policy", "0.44.1", gardencorev1beta1.ReleaseChannelRapid, "")
		ownPolicy.Spec.Extensions[0].Components[0].AutoUpdate = &gardencorev1beta1.ExtensionAutoUpdate{Enabled: ptr.To(true)}
		objects = []runtime.Object{profile,
			follower("garden-dev", "regular-b", "0.42.1", "", gardencorev1beta1.ReleaseChannelRegular),
			follower("garden-dev", "regular-a", "0.44.1", gardencorev1beta1.ReleaseChannelRegular, ""),
			follower("garden-dev", "early", "0.45.0", gardencorev1beta1.ReleaseChannelStable, gardencorev1beta1.ReleaseChannelRapid),
			disabled, ownPolicy,
		}
	})

	It("shows per channel the version from the profile status and the Shoots following it", func() {
		view, err := profileUsage(ctx, fake.NewSimpleClientset(objects...), "shoot-falco-service", "")
		Expect(err).NotTo(HaveOccurred())
		Expect(view.Channels).To(Equal([]channelRow{
			{Component: "falco", Channel: "rapid", Version: "0.45.0", Shoots: []channelShoot{{Shoot: "garden-dev/early", Version: "0.45.0"}}},
			{Component: "falco", Channel: "regular", Version: "0.44.1", Shoots: []channelShoot{
				{Shoot: "garden-dev/regular-a", Version: "0.44.1"}, {Shoot: "garden-dev/regular-b", Version: "0.42.1"}}},
			{Component: "falco", Channel: "stable", Version: "0.44.1", Shoots: []channelShoot{{Shoot: "garden-ops/paused", Version: "0.44.1", Disabled: true}}},
		}), "a component's own channel wins over the extension's, its own autoUpdate leaves the extension's channel")

		out := &bytes.Buffer{}
		view.Rows = view.Rows[4:5]
		Expect(printUsage(out, view)).To(Succeed())
		Expect(out.String()).To(Equal(
			"COMPONENT   VERSION   CLASSIFICATION   NEXT TRANSITION   EXPIRES   SHOOTS\n" +
				"falco       0.44.1    supported        <none>            <none>    garden-dev/own-policy,garden-dev/regular-a,garden-ops/paused\n" +
				"\n" +
				"COMPONENT   CHANNEL   VERSION   SHOOTS\n" +
				"falco       rapid     0.45.0    garden-dev/early\n" +
				"falco       regular   0.44.1    garden-dev/regular-a,garden-dev/regular-b (0.42.1)\n" +
				"falco       stable    0.44.1    garden-ops/paused (disabled)\n"))
	})

	It("lists the followers of one namespace only", func() {
		view, err := profileUsage(ctx, fake.NewSimpleClientset(objects...), "shoot-falco-service", "garden-ops")
		Expect(err).NotTo(HaveOccurred())
		Expect(view.Channels[1].Shoots).To(BeEmpty())
		Expect(view.Channels[2].Shoots).To(Equal([]channelShoot{{Shoot: "garden-ops/paused", Version: "0.44.1", Disabled: true}}))
		Expect(view.Elsewhere).To(Equal(4))
	})

	It("shows a channel without version, and <unknown> before the controller wrote the channels", func() {
		// Right after 0.44.1's promotion the stable channel has not soaked any version.
		for i := range profile.Spec.Components[0].Versions {
			if v := &profile.Spec.Components[0].Versions[i]; v.Version == "0.44.1" {
				v.Lifecycle = []gardencorev1beta1.LifecycleStage{{Classification: gardencorev1beta1.ClassificationSupported, StartTime: ptr.To(metav1.NewTime(examples.ReferenceTime.AddDate(0, 0, -1)))}}
			}
		}
		profile.Status = componentversion.ExtensionProfileStatusWithChannelsAt(profile.Spec, examples.ReferenceTime, gardencorev1beta1.DefaultStableChannelSoakPeriod)
		view, err := profileUsage(ctx, fake.NewSimpleClientset(objects...), "shoot-falco-service", "")
		Expect(err).NotTo(HaveOccurred())
		Expect(view.Channels[2].Version).To(Equal("<none>"))
		out := &bytes.Buffer{}
		Expect(printUsage(out, view)).To(Succeed())
		Expect(out.String()).To(ContainSubstring("falco       stable    <none>    garden-ops/paused (0.44.1, disabled)\n"))

		profile.Status = helper.ExtensionProfileStatusAt(profile.Spec, examples.ReferenceTime)
		view, err = profileUsage(ctx, fake.NewSimpleClientset(objects...), "shoot-falco-service", "")
		Expect(err).NotTo(HaveOccurred())
		Expect(view.Channels[0].Version).To(Equal("<unknown>"))
	})

	Describe("shoot", func() {
		It("shows the channel of each entry and the channel's current version", func() {
			view, err := shootPins(ctx, fake.NewSimpleClientset(objects...), "garden-dev", "regular-b", examples.ReferenceTime, nil)
			Expect(err).NotTo(HaveOccurred())
			Expect(view.Rows).To(HaveLen(1))
			Expect(view.Rows[0].Channel).To(Equal(gardencorev1beta1.ReleaseChannelRegular))
			Expect(view.Rows[0].ChannelVersion).To(Equal("0.44.1"))
			out := &bytes.Buffer{}
			Expect(printShootPins(out, view)).To(Succeed())
			Expect(out.String()).To(ContainSubstring("   CHANNEL            AUTO-UPDATE"))
			Expect(out.String()).To(ContainSubstring("   regular (0.44.1)   by channel   "))

			view, err = shootPins(ctx, fake.NewSimpleClientset(objects...), "garden-dev", "own-policy", examples.ReferenceTime, nil)
			Expect(err).NotTo(HaveOccurred())
			Expect(view.Rows[0].Channel).To(BeEmpty(), "its own autoUpdate leaves the extension's channel")
		})

		It("shows in LATER when the stable soak ends, after the soak period of the flag", func() {
			onStable := follower("garden-dev", "stable-a", "0.44.1", gardencorev1beta1.ReleaseChannelStable, "")
			onStable.Spec.Kubernetes.Version = "1.33.0" // 0.45.0's rules
			objects = append(objects, onStable)
			run := func(args ...string) string {
				GinkgoHelper()
				out := &bytes.Buffer{}
				o := &Options{Out: out, Clock: testclock.NewFakeClock(examples.ReferenceTime),
					NewClient: func() (gardencoreclientset.Interface, error) { return fake.NewSimpleClientset(objects...), nil }}
				cmd := NewCommandWithOptions(o)
				cmd.SetArgs(append([]string{"shoot", "stable-a", "-n", "garden-dev"}, args...))
				Expect(cmd.ExecuteContext(ctx)).To(Succeed())
				return out.String()
			}
			update := "update to 0.45.0 (The component follows the stable release channel)"
			// 0.45.0 is supported from 2027-01-15: soaked 14 days (the default) or 3 days later.
			Expect(run()).To(ContainSubstring("   stable (0.44.1)   "))
			Expect(run()).To(MatchRegexp(` keep +` + regexp.QuoteMeta("on 2027-01-29 (stable soak of 0.45.0 ends): "+update) + "\n"))
			Expect(run("--stable-channel-soak-period=72h")).To(MatchRegexp(` keep +` + regexp.QuoteMeta("on 2027-01-18 (stable soak of 0.45.0 ends): "+update) + "\n"))
		})

		It("takes the soak period the profile publishes unless the flag overrides it", func() {
			onStable := follower("garden-dev", "stable-a", "0.44.1", gardencorev1beta1.ReleaseChannelStable, "")
			onStable.Spec.Kubernetes.Version = "1.33.0" // 0.45.0's rules
			objects = append(objects, onStable)
			// gardener-controller-manager configured with 3 days publishes them.
			profile.Status.StableChannelSoakPeriod = &metav1.Duration{Duration: 72 * time.Hour}
			later := func(soak *time.Duration) string {
				GinkgoHelper()
				view, err := shootPins(ctx, fake.NewSimpleClientset(objects...), "garden-dev", "stable-a", examples.ReferenceTime, soak)
				Expect(err).NotTo(HaveOccurred())
				return view.Rows[0].Later
			}
			Expect(later(nil)).To(HavePrefix("on 2027-01-18 (stable soak of 0.45.0 ends)"), "as maintenance with 72h decides")
			Expect(later(ptr.To(14 * 24 * time.Hour))).To(HavePrefix("on 2027-01-29 (stable soak of 0.45.0 ends)"))
		})

		It("shows <unknown> for the channel's version without profile", func() {
			view, err := shootPins(ctx, fake.NewSimpleClientset(objects[1:]...), "garden-dev", "regular-a", examples.ReferenceTime, nil)
			Expect(err).NotTo(HaveOccurred())
			Expect(view.Rows[0].ChannelVersion).To(Equal("<unknown>"))
		})
	})
})
