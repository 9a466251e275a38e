// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package extensionprofileimpact

import (
	"context"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	"k8s.io/apiserver/pkg/admission"
	"k8s.io/apiserver/pkg/warning"
	featuregatetesting "k8s.io/component-base/featuregate/testing"
	testclock "k8s.io/utils/clock/testing"
	"k8s.io/utils/ptr"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
	gardencoreinformers "github.com/gep-78/gardener/pkg/client/core/informers/externalversions"
	"github.com/gep-78/gardener/pkg/features"
)

var _ = Describe("ExtensionProfileImpact with per-pool pins", func() {
	// preview returns the warnings of the update of newProfile() that change makes, with a Shoot
	// running falco 0.43.0 whose pool gpu overrides it with 0.41.0, without auto-update.
	preview := func(change func(*gardencorev1beta1.ExtensionProfile)) []string {
		featuregatetesting.SetFeatureGateDuringTest(GinkgoTB(), features.DefaultFeatureGate, features.ExtensionComponentVersions, true)
		validator, err := newPlugin()
		Expect(err).NotTo(HaveOccurred())
		validator.SetClock(testclock.NewFakePassiveClock(now))
		validator.AssignReadyFunc(func() bool { return true })
		factory := gardencoreinformers.NewSharedInformerFactory(nil, 0)
		validator.SetCoreInformerFactory(factory)
		shoot := newShoot("pooled", "1.32.0", "0.43.0", nil)
		shoot.Spec.Provider.Workers = []gardencorev1beta1.Worker{{Name: "gpu", Extensions: []gardencorev1beta1.WorkerExtension{{Type: extensionType,
			Components: []gardencorev1beta1.ExtensionComponent{{Name: "falco", Version: ptr.To("0.41.0"), AutoUpdate: autoUpdateOff}}}}}}
		Expect(factory.Core().V1beta1().Shoots().Informer().GetStore().Add(shoot)).To(Succeed())
		oldProfile, profile := newProfile(), newProfile()
		change(profile)
		r := &recorder{}
		Expect(validator.Validate(warning.WithWarningRecorder(context.Background(), r),
			attributes(internal(profile), internal(oldProfile), admission.Update, "", false), nil)).To(Succeed())
		return r.warnings
	}

	It("evaluates a changed rule with worker bound to the pool", func() {
		warnings := preview(func(p *gardencorev1beta1.ExtensionProfile) {
			version(p, "0.41.0").Compatibility = &gardencorev1beta1.ComponentCompatibility{Validations: []gardencorev1beta1.CompatibilityValidation{
				{Rule: "worker.name != 'gpu'", Message: "falco 0.41.0 does not run on pool gpu"}}}
		})
		Expect(warnings).To(ContainElement(And(ContainSubstring("garden-dev/pooled[gpu]"), ContainSubstring("falco 0.41.0 does not run on pool gpu"))))
	})

	It("counts a pool's pin and names the Shoot with its pool", func() {
		featuregatetesting.SetFeatureGateDuringTest(GinkgoTB(), features.DefaultFeatureGate, features.ExtensionComponentVersions, true)
		validator, err := newPlugin()
		Expect(err).NotTo(HaveOccurred())
		validator.SetClock(testclock.NewFakePassiveClock(now))
		validator.AssignReadyFunc(func() bool { return true })
		factory := gardencoreinformers.NewSharedInformerFactory(nil, 0)
		validator.SetCoreInformerFactory(factory)

		// The Shoot runs falco 0.43.0; its pool gpu overrides it with 0.41.0, without auto-update, and is
		// force-upgraded as the Shoot-level pins are (to 0.41.2, the next version its rules allow).
		shoot := newShoot("pooled", "1.32.0", "0.43.0", nil)
		shoot.Spec.Provider.Workers = []gardencorev1beta1.Worker{{Name: "gpu", Extensions: []gardencorev1beta1.WorkerExtension{{Type: extensionType,
			Components: []gardencorev1beta1.ExtensionComponent{{Name: "falco", Version: ptr.To("0.41.0"), AutoUpdate: autoUpdateOff}}}}}}
		Expect(factory.Core().V1beta1().Shoots().Informer().GetStore().Add(shoot)).To(Succeed())

		oldProfile, profile := newProfile(), newProfile()
		version(profile, "0.41.0").Lifecycle = expiringAt(now.Add(7 * day))
		r := &recorder{}
		Expect(validator.Validate(warning.WithWarningRecorder(context.Background(), r),
			attributes(internal(profile), internal(oldProfile), admission.Update, "", false), nil)).To(Succeed())
		Expect(r.warnings).To(Equal([]string{
			"component falco version 0.41.0: expires at 2026-12-08T12:00:00Z (newly set); pinned by 1 Shoot; from then on 1 is force-upgraded to 0.41.2",
			"Shoot garden-dev/pooled[gpu] on falco 0.41.0 would be force-upgraded to 0.41.2 in its first maintenance window from 2026-12-08T12:00:00Z",
		}))
	})
})
