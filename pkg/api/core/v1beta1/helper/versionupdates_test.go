// SPDX-FileCopyrightText: 2026 GEP-78 project contributors
//
// SPDX-License-Identifier: Apache-2.0

package helper_test

import (
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	"k8s.io/utils/ptr"

	. "github.com/gep-78/gardener/pkg/api/core/v1beta1/helper"
	gardencorev1beta1 "github.com/gep-78/gardener/pkg/apis/core/v1beta1"
)

var _ = Describe("Maintenance version decisions", func() {
	now := time.Date(2026, time.November, 29, 0, 0, 0, 0, time.UTC)

	DescribeTable("#KubernetesVersionUpdate",
		func(spec, current string, autoUpdate bool, expected VersionUpdate) {
			decision, err := KubernetesVersionUpdate(ExpirableVersions(now, spec), current, autoUpdate, now)
			Expect(err).NotTo(HaveOccurred())
			Expect(decision).To(Equal(expected))
		},
		Entry("expired: forced to the consecutive minor", "1.34.1 x, 1.35.2, 1.36.0", "1.34.1", false,
			VersionUpdate{Reason: ReasonKubernetesVersionExpired, Forced: true, Target: "1.35.2"}),
		Entry("not listed: forced, patch first", "1.34.1, 1.34.3, 1.35.2", "1.34.2", false,
			VersionUpdate{Reason: ReasonVersionDoesNotExist, Forced: true, Target: "1.34.3"}),
		Entry("auto-update: patch only", "1.34.1, 1.35.2", "1.34.1", true,
			VersionUpdate{Reason: ReasonKubernetesAutoUpdate}),
		Entry("neither: no update", "1.34.1, 1.34.3", "1.34.1", false, VersionUpdate{}),
	)

	It("#KubernetesVersionUpdate fails a forced update without target, keeping reason and Forced", func() {
		decision, err := KubernetesVersionUpdate(ExpirableVersions(now, "1.34.1 x, 1.36.0"), "1.34.1", false, now)
		Expect(err).To(MatchError(ContainSubstring(`cannot perform forceful update of expired version "1.34.1"`)))
		Expect(decision).To(Equal(VersionUpdate{Reason: ReasonKubernetesVersionExpired, Forced: true}))
	})

	image := func(strategy gardencorev1beta1.MachineImageUpdateStrategy, spec string) gardencorev1beta1.MachineImage {
		out := gardencorev1beta1.MachineImage{Name: "gl", UpdateStrategy: ptr.To(strategy)}
		for _, v := range ExpirableVersions(now, spec) {
			out.Versions = append(out.Versions, gardencorev1beta1.MachineImageVersion{ExpirableVersion: v})
		}
		return out
	}

	DescribeTable("#MachineImageVersionUpdate",
		func(strategy gardencorev1beta1.MachineImageUpdateStrategy, spec, current string, autoUpdate bool, expected VersionUpdate) {
			decision, err := MachineImageVersionUpdate(image(strategy, spec), current, autoUpdate, now)
			Expect(err).NotTo(HaveOccurred())
			Expect(decision).To(Equal(expected))
		},
		Entry("patch, expired: next higher minor", gardencorev1beta1.UpdateStrategyPatch, "1.0.0 x, 1.2.0, 2.0.0", "1.0.0", false,
			VersionUpdate{Reason: "Machine image version expired - force update required (image update strategy: patch)", Forced: true, Target: "1.2.0"}),
		Entry("minor, auto-update: same major", gardencorev1beta1.UpdateStrategyMinor, "1.0.0, 1.2.0, 2.0.0", "1.0.0", true,
			VersionUpdate{Reason: "Automatic update of the machine image version is configured (image update strategy: minor)", Target: "1.2.0"}),
		Entry("major, not listed: forced to the overall latest", gardencorev1beta1.UpdateStrategyMajor, "1.0.0, 2.0.0", "0.9.0", false,
			VersionUpdate{Reason: ReasonVersionDoesNotExist, Forced: true, Target: "2.0.0"}),
		Entry("neither: no update", gardencorev1beta1.UpdateStrategyMajor, "1.0.0, 2.0.0", "1.0.0", false, VersionUpdate{}),
	)

	It("#MachineImageTargetVersion names the image and strategy in its error", func() {
		_, err := MachineImageTargetVersion(image(gardencorev1beta1.UpdateStrategyMajor, "1.0.0 x"), "1.0.0", true, now)
		Expect(err).To(MatchError(ContainSubstring(`failed to determine the target version for maintenance of machine image "gl" with strategy "major": `)))
	})

	It("#MachineImageUpdateStrategyOf defaults to major", func() {
		Expect(MachineImageUpdateStrategyOf(gardencorev1beta1.MachineImage{})).To(Equal(gardencorev1beta1.UpdateStrategyMajor))
	})
})
