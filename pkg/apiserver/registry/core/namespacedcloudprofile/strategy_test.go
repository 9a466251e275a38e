// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package namespacedcloudprofile_test

import (
	"context"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/gep-78/gardener/pkg/apis/core"
	. "github.com/gep-78/gardener/pkg/apiserver/registry/core/namespacedcloudprofile"
)

var _ = Describe("NamespacedCloudProfile strategies", func() {
	var (
		ctx      = context.Background()
		profile  func() *core.NamespacedCloudProfile
		merged   = core.NamespacedCloudProfileStatus{ObservedGeneration: 3, CloudProfileSpec: core.CloudProfileSpec{Type: "local"}}
		newCABun = "x"
	)
	profile = func() *core.NamespacedCloudProfile {
		return &core.NamespacedCloudProfile{
			ObjectMeta: metav1.ObjectMeta{Name: "custom", Namespace: "garden-dev", Generation: 3},
			Spec:       core.NamespacedCloudProfileSpec{Parent: core.CloudProfileReference{Kind: "CloudProfile", Name: "local"}},
			Status:     merged,
		}
	}

	It("is namespaced", func() {
		Expect(Strategy.NamespaceScoped()).To(BeTrue())
	})

	It("drops the status on create and starts at generation 1", func() {
		p := profile()
		Strategy.PrepareForCreate(ctx, p)
		Expect(p.Status).To(Equal(core.NamespacedCloudProfileStatus{}))
		Expect(p.Generation).To(Equal(int64(1)))
	})

	It("keeps the stored status on update and bumps the generation only for a spec change", func() {
		oldProfile, newProfile := profile(), profile()
		newProfile.Status = core.NamespacedCloudProfileStatus{}
		Strategy.PrepareForUpdate(ctx, newProfile, oldProfile)
		Expect(newProfile.Status).To(Equal(merged))
		Expect(newProfile.Generation).To(Equal(int64(3)))

		newProfile.Spec.CABundle = &newCABun
		Strategy.PrepareForUpdate(ctx, newProfile, oldProfile)
		Expect(newProfile.Generation).To(Equal(int64(4)))
	})

	It("validates updates with Gardener's update rules (validation.ValidateNamespacedCloudProfileUpdate)", func() {
		oldProfile, newProfile := profile(), profile()
		oldProfile.ResourceVersion, newProfile.ResourceVersion = "1", "1"
		newProfile.Spec.Parent.Name = "other"
		Expect(Strategy.ValidateUpdate(ctx, newProfile, oldProfile)).To(ConsistOf(
			And(HaveField("Field", "spec.parent"), HaveField("Detail", "field is immutable"))))
	})

	It("keeps the stored spec on a status write", func() {
		oldProfile, newProfile := profile(), profile()
		newProfile.Spec.CABundle = &newCABun
		newProfile.Status.ObservedGeneration = 4
		StatusStrategy.PrepareForUpdate(ctx, newProfile, oldProfile)
		Expect(newProfile.Spec).To(Equal(oldProfile.Spec))
		Expect(newProfile.Status.ObservedGeneration).To(Equal(int64(4)))
	})
})
