// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package extensionprofileimpact

import (
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/utils/ptr"

	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
)

var _ = Describe("ProfileChanges", func() {
	var oldProfile, profile *gardencorev1beta1.ExtensionProfile

	BeforeEach(func() {
		oldProfile, profile = newProfile(), newProfile()
	})

	changes := func() []profileChange {
		return profileChanges(&oldProfile.Spec, profile.Spec, now)
	}

	It("returns nothing for an unchanged spec", func() {
		Expect(changes()).To(BeEmpty())
	})

	It("ignores a changed providerConfig, rules rewritten to the same, and a removed version", func() {
		version(profile, "0.41.0").ProviderConfig = &runtime.RawExtension{Raw: []byte(`{"a":1}`)}
		profile.Spec.Components[0].Versions = profile.Spec.Components[0].Versions[:3] // drops 0.41.0
		version(profile, "0.42.1").Compatibility = requiresKubernetes("1.32.0")       // same rules
		Expect(changes()).To(BeEmpty())
	})

	It("treats nil and empty rule lists alike", func() {
		version(oldProfile, "0.41.0").Compatibility = &gardencorev1beta1.ComponentCompatibility{}
		Expect(changes()).To(BeEmpty())
	})

	It("reports a classification that changes now", func() {
		version(profile, "0.41.0").Lifecycle = expiringAt(now.Add(-day))
		Expect(changes()).To(ConsistOf(profileChange{
			Component: "falco", Version: "0.41.0", OldListed: true,
			OldClassification: gardencorev1beta1.ClassificationSupported, NewClassification: gardencorev1beta1.ClassificationExpired,
			Expiration: ptr.To(now.Add(-day)),
		}))
		c := changes()[0]
		Expect(c.classificationChanged()).To(BeTrue())
		Expect(c.expirationChanged(now)).To(BeFalse(), "a date in the past acts now, not later")
	})

	It("reports a newly set and a moved expiration date ahead", func() {
		version(profile, "0.41.0").Lifecycle = expiringAt(now.Add(7 * day))
		version(oldProfile, "0.41.2").Lifecycle = expiringAt(now.Add(7 * day))
		version(profile, "0.41.2").Lifecycle = expiringAt(now.Add(14 * day))
		Expect(changes()).To(HaveLen(2))
		set, moved := changes()[1], changes()[0]
		Expect(set.Version).To(Equal("0.41.0"))
		Expect(set.classificationChanged()).To(BeFalse())
		Expect(set.expirationChanged(now)).To(BeTrue())
		Expect(set.OldExpiration).To(BeNil())
		Expect(moved.Version).To(Equal("0.41.2"))
		Expect(moved.expirationChanged(now)).To(BeTrue())
		Expect(*moved.OldExpiration).To(Equal(now.Add(7 * day)))
		Expect(*moved.Expiration).To(Equal(now.Add(14 * day)))
	})

	It("reports an expiration date dropped while it was ahead, and not one that had passed", func() {
		version(oldProfile, "0.41.0").Lifecycle = expiringAt(now.Add(7 * day))
		Expect(changes()).To(HaveLen(1))
		Expect(changes()[0].expirationRemoved(now)).To(BeTrue())
		Expect(changes()[0].classificationChanged()).To(BeFalse())

		// An expired version that becomes supported again changes its classification now.
		version(oldProfile, "0.41.0").Lifecycle = expiringAt(now.Add(-day))
		Expect(changes()).To(HaveLen(1))
		Expect(changes()[0].expirationRemoved(now)).To(BeFalse())
		Expect(changes()[0].classificationChanged()).To(BeTrue())
	})

	It("reports changed rules, also added or dropped ones", func() {
		version(profile, "0.42.1").Compatibility = requiresKubernetes("1.33.0")
		version(profile, "0.41.0").Compatibility = requiresKubernetes("1.30.0")
		version(profile, "0.41.2").Compatibility = nil
		Expect(changes()).To(HaveLen(3))
		for _, c := range changes() {
			Expect(c.RulesChanged).To(BeTrue(), c.Version)
			Expect(c.classificationChanged()).To(BeFalse(), c.Version)
		}
	})

	It("reports every version as newly listed on create, with rules where it has some", func() {
		created := profileChanges(nil, profile.Spec, now)
		Expect(created).To(HaveLen(5))
		for _, c := range created {
			Expect(c.OldListed).To(BeFalse())
			Expect(c.classificationChanged()).To(BeTrue())
			Expect(c.RulesChanged).To(Equal(c.Version != "0.41.0" && c.Component == "falco"), c.Version)
		}
	})

	It("reports a version added back as newly listed", func() {
		oldProfile.Spec.Components[0].Versions = oldProfile.Spec.Components[0].Versions[:3]
		Expect(changes()).To(ConsistOf(profileChange{Component: "falco", Version: "0.41.0", NewClassification: gardencorev1beta1.ClassificationSupported}))
	})
})
