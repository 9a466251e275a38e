// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package validation_test

import (
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	gomegatypes "github.com/onsi/gomega/types"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/utils/ptr"

	. "github.com/gep-78/gardener/pkg/api/core/validation"
	"github.com/gep-78/gardener/pkg/apis/core"
)

func maxNodesTotal(n *int32) func(*core.CloudProfile) {
	return func(p *core.CloudProfile) {
		p.Spec.Limits = nil
		if n != nil {
			p.Spec.Limits = &core.Limits{MaxNodesTotal: n}
		}
	}
}

// unavailableUntil puts a version into preview only from the given offset on, so that it is
// unavailable at refTime.
func unavailableUntil(v *core.ExpirableVersion) {
	v.Classification, v.ExpirationDate = nil, nil
	v.Lifecycle = []core.LifecycleStage{stage(core.ClassificationPreview, 24*time.Hour)}
}

const turnedUnavailable = "a version cannot be turned unavailable if it was already moved into a later lifecycle stage"

var _ = Describe("CloudProfile update rules", func() {
	noProfileChange := func(*core.CloudProfile) {}

	DescribeTable("ValidateCloudProfileUpdateAt (ValidateCloudProfileSpecUpdateAt)",
		func(mutateOld, mutateNew func(*core.CloudProfile), matchers ...gomegatypes.GomegaMatcher) {
			oldProfile := validCloudProfile()
			mutateOld(oldProfile)
			newProfile := oldProfile.DeepCopy()
			mutateNew(newProfile)
			errs := ValidateCloudProfileUpdateAt(newProfile, oldProfile, refTime)
			if len(matchers) == 0 {
				Expect(errs).To(BeEmpty())
				return
			}
			Expect(errs).To(ConsistOf(matchers))
		},
		Entry("nothing changed", noProfileChange, noProfileChange),
		Entry("the name changed", noProfileChange, func(p *core.CloudProfile) { p.Name = "other" },
			fieldErr(field.ErrorTypeInvalid, "metadata.name")),
		Entry("limits added", noProfileChange, maxNodesTotal(ptr.To[int32](100))),
		Entry("limits removed", maxNodesTotal(ptr.To[int32](100)), maxNodesTotal(nil)),
		Entry("maxNodesTotal removed", maxNodesTotal(ptr.To[int32](100)), func(p *core.CloudProfile) { p.Spec.Limits.MaxNodesTotal = nil }),
		Entry("maxNodesTotal increased", maxNodesTotal(ptr.To[int32](100)), maxNodesTotal(ptr.To[int32](101))),
		Entry("maxNodesTotal decreased", maxNodesTotal(ptr.To[int32](100)), maxNodesTotal(ptr.To[int32](99)),
			fieldErrExact(field.ErrorTypeInvalid, "spec.limits.maxNodesTotal", "maxNodesTotal cannot be decreased")),
		Entry("maxNodesTotal decreased below 1", maxNodesTotal(ptr.To[int32](100)), maxNodesTotal(ptr.To[int32](0)),
			fieldErrExact(field.ErrorTypeInvalid, "spec.limits.maxNodesTotal", "maxNodesTotal must be greater than 0"),
			fieldErrExact(field.ErrorTypeInvalid, "spec.limits.maxNodesTotal", "maxNodesTotal cannot be decreased")),
		Entry("a supported Kubernetes version turned unavailable", noProfileChange, func(p *core.CloudProfile) { unavailableUntil(&p.Spec.Kubernetes.Versions[1]) },
			fieldErrExact(field.ErrorTypeForbidden, "spec.kubernetes.versions[1]", turnedUnavailable)),
		Entry("a moved Kubernetes version keeps its rule (matched by version)", noProfileChange, func(p *core.CloudProfile) {
			v := p.Spec.Kubernetes.Versions
			p.Spec.Kubernetes.Versions = []core.ExpirableVersion{v[1], v[0], v[2]}
			unavailableUntil(&p.Spec.Kubernetes.Versions[0])
		}, fieldErrExact(field.ErrorTypeForbidden, "spec.kubernetes.versions[0]", turnedUnavailable)),
		Entry("an unavailable Kubernetes version moved to later", func(p *core.CloudProfile) { unavailableUntil(&p.Spec.Kubernetes.Versions[1]) },
			func(p *core.CloudProfile) {
				p.Spec.Kubernetes.Versions[1].Lifecycle[0] = stage(core.ClassificationPreview, 48*time.Hour)
			}),
		Entry("a new Kubernetes version that is not available yet", noProfileChange, func(p *core.CloudProfile) {
			p.Spec.Kubernetes.Versions = append(p.Spec.Kubernetes.Versions, core.ExpirableVersion{Version: "1.34.9"})
			unavailableUntil(&p.Spec.Kubernetes.Versions[3])
		}),
		Entry("a machine image version turned unavailable", noProfileChange, func(p *core.CloudProfile) {
			unavailableUntil(&p.Spec.MachineImages[1].Versions[0].ExpirableVersion)
		}, fieldErrExact(field.ErrorTypeForbidden, "spec.machineImages[1].versions[0]", turnedUnavailable)),
		Entry("a moved machine image keeps its rule (matched by name)", noProfileChange, func(p *core.CloudProfile) {
			p.Spec.MachineImages[0], p.Spec.MachineImages[1] = p.Spec.MachineImages[1], p.Spec.MachineImages[0]
			unavailableUntil(&p.Spec.MachineImages[0].Versions[0].ExpirableVersion)
		}, fieldErrExact(field.ErrorTypeForbidden, "spec.machineImages[0].versions[0]", turnedUnavailable)),
		Entry("a new machine image that is not available yet", noProfileChange, func(p *core.CloudProfile) {
			p.Spec.MachineImages = append(p.Spec.MachineImages, core.MachineImage{Name: "suse", UpdateStrategy: ptr.To(core.UpdateStrategyMajor),
				Versions: []core.MachineImageVersion{imageVersion("15.6.0", stage(core.ClassificationPreview, 24*time.Hour))}})
		}),
	)

	It("ValidateCloudProfileSpecUpdate and ValidateCloudProfileExpirableVersionsUpdate classify at the current time", func() {
		// A stage that starts in the year 2999 makes the version unavailable now.
		later := core.LifecycleStage{Classification: core.ClassificationPreview, StartTime: &metav1.Time{Time: time.Date(2999, 1, 1, 0, 0, 0, 0, time.UTC)}}
		oldVersions := []core.ExpirableVersion{{Version: "1.36.3"}}
		newVersions := []core.ExpirableVersion{{Version: "1.36.3", Lifecycle: []core.LifecycleStage{later}}}
		Expect(ValidateCloudProfileExpirableVersionsUpdate(newVersions, oldVersions, field.NewPath("v"))).To(ConsistOf(
			fieldErrExact(field.ErrorTypeForbidden, "v[0]", turnedUnavailable)))

		oldSpec := &core.CloudProfileSpec{Kubernetes: core.KubernetesSettings{Versions: oldVersions}, Limits: &core.Limits{MaxNodesTotal: ptr.To[int32](5)}}
		newSpec := &core.CloudProfileSpec{Kubernetes: core.KubernetesSettings{Versions: newVersions}, Limits: &core.Limits{MaxNodesTotal: ptr.To[int32](4)}}
		Expect(ValidateCloudProfileSpecUpdate(newSpec, oldSpec, field.NewPath("spec"))).To(ConsistOf(
			fieldErrExact(field.ErrorTypeForbidden, "spec.kubernetes.versions[0]", turnedUnavailable),
			fieldErrExact(field.ErrorTypeInvalid, "spec.limits.maxNodesTotal", "maxNodesTotal cannot be decreased")))
	})
})

