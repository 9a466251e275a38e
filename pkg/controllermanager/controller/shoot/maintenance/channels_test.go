// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package maintenance

import (
	"context"
	"time"

	"github.com/go-logr/logr"
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	featuregatetesting "k8s.io/component-base/featuregate/testing"
	"k8s.io/utils/ptr"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	"github.com/gep-78/gardener/pkg/features"
	"github.com/gep-78/gardener/pkg/utils/gardener/componentversion"
)

var _ = Describe("the component step with release channels", func() {
	const soak = 7 * 24 * time.Hour
	var (
		ctx     = context.Background()
		now     = time.Date(2026, time.November, 29, 0, 0, 0, 0, time.UTC)
		checker *fakeChecker
		profile *gardencorev1beta1.ExtensionProfile
	)
	since := func(c gardencorev1beta1.VersionClassification, offset time.Duration) gardencorev1beta1.LifecycleStage {
		return gardencorev1beta1.LifecycleStage{Classification: c, StartTime: &metav1.Time{Time: now.Add(offset)}}
	}
	shootOn := func(channel gardencorev1beta1.ReleaseChannel, version string) *gardencorev1beta1.Shoot {
		return &gardencorev1beta1.Shoot{Spec: gardencorev1beta1.ShootSpec{Extensions: []gardencorev1beta1.Extension{{
			Type: "falco", Channel: ptr.To(channel), Components: []gardencorev1beta1.ExtensionComponent{{Name: "falco", Version: ptr.To(version)}},
		}}}}
	}
	// maintainAt runs the component step on a copy of shoot at t; the copy and the results.
	maintainAt := func(shoot *gardencorev1beta1.Shoot, t time.Time) (*gardencorev1beta1.Shoot, []componentUpdate) {
		step := testStep(t, checker, profile)
		step.soak = soak
		maintained := shoot.DeepCopy()
		return maintained, step.maintain(ctx, logr.Discard(), maintained)
	}
	maintain := func(shoot *gardencorev1beta1.Shoot) (*gardencorev1beta1.Shoot, []componentUpdate) {
		return maintainAt(shoot, now)
	}

	BeforeEach(func() {
		featuregatetesting.SetFeatureGateDuringTest(GinkgoTB(), features.DefaultFeatureGate, features.ExtensionComponentVersions, true)
		checker = &fakeChecker{rules: map[string]func(*gardencorev1beta1.Shoot) []componentversion.RuleFailure{}}
		// stable 0.38.0 (soaked), regular 0.39.1 (supported for a day), rapid 0.40.0 (preview).
		profile = &gardencorev1beta1.ExtensionProfile{
			ObjectMeta: metav1.ObjectMeta{Name: "falco"},
			Spec: gardencorev1beta1.ExtensionProfileSpec{Components: []gardencorev1beta1.ExtensionProfileComponent{{Name: "falco", Versions: []gardencorev1beta1.ExtensionComponentVersion{
				{Version: "0.37.0", Lifecycle: []gardencorev1beta1.LifecycleStage{{Classification: gardencorev1beta1.ClassificationSupported}, since(gardencorev1beta1.ClassificationExpired, -time.Hour)}},
				{Version: "0.38.0", Lifecycle: []gardencorev1beta1.LifecycleStage{since(gardencorev1beta1.ClassificationSupported, -30*24*time.Hour)}},
				{Version: "0.39.1", Lifecycle: []gardencorev1beta1.LifecycleStage{since(gardencorev1beta1.ClassificationPreview, -10*24*time.Hour), since(gardencorev1beta1.ClassificationSupported, -24*time.Hour)}},
				{Version: "0.40.0", Lifecycle: []gardencorev1beta1.LifecycleStage{since(gardencorev1beta1.ClassificationPreview, -24*time.Hour)}},
			}}}},
		}
	})

	DescribeTable("moves each component to its channel's version, naming the channel",
		func(channel gardencorev1beta1.ReleaseChannel, expected string) {
			maintained, updates := maintain(shootOn(channel, "0.38.0"))
			Expect(*maintained.Spec.Extensions[0].Components[0].Version).To(Equal(expected))
			Expect(componentResults(updates)).To(Equal([]result{{Kind: kindComponent, ExtensionType: "falco", Component: "falco", From: "0.38.0", To: expected,
				Reason: "The component follows the " + string(channel) + " release channel", Channel: true, Successful: true,
				Description: `Updated version from "0.38.0" to "` + expected + `" (channel ` + string(channel) + `)`}}))
			Expect(componentEvents(updates)).To(Equal([]string{`Normal ExtensionComponentVersionMaintenance Extension "falco" component "falco": Updated version from "0.38.0" to "` + expected +
				`" (channel ` + string(channel) + `). Reason: The component follows the ` + string(channel) + ` release channel.`}))
			Expect(counted(func() { countComponentMaintenance(logr.Discard(), updates) })).To(Equal([]string{"upgrades falco channel"}))
		},
		Entry("rapid", gardencorev1beta1.ReleaseChannelRapid, "0.40.0"),
		Entry("regular", gardencorev1beta1.ReleaseChannelRegular, "0.39.1"),
	)

	It("records nothing for a component at its channel's version", func() {
		maintained, updates := maintain(shootOn(gardencorev1beta1.ReleaseChannelStable, "0.38.0"))
		Expect(updates).To(BeEmpty())
		Expect(maintained.Spec).To(Equal(shootOn(gardencorev1beta1.ReleaseChannelStable, "0.38.0").Spec))
	})

	It("never downgrades after a switch from rapid to stable, and says so in lastMaintenance", func() {
		maintained, updates := maintain(shootOn(gardencorev1beta1.ReleaseChannelStable, "0.40.0"))
		Expect(*maintained.Spec.Extensions[0].Components[0].Version).To(Equal("0.40.0"))
		Expect(componentResults(updates)).To(Equal([]result{{Kind: kindComponent, ExtensionType: "falco", Component: "falco", From: "0.40.0", To: "0.40.0",
			Reason: "The component follows the stable release channel", Channel: true, Successful: true,
			Description: `Kept version "0.40.0": channel stable gives 0.38.0, below the current 0.40.0; staying until the channel catches up`}}))
		description, failureReason := buildMaintenanceMessagesWithComponents(nil, nil, nil, nil, updates, nil)
		Expect(description).To(Equal(`All maintenance operations successful. Extension "falco" component "falco": Kept version "0.40.0": channel stable gives 0.38.0, ` +
			`below the current 0.40.0; staying until the channel catches up. Reason: The component follows the stable release channel`))
		Expect(failureReason).To(BeEmpty())
		Expect(counted(func() { countComponentMaintenance(logr.Discard(), updates) })).To(BeEmpty(), "a kept version is neither an upgrade nor a failure")
	})

	It("moves a stable follower once the soak period has passed", func() {
		maintained, _ := maintainAt(shootOn(gardencorev1beta1.ReleaseChannelStable, "0.38.0"), now.Add(6*24*time.Hour))
		Expect(*maintained.Spec.Extensions[0].Components[0].Version).To(Equal("0.39.1"))
	})

	It("force-upgrades an expired version on a channel to the channel's version", func() {
		maintained, updates := maintain(shootOn(gardencorev1beta1.ReleaseChannelRegular, "0.37.0"))
		Expect(*maintained.Spec.Extensions[0].Components[0].Version).To(Equal("0.39.1"))
		Expect(updates[0].description).To(Equal(`Updated version from "0.37.0" to "0.39.1" (channel regular)`))
		Expect(updates[0].reason).To(Equal("Component version expired - force update required"))
		Expect(counted(func() { countComponentMaintenance(logr.Discard(), updates) })).To(Equal([]string{"upgrades falco expiry"}))
	})

	It("keeps a version whose channel target is incompatible, without failure", func() {
		checker.rules["falco/0.39.1"] = kubernetesBelow("", "falco 0.39.1 is incompatible")
		maintained, updates := maintain(shootOn(gardencorev1beta1.ReleaseChannelRegular, "0.38.0"))
		Expect(*maintained.Spec.Extensions[0].Components[0].Version).To(Equal("0.38.0"))
		Expect(updates).To(BeEmpty())
	})

	It("ignores channels while the ExtensionComponentVersions feature gate is off", func() {
		featuregatetesting.SetFeatureGateDuringTest(GinkgoTB(), features.DefaultFeatureGate, features.ExtensionComponentVersions, false)
		shoot := shootOn(gardencorev1beta1.ReleaseChannelRapid, "0.38.0")
		maintained := shoot.DeepCopy()
		var controlPlane *updateResult
		updates, err := (&Reconciler{CompatibilityChecker: checker}).maintainExtensionComponents(ctx, logr.Discard(), shoot, maintained, &controlPlane, nil, nil)
		Expect(err).NotTo(HaveOccurred())
		Expect(updates).To(BeEmpty())
		Expect(maintained.Spec).To(Equal(shoot.Spec))
	})
})
