// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package maintenance_test

import (
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	corev1 "k8s.io/api/core/v1"
	eventsv1 "k8s.io/api/events/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	featuregatetesting "k8s.io/component-base/featuregate/testing"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/client"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	"github.com/gep-78/gardener/pkg/features"
	"github.com/gep-78/gardener/test/examples"
)

// Shoot maintenance of components that follow a release channel (GEP-78 "Release channels"),
// black-box through gardener-apiserver's admission and the maintenance controller on the
// "maintain" operation. Admission's clock stays at the reference time; the controllers' clock
// (fakeClock) is moved past lifecycle times set shortly after it, and set back afterwards. The soak
// period is the default (14 days) everywhere.
var _ = Describe("Release channels in shoot maintenance", Ordered, func() {
	const (
		namespace = "garden-channel-maintenance"
		day       = 24 * time.Hour
		// lead is how long after the reference time the promotion and the end of the soak lie.
		lead = 30 * time.Second
	)
	var (
		preview   = gardencorev1beta1.ClassificationPreview
		supported = gardencorev1beta1.ClassificationSupported
		rapid     = gardencorev1beta1.ReleaseChannelRapid
		regular   = gardencorev1beta1.ReleaseChannelRegular
		stable    = gardencorev1beta1.ReleaseChannelStable
	)
	since := func(c gardencorev1beta1.VersionClassification, offset time.Duration) gardencorev1beta1.LifecycleStage {
		return gardencorev1beta1.LifecycleStage{Classification: c, StartTime: &metav1.Time{Time: examples.ReferenceTime.Add(offset)}}
	}
	version := func(v string, stages ...gardencorev1beta1.LifecycleStage) gardencorev1beta1.ExtensionComponentVersion {
		return gardencorev1beta1.ExtensionComponentVersion{Version: v, Lifecycle: stages}
	}
	newProfile := func(name string, versions ...gardencorev1beta1.ExtensionComponentVersion) *gardencorev1beta1.ExtensionProfile {
		return &gardencorev1beta1.ExtensionProfile{ObjectMeta: metav1.ObjectMeta{Name: name},
			Spec: gardencorev1beta1.ExtensionProfileSpec{Components: []gardencorev1beta1.ExtensionProfileComponent{{Name: "agent", Versions: versions}}}}
	}
	var (
		// Three distinct channels: stable 1.0.0, regular 1.1.0, rapid 1.2.0; 0.9.0 below all.
		tiers = newProfile("shoot-channel-tiers",
			version("0.9.0", since(supported, -60*day)), version("1.0.0", since(supported, -30*day)),
			version("1.1.0", since(preview, -20*day), since(supported, -2*day)), version("1.2.0", since(preview, -day)))
		// A promotion at lead: regular moves from 1.0.0 to 1.1.0; rapid stays 1.1.0, stable 1.0.0.
		promoted = newProfile("shoot-channel-promoted",
			version("1.0.0", since(supported, -30*day)), version("1.1.0", since(preview, -day), since(supported, lead)))
		// A soak ending at lead: stable moves from 2.0.0 to 2.1.0; rapid and regular stay 2.1.0.
		soaked = newProfile("shoot-channel-soaked",
			version("2.0.0", since(supported, -30*day)), version("2.1.0", since(preview, -20*day), since(supported, -14*day+lead)))
	)

	newShoot := func(name string, profile *gardencorev1beta1.ExtensionProfile) *gardencorev1beta1.Shoot {
		shoot := &gardencorev1beta1.Shoot{}
		examples.MustDecode("shoot-accepted-envoy-gateway-falco.yaml", shoot)
		shoot.Name, shoot.Namespace = name, namespace
		shoot.Spec.Extensions = []gardencorev1beta1.Extension{{Type: profile.Name}}
		return shoot
	}
	// createOn creates a Shoot whose extension follows channel; admission stores its version.
	createOn := func(name string, profile *gardencorev1beta1.ExtensionProfile, channel gardencorev1beta1.ReleaseChannel) *gardencorev1beta1.Shoot {
		GinkgoHelper()
		shoot := newShoot(name, profile)
		shoot.Spec.Extensions[0].Channel = ptr.To(channel)
		Expect(testClient.Create(ctx, shoot)).To(Succeed())
		return shoot
	}
	// switchTo sets the extension's channel; the stored version stays.
	switchTo := func(shoot *gardencorev1beta1.Shoot, channel gardencorev1beta1.ReleaseChannel) {
		GinkgoHelper()
		patch := client.MergeFrom(shoot.DeepCopy())
		shoot.Spec.Extensions[0].Channel = ptr.To(channel)
		Expect(testClient.Patch(ctx, shoot, patch)).To(Succeed())
	}
	// createPinnedThenOn creates a Shoot pinned to pinned without a channel, then switches it to
	// channel: the only way to a channel-following Shoot below its channel's version.
	createPinnedThenOn := func(name string, profile *gardencorev1beta1.ExtensionProfile, pinned string, channel gardencorev1beta1.ReleaseChannel) *gardencorev1beta1.Shoot {
		GinkgoHelper()
		shoot := newShoot(name, profile)
		shoot.Spec.Extensions[0].Components = []gardencorev1beta1.ExtensionComponent{{Name: "agent", Version: ptr.To(pinned)}}
		Expect(testClient.Create(ctx, shoot)).To(Succeed())
		switchTo(shoot, channel)
		Expect(agentVersion(shoot)).To(Equal(pinned))
		return shoot
	}
	// maintain sets the "maintain" operation and returns the Shoot once its maintenance is done.
	maintain := func(shoot *gardencorev1beta1.Shoot) *gardencorev1beta1.Shoot {
		GinkgoHelper()
		shoot = shoot.DeepCopy()
		Expect(testClient.Get(ctx, client.ObjectKeyFromObject(shoot), shoot)).To(Succeed())
		patch := client.MergeFrom(shoot.DeepCopy())
		metav1.SetMetaDataAnnotation(&shoot.ObjectMeta, "gardener.cloud/operation", "maintain")
		Expect(testClient.Patch(ctx, shoot, patch)).To(Succeed())
		maintained := &gardencorev1beta1.Shoot{}
		Eventually(func(g Gomega) {
			g.Expect(testClient.Get(ctx, client.ObjectKeyFromObject(shoot), maintained)).To(Succeed())
			g.Expect(maintained.Annotations).NotTo(HaveKey("gardener.cloud/operation"))
			g.Expect(maintained.Status.LastMaintenance).To(Or(BeNil(), HaveField("State", Not(Equal(gardencorev1beta1.LastOperationStateProcessing)))))
		}).Should(Succeed())
		return maintained
	}
	eventNotes := func(shoot *gardencorev1beta1.Shoot) []string {
		GinkgoHelper()
		events := &eventsv1.EventList{}
		Expect(testClient.List(ctx, events, client.InNamespace(namespace))).To(Succeed())
		var notes []string
		for _, e := range events.Items {
			if e.Regarding.Name == shoot.Name {
				notes = append(notes, e.Note)
			}
		}
		return notes
	}

	BeforeAll(func() {
		Expect(testClient.Create(ctx, &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: namespace}})).To(Succeed())
		for _, p := range []*gardencorev1beta1.ExtensionProfile{tiers, promoted, soaked} {
			Expect(testClient.Create(ctx, p.DeepCopy())).To(Succeed())
		}
		DeferCleanup(func() { fakeClock.SetTime(examples.ReferenceTime) })
	})

	DescribeTable("moves a Shoot on each channel to the channel's version, naming the channel",
		func(name string, channel gardencorev1beta1.ReleaseChannel, expected string) {
			shoot := maintain(createPinnedThenOn(name, tiers, "0.9.0", channel))
			Expect(agentVersion(shoot)).To(Equal(expected))
			Expect(shoot.Status.LastMaintenance).NotTo(BeNil())
			Expect(shoot.Status.LastMaintenance.State).To(Equal(gardencorev1beta1.LastOperationStateSucceeded))
			Expect(shoot.Status.LastMaintenance.Description).To(Equal(`All maintenance operations successful. Extension "shoot-channel-tiers" component "agent": ` +
				`Updated version from "0.9.0" to "` + expected + `" (channel ` + string(channel) + `). Reason: The component follows the ` + string(channel) + ` release channel`))
			// The events are recorded asynchronously.
			Eventually(func() []string { return eventNotes(shoot) }).Should(ContainElement(ContainSubstring(`Updated version from "0.9.0" to "` + expected + `" (channel ` + string(channel) + `)`)))
		},
		Entry("rapid: the newest preview or supported version", "cm-rapid", rapid, "1.2.0"),
		Entry("regular: the newest supported version", "cm-regular", regular, "1.1.0"),
		Entry("stable: the newest version supported for the soak period", "cm-stable", stable, "1.0.0"),
	)

	It("moves exactly the Shoots on the affected channel once a promotion or the end of a soak has passed", func() {
		shoots := map[string]*gardencorev1beta1.Shoot{}
		for _, profile := range []*gardencorev1beta1.ExtensionProfile{promoted, soaked} {
			for _, channel := range []gardencorev1beta1.ReleaseChannel{rapid, regular, stable} {
				name := profile.Name[len("shoot-channel-"):] + "-" + string(channel)
				shoots[name] = createOn(name, profile, channel)
			}
		}
		versions := func() map[string]string {
			GinkgoHelper()
			out := map[string]string{}
			for name, shoot := range shoots {
				out[name] = agentVersion(maintain(shoot))
			}
			return out
		}
		before := map[string]string{
			"promoted-rapid": "1.1.0", "promoted-regular": "1.0.0", "promoted-stable": "1.0.0",
			"soaked-rapid": "2.1.0", "soaked-regular": "2.1.0", "soaked-stable": "2.0.0",
		}
		Expect(versions()).To(Equal(before), "nothing moves before the lifecycle times")

		fakeClock.SetTime(examples.ReferenceTime.Add(2 * lead))
		after := map[string]string{}
		for name, v := range before {
			after[name] = v
		}
		after["promoted-regular"], after["soaked-stable"] = "1.1.0", "2.1.0"
		Expect(versions()).To(Equal(after))
	})

	It("never downgrades on a switch from rapid to stable, and says so in lastMaintenance", func() {
		shoot := createOn("switch-rapid", tiers, rapid)
		Expect(agentVersion(shoot)).To(Equal("1.2.0"))
		switchTo(shoot, stable)
		shoot = maintain(shoot)
		Expect(agentVersion(shoot)).To(Equal("1.2.0"))
		Expect(*shoot.Spec.Extensions[0].Channel).To(Equal(stable))
		Expect(shoot.Status.LastMaintenance).NotTo(BeNil())
		Expect(shoot.Status.LastMaintenance.State).To(Equal(gardencorev1beta1.LastOperationStateSucceeded))
		Expect(shoot.Status.LastMaintenance.Description).To(Equal(`All maintenance operations successful. Extension "shoot-channel-tiers" component "agent": ` +
			`Kept version "1.2.0": channel stable gives 1.0.0, below the current 1.2.0; staying until the channel catches up. Reason: The component follows the stable release channel`))
	})

	It("refuses the channel on new Shoots and ignores it in maintenance while the feature gate is off", func() {
		lagging := createPinnedThenOn("gate-off-lagging", tiers, "0.9.0", regular)
		featuregatetesting.SetFeatureGateDuringTest(GinkgoTB(), features.DefaultFeatureGate, features.ExtensionComponentVersions, false)

		shoot := newShoot("gate-off-new", tiers)
		shoot.Spec.Extensions[0].Channel = ptr.To(regular)
		err := testClient.Create(ctx, shoot)
		Expect(apierrors.IsInvalid(err)).To(BeTrue(), "%v", err)
		Expect(err.Error()).To(ContainSubstring("spec.extensions[0].channel: Forbidden: channel requires the ExtensionComponentVersions feature gate"))

		lagging = maintain(lagging)
		Expect(agentVersion(lagging)).To(Equal("0.9.0"))
		Expect(*lagging.Spec.Extensions[0].Channel).To(Equal(regular))
		Expect(lagging.Status.LastMaintenance).To(BeNil())
	})
})

// agentVersion is the version a Shoot pins for the agent component of its first extension.
func agentVersion(shoot *gardencorev1beta1.Shoot) string {
	return pinnedVersions(shoot)[shoot.Spec.Extensions[0].Type+"/agent"]
}