var _ = Describe("NamespacedCloudProfile update rules", func() {
	DescribeTable("ValidateNamespacedCloudProfileUpdate (ValidateNamespacedCloudProfileSpecUpdate)",
		func(mutate func(*core.NamespacedCloudProfile), matchers ...gomegatypes.GomegaMatcher) {
			newProfile := validNamespacedCloudProfile()
			mutate(newProfile)
			errs := ValidateNamespacedCloudProfileUpdate(newProfile, validNamespacedCloudProfile())
			if len(matchers) == 0 {
				Expect(errs).To(BeEmpty())
				return
			}
			Expect(errs).To(ConsistOf(matchers))
		},
		Entry("nothing changed", func(*core.NamespacedCloudProfile) {}),
		Entry("the parent changed", func(p *core.NamespacedCloudProfile) { p.Spec.Parent.Name = "other" },
			fieldErrExact(field.ErrorTypeInvalid, "spec.parent", immutable)),
		Entry("maxNodesTotal decreased (allowed, unlike in a CloudProfile)", func(p *core.NamespacedCloudProfile) { p.Spec.Limits.MaxNodesTotal = ptr.To[int32](9) }),
		Entry("maxNodesTotal below 1 (reported by the spec and the update rules, as in Gardener)",
			func(p *core.NamespacedCloudProfile) { p.Spec.Limits.MaxNodesTotal = ptr.To[int32](0) },
			fieldErrExact(field.ErrorTypeInvalid, "spec.limits.maxNodesTotal", "maxNodesTotal must be greater than 0"),
			fieldErrExact(field.ErrorTypeInvalid, "spec.limits.maxNodesTotal", "maxNodesTotal must be greater than 0")),
	)
})
