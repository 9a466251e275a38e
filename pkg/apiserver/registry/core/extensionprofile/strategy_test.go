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
	testclock "k8s.io/utils/clock/testing"
	"sigs.k8s.io/structured-merge-diff/v6/fieldpath"

	"github.com/gep-78/gardener/pkg/apis/core"
	. "github.com/gep-78/gardener/pkg/apiserver/registry/core/extensionprofile"
)

func newProfile() *core.ExtensionProfile {
	return &core.ExtensionProfile{
		ObjectMeta: metav1.ObjectMeta{Name: "shoot-traefik", ResourceVersion: "1", Generation: 3, Labels: map[string]string{"a": "b"}},
		Spec: core.ExtensionProfileSpec{ExtensionKind: core.ExtensionKindExtension, Components: []core.ExtensionProfileComponent{
			{Name: "traefik", Versions: []core.ExtensionComponentVersion{{Version: "3.6.13"}}},
		}},
		Status: core.ExtensionProfileStatus{Components: []core.ExtensionProfileComponentStatus{
			{Name: "traefik", Versions: []core.ExtensionComponentVersionStatus{{Version: "3.6.13", Classification: core.ClassificationSupported}}},
		}},
	}
}

var _ = Describe("Strategy", func() {
	var (
		ctx      = context.Background()
		strategy = NewStrategy(nil)
	)

	It("validates updates at its injected clock", func() {
		start := time.Date(2026, time.December, 1, 0, 0, 0, 0, time.UTC)
		withStart := func(t time.Time) *core.ExtensionProfile {
			p := newProfile()
			p.Spec.Components[0].Versions[0].Lifecycle = []core.LifecycleStage{{Classification: core.ClassificationSupported, StartTime: &metav1.Time{Time: t}}}
			return p
		}
		// Moving the start of a version into the future turns it unavailable: allowed while it has
		// not started yet, forbidden once it has (GEP-32) — decided at the strategy's clock.
		oldProfile, newProfile := withStart(start), withStart(start.AddDate(0, 1, 0))
		before := NewStrategy(testclock.NewFakePassiveClock(start.Add(-time.Hour)))
		Expect(before.ValidateUpdate(ctx, newProfile, oldProfile)).To(BeEmpty())
		after := NewStrategy(testclock.NewFakePassiveClock(start.Add(time.Hour)))
		Expect(after.ValidateUpdate(ctx, newProfile, oldProfile)).To(ContainElement(HaveField("Field", "spec.components[0].versions[0].lifecycle")))
	})

	It("is cluster-scoped, refuses create-on-update and allows unconditional updates", func() {
		Expect(strategy.NamespaceScoped()).To(BeFalse())
		Expect(strategy.AllowCreateOnUpdate(ctx)).To(BeFalse())
		Expect(strategy.AllowUnconditionalUpdate(ctx)).To(BeTrue())
	})

	It("clears the status on create and starts at generation 1", func() {
		profile := newProfile()
		strategy.PrepareForCreate(ctx, profile)
		Expect(profile.Status).To(Equal(core.ExtensionProfileStatus{}))
		Expect(profile.Generation).To(Equal(int64(1)))
	})

	It("keeps the stored status on update and bumps the generation on spec changes", func() {
		oldProfile := newProfile()
		newProfile := newProfile()
		newProfile.Status = core.ExtensionProfileStatus{}
		newProfile.Spec.Components[0].Versions = append(newProfile.Spec.Components[0].Versions, core.ExtensionComponentVersion{Version: "3.7.0"})
		strategy.PrepareForUpdate(ctx, newProfile, oldProfile)
		Expect(newProfile.Status).To(Equal(oldProfile.Status))
		Expect(newProfile.Generation).To(Equal(int64(4)))
	})

	It("does not bump the generation on metadata-only changes", func() {
		oldProfile := newProfile()
		newProfile := newProfile()
		newProfile.Labels = map[string]string{"c": "d"}
		strategy.PrepareForUpdate(ctx, newProfile, oldProfile)
		Expect(newProfile.Generation).To(Equal(int64(3)))
	})

	It("validates with the ExtensionProfile validation", func() {
		profile := newProfile()
		profile.Spec.Components[0].Versions[0].Version = "v3.6.13"
		Expect(strategy.Validate(ctx, profile)).To(ConsistOf(HaveField("Field", "spec.components[0].versions[0].version")))
		Expect(strategy.ValidateUpdate(ctx, profile, newProfile())).To(ConsistOf(HaveField("Field", "spec.components[0].versions[0].version")))
		Expect(strategy.WarningsOnCreate(ctx, profile)).To(BeNil())
		Expect(strategy.WarningsOnUpdate(ctx, profile, newProfile())).To(BeNil())
	})

	It("resets status for server-side apply", func() {
		set := strategy.GetResetFields()["core.gardener.cloud/v1beta1"]
		Expect(set.Has(fieldpath.MakePathOrDie("status"))).To(BeTrue())
		Expect(set.Has(fieldpath.MakePathOrDie("spec"))).To(BeFalse())
	})
})

var _ = Describe("StatusStrategy", func() {
	var (
		ctx      = context.Background()
		strategy = NewStatusStrategy(nil)
	)

	It("keeps the stored spec and metadata, and takes the new status", func() {
		oldProfile := newProfile()
		newProfile := newProfile()
		newProfile.Spec.Components[0].Name = "changed"
		newProfile.Labels = map[string]string{"changed": "true"}
		newProfile.Annotations = map[string]string{"changed": "true"}
		newProfile.Generation = 10
		newProfile.Status.Components[0].Versions[0].Classification = core.ClassificationDeprecated
		strategy.PrepareForUpdate(ctx, newProfile, oldProfile)
		Expect(newProfile.Spec).To(Equal(oldProfile.Spec))
		Expect(newProfile.Labels).To(Equal(oldProfile.Labels))
		Expect(newProfile.Annotations).To(BeNil())
		Expect(newProfile.Generation).To(Equal(int64(3)))
		Expect(newProfile.Status.Components[0].Versions[0].Classification).To(Equal(core.ClassificationDeprecated))
	})

	It("validates the status", func() {
		profile := newProfile()
		profile.Status.Components[0].Versions[0].Classification = "nope"
		Expect(strategy.ValidateUpdate(ctx, profile, newProfile())).To(ConsistOf(HaveField("Field", "status.components[0].versions[0].classification")))
	})

	It("resets spec and metadata for server-side apply", func() {
		set := strategy.GetResetFields()["core.gardener.cloud/v1beta1"]
		Expect(set.Has(fieldpath.MakePathOrDie("spec"))).To(BeTrue())
		Expect(set.Has(fieldpath.MakePathOrDie("metadata"))).To(BeTrue())
		Expect(set.Has(fieldpath.MakePathOrDie("status"))).To(BeFalse())
	})
})
