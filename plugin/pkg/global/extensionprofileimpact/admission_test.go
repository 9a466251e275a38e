// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package extensionprofileimpact

import (
	"context"
	"strings"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apiserver/pkg/admission"
	"k8s.io/apiserver/pkg/warning"
	featuregatetesting "k8s.io/component-base/featuregate/testing"
	testclock "k8s.io/utils/clock/testing"
	"k8s.io/utils/ptr"

	"github.com/gep-78/gardener/pkg/api"
	"github.com/gep-78/gardener/pkg/api/indexer"
	"github.com/gep-78/gardener/pkg/apis/core"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	gardencoreinformers "github.com/gep-78/gardener/pkg/client/core/informers/externalversions"
	"github.com/gep-78/gardener/pkg/features"
	plugin "github.com/gep-78/gardener/plugin/pkg"
)

// recorder collects the warnings of a request.
type recorder struct{ warnings []string }

func (r *recorder) AddWarning(_, text string) { r.warnings = append(r.warnings, text) }

func internal(profile *gardencorev1beta1.ExtensionProfile) *core.ExtensionProfile {
	GinkgoHelper()
	out := &core.ExtensionProfile{}
	Expect(api.Scheme.Convert(profile, out, nil)).To(Succeed())
	return out
}

func attributes(profile, oldProfile runtime.Object, operation admission.Operation, subresource string, dryRun bool) admission.Attributes {
	var options runtime.Object = &metav1.UpdateOptions{}
	if operation == admission.Create {
		options = &metav1.CreateOptions{}
	}
	return admission.NewAttributesRecord(profile, oldProfile, core.Kind("ExtensionProfile").WithVersion("version"), "", extensionType,
		core.Resource("extensionprofiles").WithVersion("version"), subresource, operation, options, dryRun, nil)
}

