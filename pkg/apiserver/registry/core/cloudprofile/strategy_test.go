// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package cloudprofile_test

import (
	"context"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/structured-merge-diff/v6/fieldpath"

	"github.com/gep-78/gardener/pkg/apis/core"
	. "github.com/gep-78/gardener/pkg/apiserver/registry/core/cloudprofile"
)

func newProfile() *core.CloudProfile {
	return &core.CloudProfile{
		ObjectMeta: metav1.ObjectMeta{Name: "local", ResourceVersion: "1", Generation: 5},
		Spec: core.CloudProfileSpec{
			Type:         "local",
			Regions:      []core.Region{{Name: "local"}},
			MachineTypes: []core.MachineType{{Name: "local", Architecture: ptr.To("amd64")}},
			Kubernetes:   core.KubernetesSettings{Versions: []core.ExpirableVersion{{Version: "1.36.3"}}},
			MachineImages: []core.MachineImage{{Name: "gardenlinux", UpdateStrategy: ptr.To(core.UpdateStrategyMinor),
				Versions: []core.MachineImageVersion{{ExpirableVersion: core.ExpirableVersion{Version: "1877.8.0"}}}}},
		},
		Status: core.CloudProfileStatus{Kubernetes: &core.KubernetesStatus{Versions: []core.ExpirableVersionStatus{
			{Version: "1.36.3", Classification: core.ClassificationSupported},
		}}},
	}
}

var _ = Describe("Strategy", func() {
	var (
		ctx      = context.Background()
		strategy = NewStrategy(nil)
	)

	It("is cluster-scoped", func() {
		Expect(strategy.NamespaceScoped()).To(BeFalse())
		Expect(strategy.AllowCreateOnUpdate(ctx)).To(BeFalse())
	})

	It("clears the status on create and keeps the versions", func() {
		profile := newProfile()
		strategy.PrepareForCreate(ctx, profile)
		Expect(profile.Status).To(Equal(core.CloudProfileStatus{}))
		Expect(profile.Spec).To(Equal(newProfile().Spec))
		Expect(profile.Generation).To(Equal(int64(1)))
	})

	It("keeps the stored status on update and bumps the generation on spec changes", func() {
		oldProfile := newProfile()
		newProfile := newProfile()
		newProfile.Status = core.CloudProfileStatus{}
		newProfile.Spec.Kubernetes.Versions = append(newProfile.Spec.Kubernetes.Versions, core.ExpirableVersion{Version: "1.37.1"})
		strategy.PrepareForUpdate(ctx, newProfile, oldProfile)
		Expect(newProfile.Status).To(Equal(oldProfile.Status))
		Expect(newProfile.Generation).To(Equal(int64(6)))
	})

	It("validates with the CloudProfile validation", func() {
		profile := newProfile()
		profile.Spec.Type = ""
		Expect(strategy.Validate(ctx, profile)).To(ConsistOf(HaveField("Field", "spec.type")))
		Expect(strategy.ValidateUpdate(ctx, profile, newProfile())).To(ConsistOf(HaveField("Field", "spec.type")))
	})

	It("validates updates with Gardener's spec update rules (validation.ValidateCloudProfileSpecUpdateAt)", func() {
		oldProfile := newProfile()
		oldProfile.Spec.Limits = &core.Limits{MaxNodesTotal: ptr.To[int32](10)}
		profile := oldProfile.DeepCopy()
		profile.Spec.Limits.MaxNodesTotal = ptr.To[int32](9)
		Expect(strategy.ValidateUpdate(ctx, profile, oldProfile)).To(ConsistOf(HaveField("Detail", "maxNodesTotal cannot be decreased")))
	})
})

var _ = Describe("StatusStrategy", func() {
	It("keeps the stored spec and takes the new status", func() {
		strategy := NewStatusStrategy(nil)
		oldProfile := newProfile()
		newProfile := newProfile()
		newProfile.Spec.Type = "aws"
		newProfile.Status.Kubernetes.Versions[0].Classification = core.ClassificationDeprecated
		strategy.PrepareForUpdate(context.Background(), newProfile, oldProfile)
		Expect(newProfile.Spec.Type).To(Equal("local"))
		Expect(newProfile.Status.Kubernetes.Versions[0].Classification).To(Equal(core.ClassificationDeprecated))
		Expect(strategy.GetResetFields()["core.gardener.cloud/v1beta1"].Has(fieldpath.MakePathOrDie("spec"))).To(BeTrue())
	})
})
