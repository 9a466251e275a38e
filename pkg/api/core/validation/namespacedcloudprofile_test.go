// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package validation_test

import (
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/utils/ptr"

	. "github.com/gep-78/gardener/pkg/api/core/validation"
	"github.com/gep-78/gardener/pkg/apis/core"
)

func validNamespacedCloudProfile() *core.NamespacedCloudProfile {
	expiration := metav1.NewTime(time.Date(2027, 2, 28, 23, 59, 59, 0, time.UTC))
	return &core.NamespacedCloudProfile{
		ObjectMeta: metav1.ObjectMeta{Name: "custom", Namespace: "garden-dev", ResourceVersion: "1"},
		Spec: core.NamespacedCloudProfileSpec{
			Parent:     core.CloudProfileReference{Kind: "CloudProfile", Name: "local"},
			Kubernetes: &core.KubernetesSettings{Versions: []core.ExpirableVersion{{Version: "1.35.4", ExpirationDate: &expiration}}},
			MachineImages: []core.MachineImage{
				{Name: "gardenlinux", Versions: []core.MachineImageVersion{{ExpirableVersion: core.ExpirableVersion{Version: "1877.8.0", ExpirationDate: &expiration}}}},
				{Name: "custom", UpdateStrategy: ptr.To(core.UpdateStrategyMajor)},
			},
			MachineTypes: []core.MachineType{{Name: "large", CPU: resource.MustParse("4"), Memory: resource.MustParse("16Gi")}},
			VolumeTypes:  []core.VolumeType{{Name: "fast", Class: "premium"}},
			Limits:       &core.Limits{MaxNodesTotal: ptr.To[int32](10)},
		},
	}
}

var _ = Describe("NamespacedCloudProfile validation", func() {
	It("accepts overrides only, images without versions and without update strategy", func() {
		Expect(ValidateNamespacedCloudProfile(validNamespacedCloudProfile())).To(BeEmpty())
	})

	DescribeTable("rejects with a field path",
		func(mutate func(*core.NamespacedCloudProfile), matcher OmegaMatcher) {
			p := validNamespacedCloudProfile()
			mutate(p)
			Expect(ValidateNamespacedCloudProfile(p)).To(ContainElement(matcher))
		},
		Entry("a parent of another kind", func(p *core.NamespacedCloudProfile) { p.Spec.Parent.Kind = "NamespacedCloudProfile" },
			fieldErr(field.ErrorTypeNotSupported, "spec.parent.kind")),
		Entry("a parent without name", func(p *core.NamespacedCloudProfile) { p.Spec.Parent.Name = "" },
			fieldErrDetail(field.ErrorTypeRequired, "spec.parent.name", "must provide a parent name")),
		Entry("no namespace", func(p *core.NamespacedCloudProfile) { p.Namespace = "" },
			fieldErr(field.ErrorTypeRequired, "metadata.namespace")),
		Entry("a classification on a Kubernetes version", func(p *core.NamespacedCloudProfile) {
			p.Spec.Kubernetes.Versions[0].Classification = ptr.To(core.ClassificationSupported)
		}, fieldErrDetail(field.ErrorTypeForbidden, "spec.kubernetes.versions[0].classification", "must not provide a classification to a Kubernetes version in NamespacedCloudProfile")),
		Entry("a malformed Kubernetes version", func(p *core.NamespacedCloudProfile) { p.Spec.Kubernetes.Versions[0].Version = "1.35" },
			fieldErr(field.ErrorTypeInvalid, "spec.kubernetes.versions[0]")),
		Entry("a duplicate machine image", func(p *core.NamespacedCloudProfile) { p.Spec.MachineImages[1].Name = "gardenlinux" },
			fieldErr(field.ErrorTypeDuplicate, "spec.machineImages[1]")),
		Entry("an unknown update strategy", func(p *core.NamespacedCloudProfile) {
			p.Spec.MachineImages[1].UpdateStrategy = ptr.To(core.MachineImageUpdateStrategy("sometimes"))
		}, fieldErr(field.ErrorTypeNotSupported, "spec.machineImages[1].updateStrategy")),
		Entry("an unparsable image version", func(p *core.NamespacedCloudProfile) { p.Spec.MachineImages[0].Versions[0].Version = "x" },
			fieldErr(field.ErrorTypeInvalid, "spec.machineImages[0].versions[0].version")),
		Entry("a negative machine type CPU", func(p *core.NamespacedCloudProfile) { p.Spec.MachineTypes[0].CPU = resource.MustParse("-1") },
			fieldErr(field.ErrorTypeInvalid, "spec.machineTypes[0].cpu")),
		Entry("a duplicate volume type", func(p *core.NamespacedCloudProfile) {
			p.Spec.VolumeTypes = append(p.Spec.VolumeTypes, p.Spec.VolumeTypes[0])
		}, fieldErr(field.ErrorTypeDuplicate, "spec.volumeTypes[1].name")),
		Entry("a caBundle without certificate", func(p *core.NamespacedCloudProfile) { p.Spec.CABundle = ptr.To("nope") },
			fieldErr(field.ErrorTypeInvalid, "spec.caBundle")),
		Entry("limits.maxNodesTotal 0", func(p *core.NamespacedCloudProfile) { p.Spec.Limits.MaxNodesTotal = ptr.To[int32](0) },
			fieldErrDetail(field.ErrorTypeInvalid, "spec.limits.maxNodesTotal", "maxNodesTotal must be greater than 0")),
	)

	It("keeps spec.parent immutable", func() {
		oldProfile, newProfile := validNamespacedCloudProfile(), validNamespacedCloudProfile()
		newProfile.Spec.Parent.Name = "other"
		Expect(ValidateNamespacedCloudProfileUpdate(newProfile, oldProfile)).To(ContainElement(fieldErr(field.ErrorTypeInvalid, "spec.parent")))
		Expect(ValidateNamespacedCloudProfileUpdate(validNamespacedCloudProfile(), oldProfile)).To(BeEmpty())
	})

	It("validates a merged spec with the CloudProfile rules: the latest Kubernetes version must not expire", func() {
		spec := validCloudProfile().Spec
		Expect(ValidateNamespacedCloudProfileStatus(&spec, field.NewPath("status", "cloudProfileSpec"))).To(BeEmpty())
		spec.Kubernetes.Versions[0].Lifecycle = nil
		spec.Kubernetes.Versions[0].ExpirationDate = &metav1.Time{Time: time.Now()}
		Expect(ValidateNamespacedCloudProfileStatus(&spec, field.NewPath("status", "cloudProfileSpec"))).To(
			ContainElement(fieldErr(field.ErrorTypeInvalid, "status.cloudProfileSpec.kubernetes.versions[].expirationDate")))
	})
})