var _ = Describe("ExtensionProfileImpact", func() {
	var (
		factory             gardencoreinformers.SharedInformerFactory
		validator           *extensionProfileImpact
		oldProfile, profile *gardencorev1beta1.ExtensionProfile
	)

	addShoots := func(shoots ...*gardencorev1beta1.Shoot) {
		GinkgoHelper()
		for _, shoot := range shoots {
			Expect(factory.Core().V1beta1().Shoots().Informer().GetStore().Add(shoot)).To(Succeed())
		}
	}
	validate := func(a admission.Attributes) []string {
		GinkgoHelper()
		r := &recorder{}
		Expect(validator.Validate(warning.WithWarningRecorder(context.Background(), r), a, nil)).To(Succeed())
		return r.warnings
	}
	update := func() []string {
		GinkgoHelper()
		return validate(attributes(internal(profile), internal(oldProfile), admission.Update, "", false))
	}

	BeforeEach(func() {
		featuregatetesting.SetFeatureGateDuringTest(GinkgoTB(), features.DefaultFeatureGate, features.ExtensionComponentVersions, true)
		var err error
		validator, err = newPlugin()
		Expect(err).NotTo(HaveOccurred())
		validator.SetClock(testclock.NewFakePassiveClock(now))
		validator.AssignReadyFunc(func() bool { return true })
		factory = gardencoreinformers.NewSharedInformerFactory(nil, 0)
		validator.SetCoreInformerFactory(factory)
		Expect(validator.ValidateInitialization()).To(Succeed())

		oldProfile, profile = newProfile(), newProfile()
		disabled := newShoot("disabled", "1.30.0", "0.41.0", autoUpdateOff)
		disabled.Spec.Extensions[0].Disabled = ptr.To(true)
		gone := newShoot("gone", "1.30.0", "0.41.0", autoUpdateOff)
		gone.DeletionTimestamp = &metav1.Time{Time: now.Add(-time.Hour)}
		other := newShoot("other-type", "1.30.0", "0.41.0", autoUpdateOff)
		other.Spec.Extensions[0].Type = "shoot-traefik"
		addShoots(
			newShoot("a", "1.31.0", "0.41.0", autoUpdateOff),
			newShoot("b", "1.30.0", "0.41.0", autoUpdateOff),
			newShoot("c", "1.32.0", "0.41.0", autoUpdateMinor),
			// The Shoot pins falco in a second entry of the type as well; it counts once.
			func() *gardencorev1beta1.Shoot {
				s := newShoot("d", "1.31.0", "0.41.0", nil)
				s.Spec.Extensions = append(s.Spec.Extensions, s.Spec.Extensions[0])
				return s
			}(),
			newShoot("e", "1.32.0", "0.43.0", nil),
			disabled, gone, other,
		)
	})

	// promoteWithShootOnStable makes 0.43.0 and 0.42.1 previews, 0.42.1 promoted by the update an
	// hour ago, with a Shoot following the stable channel from 0.41.2.
	promoteWithShootOnStable := func() {
		for _, p := range []*gardencorev1beta1.ExtensionProfile{oldProfile, profile} {
			version(p, "0.43.0").Lifecycle = []gardencorev1beta1.LifecycleStage{stage(gardencorev1beta1.ClassificationPreview, now.Add(-day))}
			version(p, "0.42.1").Lifecycle = []gardencorev1beta1.LifecycleStage{stage(gardencorev1beta1.ClassificationPreview, now.Add(-day))}
		}
		version(profile, "0.42.1").Lifecycle = append(version(profile, "0.42.1").Lifecycle, stage(gardencorev1beta1.ClassificationSupported, now.Add(-time.Hour)))
		onStable := newShoot("on-stable", "1.32.0", "0.41.2", nil)
		onStable.Spec.Extensions[0].Components[0].AutoUpdate = nil
		onStable.Spec.Extensions[0].Channel = ptr.To(gardencorev1beta1.ReleaseChannelStable)
		addShoots(onStable)
	}

	Describe("plugin conventions", func() {
		It("registers under its name", func() {
			plugins := admission.NewPlugins()
			Register(plugins)
			Expect(plugins.Registered()).To(ConsistOf(plugin.PluginNameExtensionProfileImpact))
		})

		It("reads the soak period from its admission configuration and predicts the stable channel with it", func() {
			plugins := admission.NewPlugins()
			Register(plugins)
			configured, err := plugins.InitPlugin(plugin.PluginNameExtensionProfileImpact, strings.NewReader(
				"apiVersion: extensionprofileimpact.admission.gardener.cloud/v1alpha1\nkind: Configuration\nstableChannelSoakPeriod: 48h\n"),
				testInitializer{informers: factory, clock: testclock.NewFakePassiveClock(now)})
			Expect(err).NotTo(HaveOccurred())
			validator = configured.(*extensionProfileImpact)
			validator.AssignReadyFunc(func() bool { return true })
			Expect(validator.StableChannelSoakPeriod).To(Equal(48 * time.Hour))

			promoteWithShootOnStable()

			Expect(update()).To(ContainElements(
				"component falco channel stable: moves from 0.41.2 to 0.42.1 at 2026-12-03T11:00:00Z; followed by 1 Shoot; from then on 1 is auto-updated to 0.42.1",
				"Shoot garden-dev/on-stable on falco 0.41.2 (channel stable) would be auto-updated to 0.42.1 in its first maintenance window from 2026-12-03T11:00:00Z",
			))
		})

		It("predicts the stable channel with the soak period the stored profile publishes over its configuration's", func() {
			Expect(validator.StableChannelSoakPeriod).To(Equal(gardencorev1beta1.DefaultStableChannelSoakPeriod))
			// gardener-controller-manager, configured with 48h, published them.
			oldProfile.Status.StableChannelSoakPeriod = &metav1.Duration{Duration: 48 * time.Hour}
			promoteWithShootOnStable()

			Expect(update()).To(ContainElement(
				"component falco channel stable: moves from 0.41.2 to 0.42.1 at 2026-12-03T11:00:00Z; followed by 1 Shoot; from then on 1 is auto-updated to 0.42.1"),
				"48h after the promotion, as maintenance with 48h moves it")
		})

		It("refuses to start with an invalid admission configuration", func() {
			plugins := admission.NewPlugins()
			Register(plugins)
			_, err := plugins.InitPlugin(plugin.PluginNameExtensionProfileImpact, strings.NewReader("kind: Configuration\nsoak: 1h\n"),
				testInitializer{informers: factory})
			Expect(err).To(MatchError(ContainSubstring("invalid configuration of admission plugin ExtensionProfileImpact")))
		})

		It("handles Create and Update only", func() {
			Expect(validator.Handles(admission.Create)).To(BeTrue())
			Expect(validator.Handles(admission.Update)).To(BeTrue())
			Expect(validator.Handles(admission.Delete)).To(BeFalse())
		})

		It("fails initialization without a Shoot informer", func() {
			p, err := newPlugin()
			Expect(err).NotTo(HaveOccurred())
			Expect(p.ValidateInitialization()).To(MatchError("missing Shoot informer"))
		})

		It("shares the pin indexes of the Shoot informer", func() {
			p, err := newPlugin()
			Expect(err).NotTo(HaveOccurred())
			p.SetCoreInformerFactory(factory)
			Expect(p.ValidateInitialization()).To(Succeed())
			Expect(factory.Core().V1beta1().Shoots().Informer().GetIndexer().GetIndexers()).To(HaveKey(indexer.ShootPinnedComponentVersionIndex))
		})

		It("refuses requests until the Shoot informer has synced", func() {
			p, err := newPlugin()
			Expect(err).NotTo(HaveOccurred())
			p.SetCoreInformerFactory(gardencoreinformers.NewSharedInformerFactory(nil, 0))
			version(profile, "0.41.0").Lifecycle = expiringAt(now.Add(7 * day))
			p.AssignReadyFunc(func() bool { return false })
			Expect(p.Validate(context.Background(), attributes(internal(profile), internal(oldProfile), admission.Update, "", false), nil)).
				To(MatchError(ContainSubstring("not yet ready to handle request")))
		})
	})

	It("warns about a newly set expiration with the pinning Shoots' targets and holders, without rejecting", func() {
		version(profile, "0.41.0").Lifecycle = expiringAt(now.Add(7 * day))
		Expect(update()).To(Equal([]string{
			"component falco version 0.41.0: expires at 2026-12-08T12:00:00Z (newly set); pinned by 4 Shoots; from then on 2 are force-upgraded to 0.41.2, 1 is force-upgraded to 0.43.0, 1 holds (no compatible version)",
			`Shoot garden-dev/b would hold on falco 0.41.0: no compatible version: 0.41.2 fails "requires Kubernetes 1.31.0 or later"`,
			"Shoot garden-dev/a on falco 0.41.0 would be force-upgraded to 0.41.2 in its first maintenance window from 2026-12-08T12:00:00Z",
			"Shoot garden-dev/c on falco 0.41.0 would be force-upgraded to 0.43.0 in its first maintenance window from 2026-12-08T12:00:00Z",
			"Shoot garden-dev/d on falco 0.41.0 would be force-upgraded to 0.41.2 in its first maintenance window from 2026-12-08T12:00:00Z",
		}))
	})

	It("warns alike for a dry-run request, and compiles the rules of the profile once for both", func() {
		version(profile, "0.41.0").Lifecycle = expiringAt(now.Add(7 * day))
		dryRun := validate(attributes(internal(profile), internal(oldProfile), admission.Update, "", true))
		Expect(dryRun).To(HaveLen(5))
		compiled := validator.compilations()
		Expect(compiled).To(Equal(1), "old and new profile have the same rules")
		Expect(update()).To(Equal(dryRun))
		Expect(validator.compilations()).To(Equal(compiled))

		version(profile, "0.41.2").Compatibility = requiresKubernetes("1.30.0")
		update()
		Expect(validator.compilations()).To(Equal(compiled+1), "other rules are compiled")
	})

	It("warns about the Shoots on an untouched version that auto-update to an added version", func() {
		profile.Spec.Components[0].Versions = append(profile.Spec.Components[0].Versions, gardencorev1beta1.ExtensionComponentVersion{Version: "0.41.3"})
		Expect(update()).To(Equal([]string{
			"component falco version 0.41.0: this change alters the next maintenance window of 1 of its 4 Shoots: 1 is auto-updated to 0.41.3",
			"Shoot garden-dev/d on falco 0.41.0 would be auto-updated to 0.41.3 in its next maintenance window (before this change: update to 0.41.2 (Automatic update of the component version is configured (update strategy: patch)))",
		}))
	})

	It("warns about changed rules that pinning Shoots fail", func() {
		version(profile, "0.43.0").Compatibility = requiresKubernetes("1.33.0")
		Expect(update()).To(Equal([]string{
			"component falco version 0.43.0: the changed compatibility rules fail for 1 of 1 pinning Shoot",
			// c (Kubernetes 1.32, minor strategy) no longer qualifies for 0.43.0.
			"component falco version 0.41.0: this change alters the next maintenance window of 1 of its 4 Shoots: 1 is auto-updated to 0.42.1",
			"Shoot garden-dev/e fails the changed rules of falco 0.43.0: requires Kubernetes 1.33.0 or later",
			"Shoot garden-dev/c on falco 0.41.0 would be auto-updated to 0.42.1 in its next maintenance window (before this change: update to 0.43.0 (Automatic update of the component version is configured (update strategy: minor)))",
		}))
	})

	It("warns on create about Shoots that pinned the type before the profile existed", func() {
		Expect(validate(attributes(internal(profile), nil, admission.Create, "", false))).To(ContainElement(
			HavePrefix("component falco version 0.41.0: supported from now on (was not listed); pinned by 4 Shoots; in their next maintenance window")))
	})

	It("adds no warning for a change without fleet effect", func() {
		version(profile, "0.41.0").ProviderConfig = &runtime.RawExtension{Raw: []byte(`{"a":1}`)}
		version(profile, "0.42.1").Lifecycle = expiringAt(now.Add(7 * day)) // nobody pins it
		profile.Spec.Components[1].Versions = append(profile.Spec.Components[1].Versions, gardencorev1beta1.ExtensionComponentVersion{Version: "0.12.0"})
		Expect(update()).To(BeEmpty())
	})

	It("adds no warning for the status subresource, other kinds, or with the feature gate off", func() {
		version(profile, "0.41.0").Lifecycle = expiringAt(now.Add(7 * day))
		Expect(validate(attributes(internal(profile), internal(oldProfile), admission.Update, "status", false))).To(BeEmpty())
		shoot := &core.Shoot{}
		Expect(validate(admission.NewAttributesRecord(shoot, shoot, core.Kind("Shoot").WithVersion("version"), "garden-dev", "a",
			core.Resource("shoots").WithVersion("version"), "", admission.Update, &metav1.UpdateOptions{}, false, nil))).To(BeEmpty())
		featuregatetesting.SetFeatureGateDuringTest(GinkgoTB(), features.DefaultFeatureGate, features.ExtensionComponentVersions, false)
		Expect(update()).To(BeEmpty())
	})

	It("warns instead of rejecting when the request holds no ExtensionProfile", func() {
		Expect(validate(attributes(&core.Shoot{}, internal(oldProfile), admission.Update, "", false))).To(ConsistOf(
			HavePrefix("impact preview of this ExtensionProfile change unavailable: ")))
	})
})
