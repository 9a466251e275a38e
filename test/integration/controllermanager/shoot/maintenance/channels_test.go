// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package maintenance_test

import (
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/client"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	"github.com/gep-78/gardener/test/examples"
)

// The release channels of a profile whose lifecycle is relative to the reference time at which
// gardener-apiserver and the controllers' clocks stand; both use the default soak period (14 days).
var _ = Describe("Release channels", Ordered, func() {
	const (
		namespace = "garden-channels"
		day       = 24 * time.Hour
	)
	since := func(c gardencorev1beta1.VersionClassification, offset time.Duration) gardencorev1beta1.LifecycleStage {
		return gardencorev1beta1.LifecycleStage{Classification: c, StartTime: &metav1.Time{Time: examples.ReferenceTime.Add(offset)}}
	}
	// agent: 1.0.0 supported since 30 days (stable), 1.1.0 supported since 2 days (regular),
	// 1.2.0 preview (rapid).
	profile := &gardencorev1beta1.ExtensionProfile{
		ObjectMeta: metav1.ObjectMeta{Name: "shoot-agent"},
		Spec: gardencorev1beta1.ExtensionProfileSpec{Components: []gardencorev1beta1.ExtensionProfileComponent{{
			Name: "agent",
			Versions: []gardencorev1beta1.ExtensionComponentVersion{
				{Version: "1.0.0", Lifecycle: []gardencorev1beta1.LifecycleStage{since(gardencorev1beta1.ClassificationSupported, -30*day)}},
				{Version: "1.1.0", Lifecycle: []gardencorev1beta1.LifecycleStage{since(gardencorev1beta1.ClassificationPreview, -20*day), since(gardencorev1beta1.ClassificationSupported, -2*day)}},
				{Version: "1.2.0", Lifecycle: []gardencorev1beta1.LifecycleStage{since(gardencorev1beta1.ClassificationPreview, -day)}},
			},
		}}},
	}
	newShoot := func(name string, channel gardencorev1beta1.ReleaseChannel) *gardencorev1beta1.Shoot {
		shoot := &gardencorev1beta1.Shoot{}
		examples.MustDecode("shoot-accepted-envoy-gateway-falco.yaml", shoot)
		shoot.Name, shoot.Namespace = name, namespace
		shoot.Spec.Extensions = []gardencorev1beta1.Extension{{Type: profile.Name, Channel: ptr.To(channel)}}
		return shoot
	}
	agentVersion := func(shoot *gardencorev1beta1.Shoot) string {
		return pinnedVersions(shoot)[profile.Name+"/agent"]
	}

	BeforeAll(func() {
		Expect(testClient.Create(ctx, &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: namespace}})).To(Succeed())
		Expect(testClient.Create(ctx, profile.DeepCopy())).To(Succeed())
	})

	It("writes each channel's current version into the ExtensionProfile status", func() {
		Eventually(func(g Gomega) {
			current := &gardencorev1beta1.ExtensionProfile{}
			g.Expect(testClient.Get(ctx, client.ObjectKeyFromObject(profile), current)).To(Succeed())
			g.Expect(current.Status.Components).To(HaveLen(1))
			g.Expect(current.Status.Components[0].Channels).To(Equal([]gardencorev1beta1.ReleaseChannelStatus{
				{Channel: gardencorev1beta1.ReleaseChannelRapid, Version: "1.2.0"},
				{Channel: gardencorev1beta1.ReleaseChannelRegular, Version: "1.1.0"},
				{Channel: gardencorev1beta1.ReleaseChannelStable, Version: "1.0.0"},
			}))
		}).Should(Succeed())
	})

	DescribeTable("resolves a Shoot on each channel as defined, storing channel and version",
		func(name string, channel gardencorev1beta1.ReleaseChannel, expected string) {
			shoot := newShoot(name, channel)
			Expect(testClient.Create(ctx, shoot)).To(Succeed())
			Expect(*shoot.Spec.Extensions[0].Channel).To(Equal(channel))
			Expect(shoot.Spec.Extensions[0].Components).To(HaveLen(1), "an extension-level channel covers every component of the profile")
			Expect(agentVersion(shoot)).To(Equal(expected))
		},
		Entry("rapid: the newest preview or supported version", "ch-rapid", gardencorev1beta1.ReleaseChannelRapid, "1.2.0"),
		Entry("regular: the newest supported version", "ch-regular", gardencorev1beta1.ReleaseChannelRegular, "1.1.0"),
		Entry("stable: the newest version supported for the soak period", "ch-stable", gardencorev1beta1.ReleaseChannelStable, "1.0.0"),
	)

	It("rejects an explicit version that the channel does not give", func() {
		shoot := newShoot("ch-mismatch", gardencorev1beta1.ReleaseChannelStable)
		shoot.Spec.Extensions[0].Components = []gardencorev1beta1.ExtensionComponent{{Name: "agent", Version: ptr.To("1.1.0")}}
		err := testClient.Create(ctx, shoot)
		Expect(err).To(MatchError(ContainSubstring(`spec.extensions[0].components[0].version: Invalid value: "1.1.0": the component follows the stable channel, which gives 1.0.0 now`)))
	})

	It("never downgrades when a Shoot switches from rapid to stable", func() {
		shoot := &gardencorev1beta1.Shoot{}
		Expect(testClient.Get(ctx, client.ObjectKey{Namespace: namespace, Name: "ch-rapid"}, shoot)).To(Succeed())
		patch := client.MergeFrom(shoot.DeepCopy())
		shoot.Spec.Extensions[0].Channel = ptr.To(gardencorev1beta1.ReleaseChannelStable)
		Expect(testClient.Patch(ctx, shoot, patch)).To(Succeed())
		Expect(*shoot.Spec.Extensions[0].Channel).To(Equal(gardencorev1beta1.ReleaseChannelStable))
		Expect(agentVersion(shoot)).To(Equal("1.2.0"))
	})
})
