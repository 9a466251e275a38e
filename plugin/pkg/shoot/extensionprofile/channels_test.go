// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package extensionprofile_test

import (
	"context"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apiserver/pkg/admission"
	"k8s.io/apiserver/pkg/warning"
	featuregatetesting "k8s.io/component-base/featuregate/testing"
	testclock "k8s.io/utils/clock/testing"
	"k8s.io/utils/ptr"

	"github.com/gep-78/gardener/pkg/apis/core"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	gardencoreinformers "github.com/gep-78/gardener/pkg/client/core/informers/externalversions"
	"github.com/gep-78/gardener/pkg/features"
	. "github.com/gep-78/gardener/plugin/pkg/shoot/extensionprofile"
)

var _ = Describe("ShootExtensionProfile release channels", func() {
	const day = 24 * time.Hour
	var (
		ctx      context.Context
		warnings *recorder
		admitter *ShootExtensionProfile
	)
	since := func(c gardencorev1beta1.VersionClassification, offset time.Duration) gardencorev1beta1.LifecycleStage {
		return gardencorev1beta1.LifecycleStage{Classification: c, StartTime: &metav1.Time{Time: reference.Add(offset)}}
	}
	// agent: 1.0.0 always supported (stable), 1.1.0 supported for 2 days (regular), 1.2.0 preview
	// (rapid) requiring Kubernetes 1.40; proxy: 2.0.0 supported.
	profile := &gardencorev1beta1.ExtensionProfile{
		ObjectMeta: metav1.ObjectMeta{Name: "shoot-agent"},
		Spec: gardencorev1beta1.ExtensionProfileSpec{Components: []gardencorev1beta1.ExtensionProfileComponent{
			{Name: "agent", Versions: []gardencorev1beta1.ExtensionComponentVersion{
				{Version: "1.0.0"},
				{Version: "1.1.0", Lifecycle: []gardencorev1beta1.LifecycleStage{since(gardencorev1beta1.ClassificationPreview, -20*day), since(gardencorev1beta1.ClassificationSupported, -2*day)}},
				{Version: "1.2.0", Lifecycle: []gardencorev1beta1.LifecycleStage{since(gardencorev1beta1.ClassificationPreview, -day)},
					Compatibility: &gardencorev1beta1.ComponentCompatibility{Validations: []gardencorev1beta1.CompatibilityValidation{{
						Rule: "semver(shoot.spec.kubernetes.version).compareTo(semver('1.40.0')) >= 0", Message: "agent 1.2.0 requires Kubernetes 1.40",
					}}}},
			}},
			{Name: "proxy", Versions: []gardencorev1beta1.ExtensionComponentVersion{{Version: "2.0.0"}}},
		}},
	}

	shootWith := func(extension core.Extension) *core.Shoot {
		return &core.Shoot{
			ObjectMeta: metav1.ObjectMeta{Name: "channels", Namespace: "garden-dev"},
			Spec:       core.ShootSpec{Kubernetes: core.Kubernetes{Version: "1.35.0"}, Extensions: []core.Extension{extension}},
		}
	}
	admitAndValidate := func(shoot, oldShoot *core.Shoot) error {
		operation := admission.Create
		if oldShoot != nil {
			operation = admission.Update
		}
		a := attributes(shoot, oldShoot, operation, "")
		if oldShoot == nil {
			a = attributes(shoot, nil, operation, "")
		}
		return admitThenValidate(ctx, admitter, a)
	}
	versionOf := func(shoot *core.Shoot, name string) string {
		GinkgoHelper()
		for _, c := range shoot.Spec.Extensions[0].Components {
			if c.Name == name {
				return ptr.Deref(c.Version, "")
			}
		}
		Fail("no component " + name)
		return ""
	}
	channel := func(c core.ReleaseChannel) *core.ReleaseChannel { return &c }

	BeforeEach(func() {
		featuregatetesting.SetFeatureGateDuringTest(GinkgoTB(), features.DefaultFeatureGate, features.ExtensionComponentVersions, true)
		warnings = &recorder{}
		ctx = warning.WithWarningRecorder(context.Background(), warnings)
		var err error
		admitter, err = NewFromConfiguration(&Configuration{StableChannelSoakPeriod: &metav1.Duration{Duration: 7 * day}})
		Expect(err).NotTo(HaveOccurred())
		admitter.AssignReadyFunc(func() bool { return true })
		admitter.Clock = testclock.NewFakePassiveClock(reference)
		factory := gardencoreinformers.NewSharedInformerFactory(nil, 0)
		admitter.SetCoreInformerFactory(factory)
		Expect(factory.Core().V1beta1().ExtensionProfiles().Informer().GetStore().Add(profile)).To(Succeed())
	})

	DescribeTable("resolves each channel on create and stores channel and version",
		func(c core.ReleaseChannel, expected string) {
			shoot := shootWith(core.Extension{Type: "shoot-agent", Components: []core.ExtensionComponent{{Name: "agent", Channel: channel(c)}}})
			if c == core.ReleaseChannelRapid {
				shoot.Spec.Kubernetes.Version = "1.40.1"
			}
			Expect(admitAndValidate(shoot, nil)).To(Succeed())
			Expect(versionOf(shoot, "agent")).To(Equal(expected))
			Expect(*shoot.Spec.Extensions[0].Components[0].Channel).To(Equal(c))
		},
		Entry("rapid: the newest preview or supported", core.ReleaseChannelRapid, "1.2.0"),
		Entry("regular: the newest supported", core.ReleaseChannelRegular, "1.1.0"),
		Entry("stable: the newest supported for the soak period", core.ReleaseChannelStable, "1.0.0"),
	)

	It("gives a preview on the rapid channel without the pinned-preview warning", func() {
		shoot := shootWith(core.Extension{Type: "shoot-agent", Components: []core.ExtensionComponent{{Name: "agent", Channel: channel(core.ReleaseChannelRapid)}}})
		shoot.Spec.Kubernetes.Version = "1.40.1"
		Expect(admitAndValidate(shoot, nil)).To(Succeed())
		Expect(versionOf(shoot, "agent")).To(Equal("1.2.0"))
		Expect(warnings.warnings).To(BeEmpty())

		By("a preview pinned without a channel still warns")
		warnings.warnings = nil
		pinned := shootWith(core.Extension{Type: "shoot-agent", Components: []core.ExtensionComponent{{Name: "agent", Version: ptr.To("1.2.0")}}})
		pinned.Spec.Kubernetes.Version = "1.40.1"
		Expect(admitAndValidate(pinned, nil)).To(Succeed())
		Expect(warnings.warnings).To(ContainElement(ContainSubstring("is pinned to preview version 1.2.0")))
	})

	It("adds every component of the profile for an extension-level channel", func() {
		shoot := shootWith(core.Extension{Type: "shoot-agent", Channel: channel(core.ReleaseChannelRegular)})
		Expect(admitAndValidate(shoot, nil)).To(Succeed())
		Expect(versionOf(shoot, "agent")).To(Equal("1.1.0"))
		Expect(versionOf(shoot, "proxy")).To(Equal("2.0.0"))
	})

	It("checks the compatibility rules of the resolved version", func() {
		shoot := shootWith(core.Extension{Type: "shoot-agent", Components: []core.ExtensionComponent{{Name: "agent", Channel: channel(core.ReleaseChannelRapid)}}})
		err := admitAndValidate(shoot, nil)
		Expect(err).To(MatchError(ContainSubstring("spec.extensions[0].components[0].version")))
		Expect(err).To(MatchError(ContainSubstring("agent 1.2.0 requires Kubernetes 1.40")))
	})

	It("accepts an explicit version the channel gives, also as a partial version", func() {
		shoot := shootWith(core.Extension{Type: "shoot-agent", Components: []core.ExtensionComponent{{Name: "agent", Version: ptr.To("1.1"), Channel: channel(core.ReleaseChannelRegular)}}})
		Expect(admitAndValidate(shoot, nil)).To(Succeed())
		Expect(versionOf(shoot, "agent")).To(Equal("1.1.0"))
	})

	It("rejects an explicit version the channel does not give", func() {
		shoot := shootWith(core.Extension{Type: "shoot-agent", Components: []core.ExtensionComponent{{Name: "agent", Version: ptr.To("1.1.0"), Channel: channel(core.ReleaseChannelStable)}}})
		Expect(admitAndValidate(shoot, nil)).To(MatchError(forbidden("channels",
			`spec.extensions[0].components[0].version: Invalid value: "1.1.0": the component follows the stable channel, which gives 1.0.0 now: omit the version, set 1.0.0, or remove the channel to pin another version`)))
	})

	It("rejects a channel for an extension type without a profile", func() {
		shoot := shootWith(core.Extension{Type: "shoot-unknown", Channel: channel(core.ReleaseChannelStable)})
		Expect(admitAndValidate(shoot, nil)).To(MatchError(ContainSubstring(`spec.extensions[0].type: Invalid value: "shoot-unknown": no ExtensionProfile "shoot-unknown" exists`)))
	})

	It("keeps the stored version when the channel is switched, never downgrading", func() {
		oldShoot := shootWith(core.Extension{Type: "shoot-agent", Components: []core.ExtensionComponent{{Name: "agent", Version: ptr.To("1.1.0"), Channel: channel(core.ReleaseChannelRegular)}}})
		shoot := shootWith(core.Extension{Type: "shoot-agent", Components: []core.ExtensionComponent{{Name: "agent", Channel: channel(core.ReleaseChannelStable)}}})
		Expect(admitAndValidate(shoot, oldShoot)).To(Succeed())
		Expect(versionOf(shoot, "agent")).To(Equal("1.1.0"))
		Expect(*shoot.Spec.Extensions[0].Components[0].Channel).To(Equal(core.ReleaseChannelStable))
	})

	It("resolves the channel for an entry that had no version", func() {
		oldShoot := shootWith(core.Extension{Type: "shoot-agent", Components: []core.ExtensionComponent{{Name: "agent"}}})
		shoot := shootWith(core.Extension{Type: "shoot-agent", Components: []core.ExtensionComponent{{Name: "agent", Channel: channel(core.ReleaseChannelStable)}}})
		Expect(admitAndValidate(shoot, oldShoot)).To(Succeed())
		Expect(versionOf(shoot, "agent")).To(Equal("1.0.0"))
	})

	It("lets a version change alone pass under an unchanged channel (maintenance moves it)", func() {
		oldShoot := shootWith(core.Extension{Type: "shoot-agent", Components: []core.ExtensionComponent{{Name: "agent", Version: ptr.To("1.0.0"), Channel: channel(core.ReleaseChannelRegular)}}})
		shoot := shootWith(core.Extension{Type: "shoot-agent", Components: []core.ExtensionComponent{{Name: "agent", Version: ptr.To("1.1.0"), Channel: channel(core.ReleaseChannelRegular)}}})
		Expect(admitAndValidate(shoot, oldShoot)).To(Succeed())
		Expect(versionOf(shoot, "agent")).To(Equal("1.1.0"))
	})

	It("resolves stable with the soak period the profile publishes over its configuration's", func() {
		// gardener-controller-manager configured with 1 day: 1.1.0, supported for 2 days, has soaked.
		published := profile.DeepCopy()
		published.Status.StableChannelSoakPeriod = &metav1.Duration{Duration: day}
		factory := gardencoreinformers.NewSharedInformerFactory(nil, 0)
		admitter.SetCoreInformerFactory(factory)
		Expect(factory.Core().V1beta1().ExtensionProfiles().Informer().GetStore().Add(published)).To(Succeed())

		shoot := shootWith(core.Extension{Type: "shoot-agent", Components: []core.ExtensionComponent{{Name: "agent", Channel: channel(core.ReleaseChannelStable)}}})
		Expect(admitAndValidate(shoot, nil)).To(Succeed())
		Expect(versionOf(shoot, "agent")).To(Equal("1.1.0"), "as maintenance with 1 day resolves it, not the configured 7 days")
		pinned := shootWith(core.Extension{Type: "shoot-agent", Components: []core.ExtensionComponent{{Name: "agent", Version: ptr.To("1.1.0"), Channel: channel(core.ReleaseChannelStable)}}})
		Expect(admitAndValidate(pinned, nil)).To(Succeed())
	})

	It("reads the soak period from its configuration, defaulting it", func() {
		cfg, err := LoadConfiguration(nil)
		Expect(err).NotTo(HaveOccurred())
		Expect(cfg.StableChannelSoakPeriod.Duration).To(Equal(14 * day))
		p, err := NewFromConfiguration(&Configuration{StableChannelSoakPeriod: &metav1.Duration{Duration: time.Hour}})
		Expect(err).NotTo(HaveOccurred())
		Expect(p.StableChannelSoakPeriod).To(Equal(time.Hour))
	})
})
