// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package maintenance_test

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
	. "github.com/gep-78/gardener/pkg/controllermanager/controller/shoot/maintenance"
	"github.com/gep-78/gardener/pkg/features"
	"github.com/gep-78/gardener/pkg/utils/gardener/componentversion"
)

var _ = Describe("MaintainExtensionComponents with release channels", func() {
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
	maintain := func(shoot *gardencorev1beta1.Shoot) *Operation {
		op := NewOperation(shoot, now)
		op.StableChannelSoakPeriod = soak
		op.ExtensionProfiles["falco"] = profile
		MaintainExtensionComponents(ctx, logr.Discard(), op, checker)
		return op
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
			op := maintain(shootOn(channel, "0.38.0"))
			Expect(*op.Shoot.Spec.Extensions[0].Components[0].Version).To(Equal(expected))
			Expect(op.Results()).To(Equal([]Result{{Kind: ResultKindExtensionComponent, ExtensionType: "falco", Component: "falco", From: "0.38.0", To: expected,
				Reason: "The component follows the " + string(channel) + " release channel", Trigger: componentversion.ComponentUpdateChannel, Successful: true,
				Description: `Updated version from "0.38.0" to "` + expected + `" (channel ` + string(channel) + `)`}}))
			Expect(op.EventNotes()).To(Equal([]string{`Normal Extension "falco" component "falco": Updated version from "0.38.0" to "` + expected +
				`" (channel ` + string(channel) + `). Reason: The component follows the ` + string(channel) + ` release channel.`}))
			Expect(op.MetricSamples()).To(Equal([]string{"upgrades falco channel"}))
		},
		Entry("rapid", gardencorev1beta1.ReleaseChannelRapid, "0.40.0"),
		Entry("regular", gardencorev1beta1.ReleaseChannelRegular, "0.39.1"),
	)

	It("records nothing for a component at its channel's version", func() {
		op := maintain(shootOn(gardencorev1beta1.ReleaseChannelStable, "0.38.0"))
		Expect(op.Results()).To(BeEmpty())
		Expect(op.Shoot.Spec).To(Equal(shootOn(gardencorev1beta1.ReleaseChannelStable, "0.38.0").Spec))
	})

	It("never downgrades after a switch from rapid to stable, and says so in lastMaintenance", func() {
		op := maintain(shootOn(gardencorev1beta1.ReleaseChannelStable, "0.40.0"))
		Expect(*op.Shoot.Spec.Extensions[0].Components[0].Version).To(Equal("0.40.0"))
		results := op.Results()
		Expect(results).To(Equal([]Result{{Kind: ResultKindExtensionComponent, ExtensionType: "falco", Component: "falco", From: "0.40.0", To: "0.40.0",
			Reason: "The component follows the stable release channel", Trigger: componentversion.ComponentUpdateChannel, Successful: true,
			Description: `Kept version "0.40.0": channel stable gives 0.38.0, below the current 0.40.0; staying until the channel catches up`}}))
		description, failureReason := Messages(results)
		Expect(description).To(Equal(`All maintenance operations successful. Extension "falco" component "falco": Kept version "0.40.0": channel stable gives 0.38.0, ` +
			`below the current 0.40.0; staying until the channel catches up. Reason: The component follows the stable release channel`))
		Expect(failureReason).To(BeEmpty())
		Expect(op.MetricSamples()).To(BeEmpty(), "a kept version is neither an upgrade nor a failure")
	})

	It("moves a stable follower once the soak period has passed", func() {
		op := NewOperation(shootOn(gardencorev1beta1.ReleaseChannelStable, "0.38.0"), now.Add(6*24*time.Hour))
		op.StableChannelSoakPeriod, op.ExtensionProfiles["falco"] = soak, profile
		MaintainExtensionComponents(ctx, logr.Discard(), op, checker)
		Expect(*op.Shoot.Spec.Extensions[0].Components[0].Version).To(Equal("0.39.1"))
	})

	It("force-upgrades an expired version on a channel to the channel's version", func() {
		op := maintain(shootOn(gardencorev1beta1.ReleaseChannelRegular, "0.37.0"))
		Expect(*op.Shoot.Spec.Extensions[0].Components[0].Version).To(Equal("0.39.1"))
		Expect(op.Results()[0].Description).To(Equal(`Updated version from "0.37.0" to "0.39.1" (channel regular)`))
		Expect(op.Results()[0].Reason).To(Equal("Component version expired - force update required"))
		Expect(op.MetricSamples()).To(Equal([]string{"upgrades falco expiry"}))
	})

	It("keeps a version whose channel target is incompatible, without failure", func() {
		checker.rules["falco/0.39.1"] = kubernetesBelow("", "falco 0.39.1 is incompatible")
		op := maintain(shootOn(gardencorev1beta1.ReleaseChannelRegular, "0.38.0"))
		Expect(*op.Shoot.Spec.Extensions[0].Components[0].Version).To(Equal("0.38.0"))
		Expect(op.Results()).To(BeEmpty())
	})

	It("ignores channels while the ExtensionComponentVersions feature gate is off", func() {
		featuregatetesting.SetFeatureGateDuringTest(GinkgoTB(), features.DefaultFeatureGate, features.ExtensionComponentVersions, false)
		shoot := shootOn(gardencorev1beta1.ReleaseChannelRapid, "0.38.0")
		op := maintain(shoot)
		Expect(op.Results()).To(BeEmpty())
		Expect(op.Shoot.Spec).To(Equal(shoot.Spec))
	})
})
